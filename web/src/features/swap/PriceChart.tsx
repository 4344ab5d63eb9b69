import { TICKER_REFRESH_MS } from "@sofi/core";
import { Segmented, Spin, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../kernel/api.ts";
import { keepTimeLabelsInside } from "../../kernel/chart-padding.ts";
import {
  CHART_RANGES,
  type ChartPoint,
  type ChartRange,
  formatChange,
  formatChartPrice,
  formatDateTime,
  normalisePoints,
} from "./chart-data.ts";

const TEAL = "#14b8a6";
/** Half the tooltip's width and its height plus gap: it stays inside the chart near the edges. */
const TOOLTIP_HALF_WIDTH = 72;
const TOOLTIP_ROOM = 56;

function tooltipLeft(x: number, width: number): number {
  return Math.min(Math.max(x, TOOLTIP_HALF_WIDTH), Math.max(TOOLTIP_HALF_WIDTH, width - TOOLTIP_HALF_WIDTH));
}
const PURPLE = "#8b5cf6";

/** Chart mode: pair, current price, 24 h change, timestamp, range buttons and a price line. */
export function PriceChart(props: { suffix: string; symbol: string | null; refresh: number; dark: boolean }) {
  const { t } = useTranslation("swap");
  const [range, setRange] = useState<ChartRange>("day");
  const [hover, setHover] = useState<(ChartPoint & { x: number; y: number }) | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const { suffix, symbol, refresh } = props;

  // Ticker: every 10 s and on refresh. A refresh keeps the shown price until the new one arrives;
  // another pair starts from "--" (its own query).
  const tickerQuery = useApi("ticker", {
    chain: suffix,
    query: { symbol: symbol ?? undefined },
    enabled: !!symbol,
    refetchIntervalMs: TICKER_REFRESH_MS,
  });
  const ticker = symbol ? (tickerQuery.data ?? null) : null;

  // History: a new pair or range shows the spinner until its points arrive; a failed read shows
  // "No Data Available".
  const historyQuery = useApi("history", {
    chain: suffix,
    query: { symbol: symbol ?? undefined, type: range },
    enabled: !!symbol,
  });
  const history = historyQuery.data;
  const historyFailed = historyQuery.isError;
  const points: ChartPoint[] | null = useMemo(
    () => (!symbol || historyFailed ? [] : history ? normalisePoints(history) : null),
    [symbol, history, historyFailed],
  );

  // The refresh button asks both again (the shown values stay until the new ones arrive).
  const { refetch: refetchTicker } = tickerQuery;
  const { refetch: refetchHistory } = historyQuery;
  const seenRefresh = useRef(refresh);
  useEffect(() => {
    if (seenRefresh.current === refresh) return;
    seenRefresh.current = refresh;
    if (!symbol) return;
    void refetchTicker();
    void refetchHistory();
  }, [refresh, symbol, refetchTicker, refetchHistory]);

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
          textColor: props.dark ? "#d4d4d8" : "#3f3f46",
          attributionLogo: false,
        },
        grid: { vertLines: { visible: false }, horzLines: { color: props.dark ? "#27272a" : "#f4f4f5" } },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false, timeVisible: range === "day" || range === "week" },
        crosshair: { horzLine: { color: PURPLE }, vertLine: { color: PURPLE } },
        localization: {
          priceFormatter: (p: number) => formatChartPrice(p),
        },
      });
      const series = chart.addSeries(LineSeries, { color: TEAL, lineWidth: 2 });
      // biome-ignore lint/suspicious/noExplicitAny: lightweight-charts' branded UTCTimestamp
      series.setData(points.map((p) => ({ time: p.ts as any, value: p.value })));
      keepTimeLabelsInside(chart.timeScale(), points.length);
      chart.subscribeCrosshairMove((param) => {
        const d =
          param.time !== undefined && param.point
            ? (param.seriesData.get(series) as { value?: number } | undefined)
            : undefined;
        setHover(
          d?.value !== undefined && param.point
            ? { ts: Number(param.time), value: d.value, x: param.point.x, y: param.point.y }
            : null,
        );
      });
      cleanup = () => chart.remove();
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [points, props.dark, range]);

  const last = points && points.length > 0 ? points[points.length - 1] : null;
  const shownPrice = hover?.value ?? ticker?.price ?? last?.value ?? null;
  const shownTs = hover?.ts ?? last?.ts ?? null;
  const change = ticker?.priceChangePercent ?? null;
  return (
    <section className="swap-chart" aria-label={symbol ?? t("chart.noData")} data-testid="swap-chart">
      <div className="swap-chart-head">
        <Typography.Title level={4} className="swap-chart-pair" data-testid="chart-pair">
          {symbol ? symbol.replace("-", " / ") : "--"}
        </Typography.Title>
        <div className="swap-chart-price">
          <span className="swap-chart-value" data-testid="chart-price">
            {formatChartPrice(shownPrice)}
          </span>
          <span
            className={`swap-chart-change ${change === null ? "" : change >= 0 ? "is-up" : "is-down"}`}
            title={t("chart.change24h")}
            data-testid="chart-change"
          >
            {formatChange(change)}
          </span>
        </div>
        <Typography.Text type="secondary" data-testid="chart-time">
          {shownTs ? formatDateTime(shownTs) : "--"}
        </Typography.Text>
      </div>
      <Segmented
        aria-label={t("chart.range")}
        value={range}
        onChange={(v) => setRange(v as ChartRange)}
        options={CHART_RANGES.map((r) => ({ value: r, label: t(`chart.ranges.${r}`) }))}
      />
      <div className="swap-chart-box">
        {points === null ? (
          <Spin />
        ) : points.length === 0 ? (
          <Typography.Text type="secondary" data-testid="chart-nodata">
            {t("chart.noData")}
          </Typography.Text>
        ) : (
          <div ref={box} className="swap-chart-canvas" data-testid="chart-canvas">
            {hover && (
              <div
                role="tooltip"
                className={`swap-chart-tooltip${hover.y < TOOLTIP_ROOM ? " is-below" : ""}`}
                data-testid="chart-tooltip"
                style={{ left: tooltipLeft(hover.x, box.current?.clientWidth ?? 0), top: hover.y }}
              >
                <div>{formatDateTime(hover.ts)}</div>
                <strong>{formatChartPrice(hover.value)}</strong>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
