import { InfoCircleOutlined } from "@ant-design/icons";
import type { TrackRecordReply } from "@sofi/core";
import { Button, Skeleton, Tooltip } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatPercent, trend } from "./format.ts";
import { formatRatio, RECORD_ROWS, recordGap, riskLevel } from "./track-record.ts";
import "./track-record.css";

/** "—" for a figure the history does not have yet, with a name a screen reader says. */
function Dash() {
  const { t } = useTranslation("portfolios");
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="tr-sr-only">{t("trackRecord.na")}</span>
    </>
  );
}

/** A signed percent coloured by its direction, or the dash. */
function Pct({ v, negate = false }: { v: number | null | undefined; negate?: boolean }) {
  if (v === null || v === undefined) return <Dash />;
  const x = negate ? -v : v;
  return <span className={`tr-${trend(x).slice(3)}`}>{formatPercent(x)}</span>;
}

/**
 * A risk score 1–10 as ten cells (filled up to the score, green to red) with its number and word;
 * `compact` is the lists' badge. Without a score: the dash.
 */
export function RiskScore({ score, compact = false }: { score: number | null | undefined; compact?: boolean }) {
  const { t } = useTranslation("portfolios");
  if (score === null || score === undefined)
    return (
      <span className={`tr-risk${compact ? " is-compact" : ""}`} data-testid="risk-score" data-score="">
        <span className="tr-risk-label">{t("trackRecord.riskShort")}</span> <Dash />
      </span>
    );
  const label = t("trackRecord.riskOf", { score, level: t(`trackRecord.levels.${riskLevel(score)}`) });
  return (
    <span
      className={`tr-risk${compact ? " is-compact" : ""}`}
      role="img"
      aria-label={label}
      title={label}
      data-testid="risk-score"
      data-score={score}
    >
      <span className="tr-risk-label" aria-hidden="true">
        {t("trackRecord.riskShort")} <strong>{score}</strong>
        {compact ? null : <span className="tr-risk-of">/10</span>}
      </span>
      <span className="tr-risk-cells" aria-hidden="true">
        {Array.from({ length: 10 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: ten fixed cells
          <span key={i} className={`tr-cell tr-cell-${i + 1}${i < score ? " is-on" : ""}`} />
        ))}
      </span>
      {compact ? null : (
        <span className="tr-risk-level" aria-hidden="true">
          {t(`trackRecord.levels.${riskLevel(score)}`)}
        </span>
      )}
    </span>
  );
}

/**
 * The track record card (issue 21 §3) of a portfolio or a manager: returns over 7, 30 and 90 days
 * and since inception beside holding ETH, maximum drawdown, volatility, the risk score and the
 * risk-adjusted return, all computed by the server from indexed prices. Loading, error (with retry)
 * and too-young states; a dash where the history is too short, with the reason under the table.
 */
export function TrackRecordCard(props: {
  record: TrackRecordReply | undefined;
  subject: "portfolio" | "manager";
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
}) {
  const { t } = useTranslation("portfolios");
  const titleId = useId();
  const r = props.record;
  const title = (
    <h2 id={titleId} className="tr-title">
      {t("trackRecord.title")}
      <Tooltip title={t(props.subject === "manager" ? "trackRecord.howManager" : "trackRecord.how")}>
        <InfoCircleOutlined
          className="tr-info"
          role="img"
          aria-label={t(props.subject === "manager" ? "trackRecord.howManager" : "trackRecord.how")}
          tabIndex={0}
        />
      </Tooltip>
    </h2>
  );
  if (props.loading)
    return (
      <section className="tr-card" aria-labelledby={titleId} aria-busy="true" data-testid="track-record">
        {title}
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      </section>
    );
  if (props.error || !r)
    return (
      <section className="tr-card" aria-labelledby={titleId} data-testid="track-record">
        {title}
        <p className="tr-note">{props.error ? t("trackRecord.loadError") : t("trackRecord.unavailable")}</p>
        {props.error && props.onRetry && (
          <Button size="small" onClick={props.onRetry}>
            {t("retry")}
          </Button>
        )}
      </section>
    );
  const gap = recordGap(r);
  const who = t(props.subject === "manager" ? "trackRecord.thisManager" : "trackRecord.thisPortfolio");
  return (
    <section className="tr-card" aria-labelledby={titleId} data-testid="track-record">
      <div className="tr-head">
        {title}
        <RiskScore score={r.risk_score} />
      </div>
      <table className="tr-table">
        <caption className="tr-sr-only">{t("trackRecord.caption", { who })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("trackRecord.period")}</th>
            <th scope="col">{who}</th>
            <th scope="col">{t("trackRecord.eth")}</th>
          </tr>
        </thead>
        <tbody>
          {RECORD_ROWS.map(([key, own, eth]) => (
            <tr key={key} data-testid={`record-${key}`}>
              <th scope="row">{t(`trackRecord.periods.${key}`)}</th>
              <td>
                <Pct v={r[own]} />
              </td>
              <td>
                <Pct v={r[eth]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="tr-figures">
        <div>
          <dt>{t("trackRecord.drawdown")}</dt>
          <dd data-testid="record-drawdown">
            <Pct v={r.max_drawdown} negate />
          </dd>
        </div>
        <div>
          <dt>{t("trackRecord.volatility")}</dt>
          <dd data-testid="record-volatility">{r.volatility === null ? <Dash /> : `${r.volatility.toFixed(2)}%`}</dd>
        </div>
        <div>
          <dt>{t("trackRecord.riskAdjusted")}</dt>
          <dd data-testid="record-risk-adjusted">
            {r.risk_adjusted === null ? <Dash /> : formatRatio(r.risk_adjusted)}
          </dd>
        </div>
      </dl>
      {gap && (
        <p className="tr-note" data-testid="record-gap">
          {gap === "noClose" ? t("trackRecord.noClose") : t("trackRecord.young", { count: r.days })}
        </p>
      )}
    </section>
  );
}
