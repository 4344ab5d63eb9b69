/** Chart-mode helpers (spec 000 §2 chart mode, §7 ticker and history). */
export type ChartRange = "day" | "week" | "month" | "year";
export const CHART_RANGES: ChartRange[] = ["day", "week", "month", "year"];
export type ChartPoint = { ts: number; value: number };
export type Ticker = { price: number; priceChangePercent: number };

/** Current price: 2 decimals at or above 1, else 8; `--` without data. Grouped (0,0.00). */
export function formatChartPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return "--";
  const digits = price >= 1 ? 2 : 8;
  return price.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** 24 h change with a plus sign when positive. */
export function formatChange(pct: number | null | undefined): string {
  if (pct === null || pct === undefined || !Number.isFinite(pct)) return "--";
  return `${pct > 0 ? "+" : ""}${pct.toFixed(2)}%`;
}

/** Pair symbol for the API: native coin mapped to its wrapped name (spec 000 §7). */
export function pairSymbol(base: string, quote: string, native: string, wrapped: string): string {
  const map = (s: string) => (s === native ? wrapped : s);
  return `${map(base)}-${map(quote)}`;
}

/** Ascending, one value per timestamp (the last one wins): what a line series needs. */
export function normalisePoints(points: unknown): ChartPoint[] {
  if (!Array.isArray(points)) return [];
  const byTs = new Map<number, number>();
  for (const p of points) {
    const ts = Number((p as ChartPoint)?.ts);
    const value = Number((p as ChartPoint)?.value);
    if (Number.isFinite(ts) && Number.isFinite(value)) byTs.set(ts, value);
  }
  return [...byTs.entries()].sort((a, b) => a[0] - b[0]).map(([ts, value]) => ({ ts, value }));
}

export function formatDateTime(ts: number): string {
  const d = new Date(ts * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
