import { CheckCircleFilled, ExportOutlined } from "@ant-design/icons";
import { FAUCET_GRANTS, formatDisplayAmount } from "@sofi/core";
import { Alert, Button, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { FAUCET_SOCIAL_LINKS, FAUCET_USERNAME_MAX } from "./rules.ts";
import type { FaucetState } from "./useFaucetState.ts";

const grouped = (whole: string) => Number(whole).toLocaleString("en-US");

function Balance({
  value,
  decimals,
  symbol,
  failed,
  testId,
}: {
  value: bigint | undefined;
  decimals: number;
  symbol: string;
  failed: boolean;
  testId: string;
}) {
  const { t } = useTranslation("faucet");
  return (
    <span className="faucet-balance" data-testid={testId} data-value={value?.toString() ?? ""}>
      {value !== undefined ? formatDisplayAmount(value, decimals) : failed ? t("balanceFailed") : t("balanceLoading")}{" "}
      {symbol}
    </span>
  );
}

/** Extra mode (spec 001 §4): both links opened and both usernames filled before submit. */
function ExtraFields({ s }: { s: FaucetState }) {
  const { t } = useTranslation("faucet");
  return (
    <div className="faucet-extra">
      {FAUCET_SOCIAL_LINKS.map((l, i) => {
        const idx = i as 0 | 1;
        const inputId = `faucet-username-${l.id}`;
        return (
          <div className="faucet-social" key={l.id}>
            <a
              href={l.href}
              target="_blank"
              rel="noopener noreferrer"
              className={`faucet-link${s.opened[idx] ? " opened" : ""}`}
              data-testid={`faucet-link-${l.id}`}
              onClick={() => s.markOpened(idx)}
              onAuxClick={() => s.markOpened(idx)}
            >
              {t(l.link)} <ExportOutlined aria-hidden />
              {s.opened[idx] && (
                <span className="faucet-opened">
                  <CheckCircleFilled aria-hidden /> {t("opened")}
                </span>
              )}
            </a>
            <label htmlFor={inputId} className="faucet-label">
              {t(l.username)}
            </label>
            <Input
              id={inputId}
              data-testid={`faucet-username-${l.id}`}
              placeholder={t("usernamePlaceholder")}
              autoComplete="off"
              maxLength={FAUCET_USERNAME_MAX}
              value={s.usernames[idx]}
              disabled={s.pending}
              onChange={(e) => s.setUsername(idx, e.target.value)}
            />
          </div>
        );
      })}
      {!s.canSubmit && !s.pending && (
        <Typography.Text type="secondary" className="faucet-hint" data-testid="faucet-needs-links">
          {t("needsLinks")}
        </Typography.Text>
      )}
    </div>
  );
}

/** The faucet dialog's body: what a claim sends, the balances, extra mode's fields, the submit button. */
export function FaucetView({ s, onClose }: { s: FaucetState; onClose: () => void }) {
  const { t } = useTranslation("faucet");
  const extra = s.mode === "extra";
  const normal = FAUCET_GRANTS.normal;
  return (
    <div className="faucet-body" data-testid="faucet-body" data-mode={s.mode}>
      <Typography.Paragraph className="faucet-intro">
        {extra
          ? t("introExtra", { usdt: grouped(FAUCET_GRANTS.extra.usdt) })
          : t("intro", {
              network: s.network,
              usdt: grouped(normal.usdt),
              native: normal.native,
              symbol: s.nativeSymbol,
            })}
      </Typography.Paragraph>
      <div className="faucet-balances">
        <span className="faucet-label">{t("balances")}</span>
        <Balance
          value={s.usdtBalance}
          decimals={s.usdtDecimals}
          symbol="USDT"
          failed={s.balancesFailed}
          testId="faucet-usdt-balance"
        />
        <Balance
          value={s.nativeBalance}
          decimals={18}
          symbol={s.nativeSymbol}
          failed={s.balancesFailed}
          testId="faucet-native-balance"
        />
      </div>
      {extra && <ExtraFields s={s} />}
      {s.granted && (
        <Alert
          type="success"
          showIcon
          data-testid="faucet-success"
          title={
            s.granted === "extra"
              ? t("successExtra", { usdt: grouped(FAUCET_GRANTS.extra.usdt) })
              : t("success", { usdt: grouped(normal.usdt), native: normal.native, symbol: s.nativeSymbol })
          }
        />
      )}
      <div className="faucet-actions">
        <Button onClick={onClose}>{t("close")}</Button>
        <Button
          type="primary"
          loading={s.pending}
          disabled={!s.canSubmit}
          onClick={() => void s.submit()}
          data-testid="faucet-submit"
        >
          {s.pending ? t("sending") : extra ? t("submitExtra") : t("submit")}
        </Button>
      </div>
    </div>
  );
}
