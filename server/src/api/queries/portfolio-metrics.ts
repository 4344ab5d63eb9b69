/**
 * portfolio_metrics, the table the portfolio lists order and page by: every portfolio's value per
 * set (component units times indexed USD prices), market cap, APY, 24 h and 7 day change, risk,
 * trades and holders. A refresh values every portfolio from the in-memory unit histories
 * (portfolio-units.ts) and the counters the indexer keeps (portfolio_stats), and writes only the
 * rows that moved since it last wrote them.
 */
import { apy, cumulativeApy, percentChange, volatility } from "@sofi/core";
import { CANDLE_SECONDS } from "../../db/candles.ts";
import type { Queryable } from "../../db/client.ts";
import type { Market } from "./market.ts";
import { type PortfolioUnits, UnitHistory } from "./portfolio-units.ts";

const DAY = 86_400;
/** Daily points the risk measure uses. */
export const RISK_DAYS = 30;
/**
 * A stored value is rewritten once it is off by more than this share (APY drifts with the age of a
 * portfolio every second; the lists show two decimals of a percent).
 */
export const METRICS_TOLERANCE = 1e-5;
/** Portfolios valued between two yields to the event loop. */
const YIELD_EVERY = 500;

export type Metrics = {
  valuePerSet: number;
  totalValue: number;
  apy: number;
  cumulativeApy: number;
  change24h: number;
  change7d: number;
  volatility: number;
  tradesCount: number;
  holdersCount: number;
};
const FIELDS = [
  "valuePerSet",
  "totalValue",
  "apy",
  "cumulativeApy",
  "change24h",
  "change7d",
  "volatility",
  "tradesCount",
  "holdersCount",
] as const satisfies readonly (keyof Metrics)[];

const close = (a: number, b: number) =>
  a === b || Math.abs(a - b) <= METRICS_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
const sameMetrics = (a: Metrics, b: Metrics) =>
  a.tradesCount === b.tradesCount && a.holdersCount === b.holdersCount && FIELDS.every((f) => close(a[f], b[f]));

/** USD value of one whole set with `units` at `prices` (unknown tokens count 0). */
export function setValue(
  market: Market,
  units: Iterable<readonly [string, bigint]>,
  prices: Map<string, number>,
): number {
  let v = 0;
  for (const [c, u] of units) {
    const t = market.tokenByAddress(c);
    if (t) v += (Number(u) / 10 ** t.decimals) * (prices.get(t.address) ?? 0);
  }
  return v;
}

