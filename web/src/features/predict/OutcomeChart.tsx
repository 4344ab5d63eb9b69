import { MARKET_HISTORY_TYPES, type MarketHistoryType } from "@sofi/core";
import { Segmented } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSettings } from "../../kernel/settings-store.ts";
import { useMarket } from "./hooks.ts";
import { LineChart, PURPLE, type Series, sortPoints, TEAL } from "./LineChart.tsx";

const formatPrice = (v: number) => v.toFixed(2);

/** §2 the outcome history: Yes (teal) and No (purple) prices, ranges 24hr/1w/1m/1y/all, weekly by default. */
export function OutcomeChart({ market, names }: { market: string; names: readonly string[] }) {
  const { t } = useTranslation("predict");
  const dark = useSettings((s) => s.theme) === "dark";
  const [range, setRange] = useState<MarketHistoryType>("1w");
  const q = useMarket(market, range, false);
  const series = useMemo<Series[] | null>(() => {
    if (q.isError) return [];
    const h = q.data?.outcomeHistory;
    if (!q.data) return null;
    return [
      { color: TEAL, points: sortPoints((h ?? []).map((r) => ({ ts: r.timestamp, value: r.yes }))) },
      { color: PURPLE, points: sortPoints((h ?? []).map((r) => ({ ts: r.timestamp, value: r.no }))) },
    ];
  }, [q.data, q.isError]);
  return (
    <section className="pm-panel pm-chart" aria-labelledby="pm-chart-title" data-testid="outcome-chart">
      <div className="pm-chart-head">
        <h3 id="pm-chart-title" className="pm-section-title">
          {t("chart")}
        </h3>
        <Segmented
          size="small"
          aria-label={t("range")}
          value={range}
          onChange={(v) => setRange(v as MarketHistoryType)}
          options={MARKET_HISTORY_TYPES.map((r) => ({ value: r, label: t(`ranges.${r}`) }))}
          data-testid="outcome-range"
        />
      </div>
      <div className="pm-legend" aria-hidden>
        <span className="pm-legend-item is-yes">{names[0]}</span>
        <span className="pm-legend-item is-no">{names[1]}</span>
      </div>
      <LineChart
        series={series}
        dark={dark}
        loading={q.isPending}
        noData={t("noData")}
        label={`${t("chart")} ${t(`ranges.${range}`)}`}
        format={formatPrice}
        testId="outcome-canvas"
      />
    </section>
  );
}
