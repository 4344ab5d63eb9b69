/**
 * Track records (issue 21 §3) of every portfolio and every manager of a chain, computed inside the
 * metrics refresh (portfolio-metrics.ts) from the in-memory unit histories (portfolio-units.ts) and
 * the indexed USD prices, with @sofi/core's formulas (track-record.ts):
 * - a portfolio's value at the hourly marks of its daily closes (91 closes × 5 marks, counted back
 *   from the last whole hour), a close the median of its marks;
 * - ETH (the wrapped native token) at the same marks, and at the marks of each portfolio's inception;
 * - a manager's book as the value-weighted composite of their portfolios.
 *
 * Reads stay cheap because almost nothing moves within an hour: prices at a mark are kept once the
 * indexer is past it (and, before that, until its next commit); a portfolio's closes are kept until
 * the hour, its unit history or a kept price changes; a manager's record is recomputed when one of
 * its portfolios' closes changed or its weights moved.
 */
import {
  closeMarkTimes,
  latestCloseMark,
  managerTrackRecord,
  portfolioSeries,
  recordWeights,
  robustClose,
  type TrackRecord,
  trackRecord,
} from "@sofi/core";
import type { Queryable } from "../../db/client.ts";
import type { Prices } from "./market.ts";
import type { PortfolioBase, PortfolioUnits, UnitHistory } from "./portfolio-units.ts";

const HOUR = 3_600;
/**
 * Portfolios whose closes are computed between two yields to the event loop (455 valuations each,
 * about 2 ms for 50: requests in between are not held up).
 */
const YIELD_EVERY = 50;
/** A manager's record is recomputed when a weight moved by more than this (or a portfolio's closes changed). */
const WEIGHT_TOLERANCE = 0.005;

/** Prices at one mark; `stale`: read before the indexer passed the mark and a commit came since. */
type PriceEntry = { prices: Map<string, number>; settled: boolean; stale: boolean };
type PortfolioEntry = { stamp: string; closes: (number | null)[]; ethInception: number | null; record: TrackRecord };
type ManagerEntry = { portfolios: string; weights: number[]; stamps: string; record: TrackRecord };

export type Records = {
  portfolios: Map<string, TrackRecord>;
  managers: Map<string, TrackRecord>;
};

const NO_PRICES = new Map<string, number>();

const samePrices = (a: Map<string, number>, b: Map<string, number>) =>
  a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

/** The median of ETH at `marks` (null without a price). */
const ethClose = (weth: string | undefined, marks: readonly number[], at: (t: number) => Map<string, number>) =>
  weth ? robustClose(marks.map((t) => at(t).get(weth) ?? Number.NaN).filter((v) => v > 0)) : null;

export class TrackRecords {
  /** USD prices at marks: kept for good once the indexer is past the mark, else until the indexed time moves. */
  private readonly marks = new Map<number, PriceEntry>();
  /** ETH's USD price at hourly marks around inceptions (the wrapped token's USD pools only). */
  private readonly ethMarks = new Map<number, PriceEntry>();
  /** Bumped when a kept price changed (a mark read before the indexer passed it): closes are read again. */
  private pricesVersion = 0;
  private indexed: { block: number; ts: number; hash: string } | null = null;
  private readonly portfolios = new Map<string, PortfolioEntry>();
  private readonly managers = new Map<string, ManagerEntry>();
  /** Ids of unit-history objects (a full reread of the units makes new ones). */
  private readonly historyIds = new WeakMap<UnitHistory, number>();
  private nextHistoryId = 1;
  /** Token index (prices.tokens' order) of each address, for the valuations' flat arrays. */
  private readonly tokenIndex: Map<string, number>;
  /** Units of a unit-history step as token indexes and whole-token amounts (unknown tokens left out). */
  private readonly flatUnits = new WeakMap<
    readonly (readonly [string, bigint])[],
    { idx: Int32Array; amt: Float64Array }
  >();
  /** Each kept price map as an array by token index. */
  private readonly flatPrices = new WeakMap<Map<string, number>, Float64Array>();

  constructor(
    private readonly db: Queryable,
    private readonly chainId: number,
    private readonly prices: Prices,
    private readonly units: PortfolioUnits,
  ) {
    this.tokenIndex = new Map(prices.tokens.map((t, i) => [t.address, i]));
  }

