/**
 * Portfolio reads (issue 10): lists ordered and paged in SQL over portfolio_metrics, details,
 * value history, a holder's asset history and transactions. Valuation: a set's USD value is its
 * component units (portfolio-units.ts, kept in memory up to the indexer's checkpoint) times the
 * tokens' indexed USD prices (Market, from pair reserves); the metrics table (portfolio-metrics.ts)
 * is refreshed when it is older than METRICS_TTL_MS or this process's indexer committed.
 */
import { PORTFOLIO_HISTORY_RANGES, type PortfolioHistoryType, type PortfolioOrder } from "@sofi/core";
import { CANDLE_SECONDS } from "../../db/candles.ts";
import type { Db } from "../../db/client.ts";
import type { CommitSignal } from "../commit-signal.ts";
import { ReplyCache } from "../reply-cache.ts";
import type { Market } from "./market.ts";
import { MetricsRefresher, setValue } from "./portfolio-metrics.ts";
import { PortfolioUnits } from "./portfolio-units.ts";

export { RISK_DAYS } from "./portfolio-metrics.ts";
export { UnitHistory } from "./portfolio-units.ts";

/** How long metrics stay valid without a commit of this process's indexer (prices move with Syncs). */
export const METRICS_TTL_MS = 2_000;
/** A TTL refresh waits at least this many times the last refresh's duration (see freshMetrics). */
export const REFRESH_COST_FACTOR = 10;
/** How long counted views wait before they are written together. */
export const VIEWS_FLUSH_MS = 1_000;
/** How long chart prices of closed candle buckets are kept without a commit (the indexer elsewhere). */
export const PRICE_CACHE_MS = 60_000;
export type PortfolioRow = {
  address: string;
  manager: string;
  name: string;
  symbol: string;
  timestamp: number;
  startPrice: number;
};

