import { describe, expect, it } from "vitest";
import {
  annualisedVolatility,
  CLOSE_MARKS,
  closeMarkTimes,
  compositeSeries,
  latestCloseMark,
  logReturns,
  MANAGER_ORDERS,
  managerTrackRecord,
  maxDrawdown,
  NO_TRACK_RECORD,
  portfolioSeries,
  portfolioTrackRecord,
  RISK_ADJUSTED_MIN_VOLATILITY,
  RISK_SCORE_BANDS,
  recordDepth,
  recordWeights,
  riskAdjustedReturn,
  riskScore,
  robustClose,
  TRACK_RECORD_DAYS,
  trackRecord,
  trackRecordReply,
  trackRecordSchema,
} from "../src/track-record.ts";

const DAY = 86_400;
const HOUR = 3_600;

/** A small seeded generator (mulberry32), so every fuzz run is repeatable. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const gauss = (r: () => number) => Math.sqrt(-2 * Math.log(r() || 1e-12)) * Math.cos(2 * Math.PI * r());

/** Closes (index k = days back) from a value per hour (index h = hours back), as the server reads them. */
function closesOf(hourly: readonly number[], days = TRACK_RECORD_DAYS, createdHoursAgo = Number.POSITIVE_INFINITY) {
  return Array.from({ length: days + 1 }, (_, k) => {
    if (k * 24 > createdHoursAgo) return null;
    const marks = Array.from({ length: CLOSE_MARKS }, (_, j) => {
      const h = k * 24 + j;
      // before its creation a set was worth its start price (the first hourly value)
      return hourly[Math.min(h, createdHoursAgo)] as number;
    });
    return robustClose(marks);
  });
}

/** A geometric random walk of hourly values, newest first (index 0 = the latest hour). */
function walk(r: () => number, hours: number, dailyVol: number, drift = 0): number[] {
  const out: number[] = [];
  let v = 10 + 1000 * r();
  const hv = dailyVol / Math.sqrt(24);
  for (let h = 0; h < hours; h++) {
    out.push(v);
    v *= Math.exp(hv * gauss(r) - drift / 24);
  }
  return out;
}

describe("marks and closes", () => {
  it("the latest mark is the last whole hour; close k's marks are k days and j hours back", () => {
    expect(latestCloseMark(10 * HOUR + 59)).toBe(10 * HOUR);
    const m = closeMarkTimes(100 * DAY, 2);
    expect(m).toHaveLength(3);
    expect(m[0]).toEqual([
      100 * DAY,
      100 * DAY - HOUR,
      100 * DAY - 2 * HOUR,
      100 * DAY - 3 * HOUR,
      100 * DAY - 4 * HOUR,
    ]);
    expect(m[2]?.[4]).toBe(98 * DAY - 4 * HOUR);
  });
  it("a close is the median of its marks (zeros count, missing and negative values do not)", () => {
    expect(robustClose([3, 1, 2, 100, 2])).toBe(2);
    expect(robustClose([1, 2, 3, 4])).toBe(2.5);
    expect(robustClose([0, 0, 0, 5, 5])).toBe(0);
    expect(robustClose([Number.NaN, -1, 7])).toBe(7);
    expect(robustClose([])).toBeNull();
  });
});

describe("measures", () => {
  it("drawdown: the largest fall from a running peak", () => {
    expect(maxDrawdown([100, 120, 90, 130, 65])).toBeCloseTo(0.5, 12);
    expect(maxDrawdown([100, 101, 102])).toBe(0);
    expect(maxDrawdown([100, 0])).toBe(1);
    expect(maxDrawdown([])).toBe(0);
    expect(maxDrawdown([0, 0])).toBe(0);
  });
  it("volatility: sample stdev of daily log returns, annualised", () => {
    expect(annualisedVolatility([100, 100, 100])).toBe(0);
    expect(annualisedVolatility([100, 110])).toBeNull();
    const r = logReturns([100, 110, 99, 108.9]);
    const mean = r.reduce((a, b) => a + b, 0) / 3;
    const sd = Math.sqrt(r.reduce((a, b) => a + (b - mean) ** 2, 0) / 2);
    expect(annualisedVolatility([100, 110, 99, 108.9])).toBeCloseTo(sd * Math.sqrt(365), 12);
  });
  it("risk score: 1 below the first band, one more per band reached, 10 from the last", () => {
    expect(riskScore(0)).toBe(1);
    expect(riskScore(0.0499)).toBe(1);
    expect(riskScore(0.05)).toBe(2);
    RISK_SCORE_BANDS.forEach((b, i) => {
      expect(riskScore(b / 100)).toBe(i + 2);
      expect(riskScore(b / 100 - 1e-9)).toBe(i + 1);
    });
    expect(riskScore(50)).toBe(10);
    expect(riskScore(Number.POSITIVE_INFINITY)).toBe(10);
  });
  it("risk-adjusted return: annual mean log return over volatility, floored", () => {
    const flat = [100, 100, 100, 100];
    expect(riskAdjustedReturn(flat)).toBe(0);
    // a steady climb with no spread divides by the floor, not by zero
    const climb = [100, 101, 102.01, 103.0301];
    expect(riskAdjustedReturn(climb)).toBeCloseTo((Math.log(1.01) * 365) / RISK_ADJUSTED_MIN_VOLATILITY, 6);
    expect(riskAdjustedReturn([100])).toBeNull();
  });
});

