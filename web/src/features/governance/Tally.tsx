import { tallyPercent } from "@sofi/core";
import { Progress } from "antd";
import { useTranslation } from "react-i18next";
import { formatVotes } from "./format.ts";

/**
 * §4 the tally bar: for / (for + against), votes divided by 10^18; with the quorum's progress
 * (for-votes against the quorum at the snapshot) unless `compact`.
 */
export function Tally(p: { forVotes: string; againstVotes: string; quorum: string; compact?: boolean }) {
  const { t, i18n } = useTranslation("governance");
  const f = BigInt(p.forVotes);
  const a = BigInt(p.againstVotes);
  const q = BigInt(p.quorum);
  const none = f + a === 0n;
  const forPct = tallyPercent(f, a);
  const againstPct = none ? 0 : Math.round((100 - forPct) * 100) / 100;
  const quorumPct = q > 0n ? Math.min(100, Number((f * 10_000n) / q) / 100) : 0;
  return (
    <div className={p.compact ? "gv-tally gv-tally-compact" : "gv-tally"} data-testid="proposal-tally">
      <div className="gv-tally-legend">
        <span className="gv-for">
          {t("for")} <strong data-testid="tally-for">{formatVotes(f, i18n.language)}</strong>
          <span className="gv-pct"> · {forPct}%</span>
        </span>
        <span className="gv-against">
          {t("against")} <strong data-testid="tally-against">{formatVotes(a, i18n.language)}</strong>
          <span className="gv-pct"> · {againstPct}%</span>
        </span>
      </div>
      <div
        className={none ? "gv-tally-bar gv-tally-empty" : "gv-tally-bar"}
        role="img"
        aria-label={t("tallyLabel", { for: forPct, against: againstPct })}
        data-percent={forPct}
      >
        {!none && <span className="gv-tally-for" style={{ width: `${forPct}%` }} />}
      </div>
      {!p.compact && (
        <div className="gv-quorum">
          <span>
            {t("quorum")}: {formatVotes(f, i18n.language)} / {formatVotes(q, i18n.language)} SOFI
          </span>
          <Progress
            percent={quorumPct}
            size="small"
            showInfo={false}
            status={quorumPct >= 100 ? "success" : "normal"}
            aria-label={t("quorumLabel", { percent: quorumPct })}
          />
        </div>
      )}
    </div>
  );
}
