import { LoadingOutlined } from "@ant-design/icons";
import { formatDisplayAmount, formatUnitsExact } from "@sofi/core";
import { Alert, Button, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatEnd, formatHours } from "./rules.ts";
import type { PromoteState, PromoteTx } from "./usePromoteState.ts";

/** §4 "While pending shows a wait message, then a view-transaction link" (the hash when the chain has no explorer). */
export function TxStatus({ tx, testId }: { tx: PromoteTx; testId: string }) {
  const { t } = useTranslation("portfolio-promote");
  if (tx.stage === "idle") return null;
  if (tx.stage === "failed")
    return <Alert type="error" showIcon title={tx.text} role="alert" data-testid={`${testId}-error`} />;
  const link =
    tx.stage === "wallet" ? null : tx.url ? (
      <a href={tx.url} target="_blank" rel="noreferrer" data-testid={`${testId}-link`}>
        {t("viewTx")}
      </a>
    ) : (
      <span className="promote-hash" data-testid={`${testId}-link`} title={tx.hash}>
        {t("txHash", { hash: `${tx.hash.slice(0, 10)}…${tx.hash.slice(-8)}` })}
      </span>
    );
  return (
    <div className="promote-status" role="status" data-testid={`${testId}-status`} data-stage={tx.stage}>
      {tx.stage !== "done" && (
        <span className="promote-wait">
          <LoadingOutlined spin aria-hidden /> {tx.stage === "wallet" ? t("confirmWallet") : t("wait")}
        </span>
      )}
      {link}
    </div>
  );
}

/** Step 1: approve 1e20 SOFI base units (or the larger budget) to the promotion contract. */
export function ApprovalStep({ s }: { s: PromoteState }) {
  const { t } = useTranslation("portfolio-promote");
  const busy = s.approveTx.stage === "wallet" || s.approveTx.stage === "pending";
  const amount = formatUnitsExact(s.approvalAmount, 18);
  return (
    <div className="promote-body" data-testid="promote-approval">
      <Typography.Paragraph className="promote-text">
        {s.approvalDone ? t("approvalDone", { amount }) : t("approvalText", { amount })}
      </Typography.Paragraph>
      <TxStatus tx={s.approveTx} testId="promote-approve" />
      {s.approvalDone ? (
        <Button type="primary" size="large" block onClick={() => s.setStep(1)} data-testid="promote-next">
          {t("next")}
        </Button>
      ) : (
        <Button
          type="primary"
          size="large"
          block
          loading={busy}
          disabled={busy || s.allowance === undefined}
          onClick={() => void s.approve()}
          data-testid="promote-approve"
        >
          {busy ? t("approving") : t("approve")}
        </Button>
      )}
    </div>
  );
}

/** Step 2: the budget (§5: required, up to 3 decimals), the hours it buys and the new end. */
export function BudgetStep({ s }: { s: PromoteState }) {
  const { t, i18n } = useTranslation("portfolio-promote");
  const problemText =
    s.shownProblem === "required"
      ? t("amountRequired")
      : s.shownProblem === "min"
        ? t("minAmount", { min: s.minAmount })
        : s.shownProblem === "balance"
          ? t("insufficient")
          : null;
  return (
    <div className="promote-body" data-testid="promote-budget">
      <div className="promote-field">
        <div className="promote-field-head">
          <label htmlFor="promote-amount" className="promote-label">
            {t("amount")}
          </label>
          <span className="promote-balance" data-testid="promote-balance">
            {s.balance === undefined
              ? t("balanceLoading")
              : t("balance", { value: formatDisplayAmount(s.balance, 18) })}
          </span>
        </div>
        <Input
          id="promote-amount"
          data-testid="promote-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="100"
          value={s.input}
          status={problemText ? "error" : undefined}
          aria-invalid={!!problemText}
          aria-describedby={problemText ? "promote-amount-error" : undefined}
          onChange={(e) => s.setInput(e.target.value)}
          onPressEnter={s.next}
          suffix={<span className="promote-symbol">SOFI</span>}
        />
        {problemText && (
          <span id="promote-amount-error" className="promote-problem" role="alert" data-testid="promote-amount-error">
            {problemText}
          </span>
        )}
      </div>
      <dl className="promote-summary">
        <div>
          <dt>{t("buys")}</dt>
          <dd data-testid="promote-hours">{t("hours", { count: Number(formatHours(s.hours)) })}</dd>
        </div>
        <div>
          <dt>{t("newEnd")}</dt>
          <dd data-testid="promote-new-end">{s.newEnd === null ? "-" : formatEnd(s.newEnd, i18n.language)}</dd>
        </div>
      </dl>
      <div className="promote-actions">
        <Button size="large" onClick={() => s.setStep(0)}>
          {t("back")}
        </Button>
        <Button type="primary" size="large" onClick={s.next} data-testid="promote-next">
          {t("next")}
        </Button>
      </div>
    </div>
  );
}

/** Step 3: the promote transaction; a wait message while pending, then the transaction's link. */
export function StartStep({ s, symbol, onClose }: { s: PromoteState; symbol: string; onClose: () => void }) {
  const { t, i18n } = useTranslation("portfolio-promote");
  const tx = s.promoteTx;
  const busy = tx.stage === "wallet" || tx.stage === "pending";
  return (
    <div className="promote-body" data-testid="promote-start">
      <dl className="promote-summary">
        <div>
          <dt>{t("portfolio")}</dt>
          <dd>{symbol}</dd>
        </div>
        <div>
          <dt>{t("amount")}</dt>
          <dd data-testid="promote-start-amount">{s.input} SOFI</dd>
        </div>
        <div>
          <dt>{t("buys")}</dt>
          <dd>{t("hours", { count: Number(formatHours(s.hours)) })}</dd>
        </div>
        <div>
          <dt>{t("newEnd")}</dt>
          <dd>{s.startEnd === null ? "-" : formatEnd(s.startEnd, i18n.language)}</dd>
        </div>
      </dl>
      {tx.stage === "done" && (
        <Alert
          type="success"
          showIcon
          title={t("success", { date: formatEnd(s.currentEnd, i18n.language) })}
          data-testid="promote-success"
        />
      )}
      <TxStatus tx={tx} testId="promote-tx" />
      {tx.stage === "done" ? (
        <Button type="primary" size="large" block onClick={onClose} data-testid="promote-close">
          {t("close")}
        </Button>
      ) : (
        <div className="promote-actions">
          <Button size="large" disabled={busy} onClick={() => s.setStep(1)}>
            {t("back")}
          </Button>
          <Button
            type="primary"
            size="large"
            loading={busy}
            disabled={busy}
            onClick={() => void s.start()}
            data-testid="promote-submit"
          >
            {busy ? t("starting") : t("start")}
          </Button>
        </div>
      )}
    </div>
  );
}
