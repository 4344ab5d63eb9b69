import { Spin } from "antd";
import { useEffect, useRef } from "react";
import { keepTimeLabelsInside } from "../../kernel/chart-padding.ts";

/** §9 chart colours: primary teal, secondary purple. */
export const TEAL = "#0fa3a3";
export const PURPLE = "#7b61ff";

export type Series = { color: string; points: { ts: number; value: number }[] };

/** Ascending points, one per timestamp (what a line series needs). */
export function sortPoints(points: { ts: number; value: number }[]): { ts: number; value: number }[] {
  const byTs = new Map<number, number>();
  for (const p of points) if (Number.isFinite(p.ts) && Number.isFinite(p.value)) byTs.set(p.ts, p.value);
  return [...byTs.entries()].sort((a, b) => a[0] - b[0]).map(([ts, value]) => ({ ts, value }));
}

/**
 * A lightweight-charts line chart (imported on first draw, so the library is not in the route's
 * chunk), one line per series; `noData` shows when there is nothing to draw.
 */
export function LineChart({
  series,
  dark,
  loading,
  noData,
  label,
  format,
  testId,
}: {
  series: Series[] | null;
  dark: boolean;
  loading: boolean;
  noData: string;
  label: string;
  format: (v: number) => string;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const count = series ? Math.max(0, ...series.map((s) => s.points.length)) : 0;

  useEffect(() => {
    const el = box.current;
    if (!el || !series || count === 0) return;
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
        localization: { priceFormatter: format },
      });
      for (const s of series) {
        const line = chart.addSeries(LineSeries, { color: s.color, lineWidth: 2 });
        // biome-ignore lint/suspicious/noExplicitAny: lightweight-charts' branded UTCTimestamp
        line.setData(s.points.map((p) => ({ time: p.ts as any, value: p.value })));
      }
      keepTimeLabelsInside(chart.timeScale(), count);
      cleanup = () => chart.remove();
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [series, dark, count, format]);

  return (
    <div className="pm-chart-box">
      {loading || series === null ? (
        <Spin />
      ) : count === 0 ? (
        <span className="pm-muted" data-testid={`${testId}-nodata`}>
          {noData}
        </span>
      ) : (
        <div
          ref={box}
          className="pm-chart-canvas"
          data-testid={testId}
          data-points={count}
          role="img"
          aria-label={label}
        />
      )}
    </div>
  );
}
