import { Button, Input } from "antd";
import { useTranslation } from "react-i18next";
import { shortenAddress } from "../wallet/index.ts";
import type { ExitFeeBlock } from "./exit-fee.ts";
import type { ExitFeeState } from "./useExitFee.ts";
import { refusalText } from "./useExitFee.ts";

/** What stands between the typed fee and the button, in words (none for "unchanged"). */
function blockText(t: (k: string, v?: Record<string, unknown>) => string, b: ExitFeeBlock): string | null {
  switch (b.key) {
    case "fee":
      return t("manage.exitFeeError", { max: b.max });
    case "recipient":
      return t(b.checksum ? "manage.feeRecipientChecksum" : "manage.feeRecipientInvalid");
    case "refused":
      return refusalText(t, b.refusal);
    default:
      return null;
  }
}

/**
 * Issue 21 §4: the manager changes the exit fee of an initialised portfolio (the module's
 * `setExitFee`): the fee and recipient now, the new ones with the contract's bound, what the contract
 * says of them before anything is sent, and the button (waiting for the receipt while it runs).
 */
export function ExitFeeForm({ f, busy, onSave }: { f: ExitFeeState; busy: boolean; onSave: () => void }) {
  const { t } = useTranslation("portfolio-trade");
  const b = f.block;
  const problem = b ? blockText(t, b) : null;
  const feeInvalid = b?.key === "fee" || (b?.key === "refused" && b.refusal.key === "exitFeeTooHigh");
  const recipientInvalid = b?.key === "recipient" || (b?.key === "refused" && b.refusal.key === "zeroAddress");
  return (
    <section className="pt-manage pt-exit-fee" aria-labelledby="pt-exit-fee-title" data-testid="exit-fee-change">
      <h2 id="pt-exit-fee-title" className="pt-section-title">
        {t("manage.feeTitle")}
      </h2>
      <p className="pt-muted" data-testid="exit-fee-current">
        {f.currentBps !== undefined && f.currentRecipient
          ? t("manage.feeNow", { fee: f.currentBps / 100, recipient: shortenAddress(f.currentRecipient) })
          : t("manage.feeLoading")}
      </p>
      <div className="pt-form">
        <label htmlFor="pt-new-exit-fee">{t("manage.feeNew")}</label>
        <Input
          id="pt-new-exit-fee"
          size="large"
          inputMode="decimal"
          autoComplete="off"
          value={f.feeText}
          maxLength={6}
          suffix="%"
          status={feeInvalid ? "error" : ""}
          aria-describedby="pt-exit-fee-bounds"
          aria-invalid={feeInvalid}
          onChange={(e) => f.setFeeText(e.target.value)}
          data-testid="exit-fee-new"
        />
        <span id="pt-exit-fee-bounds" className="pt-small pt-muted" data-testid="exit-fee-bounds">
          {t("manage.feeBounds", { max: f.maxBps / 100 })}
        </span>
        <label htmlFor="pt-exit-fee-recipient">{t("manage.feeRecipient")}</label>
        <Input
          id="pt-exit-fee-recipient"
          className="mono"
          autoComplete="off"
          spellCheck={false}
          value={f.recipient}
          maxLength={42}
          status={recipientInvalid ? "error" : ""}
          aria-invalid={recipientInvalid}
          aria-describedby="pt-exit-fee-recipient-help"
          onChange={(e) => f.setRecipient(e.target.value)}
          data-testid="exit-fee-recipient"
        />
        <span id="pt-exit-fee-recipient-help" className="pt-small pt-muted">
          {t("manage.feeRecipientHelp")}
        </span>
        <div aria-live="polite" className="pt-exit-fee-status">
          {problem && (
            <span className="pt-error" role="alert" data-testid="exit-fee-problem">
              {problem}
            </span>
          )}
          {b?.key === "unchanged" && (
            <span className="pt-small pt-muted" data-testid="exit-fee-unchanged">
              {t("manage.feeUnchanged")}
            </span>
          )}
          {b?.key === "checking" && (
            <span className="pt-small pt-muted" data-testid="exit-fee-checking">
              {t("manage.feeChecking")}
            </span>
          )}
        </div>
        <Button
          type="primary"
          size="large"
          block
          loading={busy}
          disabled={busy || b !== null}
          onClick={onSave}
          data-testid="exit-fee-save"
        >
          {busy ? t("manage.waiting") : t("manage.feeSave")}
        </Button>
      </div>
    </section>
  );
}
