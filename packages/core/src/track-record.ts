/**
 * A portfolio's and a manager's track record (issue 21 §3), computed from indexed prices, never
 * claimed: the return over 7, 30 and 90 days and since inception beside holding ETH over the same
 * days, the maximum drawdown, the volatility, a risk score from 1 to 10 and a risk-adjusted return.
 * This file is the one place the formulas live (the server computes with it, the web app shows the
 * reply's figures); docs/decisions.md "Track record (issue 21 §3)" gives the reasons.
 *
 * Every figure is read from **daily closes**. A close is the median of a set's value at five hourly
 * marks (the close's own whole hour and the four before it), so one block's spike, which can move at
 * most one mark, never decides a close: the median moves at most to a neighbouring genuine value.
 * Closes are 24 h apart, counted back from the latest whole hour, over the last 90 days.
 *
 * Functions work in fractions (a drawdown of 0.25 is 25 %); `trackRecordReply` turns a record into
 * the API's percents.
 */
import { z } from "zod";

const DAY = 86_400;
const YEAR_DAYS = 365;

/** The return windows, in days. */
export const TRACK_RECORD_WINDOWS = [7, 30, 90] as const;
/** Days of closes a record spans (the longest window). */
export const TRACK_RECORD_DAYS = 90;
/** A record (drawdown, volatility, score, risk-adjusted return) needs a close this many days back. */
export const TRACK_RECORD_MIN_DAYS = 7;
/** Marks are whole hours. */
export const CLOSE_MARK_SECONDS = 3_600;
/** Marks per close: the close's hour and the four before it. */
export const CLOSE_MARKS = 5;
/**
 * Risk score bands over the annualised volatility, in percent: the score is 1 plus the number of
 * bands the volatility reaches (below 5 % is 1, 140 % and above is 10).
 */
export const RISK_SCORE_BANDS = [5, 10, 15, 25, 35, 50, 70, 100, 140] as const;
/**
 * The risk-adjusted return divides by at least this annualised volatility (5 %, the lowest band):
 * a basket of stablecoins creeping up 1 % with almost no movement does not outrank everyone.
 */
export const RISK_ADJUSTED_MIN_VOLATILITY = 0.05;

// ------------------------------------------------------------------ marks and closes

/** The latest close's mark at `now` (unix seconds): the last whole hour. */
export function latestCloseMark(now: number): number {
  return Math.floor(now / CLOSE_MARK_SECONDS) * CLOSE_MARK_SECONDS;
}

/**
 * The marks of every close, `[k][j]`: close k is k days before `latest`, its marks are
 * `latest − k days − j hours` for j < CLOSE_MARKS. k runs from 0 to `days`.
 */
export function closeMarkTimes(latest: number, days: number = TRACK_RECORD_DAYS): number[][] {
  return Array.from({ length: days + 1 }, (_, k) =>
    Array.from({ length: CLOSE_MARKS }, (_, j) => latest - k * DAY - j * CLOSE_MARK_SECONDS),
  );
}

/** The median of the finite, non-negative values (null when there is none). */
export function robustClose(values: readonly number[]): number | null {
  const xs = values.filter((v) => Number.isFinite(v) && v >= 0).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const m = xs.length >> 1;
  return xs.length % 2 === 1 ? (xs[m] as number) : ((xs[m - 1] as number) + (xs[m] as number)) / 2;
}

// ------------------------------------------------------------------ measures of a series (oldest first)

/**
 * The largest fall from a running peak: max over t of 1 − v[t] / max(v[..t]), in [0, 1]. Values that
 * are not finite are skipped; a series that never had a positive value has no drawdown (0).
 */
export function maxDrawdown(values: readonly number[]): number {
  let peak = 0;
  let worst = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    const x = Math.max(v, 0);
    if (x > peak) peak = x;
    else if (peak > 0) worst = Math.max(worst, 1 - x / peak);
  }
  return Math.min(1, Math.max(0, worst));
}