  /**
   * USD value of one whole set with `units` at `prices`: the metrics' setValue (unknown tokens
   * count 0) over arrays built once per unit step and price map, since a refresh values every
   * portfolio at 455 marks.
   */
  private value(units: readonly (readonly [string, bigint])[], prices: Map<string, number>): number {
    let u = this.flatUnits.get(units);
    if (!u) {
      const known = units.filter(([c]) => this.tokenIndex.has(c.toLowerCase()));
      u = {
        idx: Int32Array.from(known, ([c]) => this.tokenIndex.get(c.toLowerCase()) as number),
        amt: Float64Array.from(known, ([c, x]) => {
          const t = this.prices.tokens[this.tokenIndex.get(c.toLowerCase()) as number];
          return Number(x) / 10 ** (t?.decimals ?? 18);
        }),
      };
      this.flatUnits.set(units, u);
    }
    let p = this.flatPrices.get(prices);
    if (!p) {
      p = Float64Array.from(this.prices.tokens, (t) => prices.get(t.address) ?? 0);
      this.flatPrices.set(prices, p);
    }
    let v = 0;
    for (let i = 0; i < u.idx.length; i++) v += (u.amt[i] as number) * (p[u.idx[i] as number] as number);
    return v;
  }

  /** Every portfolio's and manager's record at `now`; `marketCaps` weigh a manager's portfolios. */
  async compute(
    now: number,
    portfolios: ReadonlyMap<string, PortfolioBase>,
    marketCaps: ReadonlyMap<string, number>,
  ): Promise<Records> {
    const latest = latestCloseMark(now);
    const grid = closeMarkTimes(latest);
    await this.readIndexed();
    const flat = grid.flat();
    const at = await this.pricesAt(flat, this.marks, (ts) => this.prices.usdPricesAtTimes(ts), new Set(flat), true);
    const weth = this.prices.weth?.address;
    const ethCloses = grid.map((marks) => ethClose(weth, marks, at));
    const ethAt = await this.ethAtInceptions(portfolios.values(), latest);
    const out: Records = { portfolios: new Map(), managers: new Map() };
    const changed = new Set<string>();
    let n = 0;
    for (const p of portfolios.values()) {
      if (++n % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
      const h = this.units.history(p.address);
      const stamp = `${latest}|${this.pricesVersion}|${this.historyStamp(h)}|${p.timestamp}|${p.startPrice}`;
      let e = this.portfolios.get(p.address);
      if (!e || e.stamp !== stamp) {
        const closes = grid.map((marks) => {
          if ((marks[0] as number) < p.timestamp) return null;
          // before its creation a set was worth its start price (the value its units were derived at)
          return robustClose(marks.map((t) => (t < p.timestamp ? p.startPrice : this.value(h.unitsFrom(t), at(t)))));
        });
        const ethInception = ethAt(p.timestamp, ethCloses[0] ?? null);
        const record = trackRecord(portfolioSeries(p.startPrice, closes), {
          closes: ethCloses,
          inception: ethInception,
        });
        e = { stamp, closes, ethInception, record };
        this.portfolios.set(p.address, e);
        changed.add(p.address);
      }
      out.portfolios.set(p.address, e.record);
    }
    for (const a of this.portfolios.keys()) if (!portfolios.has(a)) this.portfolios.delete(a);
    // managers: their portfolios, value-weighted
    const books = new Map<string, PortfolioBase[]>();
    for (const p of portfolios.values()) {
      const list = books.get(p.manager);
      if (list) list.push(p);
      else books.set(p.manager, [p]);
    }
    for (const [manager, list] of books) {
      list.sort((a, b) => (a.address < b.address ? -1 : 1));
      const key = list.map((p) => p.address).join(",");
      const weights = recordWeights(list.map((p) => marketCaps.get(p.address) ?? 0));
      const stamps = list.map((p) => this.portfolios.get(p.address)?.stamp ?? "").join(",");
      const before = this.managers.get(manager);
      const same =
        before &&
        before.portfolios === key &&
        before.stamps === stamps &&
        !list.some((p) => changed.has(p.address)) &&
        before.weights.every((w, i) => Math.abs(w - (weights[i] as number)) <= WEIGHT_TOLERANCE);
      if (same) {
        out.managers.set(manager, before.record);
        continue;
      }
      const record = managerTrackRecord(
        list.map((p) => {
          const e = this.portfolios.get(p.address) as PortfolioEntry;
          return {
            marketCap: marketCaps.get(p.address) ?? 0,
            series: portfolioSeries(p.startPrice, e.closes),
            ethInception: e.ethInception,
          };
        }),
        ethCloses,
      );
      this.managers.set(manager, { portfolios: key, weights, stamps, record });
      out.managers.set(manager, record);
    }
    for (const m of this.managers.keys()) if (!books.has(m)) this.managers.delete(m);
    return out;
  }

  private historyStamp(h: UnitHistory): string {
    let id = this.historyIds.get(h);
    if (id === undefined) {
      id = this.nextHistoryId++;
      this.historyIds.set(h, id);
    }
    return `${id}:${h.positions.length}:${h.multipliers.length}`;
  }

  /**
   * How far every handler of the chain has indexed (the lowest checkpoint) and that block's time. A
   * lowest checkpoint that moved back, or whose block the indexer now holds with another hash (a
   * reorg), drops every kept price; one that moved forward makes the prices read before the indexer
   * reached their mark stale.
   */
  private async readIndexed(): Promise<void> {
    const before = this.indexed;
    const [r] = await this.db.query<{
      block: string | number | null;
      ts: string | number | null;
      hash: string | null;
      before_hash: string | null;
    }>(
      `SELECT c.block,
         (SELECT b.timestamp FROM indexer_blocks b WHERE b.chain_id = $1 AND b.block_number <= c.block
          ORDER BY b.block_number DESC LIMIT 1) AS ts,
         (SELECT b.block_hash FROM indexer_blocks b WHERE b.chain_id = $1 AND b.block_number = c.block) AS hash,
         (SELECT b.block_hash FROM indexer_blocks b WHERE b.chain_id = $1 AND b.block_number = $2) AS before_hash
       FROM (SELECT min(block_number) AS block FROM indexer_checkpoints WHERE chain_id = $1) c`,
      [this.chainId, before?.block ?? -1],
    );
    const now =
      r?.block === null || r?.block === undefined
        ? null
        : { block: Number(r.block), ts: Number(r.ts ?? 0), hash: r.hash ?? "" };
    if (!now || !before || now.block < before.block || (r?.before_hash ?? "") !== before.hash) {
      // no indexer (rows written by tests or tools: nothing tells a change), a first read, or a reorg
      this.marks.clear();
      this.ethMarks.clear();
      this.pricesVersion++;
    } else if (now.block !== before.block) {
      for (const e of this.marks.values()) if (!e.settled) e.stale = true;
      for (const e of this.ethMarks.values()) if (!e.settled) e.stale = true;
    }
    this.indexed = now;
  }

  /**
   * Prices at `times` from `cache`, reading the missing and stale ones with `read` in one query. A
   * stale price read again that differs from the one it replaces bumps pricesVersion (every close is
   * computed again); so does a new mark of the close grid (`grid`). Entries outside `keep` are dropped.
   */
  private async pricesAt(
    times: readonly number[],
    cache: Map<number, PriceEntry>,
    read: (times: readonly number[]) => Promise<Map<string, number>[]>,
    keep: ReadonlySet<number> | null,
    grid: boolean,
  ): Promise<(t: number) => Map<string, number>> {
    if (keep) for (const t of cache.keys()) if (!keep.has(t)) cache.delete(t);
    const missing = [...new Set(times)].filter((t) => cache.get(t)?.stale !== false);
    if (missing.length > 0) {
      const got = await read(missing);
      const indexedTs = this.indexed?.ts ?? Number.NEGATIVE_INFINITY;
      let moved = false;
      missing.forEach((t, i) => {
        const prices = got[i] as Map<string, number>;
        const before = cache.get(t);
        if (!before ? grid : !samePrices(before.prices, prices)) moved = true;
        cache.set(t, { prices, settled: t <= indexedTs, stale: false });
      });
      if (moved) this.pricesVersion++;
    }
    return (t) => cache.get(t)?.prices ?? NO_PRICES;
  }

  /**
   * ETH at each portfolio's inception: the median of ETH at the five hourly marks ending at the first
   * whole hour at or after its creation (read from the wrapped token's USD pools only, kept per hour).
   * Returns the function giving ETH's return since an inception to the latest close.
   */
  private async ethAtInceptions(
    portfolios: Iterable<PortfolioBase>,
    latest: number,
  ): Promise<(created: number, ethNow: number | null) => number | null> {
    const weth = this.prices.weth;
    const usd = this.prices.usd;
    if (!weth || !usd) return () => null;
    const pools = this.prices.pairs.filter(
      (p) =>
        (p.token0 === weth.address && p.token1 === usd.address) ||
        (p.token1 === weth.address && p.token0 === usd.address),
    );
    const marksOf = (created: number) => {
      const first = Math.ceil(created / HOUR) * HOUR;
      return Array.from({ length: 5 }, (_, j) => first - j * HOUR);
    };
    const times = new Set<number>();
    for (const p of portfolios)
      if (Math.ceil(p.timestamp / HOUR) * HOUR <= latest) for (const t of marksOf(p.timestamp)) times.add(t);
    const at = await this.pricesAt(
      [...times],
      this.ethMarks,
      (ts) => this.prices.usdPricesAtTimes(ts, pools),
      null,
      false,
    );
    return (created, ethNow) => {
      if (ethNow === null || Math.ceil(created / HOUR) * HOUR > latest) return null;
      const then = ethClose(weth.address, marksOf(created), at);
      return then !== null && then > 0 ? ethNow / then - 1 : null;
    };
  }
}
