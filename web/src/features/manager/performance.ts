/** Spec 001 §2 /sts/manager: the chart shows up to five portfolios, colours cycling over five. */
export const MAX_CHARTED = 5;
export const SERIES_COLOURS = ["#14b8a6", "#8b5cf6", "#f59e0b", "#ef4444", "#3b82f6"] as const;

export function seriesColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length] as string;
}

/** Each point's change from the first, in percent, so portfolios of any price compare on one axis. */
export function toPercentChange(points: readonly { ts: number; value: number }[]): { ts: number; pct: number }[] {
  const base = points.find((p) => p.value > 0)?.value;
  if (base === undefined) return points.map((p) => ({ ts: p.ts, pct: 0 }));
  return points.map((p) => ({ ts: p.ts, pct: (p.value / base - 1) * 100 }));
}

/** The SVG paths of several series in one `width`×`height` box sharing one time and one value scale. */
export function chartPaths(
  series: readonly (readonly { ts: number; pct: number }[])[],
  width: number,
  height: number,
): { paths: string[]; min: number; max: number } {
  const all = series.flat();
  if (all.length === 0) return { paths: series.map(() => ""), min: 0, max: 0 };
  const t0 = Math.min(...all.map((p) => p.ts));
  const t1 = Math.max(...all.map((p) => p.ts));
  const min = Math.min(0, ...all.map((p) => p.pct));
  const max = Math.max(0, ...all.map((p) => p.pct));
  const x = (ts: number) => (t1 === t0 ? 0 : ((ts - t0) / (t1 - t0)) * width);
  const y = (pct: number) => (max === min ? height / 2 : height - ((pct - min) / (max - min)) * height);
  const paths = series.map((s) =>
    s.length < 2 ? "" : s.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.ts).toFixed(1)},${y(p.pct).toFixed(1)}`).join(" "),
  );
  return { paths, min, max };
}

/** Whole days from `createdAt` (unix seconds) to `now` (ms), never negative. */
export function daysSince(createdAt: number, now = Date.now()): number {
  if (!createdAt) return 0;
  return Math.max(0, Math.floor((now / 1000 - createdAt) / 86_400));
}

/** The default selection: the first five portfolios of the table's order (spec 001 §2). */
export function defaultSelection(addresses: readonly string[]): string[] {
  return addresses.slice(0, MAX_CHARTED);
}
