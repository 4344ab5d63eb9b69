import { ArrowDownOutlined } from "@ant-design/icons";
import { formatDisplayAmount } from "@sofi/core";
import { Alert, Button, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ConvertState } from "./useConvertState.ts";

const ACTIONABLE = new Set(["approve", "convert"]);

function Balance({
  value,
  decimals,
  failed,
  testId,
}: {
  value: bigint | undefined;
  decimals: number;
  failed: boolean;
  testId: string;
}) {
  const { t } = useTranslation("sofi-convert");
  const text =
    value !== undefined
      ? t("balance", { value: formatDisplayAmount(value, decimals) })
      : failed
        ? t("balanceFailed")
        : t("balanceLoading");
  return (
    <span className="convert-balance" data-testid={testId} data-value={value?.toString() ?? ""}>
      {text}
    </span>
  );
}

/** The Convert to SOFI dialog's body: amount with Max, both balances, the one button, the result. */
export function ConvertView({ s, onClose }: { s: ConvertState; onClose: () => void }) {
  const { t } = useTranslation("sofi-convert");
  if (!s.info)
    return (
      <Alert
        type="info"
        showIcon
        title={t("unavailable")}
        data-testid="convert-unavailable"
        className="convert-alert"
      />
    );
  const { rai, sofi } = s.info;
  const busy = s.button === "approving" || s.button === "converting";
  if (s.result?.kind === "success")
    return (
      <div className="convert-body" data-testid="convert-dialog-body">
        <Alert type="success" showIcon title={t("success", { amount: s.result.amount })} data-testid="convert-result" />
        <div className="convert-actions">
          <Button onClick={s.clearResult} data-testid="convert-more">
            {t("convertMore")}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t("close")}
          </Button>
        </div>
      </div>
    );
  return (
    <div className="convert-body" data-testid="convert-dialog-body">
      <Typography.Text type="secondary" className="convert-rate">
        {t("rate")}
      </Typography.Text>
      <div className="convert-field">
        <div className="convert-field-head">
          <label htmlFor="convert-amount" className="convert-label">
            {t("amount")}
          </label>
          <Balance
            value={s.raiBalance}
            decimals={rai.decimals}
            failed={s.balancesFailed}
            testId="convert-rai-balance"
          />
        </div>
        <div className="convert-input-row">
          <Input
            id="convert-amount"
            data-testid="convert-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={s.input}
            disabled={busy}
            onChange={(e) => s.setInput(e.target.value)}
            suffix={<span className="convert-symbol">{rai.symbol}</span>}
          />
          <Button
            onClick={s.setMax}
            disabled={busy || s.raiBalance === undefined}
            aria-label={t("maxAria")}
            data-testid="convert-max"
          >
            {t("max")}
          </Button>
        </div>
      </div>
      <ArrowDownOutlined className="convert-arrow" aria-hidden />
      <div className="convert-field">
        <div className="convert-field-head">
          <span className="convert-label">{t("youReceive")}</span>
          <Balance
            value={s.sofiBalance}
            decimals={sofi.decimals}
            failed={s.balancesFailed}
            testId="convert-sofi-balance"
          />
        </div>
        <div className="convert-receive" data-testid="convert-receive">
          {s.receive} <span className="convert-symbol">{sofi.symbol}</span>
        </div>
      </div>
      {s.reserve !== undefined && (
        <Typography.Text type="secondary" className="convert-reserve" data-testid="convert-reserve">
          {t("reserve", { value: formatDisplayAmount(s.reserve, sofi.decimals) })}
        </Typography.Text>
      )}
      {(s.button === "approve" || s.button === "approving") && (
        <Typography.Text className="convert-hint">{t("approvalHint")}</Typography.Text>
      )}
      {s.result?.kind === "error" && (
        <Alert type="error" showIcon title={s.result.text} data-testid="convert-error" role="alert" />
      )}
      <Button
        type="primary"
        size="large"
        block
        loading={busy}
        disabled={!ACTIONABLE.has(s.button)}
        onClick={() => void s.submit()}
        data-testid="convert-button"
      >
        {t(s.button)}
      </Button>
    </div>
  );
}