/** Log returns between consecutive values, where both are positive and finite. */
export function logReturns(values: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < values.length; i++) {
    const a = values[i - 1] as number;
    const b = values[i] as number;
    if (a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b)) out.push(Math.log(b / a));
  }
  return out;
}

function meanAndStdev(xs: readonly number[]): { mean: number; stdev: number } | null {
  if (xs.length < 2) return null;
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
  return { mean, stdev: Math.sqrt(variance) };
}

/** Annualised volatility: the sample standard deviation of daily log returns × √365 (null under two returns). */
export function annualisedVolatility(dailyCloses: readonly number[]): number | null {
  const m = meanAndStdev(logReturns(dailyCloses));
  return m ? m.stdev * Math.sqrt(YEAR_DAYS) : null;
}

/** The risk score, 1 to 10, of an annualised volatility (a fraction): see RISK_SCORE_BANDS. */
export function riskScore(volatility: number): number {
  const pct = volatility * 100;
  let score = 1;
  for (const b of RISK_SCORE_BANDS) if (pct >= b) score++;
  return Math.min(10, Math.max(1, score));
}

/**
 * The risk-adjusted return (a Sharpe ratio with no risk-free rate): the mean daily log return × 365
 * over the annualised volatility, the volatility floored at RISK_ADJUSTED_MIN_VOLATILITY. Null under
 * two returns.
 */
export function riskAdjustedReturn(dailyCloses: readonly number[]): number | null {
  const m = meanAndStdev(logReturns(dailyCloses));
  if (!m) return null;
  return (m.mean * YEAR_DAYS) / Math.max(m.stdev * Math.sqrt(YEAR_DAYS), RISK_ADJUSTED_MIN_VOLATILITY);
}

// ------------------------------------------------------------------ records

/**
 * What a record is computed from. `closes[k]` is the close k days before the latest
 * (k = 0..TRACK_RECORD_DAYS), null before inception; `start` is the value at inception when it falls
 * inside the window (a portfolio's start price), null when inception is older than the window;
 * `inception` the return since inception (a fraction), null when unknown.
 */
export type RecordSeries = {
  closes: readonly (number | null)[];
  start: number | null;
  inception: number | null;
};

/** ETH over the same days: its closes at the same marks and its return since the portfolio's inception. */
export type EthSeries = { closes: readonly (number | null)[]; inception: number | null };

export type Returns = { d7: number | null; d30: number | null; d90: number | null; inception: number | null };

/** A record in fractions (see trackRecordReply for the API's percents). */
export type TrackRecord = {
  /** Whole days of closes the record holds (0 to TRACK_RECORD_DAYS). */
  days: number;
  returns: Returns;
  /** Holding ETH over the same days (null where the record's own figure is null). */
  eth: Returns;
  maxDrawdown: number | null;
  volatility: number | null;
  riskScore: number | null;
  riskAdjusted: number | null;
};

/** The oldest close index k with every close from 0 to k known (−1 without a latest close). */
export function recordDepth(closes: readonly (number | null)[]): number {
  let k = -1;
  while (k + 1 < closes.length && closes[k + 1] !== null && closes[k + 1] !== undefined) k++;
  return k;
}

/** A portfolio's series from its start price and its closes (inception inside the window unless close 90 exists). */
export function portfolioSeries(startPrice: number, closes: readonly (number | null)[]): RecordSeries {
  const last = closes[TRACK_RECORD_DAYS];
  const c0 = closes[0];
  return {
    closes,
    start: last === null || last === undefined ? startPrice : null,
    inception: c0 !== null && c0 !== undefined && startPrice > 0 ? c0 / startPrice - 1 : null,
  };
}

const ratio = (now: number | null | undefined, then: number | null | undefined): number | null =>
  now !== null && now !== undefined && then !== null && then !== undefined && then > 0 && Number.isFinite(now)
    ? now / then - 1
    : null;

