import { ReloadOutlined } from "@ant-design/icons";
import { Button, Segmented, Spin, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { keepTimeLabelsInside } from "../../kernel/chart-padding.ts";
import { formatDateTime, formatUsd } from "./format.ts";
import { HISTORY_RANGES, type HistoryRange, usePortfolioHistory } from "./usePortfolioApi.ts";

const TEAL = "#14b8a6";
const PURPLE = "#8b5cf6";
/** Spec 001 §9: the refresh spinner turns for 1 s. */
export const REFRESH_SPIN_MS = 1_000;

/** Ascending points, one per timestamp (what a line series needs). */
export function sortPoints(points: { ts: number; value: number }[]): { ts: number; value: number }[] {
  const byTs = new Map<number, number>();
  for (const p of points) if (Number.isFinite(p.ts) && Number.isFinite(p.value)) byTs.set(p.ts, p.value);
  return [...byTs.entries()].sort((a, b) => a[0] - b[0]).map(([ts, value]) => ({ ts, value }));
}

/**
 * The portfolio's value-per-set history with 1D/1W and Refresh (spec 001 §2): the swap chart's
 * approach (lightweight-charts imported on first draw, so neither this chunk nor the library is
 * part of the first load; this component itself is lazily loaded by the portfolio page).
 */
export default function PortfolioChart({ address, dark }: { address: string; dark: boolean }) {
  const { t } = useTranslation("portfolios");
  const [range, setRange] = useState<HistoryRange>("1d");
  const [spinning, setSpinning] = useState(false);
  const [updatedAt, setUpdatedAt] = useState(() => Math.floor(Date.now() / 1000));
  const box = useRef<HTMLDivElement>(null);
  const q = usePortfolioHistory(address, range);
  const points = useMemo(() => (q.isError ? [] : q.data ? sortPoints(q.data) : null), [q.data, q.isError]);

  useEffect(() => {
    if (q.dataUpdatedAt) setUpdatedAt(Math.floor(q.dataUpdatedAt / 1000));
  }, [q.dataUpdatedAt]);

  const refresh = () => {
    setSpinning(true);
    void q.refetch();
    setTimeout(() => setSpinning(false), REFRESH_SPIN_MS);
  };

  useEffect(() => {
    const el = box.current;
    if (!el || !points || points.length === 0) return;
    let disposed = false;
    let cleanup = () => {};
    import("lightweight-charts").then(({ createChart, LineSeries, ColorType }) => {
      if (disposed) return;
      const chart = createChart(el, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: "transparent" },
          textColor: dark ? "#d4d4d8" : "#3f3f46",
          attributionLogo: false,
        },
        grid: { vertLines: { visible: false }, horzLines: { color: dark ? "#27272a" : "#f4f4f5" } },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false, timeVisible: true },
        crosshair: { horzLine: { color: PURPLE }, vertLine: { color: PURPLE } },
        localization: { priceFormatter: (p: number) => formatUsd(p) },
      });
      const series = chart.addSeries(LineSeries, { color: TEAL, lineWidth: 2 });
      // biome-ignore lint/suspicious/noExplicitAny: lightweight-charts' branded UTCTimestamp
      series.setData(points.map((p) => ({ time: p.ts as any, value: p.value })));
      keepTimeLabelsInside(chart.timeScale(), points.length);
      cleanup = () => chart.remove();
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [points, dark]);

  return (
    <section className="pf-panel pf-chart" aria-labelledby="pf-chart-title" data-testid="portfolio-chart">
      <div className="pf-chart-head">
        <h2 id="pf-chart-title" className="pf-section-title">
          {t("chart")}
        </h2>
        <div className="pf-chart-tools">
          <Segmented
            aria-label={t("range")}
            value={range}
            onChange={(v) => setRange(v as HistoryRange)}
            options={HISTORY_RANGES.map((r) => ({ value: r, label: t(`ranges.${r}`) }))}
            data-testid="chart-range"
          />
          <Button
            aria-label={t("refresh")}
            icon={<ReloadOutlined spin={spinning} />}
            onClick={refresh}
            data-testid="chart-refresh"
          />
        </div>
      </div>
      <Typography.Text type="secondary" className="pf-chart-time" data-testid="chart-updated">
        {t("updated", { time: formatDateTime(updatedAt) })}
      </Typography.Text>
      <div className="pf-chart-box">
        {points === null ? (
          <Spin />
        ) : points.length === 0 ? (
          <Typography.Text type="secondary" data-testid="chart-nodata">
            {t("noData")}
          </Typography.Text>
        ) : (
          <div
            ref={box}
            className="pf-chart-canvas"
            data-testid="chart-canvas"
            data-range={range}
            data-points={points.length}
            role="img"
            aria-label={`${t("chart")} ${t(`ranges.${range}`)}`}
          />
        )}
      </div>
    </section>
  );
}
