/**
 * Portfolio reads (issue 10) and their cache policy (issue 17: the SQL is portfolio-sql.ts): lists,
 * details, value history, a holder's asset history and transactions. Valuation: a set's USD value is its
 * component units (portfolio-units.ts, kept in memory up to the indexer's checkpoint) times the
 * tokens' indexed USD prices (the chain's Prices, from pair reserves); the metrics table (portfolio-metrics.ts)
 * is refreshed when it is older than METRICS_TTL_MS or this process's indexer committed.
 */
import { createHash } from "node:crypto";
import { PORTFOLIO_HISTORY_RANGES, type PortfolioHistoryType } from "@sofi/core";
import { CANDLE_SECONDS } from "../../db/candles.ts";
import type { Db } from "../../db/client.ts";
import type { Closable, PortfolioRanking } from "../../modules/services.ts";
import type { CommitSignal } from "../commit-signal.ts";
import { ReplyCache } from "../reply-cache.ts";
import type { Prices } from "./market.ts";
import { type Metrics, MetricsRefresher, recordFromRow, setValue } from "./portfolio-metrics.ts";
import { type ListFilter, type ListRow, type PortfolioRow, PortfolioSql } from "./portfolio-sql.ts";
import { PortfolioUnits } from "./portfolio-units.ts";

export type { Metrics } from "./portfolio-metrics.ts";
export type { ListFilter, ListRow, PortfolioRow } from "./portfolio-sql.ts";
export { UnitHistory } from "./portfolio-units.ts";

/** How long metrics stay valid without a commit of this process's indexer (prices move with Syncs). */
export const METRICS_TTL_MS = 2_000;
/** A TTL refresh waits at least this many times the last refresh's duration (see freshMetrics). */
export const REFRESH_COST_FACTOR = 10;
/** How long counted views wait before they are written together. */
export const VIEWS_FLUSH_MS = 1_000;
/** Viewer pairs a process remembers per day before it leaves the rest to the database's key. */
export const SEEN_VIEWS_MAX = 200_000;

const DAY_MS = 86_400_000;

type PendingView = { portfolio: string; day: string; viewer: string };

/** A viewer's key for one day: a hash of the day and the client, so no IP is stored. */
export function viewerKey(day: string, viewer: string): string {
  return createHash("sha256").update(`${day}|${viewer}`).digest("base64url").slice(0, 22);
}
/** How long chart prices of closed candle buckets are kept without a commit (the indexer elsewhere). */
export const PRICE_CACHE_MS = 60_000;
/** What a detail shows that only a commit naming the portfolio (or its manager's info write) changes. */
export type DetailBase = {
  row: PortfolioRow & { iconVersion: number | null };
  intro: string;
  /** Views stored when it was read, and how many of this process's views were written then. */
  views: number;
  viewsWrittenAt: number;
  promoteEndAt: number;
  supply: string;
  /** The components in the manager's order, each with its units per set. */
  units: { address: string; amount: bigint }[];
  moduleState: number;
  tradingEnabled: boolean;
  exitFeeBps: number;
};

/**
 * The change topic of a portfolio's detail: keys are portfolio addresses, named by the portfolios
 * and promotions handlers (indexer/handlers) and by the manager's info write.
 */
export const PORTFOLIO_TOPIC = "portfolios.portfolio";

/** A portfolio no refresh has valued yet (as a missing portfolio_metrics row reads). */
const NO_METRICS: Metrics = {
  valuePerSet: 0,
  totalValue: 0,
  apy: 0,
  cumulativeApy: 0,
  change24h: 0,
  change7d: 0,
  tradesCount: 0,
  holdersCount: 0,
  record: recordFromRow({}),
};

export class PortfolioReader implements Closable {
  private refreshed: { at: number; generation: number; costMs: number } | null = null;
  private inflight: Promise<void> | null = null;
  private priceCache: { generation: number; at: number; byTime: Map<number, Map<string, number>> } = {
    generation: -1,
    at: 0,
    byTime: new Map(),
  };