/** The record of a series, beside ETH over the same days. */
export function trackRecord(s: RecordSeries, eth: EthSeries): TrackRecord {
  const depth = recordDepth(s.closes);
  const c = (k: number) => (k <= depth ? s.closes[k] : null);
  const window = (n: number) => ratio(c(0), c(n));
  const returns: Returns = { d7: window(7), d30: window(30), d90: window(90), inception: s.inception };
  const ethWindow = (n: number) => (returns[`d${n}` as "d7"] === null ? null : ratio(eth.closes[0], eth.closes[n]));
  const ethReturns: Returns = {
    d7: ethWindow(7),
    d30: ethWindow(30),
    d90: ethWindow(90),
    inception: s.inception === null ? null : eth.inception,
  };
  const days = Math.max(0, depth);
  if (depth < TRACK_RECORD_MIN_DAYS)
    return { days, returns, eth: ethReturns, maxDrawdown: null, volatility: null, riskScore: null, riskAdjusted: null };
  // oldest first; the start (inception) only enters the drawdown: its step to the first close is not a whole day
  const closes: number[] = [];
  for (let k = depth; k >= 0; k--) closes.push(s.closes[k] as number);
  const withStart = s.start !== null && s.start > 0 ? [s.start, ...closes] : closes;
  const volatility = annualisedVolatility(closes);
  return {
    days,
    returns,
    eth: ethReturns,
    maxDrawdown: maxDrawdown(withStart),
    volatility,
    riskScore: volatility === null ? null : riskScore(volatility),
    riskAdjusted: riskAdjustedReturn(closes),
  };
}

/** A portfolio's record from its start price, its closes, ETH's closes and ETH at its inception. */
export function portfolioTrackRecord(
  startPrice: number,
  closes: readonly (number | null)[],
  ethCloses: readonly (number | null)[],
  ethAtInception: number | null,
): TrackRecord {
  const s = portfolioSeries(startPrice, closes);
  return trackRecord(s, { closes: ethCloses, inception: ratio(ethCloses[0], ethAtInception) });
}

/**
 * Weights that sum to 1: each part's market cap over the total, or equal weights when no part has
 * a positive, finite one (nobody holds any of them yet).
 */
export function recordWeights(marketCaps: readonly number[]): number[] {
  const caps = marketCaps.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const total = caps.reduce((a, b) => a + b, 0);
  if (total > 0) return caps.map((v) => v / total);
  return caps.map(() => 1 / Math.max(1, caps.length));
}

/**
 * A manager's book as one series: the value-weighted composite of their portfolios, weights their
 * market caps now (recordWeights). Each day's return is the weighted mean of the day's returns of the
 * portfolios that existed over that day (weights renormalised among them; a portfolio's first step
 * is from its start price to its first close); the composite starts at 1. Its return since
 * inception is the weighted mean of the portfolios' own (the composite spans only the window).
 */
export function compositeSeries(parts: readonly { weight: number; series: RecordSeries }[]): RecordSeries {
  const n = TRACK_RECORD_DAYS + 1;
  const depths = parts.map((p) => recordDepth(p.series.closes));
  const top = Math.max(-1, ...depths);
  let wInc = 0;
  let inc = 0;
  for (const p of parts)
    if (p.series.inception !== null && Number.isFinite(p.series.inception)) {
      wInc += p.weight;
      inc += p.weight * p.series.inception;
    }
  const inception = wInc > 0 ? inc / wInc : null;
  const closes: (number | null)[] = Array.from({ length: n }, () => null);
  if (top < 0) return { closes, start: null, inception };
  /** The weighted mean return of step k (from close k+1, or the start, to close k), null when no part has one. */
  const step = (k: number): number | null => {
    let w = 0;
    let r = 0;
    parts.forEach((p, i) => {
      if (k > (depths[i] as number)) return;
      const now = p.series.closes[k] as number;
      const prev = k === depths[i] ? p.series.start : (p.series.closes[k + 1] as number);
      if (prev === null || !(prev > 0) || !Number.isFinite(now)) return;
      w += p.weight;
      r += p.weight * (now / prev - 1);
    });
    return w > 0 ? r / w : null;
  };
  const first = step(top);
  let start: number | null = null;
  if (first === null) closes[top] = 1;
  else {
    start = 1;
    closes[top] = 1 + first;
  }
  for (let k = top - 1; k >= 0; k--) closes[k] = (closes[k + 1] as number) * (1 + (step(k) ?? 0));
  return { closes, start, inception };
}