describe("a portfolio's record", () => {
  const eth = Array.from({ length: TRACK_RECORD_DAYS + 1 }, (_, k) => 3000 - k * 10);

  it("returns over each window it has, since inception, ETH beside; no record under 7 days", () => {
    // created 10 days ago at 100, +1 a day
    const closes = Array.from({ length: TRACK_RECORD_DAYS + 1 }, (_, k) => (k <= 10 ? 110 - k : null));
    const r = portfolioTrackRecord(100, closes, eth, 2900);
    expect(r.days).toBe(10);
    expect(r.returns.d7).toBeCloseTo(110 / 103 - 1, 12);
    expect(r.returns.d30).toBeNull();
    expect(r.returns.d90).toBeNull();
    expect(r.returns.inception).toBeCloseTo(0.1, 12);
    expect(r.eth.d7).toBeCloseTo(3000 / 2930 - 1, 12);
    expect(r.eth.d30).toBeNull();
    expect(r.eth.inception).toBeCloseTo(3000 / 2900 - 1, 12);
    expect(r.maxDrawdown).toBe(0);
    expect(r.riskScore).toBeGreaterThanOrEqual(1);
    const young = portfolioTrackRecord(
      100,
      closes.map((c, k) => (k <= 6 ? c : null)),
      eth,
      2900,
    );
    expect(young.days).toBe(6);
    expect(young.returns.d7).toBeNull();
    expect(young.eth.d7).toBeNull();
    expect(young.returns.inception).toBeCloseTo(0.1, 12);
    expect([young.maxDrawdown, young.volatility, young.riskScore, young.riskAdjusted]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it("an old portfolio's window starts at its close 90 days back (inception is outside it)", () => {
    const closes = Array.from({ length: TRACK_RECORD_DAYS + 1 }, (_, k) => 200 - k);
    const s = portfolioSeries(100, closes);
    expect(s.start).toBeNull();
    expect(s.inception).toBeCloseTo(1, 12);
    const r = trackRecord(s, { closes: eth, inception: null });
    expect(r.days).toBe(90);
    expect(r.returns.d90).toBeCloseTo(200 / 110 - 1, 12);
    expect(r.returns.d30).toBeCloseTo(200 / 170 - 1, 12);
    expect(r.eth.inception).toBeNull();
  });

  it("the start enters the drawdown (bought at inception, then fell)", () => {
    const closes = Array.from({ length: TRACK_RECORD_DAYS + 1 }, (_, k) => (k <= 8 ? 50 : null));
    const r = portfolioTrackRecord(100, closes, eth, 3000);
    expect(r.maxDrawdown).toBeCloseTo(0.5, 12);
    expect(r.volatility).toBe(0);
    expect(r.riskScore).toBe(1);
  });

  it("no close yet: nothing but zero days", () => {
    const r = portfolioTrackRecord(100, [null, null], eth, 3000);
    expect(r).toEqual(NO_TRACK_RECORD);
    expect(recordDepth([null, 1])).toBe(-1);
  });

  it("the reply is in percent and passes the schema", () => {
    const closes = Array.from({ length: TRACK_RECORD_DAYS + 1 }, (_, k) => (k <= 8 ? 100 + (k % 2) * 10 : null));
    const reply = trackRecordReply(portfolioTrackRecord(100, closes, eth, 3000));
    expect(trackRecordSchema.parse(reply)).toEqual(reply);
    expect(reply.max_drawdown).toBeCloseTo((1 - 100 / 110) * 100, 9);
    expect(reply.return_inception).toBeCloseTo(0, 9);
    expect(trackRecordReply(NO_TRACK_RECORD).risk_score).toBeNull();
  });
});

describe("a manager's record", () => {
  const eth = Array.from({ length: TRACK_RECORD_DAYS + 1 }, () => 3000);
  const up = Array.from({ length: TRACK_RECORD_DAYS + 1 }, (_, k) => (k <= 20 ? 100 * 1.01 ** (20 - k) : null));
  const down = Array.from({ length: TRACK_RECORD_DAYS + 1 }, (_, k) => (k <= 10 ? 50 * 0.99 ** (10 - k) : null));

  it("weights are market caps over their total, equal when nobody holds anything", () => {
    expect(recordWeights([300, 100])).toEqual([0.75, 0.25]);
    expect(recordWeights([0, 0, Number.NaN])).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(recordWeights([-5, 10])).toEqual([0, 1]);
  });

  it("one portfolio: the manager's record is the portfolio's", () => {
    const p = portfolioTrackRecord(100, up, eth, 3000);
    const m = managerTrackRecord(
      [{ marketCap: 10, series: portfolioSeries(100, up), ethInception: p.eth.inception }],
      eth,
    );
    expect(m.days).toBe(p.days);
    expect(m.returns.d30).toBeNull();
    for (const key of ["d7", "inception"] as const)
      expect(m.returns[key] as number).toBeCloseTo(p.returns[key] as number, 10);
    expect(m.volatility ?? -1).toBeCloseTo(p.volatility ?? -2, 10);
    expect(m.maxDrawdown).toBeCloseTo(p.maxDrawdown ?? -1, 10);
    expect(m.riskScore).toBe(p.riskScore);
  });

  it("two portfolios: value-weighted daily returns, the younger joining on its first day", () => {
    const parts = [
      { weight: 0.75, series: portfolioSeries(100, up) },
      { weight: 0.25, series: portfolioSeries(50, down) },
    ];
    const c = compositeSeries(parts);
    expect(c.start).toBe(1);
    expect(c.inception).toBeCloseTo(0.75 * (1.01 ** 20 - 1) + 0.25 * (0.99 ** 10 - 1), 12);
    // before the younger exists the composite moves as the older alone
    expect((c.closes[15] as number) / (c.closes[16] as number)).toBeCloseTo(1.01, 12);
    // on its first day (from its start price) and after, the weighted mean of both
    expect((c.closes[10] as number) / (c.closes[11] as number)).toBeCloseTo(0.75 * 1.01 + 0.25 * 1, 12);
    expect((c.closes[5] as number) / (c.closes[6] as number)).toBeCloseTo(0.75 * 1.01 + 0.25 * 0.99, 12);
    expect(recordDepth(c.closes)).toBe(20);
    const m = managerTrackRecord(
      [
        { marketCap: 300, series: parts[0]?.series as never, ethInception: 0.1 },
        { marketCap: 100, series: parts[1]?.series as never, ethInception: -0.1 },
      ],
      eth,
    );
    expect(m.eth.inception).toBeCloseTo(0.75 * 0.1 - 0.25 * 0.1, 12);
    expect(m.returns.inception).toBeCloseTo(c.inception as number, 12);
  });

  it("a manager with no closes has the empty record", () => {
    expect(managerTrackRecord([], eth)).toEqual(NO_TRACK_RECORD);
  });

  it("orders of the managers list", () => {
    expect(MANAGER_ORDERS).toEqual(["market_cap", "return", "risk_adjusted", "risk"]);
  });
});

describe("properties (seeded fuzz)", () => {
  it("drawdown is in [0, 1] and the score an integer in 1..10, whatever the series", () => {
    const r = rng(1);
    for (let n = 0; n < 2000; n++) {
      const len = 1 + Math.floor(r() * 100);
      const values = Array.from({ length: len }, () => {
        const x = r();
        if (x < 0.03) return 0;
        if (x < 0.05) return Number.NaN;
        if (x < 0.07) return -r() * 10;
        if (x < 0.09) return Number.POSITIVE_INFINITY;
        return r() * 10 ** Math.floor(r() * 12 - 4);
      });
      const dd = maxDrawdown(values);
      expect(dd).toBeGreaterThanOrEqual(0);
      expect(dd).toBeLessThanOrEqual(1);
      const vol = annualisedVolatility(values);
      const s = riskScore(vol ?? r() * 100);
      expect(Number.isInteger(s)).toBe(true);
      expect(s).toBeGreaterThanOrEqual(1);
      expect(s).toBeLessThanOrEqual(10);
    }
  });

  it("a record's score, drawdown and reply stay in range over random walks", () => {
    const r = rng(2);
    const ethHourly = walk(r, 24 * 95, 0.04);
    const ethCloses = closesOf(ethHourly);
    for (let n = 0; n < 300; n++) {
      const hourly = walk(r, 24 * 95, r() * 0.3, (r() - 0.5) * 0.02);
      const age = 24 * (1 + Math.floor(r() * 100));
      const rec = portfolioTrackRecord(hourly[age] ?? 100, closesOf(hourly, TRACK_RECORD_DAYS, age), ethCloses, 3000);
      const reply = trackRecordSchema.parse(trackRecordReply(rec));
      if (reply.max_drawdown !== null) {
        expect(reply.max_drawdown).toBeGreaterThanOrEqual(0);
        expect(reply.max_drawdown).toBeLessThanOrEqual(100);
      }
      expect(reply.risk_score === null).toBe(age < 7 * 24);
    }
  });

  it("one block's spike (one mark, any size, anywhere) moves the score by at most one point", () => {
    const r = rng(3);
    const spikes = [0, 1e-9, 0.01, 0.5, 2, 100, 1e6, 1e12];
    let moved = 0;
    let runs = 0;
    for (let n = 0; n < 400; n++) {
      const dailyVol = [0.0005, 0.002, 0.01, 0.02, 0.04, 0.08, 0.15, 0.3][n % 8] as number;
      const hours = 24 * (TRACK_RECORD_DAYS + 2);
      const hourly = walk(r, hours, dailyVol, (r() - 0.5) * 0.02);
      const age = r() < 0.3 ? 24 * (7 + Math.floor(r() * 40)) + Math.floor(r() * 24) : Number.POSITIVE_INFINITY;
      const start = hourly[Math.min(age, hours - 1)] as number;
      const base = portfolioTrackRecord(start, closesOf(hourly, TRACK_RECORD_DAYS, age), [3000], 3000);
      for (let s = 0; s < 6; s++) {
        const at = Math.floor(r() * Math.min(age, 24 * TRACK_RECORD_DAYS + CLOSE_MARKS));
        const spiked = [...hourly];
        spiked[at] = (spiked[at] as number) * (spikes[Math.floor(r() * spikes.length)] as number);
        const rec = portfolioTrackRecord(start, closesOf(spiked, TRACK_RECORD_DAYS, age), [3000], 3000);
        runs++;
        if (base.riskScore === null) {
          expect(rec.riskScore).toBeNull();
          continue;
        }
        const d = Math.abs((rec.riskScore as number) - base.riskScore);
        expect(d, `vol ${dailyVol}, mark ${at} of age ${age}`).toBeLessThanOrEqual(1);
        if (d > 0) moved++;
      }
    }
    // the median absorbs almost every spike (1 in 2,400 moves here): a move of one is a volatility on a band's edge
    expect(moved / runs).toBeLessThan(0.01);
  });

  it("a spike on a flat set changes nothing at all", () => {
    const hourly = Array.from({ length: 24 * 95 }, () => 100);
    const base = portfolioTrackRecord(100, closesOf(hourly), [3000], 3000);
    for (const at of [0, 1, 4, 5, 23, 24, 500, 24 * 90 + 4]) {
      const spiked = [...hourly];
      spiked[at] = 1e9;
      const rec = portfolioTrackRecord(100, closesOf(spiked), [3000], 3000);
      expect(rec).toEqual(base);
    }
  });

  it("a composite's drawdown and score stay in range over random books", () => {
    const r = rng(4);
    for (let n = 0; n < 200; n++) {
      const parts = Array.from({ length: 1 + Math.floor(r() * 6) }, () => {
        const hourly = walk(r, 24 * 95, r() * 0.2);
        const age = 24 * Math.floor(r() * 120);
        return {
          marketCap: r() < 0.3 ? 0 : r() * 1e6,
          series: portfolioSeries(hourly[Math.min(age, hourly.length - 1)] as number, closesOf(hourly, 90, age)),
          ethInception: r() - 0.5,
        };
      });
      const m = managerTrackRecord(parts, closesOf(walk(r, 24 * 95, 0.04)));
      const reply = trackRecordSchema.parse(trackRecordReply(m));
      if (reply.max_drawdown !== null) expect(reply.max_drawdown).toBeLessThanOrEqual(100);
      expect(reply.days).toBeLessThanOrEqual(90);
    }
  });
});
