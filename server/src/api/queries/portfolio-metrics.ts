/**
 * portfolio_metrics, the table the portfolio lists order and page by: every portfolio's value per
 * set (component units times indexed USD prices), market cap, APY, 24 h and 7 day change, trades,
 * holders and its track record (issue 21 §3: returns, drawdown, volatility, risk score); and
 * manager_records, each manager's track record. A refresh values every portfolio from the in-memory
 * unit histories (portfolio-units.ts) and the counters the indexer keeps (portfolio_stats), computes
 * the records (portfolio-records.ts), and writes only the rows that moved since it last wrote them.
 */
import {
  apy,
  cumulativeApy,
  NO_TRACK_RECORD,
  percentChange,
  type TrackRecord,
  type TrackRecordReply,
  trackRecordReply,
} from "@sofi/core";
import { CANDLE_SECONDS } from "../../db/candles.ts";
import type { Queryable } from "../../db/client.ts";
import type { Prices } from "./market.ts";
import { TrackRecords } from "./portfolio-records.ts";
import { type PortfolioUnits, UnitHistory } from "./portfolio-units.ts";

const DAY = 86_400;
/** The days ago the changes compare with (24 h and 7 days). */
const CHANGE_DAYS = [0, 1, 7] as const;
/**
 * A stored value is rewritten once it is off by more than this share (APY drifts with the age of a
 * portfolio every second; the lists show two decimals of a percent).
 */
export const METRICS_TOLERANCE = 1e-5;
/** Portfolios valued between two yields to the event loop. */
const YIELD_EVERY = 500;

/** A track record as stored (trackRecordReply's fields: percents, null without enough history). */
export type RecordRow = TrackRecordReply;
/** The stored record's columns, in the order of RECORD_FIELDS. */
const RECORD_FIELDS = [
  ["days", "record_days", "int4"],
  ["return_7d", "return_7d", "float8"],
  ["return_30d", "return_30d", "float8"],
  ["return_90d", "return_90d", "float8"],
  ["return_inception", "return_inception", "float8"],
  ["eth_return_7d", "eth_return_7d", "float8"],
  ["eth_return_30d", "eth_return_30d", "float8"],
  ["eth_return_90d", "eth_return_90d", "float8"],
  ["eth_return_inception", "eth_return_inception", "float8"],
  ["max_drawdown", "max_drawdown", "float8"],
  ["risk_score", "risk_score", "int4"],
  ["risk_adjusted", "risk_adjusted", "float8"],
] as const satisfies readonly (readonly [keyof RecordRow, string, string])[];

export type Metrics = {
  valuePerSet: number;
  totalValue: number;
  apy: number;
  cumulativeApy: number;
  change24h: number;
  change7d: number;
  tradesCount: number;
  holdersCount: number;
  record: RecordRow;
};
const FIELDS = [
  "valuePerSet",
  "totalValue",
  "apy",
  "cumulativeApy",
  "change24h",
  "change7d",
  "tradesCount",
  "holdersCount",
] as const satisfies readonly (keyof Metrics)[];

const close = (a: number, b: number) =>
  a === b || Math.abs(a - b) <= METRICS_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
const closeOrNull = (a: number | null, b: number | null) => (a === null || b === null ? a === b : close(a, b));
const sameRecord = (a: RecordRow, b: RecordRow) =>
  closeOrNull(a.volatility, b.volatility) && RECORD_FIELDS.every(([f]) => closeOrNull(a[f], b[f]));
const sameMetrics = (a: Metrics, b: Metrics) =>
  a.tradesCount === b.tradesCount &&
  a.holdersCount === b.holdersCount &&
  FIELDS.every((f) => close(a[f], b[f])) &&
  sameRecord(a.record, b.record);

/** A record from a stored row's columns (the RECORD_FIELDS columns and `volatility`). */
export function recordFromRow(r: Record<string, unknown>): RecordRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const out: Record<string, number | null> = {};
  for (const [f, c] of RECORD_FIELDS) out[f] = num(r[c]);
  // a record has a volatility exactly when it has a score (portfolio_metrics stores 0 without one)
  out.volatility = out.risk_score === null ? null : num(r.volatility);
  out.days = Number(out.days ?? 0);
  return out as RecordRow;
}

/** The SQL list of a record's columns, each `prefix.column AS alias_column` (for recordFromRow). */
export const recordColumns = (prefix: string) => RECORD_FIELDS.map(([, c]) => `${prefix}.${c} AS ${c}`).join(", ");

/** USD value of one whole set with `units` at `prices` (unknown tokens count 0). */
export function setValue(
  tokens: Prices,
  units: Iterable<readonly [string, bigint]>,
  prices: Map<string, number>,
): number {
  let v = 0;
  for (const [c, u] of units) {
    const t = tokens.tokenByAddress(c);
    if (t) v += (Number(u) / 10 ** t.decimals) * (prices.get(t.address) ?? 0);
  }
  return v;
}

