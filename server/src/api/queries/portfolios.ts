/**
 * Portfolio reads (issue 10): lists ordered and paged in SQL over portfolio_metrics, details,
 * value history, a holder's asset history and transactions. Valuation: a set's USD value is its
 * component units (from the position log, scaled by the position multiplier) times the tokens'
 * indexed USD prices (Market, from pair reserves); the metrics table is refreshed from it for every
 * portfolio of the chain when it is older than METRICS_TTL_MS or this process's indexer committed.
 */
import {
  apy,
  cumulativeApy,
  PORTFOLIO_HISTORY_RANGES,
  type PortfolioHistoryType,
  type PortfolioOrder,
  percentChange,
  volatility,
} from "@sofi/core";
import { CANDLE_SECONDS } from "../../db/candles.ts";
import type { Db } from "../../db/client.ts";
import type { CommitSignal } from "../commit-signal.ts";
import type { Market } from "./market.ts";

/** How long metrics stay valid without a commit of this process's indexer (prices move with Syncs). */
export const METRICS_TTL_MS = 2_000;
/** A TTL refresh waits at least this many times the last refresh's duration (see freshMetrics). */
export const REFRESH_COST_FACTOR = 10;
/** How long chart prices of closed candle buckets are kept without a commit (the indexer elsewhere). */
export const PRICE_CACHE_MS = 60_000;
const DAY = 86_400;
const E18 = 10n ** 18n;
/** Daily points the risk measure uses. */
export const RISK_DAYS = 30;

export type PortfolioRow = {
  address: string;
  manager: string;
  name: string;
  symbol: string;
  timestamp: number;
  startPrice: number;
};

type Position = { component: string; ts: number; block: number; log: number; kind: string; unit: bigint | null };
type Multiplier = { ts: number; block: number; log: number; multiplier: bigint };

/** One portfolio's unit history: units of every component at a time (base units per 1e18 set). */
export class UnitHistory {
  constructor(
    private readonly positions: Position[],
    private readonly multipliers: Multiplier[],
  ) {}

  /** Units at `at` (every row at or before it), real units scaled by later multiplier edits. */
  unitsAt(at: number): Map<string, bigint> {
    const last = new Map<string, Position>();
    for (const p of this.positions) if (p.ts <= at) last.set(p.component, p);
    const multAt = (ts: number, block: number, log: number) => {
      let m = E18;
      for (const x of this.multipliers)
        if (x.ts <= ts && (x.block < block || (x.block === block && x.log <= log))) m = x.multiplier;
      return m;
    };
    const now = this.multipliers.filter((x) => x.ts <= at).at(-1)?.multiplier ?? E18;
    const units = new Map<string, bigint>();
    for (const [c, p] of last) {
      if (p.kind === "removed" || p.unit === null || p.unit <= 0n) continue;
      const then = multAt(p.ts, p.block, p.log);
      units.set(c, then > 0n ? (p.unit * now) / then : p.unit);
    }
    return units;
  }
}

export type Metrics = {
  valuePerSet: number;
  totalValue: number;
  apy: number;
  cumulativeApy: number;
  change24h: number;
  change7d: number;
  volatility: number;
};

const listOrder: Record<PortfolioOrder, string> = {
  favorited: "f.created_at DESC",
  best: "COALESCE(m.apy, 0) DESC",
  rated: "(SELECT count(*) FROM favorites r WHERE r.chain_id = p.chain_id AND r.portfolio = p.address) DESC",
  viewed: "COALESCE(i.views, 0) DESC",
  traded: "COALESCE(m.trades_count, 0) DESC",
  risk: "COALESCE(m.volatility, 0) DESC",
  new: "p.timestamp DESC",
};

export type ListFilter = {
  me?: string;
  search?: string;
  /** A token whose symbol is the search text: portfolios holding it match too (the home's token chips). */
  searchToken?: string;
  orderby?: PortfolioOrder;
  manager?: string;
  buyer?: string;
  limit: number;
  offset: number;
};

export type ListRow = PortfolioRow & {
  favorite: boolean;
  iconVersion: number | null;
  valuePerSet: number;
  totalValue: number;
  apy: number;
  cumulativeApy: number;
  change24h: number;
  change7d: number;
  holdersCount: number;
  total: number;
};

