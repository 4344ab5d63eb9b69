import { CREATE_MAX_TOKENS } from "@sofi/core";
import { Alert, Button, Select, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { TokenLogo } from "../tokens/index.ts";
import { AllocationRow } from "./AllocationRow.tsx";
import type { CreateToken } from "./types.ts";
import type { WizardForm } from "./useWizardForm.ts";

export type TokenStepProps = {
  form: WizardForm;
  tokens: readonly CreateToken[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
};

/** Step 0 (spec 001 §4): the token multi-select from the allow-list and each token's share. */
export function TokenStep({ form, tokens, loading, error, onRetry }: TokenStepProps) {
  const { t } = useTranslation("portfolio-create");
  const bySymbol = new Map(tokens.map((x) => [x.address.toLowerCase(), x]));
  const noPrice = tokens.filter((x) => x.unavailable).length;
  if (error) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t("loadError")}
        action={<Button onClick={onRetry}>{t("retry")}</Button>}
        data-testid="create-tokens-error"
      />
    );
  }
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  const selected = form.allocations.map((a) => a.address);
  return (
    <div className="pc-step">
      <label className="pc-label" htmlFor="pc-tokens">
        {t("tokens")}
      </label>
      <Select
        id="pc-tokens"
        mode="multiple"
        value={selected}
        onChange={(v: string[]) => form.setTokens(v)}
        placeholder={t("tokensPlaceholder")}
        maxCount={CREATE_MAX_TOKENS}
        status={form.tokensError ? "error" : undefined}
        allowClear
        showSearch={{
          filterOption: (input, option) => {
            const x = bySymbol.get(String(option?.value ?? "").toLowerCase());
            const q = input.trim().toLowerCase();
            return !!x && (x.symbol.toLowerCase().includes(q) || x.name.toLowerCase().includes(q));
          },
        }}
        options={tokens.map((x) => ({
          value: x.address,
          disabled: !!x.unavailable,
          label: (
            <span className="pc-option" data-testid={`token-option-${x.symbol}`}>
              <TokenLogo token={x} size={18} />
              <span className="pc-option-symbol">{x.symbol}</span>
              <span className="pc-option-name">{x.name}</span>
              {x.unavailable && <span className="pc-option-note">{t("noPrice")}</span>}
            </span>
          ),
        }))}
        labelRender={(v) => {
          const x = bySymbol.get(String(v.value).toLowerCase());
          return x ? <span className="pc-tag">{x.symbol}</span> : v.label;
        }}
        className="pc-select"
        data-testid="create-tokens"
      />
      {form.tokensError && (
        <div className="pc-error" role="alert">
          {t(`errors.${form.tokensError}`)}
        </div>
      )}
      <p className="pc-hint">{t("tokensHint")}</p>
      {noPrice > 0 && <Alert type="info" showIcon title={t("noPriceHint", { count: noPrice })} />}
      <h2 className="pc-subtitle">{t("allocation")}</h2>
      {form.allocations.length === 0 ? (
        <p className="pc-empty">{t("emptyAllocation")}</p>
      ) : (
        <ul className="pc-allocations" aria-label={t("allocation")}>
          {form.allocations.map((a) => {
            const token = bySymbol.get(a.address.toLowerCase());
            return token ? <AllocationRow key={a.address} form={form} token={token} allocation={a} /> : null;
          })}
        </ul>
      )}
    </div>
  );
}
