import { Empty, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { chartPaths, seriesColour } from "./performance.ts";
import type { ManagerState } from "./useManagerState.ts";

const W = 600;
const H = 200;

/**
 * The performance of up to five selected portfolios (spec 001 §2): each line the change in value
 * per set over the month, on one percent axis, coloured in turn over five colours, with a legend.
 * An inline SVG (no chart library in this route's JavaScript).
 */
export function PerformanceChart({ s }: { s: ManagerState }) {
  const { t } = useTranslation("manager");
  const drawn = s.series.filter((x) => !x.loading && !x.error);
  const { paths, min, max } = chartPaths(
    s.series.map((x) => x.points),
    W,
    H,
  );
  let body: React.ReactNode;
  if (s.selected.length === 0) body = <Empty description={t("noSelection")} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  else if (s.series.some((x) => x.loading) && drawn.length === 0) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (paths.every((p) => p === ""))
    body = <Empty description={t("noHistory")} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  else
    body = (
      <>
        <div className="mg-chart-box">
          <span className="mg-axis mg-axis-max">{`${max.toFixed(1)}%`}</span>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            className="mg-chart"
            role="img"
            aria-label={t("performanceHint")}
            data-testid="performance-chart"
          >
            {max !== min && (
              <line
                x1="0"
                x2={W}
                y1={H - ((0 - min) / (max - min)) * H}
                y2={H - ((0 - min) / (max - min)) * H}
                className="mg-zero"
                vectorEffect="non-scaling-stroke"
              />
            )}
            {paths.map((d, i) =>
              d ? (
                <path
                  key={s.series[i]?.address}
                  d={d}
                  fill="none"
                  stroke={seriesColour(i)}
                  strokeWidth="2"
                  vectorEffect="non-scaling-stroke"
                  data-testid="performance-line"
                />
              ) : null,
            )}
          </svg>
          <span className="mg-axis mg-axis-min">{`${min.toFixed(1)}%`}</span>
        </div>
        <ul className="mg-legend">
          {s.series.map((x, i) => (
            <li key={x.address}>
              <span className="mg-swatch" style={{ background: seriesColour(i) }} aria-hidden="true" />
              {x.symbol}
              {x.points.length > 0 && (
                <span className={(x.points.at(-1)?.pct ?? 0) >= 0 ? "is-up" : "is-down"}>
                  {` ${(x.points.at(-1)?.pct ?? 0).toFixed(2)}%`}
                </span>
              )}
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <section className="mg-panel" aria-labelledby="mg-performance">
      <h2 id="mg-performance" className="mg-section-title">
        {t("performance")}
      </h2>
      <p className="mg-hint">{t("performanceHint")}</p>
      {body}
    </section>
  );
}