const LIST_COLUMNS = `p.address, p.manager, p.name, p.symbol, p.timestamp::int8 AS timestamp,
  p.start_price::text AS start_price, (me.address IS NOT NULL) AS favorite,
  CASE WHEN i.icon IS NULL THEN NULL ELSE i.icon_version END AS icon_version,
  COALESCE(m.value_per_set, 0) AS value_per_set, COALESCE(m.total_value, 0) AS total_value,
  COALESCE(m.apy, 0) AS apy, COALESCE(m.cumulative_apy, 0) AS cumulative_apy,
  COALESCE(m.change_24h, 0) AS change_24h, COALESCE(m.change_7d, 0) AS change_7d,
  COALESCE(m.holders_count, 0) AS holders_count`;

type RawList = {
  address: string;
  manager: string;
  name: string;
  symbol: string;
  timestamp: string | number;
  start_price: string;
  favorite: boolean;
  icon_version: number | null;
  value_per_set: number;
  total_value: number;
  apy: number;
  cumulative_apy: number;
  change_24h: number;
  change_7d: number;
  holders_count: number;
  total?: string | number;
};

const toRow = (r: RawList): ListRow => ({
  address: r.address,
  manager: r.manager,
  name: r.name,
  symbol: r.symbol,
  timestamp: Number(r.timestamp),
  startPrice: Number(BigInt(r.start_price)) / 1e18,
  favorite: Boolean(r.favorite),
  iconVersion: r.icon_version === null ? null : Number(r.icon_version),
  valuePerSet: Number(r.value_per_set),
  totalValue: Number(r.total_value),
  apy: Number(r.apy),
  cumulativeApy: Number(r.cumulative_apy),
  change24h: Number(r.change_24h),
  change7d: Number(r.change_7d),
  holdersCount: Number(r.holders_count),
  total: Number(r.total ?? 0),
});

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class PortfolioReader {
  private refreshed: { at: number; generation: number; costMs: number } | null = null;
  private inflight: Promise<void> | null = null;
  private priceCache: { generation: number; at: number; byTime: Map<number, Map<string, number>> } = {
    generation: -1,
    at: 0,
    byTime: new Map(),
  };

  constructor(
    private readonly db: Db,
    private readonly chainId: number,
    private readonly market: Market,
    /** PortfolioTradingModule's address (lower case): its ModuleAdded on a set is state 1. */
    private readonly tradingModule: string | undefined,
    private readonly commits: CommitSignal | undefined,
    private readonly ttlMs = METRICS_TTL_MS,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
    /** Milliseconds for the metrics TTL (tests pass their own clock). */
    private readonly clockMs: () => number = Date.now,
  ) {}

  // ------------------------------------------------------------------ valuation

  private async unitHistories(addresses?: readonly string[]): Promise<Map<string, UnitHistory>> {
    const filter = addresses ? "AND portfolio = ANY($2::text[])" : "";
    const params: unknown[] = addresses ? [this.chainId, `{${addresses.join(",")}}`] : [this.chainId];
    const pos = await this.db.query<{
      portfolio: string;
      component: string;
      ts: string;
      block: string;
      log: number;
      kind: string;
      unit: string | null;
    }>(
      `SELECT portfolio, component, timestamp AS ts, block_number AS block, log_index AS log, kind, unit::text AS unit
       FROM portfolio_positions WHERE chain_id = $1 ${filter} ORDER BY block_number, log_index`,
      params,
    );
    const mul = await this.db.query<{ portfolio: string; ts: string; block: string; log: number; multiplier: string }>(
      `SELECT portfolio, timestamp AS ts, block_number AS block, log_index AS log, multiplier::text AS multiplier
       FROM portfolio_multipliers WHERE chain_id = $1 ${filter} ORDER BY block_number, log_index`,
      params,
    );
    const byP = new Map<string, { positions: Position[]; multipliers: Multiplier[] }>();
    const get = (p: string) => {
      let e = byP.get(p);
      if (!e) {
        e = { positions: [], multipliers: [] };
        byP.set(p, e);
      }
      return e;
    };
    for (const r of pos)
      get(r.portfolio).positions.push({
        component: r.component,
        ts: Number(r.ts),
        block: Number(r.block),
        log: Number(r.log),
        kind: r.kind,
        unit: r.unit === null ? null : BigInt(r.unit),
      });
    for (const r of mul)
      get(r.portfolio).multipliers.push({
        ts: Number(r.ts),
        block: Number(r.block),
        log: Number(r.log),
        multiplier: BigInt(r.multiplier),
      });
    return new Map([...byP].map(([k, v]) => [k, new UnitHistory(v.positions, v.multipliers)]));
  }

  /** USD value of one whole set with `units` at `prices` (unknown tokens count 0). */
  valueOf(units: Map<string, bigint>, prices: Map<string, number>): number {
    let v = 0;
    for (const [c, u] of units) {
      const t = this.market.tokenByAddress(c);
      if (t) v += (Number(u) / 10 ** t.decimals) * (prices.get(t.address) ?? 0);
    }
    return v;
  }

  /** Recomputes portfolio_metrics for every portfolio of the chain. */
  async refreshMetrics(): Promise<void> {
    const now = this.now();
    const ps = await this.db.query<{ address: string; timestamp: string; start_price: string }>(
      "SELECT address, timestamp, start_price::text AS start_price FROM portfolios WHERE chain_id = $1",
      [this.chainId],
    );
    const supply = new Map(
      (
        await this.db.query<{ portfolio: string; supply: string; holders: string }>(
          `SELECT portfolio, sum(balance)::text AS supply, count(*) FILTER (WHERE balance > 0) AS holders
           FROM portfolio_holders WHERE chain_id = $1 GROUP BY portfolio`,
          [this.chainId],
        )
      ).map((r) => [r.portfolio, { supply: BigInt(r.supply), holders: Number(r.holders) }]),
    );
    const trades = new Map(
      (
        await this.db.query<{ portfolio: string; n: string }>(
          `SELECT portfolio, count(*) AS n FROM portfolio_trades WHERE chain_id = $1 AND kind IN ('buy', 'sell') GROUP BY portfolio`,
          [this.chainId],
        )
      ).map((r) => [r.portfolio, Number(r.n)]),
    );
    // prices now and at each of the last RISK_DAYS days (index k: k days ago)
    const times = Array.from({ length: RISK_DAYS + 1 }, (_, k) => now - k * DAY);
    const prices = ps.length > 0 ? await this.market.usdPricesAtTimes(times) : [];
    const histories = ps.length > 0 ? await this.unitHistories() : new Map<string, UnitHistory>();
    const rows: (string | number)[][] = [];
    for (const p of ps) {
      const created = Number(p.timestamp);
      const start = Number(BigInt(p.start_price)) / 1e18;
      const h = histories.get(p.address) ?? new UnitHistory([], []);
      const valueAt = (k: number) => this.valueOf(h.unitsAt(times[k] as number), prices[k] as Map<string, number>);
      const v0 = valueAt(0);
      // Before its creation a portfolio was worth its start price (the value its units were derived at).
      const past = (k: number) => ((times[k] as number) < created ? start : valueAt(k));
      const daily: number[] = [];
      for (let k = RISK_DAYS; k >= 0; k--) if ((times[k] as number) >= created) daily.push(valueAt(k));
      const s = supply.get(p.address);
      const m: Metrics = {
        valuePerSet: v0,
        totalValue: s ? (v0 * Number(s.supply)) / 1e18 : 0,
        apy: apy(v0, start, now - created),
        cumulativeApy: cumulativeApy(v0, start),
        change24h: percentChange(v0, past(1)),
        change7d: percentChange(v0, past(7)),
        volatility: volatility([start, ...daily]),
      };
      rows.push([
        p.address,
        m.valuePerSet,
        m.totalValue,
        m.apy,
        m.cumulativeApy,
        m.change24h,
        m.change7d,
        m.volatility,
        trades.get(p.address) ?? 0,
        s?.holders ?? 0,
      ]);
    }
    if (rows.length === 0) return;
    const col = (i: number) => `{${rows.map((r) => r[i]).join(",")}}`;
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
      [this.chainId, ...Array.from({ length: 10 }, (_, i) => col(i)), now],
    );
  }

  /**
   * Metrics no older than the last commit of this process's indexer (a read after a commit waits
   * for them) and than the TTL (once only the TTL has passed, the previous metrics are served while
   * new ones are computed: prices drift, nothing was indexed). Concurrent callers share one refresh.
   */
  async freshMetrics(): Promise<void> {
    const generation = this.commits?.generation ?? 0;
    const r = this.refreshed;
    // A refresh that took long (thousands of portfolios) waits REFRESH_COST_FACTOR times its own
    // duration before the TTL lets the next one start, so TTL refreshes take at most ~1/10 of the
    // database (PGlite runs one query at a time: every endpoint would queue behind them).
    const ttl = Math.max(this.ttlMs, (r?.costMs ?? 0) * REFRESH_COST_FACTOR);
    if (r && r.generation === generation && this.clockMs() - r.at < ttl) return;
    if (!this.inflight) {
      const at = this.clockMs();
      this.inflight = this.refreshMetrics()
        .then(() => {
          this.refreshed = { at, generation, costMs: this.clockMs() - at };
        })
        .finally(() => {
          this.inflight = null;
        });
    }
    if (r && r.generation === generation) {
      this.inflight.catch((e: unknown) => console.error("portfolio metrics refresh failed:", e));
      return;
    }
    await this.inflight;
  }

  /**
   * USD prices at each time: times in closed candle buckets are kept (charts of every portfolio
   * share the same step times) until a commit or PRICE_CACHE_MS; the rest are read each time.
   */
  async pricesAt(times: readonly number[]): Promise<Map<string, number>[]> {
    const generation = this.commits?.generation ?? 0;
    if (
      generation !== this.priceCache.generation ||
      Date.now() - this.priceCache.at > PRICE_CACHE_MS ||
      this.priceCache.byTime.size > 20_000
    )
      this.priceCache = { generation, at: Date.now(), byTime: new Map() };
    const cache = this.priceCache.byTime;
    const closed = Math.floor(this.now() / CANDLE_SECONDS) * CANDLE_SECONDS;
    const missing = [...new Set(times.filter((t) => !cache.has(t)))];
    const open = new Map<number, Map<string, number>>();
    if (missing.length > 0) {
      const read = await this.market.usdPricesAtTimes(missing);
      missing.forEach((t, i) => {
        const prices = read[i] as Map<string, number>;
        if (t < closed) cache.set(t, prices);
        else open.set(t, prices);
      });
    }
    return times.map((t) => (cache.get(t) ?? open.get(t)) as Map<string, number>);
  }

  // ------------------------------------------------------------------ lists and details

  async list(f: ListFilter): Promise<ListRow[]> {
    await this.freshMetrics();
    const params: unknown[] = [this.chainId, f.me ?? "", f.limit, f.offset];
    const where: string[] = ["p.chain_id = $1"];
    let join = "";
    if (f.search !== undefined && f.search !== "") {
      params.push(`%${likeLiteral(f.search)}%`, f.search.toLowerCase(), JSON.stringify([f.searchToken ?? ""]));
      const [like, exact, token] = [params.length - 2, params.length - 1, params.length];
      where.push(
        `(p.name ILIKE $${like} OR p.symbol ILIKE $${like} OR p.address = $${exact} OR p.components @> $${token}::jsonb)`,
      );
    }
    if (f.manager) {
      params.push(f.manager);
      where.push(`p.manager = $${params.length}`);
    }
    if (f.buyer) {
      params.push(f.buyer);
      join += ` JOIN portfolio_holders h ON h.chain_id = p.chain_id AND h.portfolio = p.address AND h.holder = $${params.length} AND h.balance > 0`;
    }
    if (f.orderby === "favorited") {
      // the requesting wallet's favourites (none without a wallet)
      join += " JOIN favorites f ON f.chain_id = p.chain_id AND f.portfolio = p.address AND f.address = $2";
    }
    const order = f.orderby ? listOrder[f.orderby] : "p.timestamp DESC";
    const rows = await this.db.query<RawList>(
      `SELECT ${LIST_COLUMNS}, count(*) OVER () AS total
       FROM portfolios p${join}
       LEFT JOIN portfolio_metrics m ON m.chain_id = p.chain_id AND m.address = p.address
       LEFT JOIN portfolio_info i ON i.chain_id = p.chain_id AND i.address = p.address
       LEFT JOIN favorites me ON me.chain_id = p.chain_id AND me.portfolio = p.address AND me.address = $2
       WHERE ${where.join(" AND ")}
       ORDER BY ${order}, p.timestamp DESC, p.address
       LIMIT $3 OFFSET $4`,
      params,
    );
    return rows.map(toRow);
  }

  /** The total of a list whose page came back empty (count(*) OVER () needs a row). */
  async count(f: ListFilter): Promise<number> {
    if (f.offset === 0) return 0;
    const rows = await this.list({ ...f, limit: 1, offset: 0 });
    return rows[0]?.total ?? 0;
  }

  async detail(address: string, me?: string) {
    await this.freshMetrics();
    const [raw] = await this.db.query<
      RawList & {
        intro: string | null;
        views: string | null;
        promote_end_at: string | null;
        supply: string | null;
        components: string[];
      }
    >(
      `SELECT ${LIST_COLUMNS}, i.intro, i.views, i.promote_end_at, p.components,
         (SELECT sum(balance)::text FROM portfolio_holders h WHERE h.chain_id = p.chain_id AND h.portfolio = p.address) AS supply
       FROM portfolios p
       LEFT JOIN portfolio_metrics m ON m.chain_id = p.chain_id AND m.address = p.address
       LEFT JOIN portfolio_info i ON i.chain_id = p.chain_id AND i.address = p.address
       LEFT JOIN favorites me ON me.chain_id = p.chain_id AND me.portfolio = p.address AND me.address = $3
       WHERE p.chain_id = $1 AND p.address = $2`,
      [this.chainId, address, me ?? ""],
    );
    if (!raw) return null;
    const row = toRow(raw);
    const modules = await this.db.query<{
      kind: string;
      enabled: boolean | null;
      exit_fee_bps: number | null;
      recipient: string | null;
    }>(
      `SELECT kind, enabled, exit_fee_bps, recipient FROM portfolio_module_events WHERE chain_id = $1 AND portfolio = $2
       ORDER BY block_number, log_index`,
      [this.chainId, address],
    );
    let moduleState = 0;
    let tradingEnabled = false;
    let exitFeeBps = 0;
    for (const e of modules) {
      const ours = e.recipient !== null && e.recipient === this.tradingModule;
      if (e.kind === "removed" || (e.kind === "set_removed" && ours))
        [moduleState, tradingEnabled, exitFeeBps] = [0, false, 0];
      if (e.kind === "added" && ours && moduleState === 0) moduleState = 1;
      if (e.kind === "initialized") moduleState = 2;
      if (e.kind === "initialized" || e.kind === "exit_fee") exitFeeBps = Number(e.exit_fee_bps ?? 0);
      if (e.kind === "trading") tradingEnabled = Boolean(e.enabled);
    }
    const units = (await this.unitHistories([address])).get(address)?.unitsAt(Number.MAX_SAFE_INTEGER) ?? new Map();
    const prices = await this.market.usdPrices();
    const order = (raw.components ?? []).filter((c) => units.has(c));
    for (const c of units.keys()) if (!order.includes(c)) order.push(c);
    const components = order.map((c) => {
      const unit = units.get(c) ?? 0n;
      const t = this.market.tokenByAddress(c);
      const price = t ? (prices.get(t.address) ?? 0) : 0;
      return {
        address: c,
        symbol: t?.symbol ?? "",
        decimals: t?.decimals ?? 18,
        price_usd: price,
        value_per_set: t ? (Number(unit) / 10 ** t.decimals) * price : 0,
        amount: unit.toString(),
      };
    });
    return {
      row,
      intro: raw.intro ?? "",
      views: Number(raw.views ?? 0),
      promoteEndAt: Number(raw.promote_end_at ?? 0),
      supply: raw.supply ?? "0",
      components,
      moduleState,
      tradingEnabled,
      exitFeeBps,
    };
  }

  /** Counts one view (the detail page's GET). */
  async countView(address: string): Promise<void> {
    await this.db.query(
      `INSERT INTO portfolio_info (chain_id, address, views) VALUES ($1, $2, 1)
       ON CONFLICT (chain_id, address) DO UPDATE SET views = portfolio_info.views + 1`,
      [this.chainId, address],
    );
  }

  async exists(address: string): Promise<{ manager: string } | null> {
    const [r] = await this.db.query<{ manager: string }>(
      "SELECT manager FROM portfolios WHERE chain_id = $1 AND address = $2",
      [this.chainId, address],
    );
    return r ?? null;
  }

  /** Times of a chart: every step back from the last whole step, oldest first, and now. */
  chartTimes(type: PortfolioHistoryType, from?: number): number[] {
    const now = this.now();
    const { seconds, stepSeconds } = PORTFOLIO_HISTORY_RANGES[type];
    const start = Math.max(now - seconds, from ?? 0);
    const times: number[] = [];
    for (let t = Math.floor(now / stepSeconds) * stepSeconds; t >= start; t -= stepSeconds) times.unshift(t);
    if (times.at(-1) !== now) times.push(now);
    return times;
  }

  /** Value per set over the range: points from its creation on (the first at the start price). */
  async history(address: string, type: PortfolioHistoryType): Promise<{ ts: number; value: number }[] | null> {
    const [p] = await this.db.query<{ timestamp: string; start_price: string }>(
      "SELECT timestamp, start_price::text AS start_price FROM portfolios WHERE chain_id = $1 AND address = $2",
      [this.chainId, address],
    );
    if (!p) return null;
    const created = Number(p.timestamp);
    const times = this.chartTimes(type, created);
    const prices = await this.pricesAt(times);
    const h = (await this.unitHistories([address])).get(address) ?? new UnitHistory([], []);
    const points = times.map((ts, k) => ({ ts, value: this.valueOf(h.unitsAt(ts), prices[k] as Map<string, number>) }));
    const inRange = created >= this.now() - PORTFOLIO_HISTORY_RANGES[type].seconds;
    if (inRange && points[0]?.ts !== created)
      points.unshift({ ts: created, value: Number(BigInt(p.start_price)) / 1e18 });
    return points;
  }

  /** USD value of everything `buyer` held in portfolios over the range. */
  async assetHistory(buyer: string, type: PortfolioHistoryType): Promise<{ ts: number; value: number }[]> {
    const moves = await this.db.query<{ portfolio: string; ts: string; delta: string }>(
      `SELECT portfolio, timestamp AS ts, (CASE WHEN "to" = $2 THEN value ELSE 0 END - CASE WHEN "from" = $2 THEN value ELSE 0 END)::text AS delta
       FROM portfolio_transfers WHERE chain_id = $1 AND ("to" = $2 OR "from" = $2) ORDER BY block_number, log_index`,
      [this.chainId, buyer],
    );
    const times = this.chartTimes(type);
    if (moves.length === 0) return times.map((ts) => ({ ts, value: 0 }));
    const held = [...new Set(moves.map((m) => m.portfolio))];
    const histories = await this.unitHistories(held);
    const prices = await this.pricesAt(times);
    return times.map((ts, k) => {
      const balances = new Map<string, bigint>();
      for (const m of moves)
        if (Number(m.ts) <= ts) balances.set(m.portfolio, (balances.get(m.portfolio) ?? 0n) + BigInt(m.delta));
      let value = 0;
      for (const [p, b] of balances) {
        if (b <= 0n) continue;
        const units = histories.get(p)?.unitsAt(ts) ?? new Map<string, bigint>();
        value += (this.valueOf(units, prices[k] as Map<string, number>) * Number(b)) / 1e18;
      }
      return { ts, value };
    });
  }

  /** An address's buys and sells (of one portfolio when `portfolio` is given), newest first. */
  async transactions(address: string, limit: number, offset: number, portfolio?: string) {
    return this.db.query<{
      tx_hash: string;
      timestamp: string;
      kind: "buy" | "sell";
      portfolio: string;
      symbol: string;
      token: string;
      quantity: string;
      amount: string;
    }>(
      `SELECT t.tx_hash, t.timestamp, t.kind, t.portfolio, p.symbol, t.token, t.quantity::text AS quantity, t.amount::text AS amount
       FROM portfolio_trades t JOIN portfolios p ON p.chain_id = t.chain_id AND p.address = t.portfolio
       WHERE t.chain_id = $1 AND t.account = $2 AND t.kind IN ('buy', 'sell')
         AND ($5::text IS NULL OR t.portfolio = $5)
       ORDER BY t.block_number DESC, t.log_index DESC LIMIT $3 OFFSET $4`,
      [this.chainId, address, limit, offset, portfolio ?? null],
    );
  }
}