export class MetricsRefresher {
  /** What the table holds, as this process last wrote or read it (null: not read yet). */
  private stored: Map<string, Metrics> | null = null;
  /** The indexer checkpoints, unit version and candle bucket the last refresh saw. */
  private fingerprint: string | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly chainId: number,
    private readonly market: Market,
    private readonly units: PortfolioUnits,
    private readonly now: () => number,
  ) {}

  /**
   * Values every portfolio and writes the rows that moved; returns how many it wrote. Skipped when
   * no indexer checkpoint of the chain moved and the clock stayed in the same candle bucket since
   * the last refresh: prices, units and counters only change with the indexer's commits, and the
   * past days' prices only with the bucket (APY's drift with age within 5 minutes is far below what
   * the lists show).
   */
  async refresh(): Promise<number> {
    const now = this.now();
    await this.units.update();
    const [cp] = await this.db.query<{ f: string | null }>(
      `SELECT string_agg(indexer || ':' || block_number || ':' || block_hash, ',' ORDER BY indexer) AS f
       FROM indexer_checkpoints WHERE chain_id = $1`,
      [this.chainId],
    );
    // without checkpoints (rows written by tests or tools) nothing tells a change: always recompute
    const fingerprint = cp?.f ? `${cp.f}|${this.units.version}|${Math.floor(now / CANDLE_SECONDS)}` : null;
    if (fingerprint !== null && fingerprint === this.fingerprint) return 0;
    const stored = this.stored ?? (await this.readStored());
    const portfolios = this.units.all();
    if (portfolios.size === 0) return 0;
    const stats = new Map(
      (
        await this.db.query<{ portfolio: string; trades: number; holders: number; supply: string }>(
          `SELECT portfolio, trades_count AS trades, holders_count AS holders, supply::text AS supply
           FROM portfolio_stats WHERE chain_id = $1`,
          [this.chainId],
        )
      ).map((r) => [r.portfolio, r]),
    );
    // prices now and at each of the last RISK_DAYS days (index k: k days ago)
    const times = Array.from({ length: RISK_DAYS + 1 }, (_, k) => now - k * DAY);
    const prices = await this.market.usdPricesAtTimes(times);
    const changed: [string, Metrics][] = [];
    let n = 0;
    for (const p of portfolios.values()) {
      // let requests in between: valuing 10,000 portfolios is CPU work in this process
      if (++n % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
      const h = this.units.history(p.address) ?? new UnitHistory();
      const valueAt = (k: number) =>
        setValue(this.market, h.unitsFrom(times[k] as number), prices[k] as Map<string, number>);
      const v0 = valueAt(0);
      // Before its creation a portfolio was worth its start price (the value its units were derived at).
      const past = (k: number) => ((times[k] as number) < p.timestamp ? p.startPrice : valueAt(k));
      const daily: number[] = [];
      for (let k = RISK_DAYS; k >= 0; k--) if ((times[k] as number) >= p.timestamp) daily.push(valueAt(k));
      const s = stats.get(p.address);
      const m: Metrics = {
        valuePerSet: v0,
        totalValue: s ? (v0 * Number(BigInt(s.supply))) / 1e18 : 0,
        apy: apy(v0, p.startPrice, now - p.timestamp),
        cumulativeApy: cumulativeApy(v0, p.startPrice),
        change24h: percentChange(v0, past(1)),
        change7d: percentChange(v0, past(7)),
        volatility: volatility([p.startPrice, ...daily]),
        tradesCount: Number(s?.trades ?? 0),
        holdersCount: Number(s?.holders ?? 0),
      };
      const before = stored.get(p.address);
      if (!before || !sameMetrics(before, m)) changed.push([p.address, m]);
    }
    if (changed.length > 0) await this.write(changed, now);
    for (const [a, m] of changed) stored.set(a, m);
    this.fingerprint = fingerprint;
    return changed.length;
  }

  private async readStored(): Promise<Map<string, Metrics>> {
    const rows = await this.db.query<{
      address: string;
      v: number;
      tv: number;
      ap: number;
      ca: number;
      c1: number;
      c7: number;
      vo: number;
      tc: number;
      hc: number;
    }>(
      `SELECT address, value_per_set AS v, total_value AS tv, apy AS ap, cumulative_apy AS ca, change_24h AS c1,
         change_7d AS c7, volatility AS vo, trades_count AS tc, holders_count AS hc
       FROM portfolio_metrics WHERE chain_id = $1`,
      [this.chainId],
    );
    this.stored = new Map(
      rows.map((r) => [
        r.address,
        {
          valuePerSet: Number(r.v),
          totalValue: Number(r.tv),
          apy: Number(r.ap),
          cumulativeApy: Number(r.ca),
          change24h: Number(r.c1),
          change7d: Number(r.c7),
          volatility: Number(r.vo),
          tradesCount: Number(r.tc),
          holdersCount: Number(r.hc),
        },
      ]),
    );
    return this.stored;
  }

  private async write(rows: [string, Metrics][], now: number): Promise<void> {
    const col = (f: (m: Metrics) => number) => `{${rows.map(([, m]) => f(m)).join(",")}}`;
    await this.db.query(
      `INSERT INTO portfolio_metrics (chain_id, address, value_per_set, total_value, apy, cumulative_apy, change_24h,
         change_7d, volatility, trades_count, holders_count, computed_at)
       SELECT $1, a, v, tv, ap, ca, c1, c7, vo, tc, hc, $12
       FROM unnest($2::text[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[],
         $9::float8[], $10::int4[], $11::int4[]) AS x(a, v, tv, ap, ca, c1, c7, vo, tc, hc)
       ON CONFLICT (chain_id, address) DO UPDATE SET value_per_set = EXCLUDED.value_per_set,
         total_value = EXCLUDED.total_value, apy = EXCLUDED.apy, cumulative_apy = EXCLUDED.cumulative_apy,
         change_24h = EXCLUDED.change_24h, change_7d = EXCLUDED.change_7d, volatility = EXCLUDED.volatility,
         trades_count = EXCLUDED.trades_count, holders_count = EXCLUDED.holders_count, computed_at = EXCLUDED.computed_at`,
      [
        this.chainId,
        `{${rows.map(([a]) => a).join(",")}}`,
        col((m) => m.valuePerSet),
        col((m) => m.totalValue),
        col((m) => m.apy),
        col((m) => m.cumulativeApy),
        col((m) => m.change24h),
        col((m) => m.change7d),
        col((m) => m.volatility),
        col((m) => m.tradesCount),
        col((m) => m.holdersCount),
        now,
      ],
    );
  }
}