const listOrder: Record<PortfolioOrder, string> = {
  favorited: "f.created_at DESC",
  // promoted portfolios (a PortfolioPromotion end still ahead) first, then by APY (issue 11)
  best: `EXISTS (SELECT 1 FROM portfolio_promotions pr WHERE pr.chain_id = p.chain_id AND pr.portfolio = p.address
    AND pr.end_at > extract(epoch FROM now())) DESC, COALESCE(m.apy, 0) DESC`,
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

type DetailRead = NonNullable<Awaited<ReturnType<PortfolioReader["readDetail"]>>>;

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
  ) {
    this.units = new PortfolioUnits(db, chainId);
    this.metrics = new MetricsRefresher(db, chainId, market, this.units, now);
  }

  private readonly units: PortfolioUnits;
  private readonly metrics: MetricsRefresher;
  private readonly lists = new ReplyCache<ListRow[]>(METRICS_TTL_MS);
  private readonly details = new ReplyCache<(DetailRead & { viewsWrittenAt: number }) | null>(METRICS_TTL_MS);
  private readonly histories = new ReplyCache<{ ts: number; value: number }[] | null>(METRICS_TTL_MS);
  /** Views counted by this process, those it wrote (both only grow), and those not written yet. */
  private readonly viewsCounted = new Map<string, number>();
  private readonly viewsWritten = new Map<string, number>();
  private pendingViews = new Map<string, number>();
  private viewsTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by every views write: the "most viewed" list is cached per it. */
  private viewsVersion = 0;
  /**
   * Bumped after every metrics refresh that wrote a row or read new units, and by this process's
   * writes that change what lists and details show (favourites, info, views): cached replies keyed
   * by it are never served after such a change.
   */
  version = 0;

  /** What cached replies are keyed by: this reader's version and the indexer's commits. */
  cacheVersion(): string {
    return `${this.version}:${this.commits?.generation ?? 0}`;
  }

  /** Marks cached replies stale (a write through this process). */
  touch(): void {
    this.version++;
  }

  // ------------------------------------------------------------------ valuation

  /** Recomputes portfolio_metrics for every portfolio of the chain (writes the rows that moved). */
  async refreshMetrics(): Promise<void> {
    const unitsBefore = this.units.version;
    const wrote = await this.metrics.refresh();
    if (wrote > 0 || this.units.version !== unitsBefore) this.version++;
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

  /**
   * A page of a list. Pages are cached per filter (without the requester, except for its own
   * favourites) and reader version for METRICS_TTL_MS; the requester's favourite flags are read for
   * the page's rows only.
   */
  async list(f: ListFilter): Promise<ListRow[]> {
    await this.freshMetrics();
    const own = f.orderby === "favorited";
    const shared: ListFilter = own ? f : { ...f, me: undefined };
    // a failed views write keeps its views pending (retried) and must not fail the list
    if (f.orderby === "viewed")
      await this.flushViews().catch((e: unknown) => console.error("portfolio views write failed:", e));
    const version = `${this.cacheVersion()}:${f.orderby === "viewed" ? this.viewsVersion : 0}`;
    const rows = await this.lists.get(JSON.stringify(shared), version, () => this.listRows(shared));
    if (own || !f.me || rows.length === 0) return rows;
    const mine = new Set(
      (
        await this.db.query<{ portfolio: string }>(
          "SELECT portfolio FROM favorites WHERE chain_id = $1 AND address = $2 AND portfolio = ANY($3::text[])",
          [this.chainId, f.me, `{${rows.map((r) => r.address).join(",")}}`],
        )
      ).map((r) => r.portfolio),
    );
    return rows.map((r) => ({ ...r, favorite: mine.has(r.address) }));
  }

  private async listRows(f: ListFilter): Promise<ListRow[]> {
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

  /**
   * A portfolio's detail: cached per reader version for METRICS_TTL_MS; the requester's favourite
   * flag and the views counted since the cached read are added to it.
   */
  async detail(address: string, me?: string) {
    await this.freshMetrics();
    const d = await this.details.get(address, this.cacheVersion(), async () => {
      const read = await this.readDetail(address);
      // the stored count holds every view this process wrote so far
      return read && { ...read, viewsWrittenAt: this.viewsWritten.get(address) ?? 0 };
    });
    if (!d) return null;
    const favorite = me
      ? (
          await this.db.query("SELECT 1 FROM favorites WHERE chain_id = $1 AND portfolio = $2 AND address = $3", [
            this.chainId,
            address,
            me,
          ])
        ).length > 0
      : false;
    const views = d.views + (this.viewsCounted.get(address) ?? 0) - d.viewsWrittenAt;
    return { ...d, row: { ...d.row, favorite }, views };
  }

  /** The detail as stored (no requester: `favorite` false); `detail()` is the cached read. */
  async readDetail(address: string) {
    const [raw] = await this.db.query<
      RawList & {
        intro: string | null;
        views: string | null;
        promote_end_at: string | null;
        supply: string | null;
        components: string[];
      }
    >(
      `SELECT ${LIST_COLUMNS}, i.intro, i.views, p.components,
         (SELECT max(end_at)::text FROM portfolio_promotions pr WHERE pr.chain_id = p.chain_id AND pr.portfolio = p.address)
           AS promote_end_at,
         (SELECT supply::text FROM portfolio_stats s WHERE s.chain_id = p.chain_id AND s.portfolio = p.address) AS supply
       FROM portfolios p
       LEFT JOIN portfolio_metrics m ON m.chain_id = p.chain_id AND m.address = p.address
       LEFT JOIN portfolio_info i ON i.chain_id = p.chain_id AND i.address = p.address
       LEFT JOIN favorites me ON me.chain_id = p.chain_id AND me.portfolio = p.address AND me.address = ''
       WHERE p.chain_id = $1 AND p.address = $2`,
      [this.chainId, address],
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
    await this.knownUnits(address);
    const units = this.units.history(address).unitsAt(Number.MAX_SAFE_INTEGER);
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

  /**
   * Counts one view (the detail page's GET). Views are written in batches, at most VIEWS_FLUSH_MS
   * after they were counted (a write per page view would cost more than the page's read); a hard
   * kill loses at most that last second of views.
   */
  countView(address: string): void {
    this.viewsCounted.set(address, (this.viewsCounted.get(address) ?? 0) + 1);
    this.pendingViews.set(address, (this.pendingViews.get(address) ?? 0) + 1);
    if (!this.viewsTimer) {
      this.viewsTimer = setTimeout(() => {
        this.flushViews().catch((e: unknown) => console.error("portfolio views flush failed:", e));
      }, VIEWS_FLUSH_MS);
      this.viewsTimer.unref?.();
    }
  }

  /** Writes the views counted since the last flush (they are counted again if the write fails). */
  async flushViews(): Promise<void> {
    if (this.viewsTimer) clearTimeout(this.viewsTimer);
    this.viewsTimer = null;
    if (this.pendingViews.size === 0) return;
    const batch = [...this.pendingViews];
    this.pendingViews = new Map();
    try {
      await this.db.query(
        `INSERT INTO portfolio_info (chain_id, address, views)
         SELECT $1, a, n FROM unnest($2::text[], $3::int8[]) AS x(a, n)
         ON CONFLICT (chain_id, address) DO UPDATE SET views = portfolio_info.views + EXCLUDED.views`,
        [this.chainId, `{${batch.map(([a]) => a).join(",")}}`, `{${batch.map(([, n]) => n).join(",")}}`],
      );
      for (const [a, n] of batch) this.viewsWritten.set(a, (this.viewsWritten.get(a) ?? 0) + n);
      this.viewsVersion++;
    } catch (e) {
      for (const [a, n] of batch) this.pendingViews.set(a, (this.pendingViews.get(a) ?? 0) + n);
      throw e;
    }
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
    await this.freshMetrics();
    return this.histories.get(`${address}|${type}`, this.cacheVersion(), () => this.readHistory(address, type));
  }

  /**
   * Units of a portfolio this process has not read yet: an API replica without the indexer (no
   * commit signal) learns of new portfolios only at its next metrics refresh, so a portfolio just
   * created elsewhere is read at once rather than shown without components until then.
   */
  private async knownUnits(address: string): Promise<void> {
    if (!this.units.all().has(address)) await this.units.update();
  }

  private async readHistory(address: string, type: PortfolioHistoryType) {
    await this.knownUnits(address);
    const p = this.units.all().get(address);
    if (!p) return null;
    const created = p.timestamp;
    const times = this.chartTimes(type, created);
    const prices = await this.pricesAt(times);
    const h = this.units.history(address);
    const points = times.map((ts, k) => ({
      ts,
      value: setValue(this.market, h.unitsAt(ts), prices[k] as Map<string, number>),
    }));
    const inRange = created >= this.now() - PORTFOLIO_HISTORY_RANGES[type].seconds;
    if (inRange && points[0]?.ts !== created) points.unshift({ ts: created, value: p.startPrice });
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
    await this.freshMetrics();
    const prices = await this.pricesAt(times);
    return times.map((ts, k) => {
      const balances = new Map<string, bigint>();
      for (const m of moves)
        if (Number(m.ts) <= ts) balances.set(m.portfolio, (balances.get(m.portfolio) ?? 0n) + BigInt(m.delta));
      let value = 0;
      for (const [p, b] of balances) {
        if (b <= 0n) continue;
        const units = this.units.history(p).unitsAt(ts);
        value += (setValue(this.market, units, prices[k] as Map<string, number>) * Number(b)) / 1e18;
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
