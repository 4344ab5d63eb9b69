import { Alert, Steps, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { SheetModal } from "../shell/index.ts";
import { ApprovalStep, BudgetStep, StartStep } from "./PromoteSteps.tsx";
import { usePromoteState } from "./usePromoteState.ts";

export type PromoteDialogProps = {
  portfolio: string;
  symbol: string;
  /** The detail's promote_end_at (unix seconds, 0 never promoted). */
  promoteEndAt: number;
  open: boolean;
  onClose: () => void;
};

/**
 * Spec 001 §2 "Promote dialog (three steps)", §4: approval, budget, start. Failures are a browser
 * alert with the message (§8, as sell and manage failures) and stay shown in the step.
 */
export function PromoteDialog({ portfolio, symbol, promoteEndAt, open, onClose }: PromoteDialogProps) {
  const { t } = useTranslation("portfolio-promote");
  const s = usePromoteState({ portfolio, apiEnd: promoteEndAt, open, onFailure: (text) => window.alert(text) });
  const blocked = !s.info ? t("unavailable") : !s.connected ? t("connect") : s.wrongNetwork ? t("wrongNetwork") : null;
  return (
    <SheetModal open={open} onClose={onClose} title={t("title")}>
      <div className="promote-dialog" data-testid="promote-dialog" data-step={s.step}>
        <Typography.Text type="secondary" className="promote-rate">
          {t("rate")}
        </Typography.Text>
        {blocked ? (
          <Alert type="info" showIcon title={blocked} data-testid="promote-blocked" />
        ) : s.allowance === undefined ? (
          <Typography.Text data-testid="promote-loading">{t("loading")}</Typography.Text>
        ) : (
          <>
            <Steps
              size="small"
              responsive={false}
              current={s.step}
              className="promote-steps"
              items={[{ title: t("stepApproval") }, { title: t("stepBudget") }, { title: t("stepStart") }]}
            />
            {s.step === 0 && <ApprovalStep s={s} />}
            {s.step === 1 && <BudgetStep s={s} />}
            {s.step === 2 && <StartStep s={s} symbol={symbol} onClose={onClose} />}
          </>
        )}
      </div>
    </SheetModal>
  );
}