/**
 * A manager's record: the record of compositeSeries over their portfolios (weights from market caps),
 * ETH since inception the same weighted mean of ETH since each portfolio's inception.
 */
export function managerTrackRecord(
  parts: readonly { marketCap: number; series: RecordSeries; ethInception: number | null }[],
  ethCloses: readonly (number | null)[],
): TrackRecord {
  const weights = recordWeights(parts.map((p) => p.marketCap));
  const s = compositeSeries(parts.map((p, i) => ({ weight: weights[i] as number, series: p.series })));
  let w = 0;
  let e = 0;
  parts.forEach((p, i) => {
    if (p.ethInception !== null && p.series.inception !== null && Number.isFinite(p.ethInception)) {
      w += weights[i] as number;
      e += (weights[i] as number) * p.ethInception;
    }
  });
  return trackRecord(s, { closes: ethCloses, inception: w > 0 ? e / w : null });
}

/** The empty record (no close yet: a portfolio created within the last hour, an address that runs nothing). */
export const NO_TRACK_RECORD: TrackRecord = {
  days: 0,
  returns: { d7: null, d30: null, d90: null, inception: null },
  eth: { d7: null, d30: null, d90: null, inception: null },
  maxDrawdown: null,
  volatility: null,
  riskScore: null,
  riskAdjusted: null,
};

// ------------------------------------------------------------------ the API's shape

/**
 * A record in the API's replies (`track_record` of a portfolio's detail, a manager's info and the
 * managers list): returns, drawdown and volatility in percent; null where there is not enough history.
 */
export const trackRecordSchema = z.object({
  /** Whole days of daily closes (the record needs TRACK_RECORD_MIN_DAYS). */
  days: z.number().int(),
  return_7d: z.number().nullable(),
  return_30d: z.number().nullable(),
  return_90d: z.number().nullable(),
  return_inception: z.number().nullable(),
  eth_return_7d: z.number().nullable(),
  eth_return_30d: z.number().nullable(),
  eth_return_90d: z.number().nullable(),
  eth_return_inception: z.number().nullable(),
  /** Percent, 0 to 100. */
  max_drawdown: z.number().nullable(),
  /** Annualised, percent. */
  volatility: z.number().nullable(),
  risk_score: z.number().int().min(1).max(10).nullable(),
  /** Sharpe ratio (no risk-free rate), a plain number. */
  risk_adjusted: z.number().nullable(),
});
export type TrackRecordReply = z.infer<typeof trackRecordSchema>;

const pct = (v: number | null): number | null => (v === null || !Number.isFinite(v) ? null : v * 100);
const finite = (v: number | null): number | null => (v === null || !Number.isFinite(v) ? null : v);

/** The API's shape of a record. */
export function trackRecordReply(r: TrackRecord): TrackRecordReply {
  return {
    days: r.days,
    return_7d: pct(r.returns.d7),
    return_30d: pct(r.returns.d30),
    return_90d: pct(r.returns.d90),
    return_inception: pct(r.returns.inception),
    eth_return_7d: pct(r.eth.d7),
    eth_return_30d: pct(r.eth.d30),
    eth_return_90d: pct(r.eth.d90),
    eth_return_inception: pct(r.eth.inception),
    max_drawdown: pct(r.maxDrawdown),
    volatility: pct(r.volatility),
    risk_score: r.riskScore,
    risk_adjusted: finite(r.riskAdjusted),
  };
}

/** The orders of `GET /sofi/managers`: market cap (the default), return since inception, risk-adjusted return, lowest risk. */
export const MANAGER_ORDERS = ["market_cap", "return", "risk_adjusted", "risk"] as const;
export type ManagerOrder = (typeof MANAGER_ORDERS)[number];
