import { bpsToPercent } from "@sofi/core";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { TokenLogo } from "../tokens/index.ts";
import { shortenAddress } from "../wallet/index.ts";
import { formatUnitAmount, formatUsd } from "./tokens.ts";
import type { CreateToken } from "./types.ts";
import type { WizardForm } from "./useWizardForm.ts";

export type PublishStepProps = {
  form: WizardForm;
  tokens: readonly CreateToken[];
  account: string | undefined;
  /** The factory's `previewUnits`: base units of each token per whole portfolio token. */
  units: readonly bigint[] | undefined;
  unitsError: boolean;
};

/** Step 2 (spec 001 §4): the publish review, everything `create` will be sent with. */
export function PublishStep({ form, tokens, account, units, unitsError }: PublishStepProps) {
  const { t } = useTranslation("portfolio-create");
  const byAddress = new Map(tokens.map((x) => [x.address.toLowerCase(), x]));
  return (
    <div className="pc-step pc-review" data-testid="create-review">
      <h2 className="pc-subtitle">{t("review")}</h2>
      <dl className="pc-summary">
        <div>
          <dt>{t("name")}</dt>
          <dd data-testid="review-name">{form.info.name.trim()}</dd>
        </div>
        <div>
          <dt>{t("symbol")}</dt>
          <dd data-testid="review-symbol">{form.info.symbol.trim().toUpperCase()}</dd>
        </div>
        <div>
          <dt>{t("startPrice")}</dt>
          <dd>{formatUsd(Number(form.info.startPrice))}</dd>
        </div>
        {account && (
          <div>
            <dt>{t("manager")}</dt>
            <dd className="mono">{shortenAddress(account)}</dd>
          </div>
        )}
      </dl>
      <table className="pc-table">
        <thead>
          <tr>
            <th scope="col">{t("tokens")}</th>
            <th scope="col">{t("share")}</th>
            <th scope="col">{t("price")}</th>
            <th scope="col">{t("perSet")}</th>
          </tr>
        </thead>
        <tbody>
          {form.allocations.map((a, i) => {
            const token = byAddress.get(a.address.toLowerCase());
            const unit = units?.[i];
            return (
              <tr key={a.address} data-testid={`review-${token?.symbol ?? a.address}`}>
                <td>
                  <span className="pc-cell-token">
                    <TokenLogo token={token} size={20} />
                    {token?.symbol ?? shortenAddress(a.address)}
                  </span>
                </td>
                <td>{bpsToPercent(a.percent)}%</td>
                <td>{formatUsd(a.price_usd)}</td>
                <td className="mono">{unit === undefined ? "--" : formatUnitAmount(unit, a.decimals)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {unitsError && <Alert type="warning" showIcon title={t("previewError")} />}
    </div>
  );
}