export class MetricsRefresher {
  /** What the table holds, as this process last wrote or read it (null: not read yet). */
  private stored: Map<string, Metrics> | null = null;
  /** What manager_records holds, the same way. */
  private storedManagers: Map<string, RecordRow> | null = null;
  /** The indexer checkpoints, unit version and candle bucket the last refresh saw. */
  private fingerprint: string | null = null;
  private readonly records: TrackRecords;
  /** Manager rows the last refresh wrote. */
  managersWritten = 0;

  constructor(
    private readonly db: Queryable,
    private readonly chainId: number,
    private readonly prices: Prices,
    private readonly units: PortfolioUnits,
    private readonly now: () => number,
  ) {
    this.records = new TrackRecords(db, chainId, prices, units);
  }

  /**
   * A portfolio's metrics as the table holds them (this process's last refresh; undefined before a
   * refresh valued it): what a detail shows without reading the row again.
   */
  metricsOf(address: string): Metrics | undefined {
    return this.stored?.get(address);
  }

  /** A manager's track record as manager_records holds it, the same way (undefined: no row yet). */
  managerRecordOf(manager: string): RecordRow | undefined {
    return this.storedManagers?.get(manager);
  }

  /**
   * Values every portfolio and writes the rows that moved; returns how many it wrote. Skipped when
   * no indexer checkpoint of the chain moved and the clock stayed in the same candle bucket since
   * the last refresh: prices, units and counters only change with the indexer's commits, and the
   * past days' prices only with the bucket (APY's drift with age within 5 minutes is far below what
   * the lists show).
   */
  async refresh(): Promise<number> {
    this.managersWritten = 0;
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
    const storedManagers = this.storedManagers ?? (await this.readStoredManagers());
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
    // prices now, a day and a week ago
    const times = CHANGE_DAYS.map((k) => now - k * DAY);
    const prices = await this.prices.usdPricesAtTimes(times);
    const base = new Map<string, Omit<Metrics, "record">>();
    let n = 0;
    for (const p of portfolios.values()) {
      // let requests in between: valuing 10,000 portfolios is CPU work in this process
      if (++n % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
      const h = this.units.history(p.address) ?? new UnitHistory();
      const valueAt = (k: number) =>
        setValue(this.prices, h.unitsFrom(times[k] as number), prices[k] as Map<string, number>);
      const v0 = valueAt(0);
      // Before its creation a portfolio was worth its start price (the value its units were derived at).
      const past = (k: number) => ((times[k] as number) < p.timestamp ? p.startPrice : valueAt(k));
      const s = stats.get(p.address);
      base.set(p.address, {
        valuePerSet: v0,
        totalValue: s ? (v0 * Number(BigInt(s.supply))) / 1e18 : 0,
        apy: apy(v0, p.startPrice, now - p.timestamp),
        cumulativeApy: cumulativeApy(v0, p.startPrice),
        change24h: percentChange(v0, past(1)),
        change7d: percentChange(v0, past(2)),
        tradesCount: Number(s?.trades ?? 0),
        holdersCount: Number(s?.holders ?? 0),
      });
    }
    // track records (issue 21 §3), a manager's weighted by their portfolios' market caps
    const caps = new Map([...base].map(([a, m]) => [a, m.totalValue]));
    const records = await this.records.compute(now, portfolios, caps);
    const changed: [string, Metrics][] = [];
    for (const [a, b] of base) {
      const m: Metrics = { ...b, record: toRow(records.portfolios.get(a)) };
      const before = stored.get(a);
      if (!before || !sameMetrics(before, m)) changed.push([a, m]);
    }
    const managers: [string, RecordRow][] = [];
    for (const [a, r] of records.managers) {
      const row = toRow(r);
      const before = storedManagers.get(a);
      if (!before || !sameRecord(before, row)) managers.push([a, row]);
    }
    if (changed.length > 0) await this.write(changed, now);
    if (managers.length > 0) await this.writeManagers(managers, now);
    for (const [a, m] of changed) stored.set(a, m);
    for (const [a, r] of managers) storedManagers.set(a, r);
    this.managersWritten = managers.length;
    this.fingerprint = fingerprint;
    return changed.length;
  }

  private async readStored(): Promise<Map<string, Metrics>> {
    const rows = await this.db.query<Record<string, unknown> & { address: string }>(
      `SELECT m.address, m.value_per_set AS v, m.total_value AS tv, m.apy AS ap, m.cumulative_apy AS ca,
         m.change_24h AS c1, m.change_7d AS c7, m.volatility, m.trades_count AS tc, m.holders_count AS hc,
         ${recordColumns("m")}
       FROM portfolio_metrics m WHERE m.chain_id = $1`,
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
          tradesCount: Number(r.tc),
          holdersCount: Number(r.hc),
          record: recordFromRow(r),
        },
      ]),
    );
    return this.stored;
  }

  private async readStoredManagers(): Promise<Map<string, RecordRow>> {
    const rows = await this.db.query<Record<string, unknown> & { manager: string }>(
      `SELECT r.manager, r.volatility, ${recordColumns("r")} FROM manager_records r WHERE r.chain_id = $1`,
      [this.chainId],
    );
    this.storedManagers = new Map(rows.map((r) => [r.manager, recordFromRow(r)]));
    return this.storedManagers;
  }

  private async write(rows: [string, Metrics][], now: number): Promise<void> {
    const col = (f: (m: Metrics) => number) => `{${rows.map(([, m]) => f(m)).join(",")}}`;
    const rec = recordArrays(rows.map(([, m]) => m.record));
    const n = 12;
    await this.db.query(
      `INSERT INTO portfolio_metrics (chain_id, address, value_per_set, total_value, apy, cumulative_apy, change_24h,
         change_7d, volatility, trades_count, holders_count, computed_at, ${RECORD_FIELDS.map(([, c]) => c).join(", ")})
       SELECT $1, a, v, tv, ap, ca, c1, c7, vo, tc, hc, $12, ${RECORD_FIELDS.map((_, i) => `r${i}`).join(", ")}
       FROM unnest($2::text[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[],
         $9::float8[], $10::int4[], $11::int4[], ${RECORD_FIELDS.map(([, , t], i) => `$${n + 1 + i}::${t}[]`).join(", ")})
         AS x(a, v, tv, ap, ca, c1, c7, vo, tc, hc, ${RECORD_FIELDS.map((_, i) => `r${i}`).join(", ")})
       ON CONFLICT (chain_id, address) DO UPDATE SET value_per_set = EXCLUDED.value_per_set,
         total_value = EXCLUDED.total_value, apy = EXCLUDED.apy, cumulative_apy = EXCLUDED.cumulative_apy,
         change_24h = EXCLUDED.change_24h, change_7d = EXCLUDED.change_7d, volatility = EXCLUDED.volatility,
         trades_count = EXCLUDED.trades_count, holders_count = EXCLUDED.holders_count, computed_at = EXCLUDED.computed_at,
         ${RECORD_FIELDS.map(([, c]) => `${c} = EXCLUDED.${c}`).join(", ")}`,
      [
        this.chainId,
        `{${rows.map(([a]) => a).join(",")}}`,
        col((m) => m.valuePerSet),
        col((m) => m.totalValue),
        col((m) => m.apy),
        col((m) => m.cumulativeApy),
        col((m) => m.change24h),
        col((m) => m.change7d),
        col((m) => m.record.volatility ?? 0),
        col((m) => m.tradesCount),
        col((m) => m.holdersCount),
        now,
        ...rec,
      ],
    );
  }

  private async writeManagers(rows: [string, RecordRow][], now: number): Promise<void> {
    const rec = recordArrays(rows.map(([, r]) => r));
    await this.db.query(
      `INSERT INTO manager_records (chain_id, manager, volatility, computed_at, ${RECORD_FIELDS.map(([, c]) => c).join(", ")})
       SELECT $1, a, vo, $4, ${RECORD_FIELDS.map((_, i) => `r${i}`).join(", ")}
       FROM unnest($2::text[], $3::float8[], ${RECORD_FIELDS.map(([, , t], i) => `$${5 + i}::${t}[]`).join(", ")})
         AS x(a, vo, ${RECORD_FIELDS.map((_, i) => `r${i}`).join(", ")})
       ON CONFLICT (chain_id, manager) DO UPDATE SET volatility = EXCLUDED.volatility, computed_at = EXCLUDED.computed_at,
         ${RECORD_FIELDS.map(([, c]) => `${c} = EXCLUDED.${c}`).join(", ")}`,
      [
        this.chainId,
        `{${rows.map(([a]) => a).join(",")}}`,
        `{${rows.map(([, r]) => r.volatility ?? "NULL").join(",")}}`,
        now,
        ...rec,
      ],
    );
  }
}

const toRow = (r: TrackRecord | undefined): RecordRow => trackRecordReply(r ?? NO_TRACK_RECORD);

/** Postgres array literals of each record column (NULL where a figure is null). */
function recordArrays(records: readonly RecordRow[]): string[] {
  return RECORD_FIELDS.map(([f]) => `{${records.map((r) => r[f] ?? "NULL").join(",")}}`);
}