  constructor(
    db: Db,
    chainId: number,
    private readonly prices: Prices,
    /** PortfolioTradingModule's address (lower case): its ModuleAdded on a set is state 1. */
    private readonly tradingModule: string | undefined,
    private readonly commits: CommitSignal | undefined,
    private readonly ttlMs = METRICS_TTL_MS,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
    /** Milliseconds for the metrics TTL (tests pass their own clock). */
    private readonly clockMs: () => number = Date.now,
    /** Promotion's part of the order and detail (absent: promotion is off). */
    private readonly ranking?: PortfolioRanking,
  ) {
    this.sql = new PortfolioSql(db, chainId);
    this.units = new PortfolioUnits(db, chainId);
    this.metrics = new MetricsRefresher(db, chainId, prices, this.units, now);
  }

  private readonly sql: PortfolioSql;
  private readonly units: PortfolioUnits;
  private readonly metrics: MetricsRefresher;
  private readonly lists = new ReplyCache<ListRow[]>(METRICS_TTL_MS);
  private readonly histories = new ReplyCache<{ ts: number; value: number }[] | null>(METRICS_TTL_MS);
  /** Views counted by this process, those it wrote (both only grow), and those not written yet. */
  private readonly viewsCounted = new Map<string, number>();
  private readonly viewsWritten = new Map<string, number>();
  private pendingViews: PendingView[] = [];
  /** `portfolio|viewer` pairs counted today by this process (cleared each UTC day, or when full). */
  private readonly seenViews = new Set<string>();
  private viewDay = "";
  /** The UTC day of the clock as countView last formatted it, and when that day ends (ms). */
  private viewDayText = "";
  private viewDayEnds = 0;
  /** Today's viewerKey of each client seen today (cleared with seenViews). */
  private readonly viewerKeys = new Map<string, string>();
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
    if (wrote > 0 || this.metrics.managersWritten > 0 || this.units.version !== unitsBefore) this.version++;
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
      const read = await this.prices.usdPricesAtTimes(missing);
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
    const mine = await this.sql.favoritesAmong(
      f.me,
      rows.map((r) => r.address),
    );
    return rows.map((r) => ({ ...r, favorite: mine.has(r.address) }));
  }

  private listRows(f: ListFilter): Promise<ListRow[]> {
    return this.sql.listRows(f, this.ranking);
  }

  /** The total of a list whose page came back empty (count(*) OVER () needs a row). */
  async count(f: ListFilter): Promise<number> {
    if (f.offset === 0) return 0;
    const rows = await this.list({ ...f, limit: 1, offset: 0 });
    return rows[0]?.total ?? 0;
  }

  /** Whether `portfolio` is one of `me`'s favourites. */
  isFavorite(portfolio: string, me: string): Promise<boolean> {
    return this.sql.isFavorite(portfolio, me);
  }

  /**
   * The stored part of each portfolio's detail (absent: no such portfolio): what changes only with
   * a commit that names the portfolio (PORTFOLIO_TOPIC) or its manager's info write. Two queries
   * for any number of portfolios; units from memory.
   */
  async detailBases(addresses: readonly string[]): Promise<Map<string, DetailBase>> {
    const rows = await this.sql.detailBaseRows(addresses, this.ranking);
    if ([...rows.keys()].some((a) => !this.units.all().has(a))) await this.units.update();
    const out = new Map<string, DetailBase>();
    for (const [address, raw] of rows) {
      let moduleState = 0;
      let tradingEnabled = false;
      let exitFeeBps = 0;
      for (const e of raw.modules) {
        const ours = e.recipient !== null && e.recipient === this.tradingModule;
        if (e.kind === "removed" || (e.kind === "set_removed" && ours))
          [moduleState, tradingEnabled, exitFeeBps] = [0, false, 0];
        if (e.kind === "added" && ours && moduleState === 0) moduleState = 1;
        if (e.kind === "initialized") moduleState = 2;
        if (e.kind === "initialized" || e.kind === "exit_fee") exitFeeBps = Number(e.exit_fee_bps ?? 0);
        if (e.kind === "trading") tradingEnabled = Boolean(e.enabled);
      }
      const units = this.units.history(address).unitsAt(Number.MAX_SAFE_INTEGER);
      const order = (raw.components ?? []).filter((c) => units.has(c));
      for (const c of units.keys()) if (!order.includes(c)) order.push(c);
      out.set(address, {
        row: {
          address,
          manager: raw.manager,
          name: raw.name,
          symbol: raw.symbol,
          timestamp: Number(raw.timestamp),
          startPrice: Number(BigInt(raw.start_price)) / 1e18,
          iconVersion: raw.icon_version === null ? null : Number(raw.icon_version),
        },
        intro: raw.intro ?? "",
        views: Number(raw.views ?? 0),
        // the stored count holds every view this process wrote so far
        viewsWrittenAt: this.viewsWritten.get(address) ?? 0,
        promoteEndAt: Number(raw.promote_end_at ?? 0),
        supply: raw.supply ?? "0",
        units: order.map((c) => ({ address: c, amount: units.get(c) ?? 0n })),
        moduleState,
        tradingEnabled,
        exitFeeBps,
      });
    }
    return out;
  }

  /** The portfolios whose details are worth reading ahead, most viewed first. */
  detailWarmKeys(max: number): Promise<string[]> {
    return this.sql.detailWarmKeys(max);
  }

  /**
   * What a detail shows that moves with prices and the clock: the portfolio's metrics as the last
   * refresh left them (call freshMetrics first) and the tokens' USD prices now.
   */
  async live(address: string): Promise<{ metrics: Metrics; prices: Map<string, number> }> {
    return { metrics: this.metrics.metricsOf(address) ?? NO_METRICS, prices: await this.prices.usdPrices() };
  }

  /**
   * A manager's figures as the last refresh left them (call freshMetrics first): the sums the
   * managers' SQL makes from portfolio_metrics and manager_records, over `portfolios` (the
   * manager's), without reading the rows again. A portfolio the refresh has not valued counts in
   * `sets` only, as its missing row does in SQL.
   */
  managerFigures(manager: string, portfolios: readonly string[]) {
    let marketCap = 0;
    let holders = 0;
    let apySum = 0;
    let valued = 0;
    for (const p of portfolios) {
      const m = this.metrics.metricsOf(p);
      if (!m) continue;
      marketCap += m.totalValue;
      holders += m.holdersCount;
      apySum += m.apy;
      valued++;
    }
    return {
      marketCap,
      holders,
      apy: valued > 0 ? apySum / valued : 0,
      sets: portfolios.length,
      record: portfolios.length > 0 ? this.metrics.managerRecordOf(manager) : undefined,
    };
  }

  /** Each component's USD price at `prices` (0 for a token the chain does not list). */
  componentPrices(units: DetailBase["units"], prices: Map<string, number>): number[] {
    return units.map(({ address }) => {
      const t = this.prices.tokenByAddress(address);
      return t ? (prices.get(t.address) ?? 0) : 0;
    });
  }

  /** A detail's components at `prices`: each token's price and its value in one set. */
  components(units: DetailBase["units"], prices: Map<string, number>) {
    const at = this.componentPrices(units, prices);
    return units.map(({ address, amount }, i) => {
      const t = this.prices.tokenByAddress(address);
      const price = at[i] as number;
      return {
        address,
        symbol: t?.symbol ?? "",
        decimals: t?.decimals ?? 18,
        price_usd: price,
        value_per_set: t ? (Number(amount) / 10 ** t.decimals) * price : 0,
        amount: amount.toString(),
      };
    });
  }

  /** A stored part's views (`views` when `writtenAt` of this process's views were written) and those counted since. */
  viewsSince(address: string, views: number, writtenAt: number): number {
    return views + (this.viewsCounted.get(address) ?? 0) - writtenAt;
  }

  /**
   * Counts one view of `address` by `viewer` (the detail page's GET; the viewer is the client IP:
   * reads are unsigned, so an address in the query proves nothing). A viewer counts once per
   * portfolio per UTC day (issue 21: "most viewed" cannot be bought by a script for free): this
   * process drops repeats at once, and the database's key (portfolio_viewers) drops those another
   * process or a restart already counted. Views are written in batches, at most VIEWS_FLUSH_MS
   * after they were counted, never on the read path; a hard kill loses at most that last second.
   * Returns whether this view counted (false: the viewer's repeat today).
   */
  countView(address: string, viewer: string): boolean {
    // the UTC day is formatted once a day, not on every view
    const ms = this.clockMs();
    if (ms >= this.viewDayEnds || ms < this.viewDayEnds - DAY_MS) {
      this.viewDayEnds = (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
      this.viewDayText = new Date(ms).toISOString().slice(0, 10);
    }
    const day = this.viewDayText;
    if (day !== this.viewDay || this.seenViews.size >= SEEN_VIEWS_MAX) {
      this.viewDay = day;
      this.seenViews.clear();
      this.viewerKeys.clear();
    }
    // the hash once per client and day (a client asks many details)
    let who = this.viewerKeys.get(viewer);
    if (who === undefined) {
      who = viewerKey(day, viewer);
      this.viewerKeys.set(viewer, who);
    }
    const key = `${address}|${who}`;
    if (this.seenViews.has(key)) return false;
    this.seenViews.add(key);
    this.viewsCounted.set(address, (this.viewsCounted.get(address) ?? 0) + 1);
    this.pendingViews.push({ portfolio: address, day, viewer: who });
    if (!this.viewsTimer) {
      this.viewsTimer = setTimeout(() => {
        this.flushViews().catch((e: unknown) => console.error("portfolio views flush failed:", e));
      }, VIEWS_FLUSH_MS);
      this.viewsTimer.unref?.();
    }
    return true;
  }

  /**
   * The server stops: the views counted since the last flush are written now, not lost with the
   * process (a rolling deploy stops every server in turn). Called once no request can arrive.
   */
  async close(): Promise<void> {
    await this.flushViews();
  }

  /** Writes the views counted since the last flush (they are counted again if the write fails). */
  async flushViews(): Promise<void> {
    if (this.viewsTimer) clearTimeout(this.viewsTimer);
    this.viewsTimer = null;
    if (this.pendingViews.length === 0) return;
    const batch = this.pendingViews;
    this.pendingViews = [];
    try {
      const added = await this.sql.addViews(batch);
      const sent = new Map<string, number>();
      for (const v of batch) sent.set(v.portfolio, (sent.get(v.portfolio) ?? 0) + 1);
      for (const [a, k] of sent) {
        const m = added.get(a) ?? 0;
        // views another process (or this one before a restart) counted already were not views
        this.viewsCounted.set(a, (this.viewsCounted.get(a) ?? 0) - (k - m));
        this.viewsWritten.set(a, (this.viewsWritten.get(a) ?? 0) + m);
      }
      this.viewsVersion++;
    } catch (e) {
      this.pendingViews.push(...batch);
      throw e;
    }
  }

  exists(address: string): Promise<{ manager: string } | null> {
    return this.sql.exists(address);
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
      value: setValue(this.prices, h.unitsAt(ts), prices[k] as Map<string, number>),
    }));
    const inRange = created >= this.now() - PORTFOLIO_HISTORY_RANGES[type].seconds;
    if (inRange && points[0]?.ts !== created) points.unshift({ ts: created, value: p.startPrice });
    return points;
  }

  /** USD value of everything `buyer` held in portfolios over the range. */
  async assetHistory(buyer: string, type: PortfolioHistoryType): Promise<{ ts: number; value: number }[]> {
    const moves = await this.sql.holdingMoves(buyer);
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
        value += (setValue(this.prices, units, prices[k] as Map<string, number>) * Number(b)) / 1e18;
      }
      return { ts, value };
    });
  }

  /** An address's buys and sells (of one portfolio when `portfolio` is given), newest first. */
  transactions(address: string, limit: number, offset: number, portfolio?: string) {
    return this.sql.transactions(address, limit, offset, portfolio);
  }
}
