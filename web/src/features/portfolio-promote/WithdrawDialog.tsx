import { Alert, Button, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { SheetModal } from "../shell/index.ts";
import { useWithdrawState, type WithdrawBlock, type WithdrawState, withdrawRefusalText } from "./useWithdrawState.ts";
import { useWithdrawDialog } from "./withdraw-store.ts";
import "./promote.css";

type T = (k: string, v?: Record<string, unknown>) => string;

/** The words of what stands in the way (none while the contract is being asked). */
export function withdrawBlockText(t: T, b: WithdrawBlock, held: string | null): string | null {
  switch (b.key) {
    case "notOwner":
      return t("withdraw.refusal.notOwner");
    case "local":
      return t(`withdraw.problem.${b.problem}`, { held: held ?? "…" });
    case "refused":
      return withdrawRefusalText(t, b.refusal);
    default:
      return null;
  }
}

/** The dialog's body: the held SOFI, amount (Max), recipient, what the contract says, the button and the transaction. */
export function WithdrawView({ s }: { s: WithdrawState }) {
  const { t } = useTranslation("portfolio-promote");
  const b = s.block;
  const problem = b ? withdrawBlockText(t, b, s.heldText) : null;
  // Nothing typed yet is not a mistake: the amount's problems show once there is one.
  const shownProblem = problem && (s.amountText !== "" || b?.key === "notOwner") ? problem : null;
  const running = s.tx.stage === "wallet" || s.tx.stage === "pending";
  // An empty amount (on opening, after a withdraw) is not marked wrong: only what was typed is.
  const recipientProblem = b?.key === "local" && (b.problem === "recipient" || b.problem === "checksum");
  const amountInvalid = b?.key === "local" && !recipientProblem && s.amountText !== "";
  const toInvalid = recipientProblem || (b?.key === "refused" && b.refusal.key === "zeroAddress");
  return (
    <div className="promote-dialog withdraw-dialog" data-testid="promotion-withdraw-dialog">
      <Typography.Text type="secondary" className="promote-rate">
        {t("withdraw.intro")}
      </Typography.Text>
      <p className="withdraw-held" data-testid="promotion-held">
        {t("withdraw.held")} <strong>{s.heldText === null ? "…" : `${s.heldText} SOFI`}</strong>
      </p>
      <div className="promote-field">
        <div className="promote-field-head">
          <label htmlFor="withdraw-amount" className="promote-label">
            {t("withdraw.amount")}
          </label>
          <Button
            size="small"
            onClick={s.max}
            disabled={s.held === undefined || running}
            data-testid="promotion-withdraw-max"
          >
            {t("withdraw.max")}
          </Button>
        </div>
        <Input
          id="withdraw-amount"
          size="large"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          suffix="SOFI"
          value={s.amountText}
          status={amountInvalid ? "error" : ""}
          aria-invalid={amountInvalid}
          disabled={running}
          onChange={(e) => s.setAmountText(e.target.value)}
          data-testid="promotion-withdraw-amount"
        />
        <label htmlFor="withdraw-to" className="promote-label">
          {t("withdraw.to")}
        </label>
        <Input
          id="withdraw-to"
          className="mono"
          autoComplete="off"
          spellCheck={false}
          maxLength={42}
          value={s.to}
          status={toInvalid ? "error" : ""}
          aria-invalid={toInvalid}
          aria-describedby="withdraw-to-help"
          disabled={running}
          onChange={(e) => s.setTo(e.target.value)}
          data-testid="promotion-withdraw-to"
        />
        <span id="withdraw-to-help" className="withdraw-help">
          {t("withdraw.toHelp")}
        </span>
      </div>
      <div aria-live="polite">
        {shownProblem && (
          <span className="promote-problem" role="alert" data-testid="promotion-withdraw-problem">
            {shownProblem}
          </span>
        )}
        {b?.key === "checking" && s.amountText !== "" && (
          <span className="withdraw-help" data-testid="promotion-withdraw-checking">
            {t("withdraw.checking")}
          </span>
        )}
      </div>
      <Button
        type="primary"
        size="large"
        block
        loading={running}
        disabled={running || b !== null}
        onClick={() => void s.withdraw()}
        data-testid="promotion-withdraw-submit"
      >
        {s.tx.stage === "wallet" ? t("confirmWallet") : s.tx.stage === "pending" ? t("wait") : t("withdraw.submit")}
      </Button>
      <div className="promote-status" aria-live="polite">
        {s.tx.stage === "done" && (
          <Alert type="success" showIcon title={t("withdraw.done")} data-testid="promotion-withdraw-done" />
        )}
        {s.tx.stage === "failed" && (
          <Alert type="error" showIcon title={s.tx.text} data-testid="promotion-withdraw-failed" />
        )}
        {"hash" in s.tx &&
          s.tx.hash &&
          (s.tx.url ? (
            <a href={s.tx.url} target="_blank" rel="noopener noreferrer" data-testid="promotion-withdraw-tx">
              {t("viewTx")}
            </a>
          ) : (
            <span className="promote-hash" data-testid="promotion-withdraw-tx">
              {t("txHash", { hash: s.tx.hash })}
            </span>
          ))}
      </div>
    </div>
  );
}

/** The owner's withdraw dialog (issue 21 §4), opened from the account panel. */
export default function WithdrawDialog() {
  const { t } = useTranslation("portfolio-promote");
  const open = useWithdrawDialog((x) => x.open);
  const hide = useWithdrawDialog((x) => x.hide);
  const s = useWithdrawState(open);
  const blocked = !s.info
    ? t("unavailable")
    : !s.connected
      ? t("withdraw.connect")
      : s.wrongNetwork
        ? t("withdraw.wrongNetwork")
        : null;
  const close = () => {
    hide();
    if (s.tx.stage !== "wallet" && s.tx.stage !== "pending") s.reset();
  };
  return (
    <SheetModal open={open} onClose={close} title={t("withdraw.title")}>
      {blocked ? (
        <Alert type="info" showIcon title={blocked} data-testid="promotion-withdraw-blocked" />
      ) : (
        <WithdrawView s={s} />
      )}
    </SheetModal>
  );
}
