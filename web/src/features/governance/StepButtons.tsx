import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "./format.ts";
import type { ProposalState } from "./useProposalState.ts";

/**
 * §4: Queue (state 4 with actions), Execute (state 5, disabled until the eta), and the proposer's
 * Cancel (below state 2) and Claim (above 2, stake not withdrawn). Nothing when none applies.
 */
export function StepButtons({ s }: { s: ProposalState }) {
  const { t } = useTranslation("governance");
  const b = s.buttons;
  const p = s.p;
  if (!b || !p) return null;
  if (!b.queue && b.execute === "hidden" && !b.cancel && !b.claim) return null;
  const busy = s.busy !== null;
  return (
    <section className="gv-panel" aria-labelledby="gv-steps-title" data-testid="proposal-steps">
      <h2 id="gv-steps-title" className="gv-section-title">
        {t("steps")}
      </h2>
      {b.queue && (
        <>
          <p className="gv-muted">{t("queueHint")}</p>
          <Button
            type="primary"
            block
            loading={s.busy === "queue"}
            disabled={busy}
            onClick={() => void s.step("queue")}
            data-testid="proposal-queue"
          >
            {t("queue")}
          </Button>
        </>
      )}
      {b.execute !== "hidden" && (
        <>
          <p className="gv-muted" data-testid="execute-hint">
            {b.execute === "waiting" ? t("executeAfter", { date: formatDateTime(p.eta) }) : t("executeReady")}
          </p>
          <Button
            type="primary"
            block
            loading={s.busy === "execute"}
            disabled={busy || b.execute === "waiting"}
            onClick={() => void s.step("execute")}
            data-testid="proposal-execute"
          >
            {t("execute")}
          </Button>
        </>
      )}
      {b.cancel && (
        <Button
          danger
          block
          loading={s.busy === "cancel"}
          disabled={busy}
          onClick={() => void s.step("cancel")}
          data-testid="proposal-cancel"
        >
          {t("cancelProposal")}
        </Button>
      )}
      {b.claim && (
        <>
          <p className="gv-muted">{t("claimHint")}</p>
          <Button
            block
            loading={s.busy === "claim"}
            disabled={busy}
            onClick={() => void s.step("claim")}
            data-testid="proposal-claim"
          >
            {t("claim")}
          </Button>
        </>
      )}
    </section>
  );
}
