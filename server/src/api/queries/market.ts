/**
 * Market data from indexed Uniswap V2 reserves: USD prices of tokens, pair tickers with 24 h
 * change, bucketed price history. Price math lives in @sofi/core; the SQL picks the reserves.
 */

import { createHash } from "node:crypto";
import {
  HISTORY_RANGES,
  type HistoryPoint,
  type HistoryType,
  isIdenticalWrappedPair,
  type PairSymbol,
  priceChangePercent,
  priceFromReserves,
  wrapPair,
} from "@sofi/core";
import type { ChainInfo, Deployment, PairDeployment, TokenDeployment } from "@sofi/protocol";
import { CANDLE_SECONDS } from "../../db/candles.ts";
import type { Db } from "../../db/client.ts";

export const USD_ANCHORS = ["USDT", "USDC", "DAI"] as const;

type Reserves = { r0: bigint; r1: bigint };
type Token = TokenDeployment & { address: `0x${string}` };

export class MarketError extends Error {
  override name = "MarketError";
}

/**
 * A history reply ready to send: the JSON of the points, its ETag, how long it may be kept in all
 * (max-age) and when it was computed (ms; the reply's Age is counted from it).
 */
export type HistoryReply = { body: string; etag: string; maxAgeSeconds: number; computedAt: number };

/**
 * Seconds a history reply may be kept, by this process and then by a client or shared cache (its
 * Age counting the time spent here): a sixtieth of the range's bucket (day 15 s, week 60 s, month
 * 240 s), at most 5 minutes (year). Only the last point moves between buckets, the ticker
 * (refreshed every 10 s) shows the live price, and a commit of this process's indexer drops it sooner.
 */
export function historyMaxAgeSeconds(type: HistoryType): number {
  return Math.min(300, HISTORY_RANGES[type].bucketSeconds / 60);
}

type HistoryEntry = { since: number; generation: number; at: number; reply: HistoryReply };

/**
 * The shared price service (issue 17: out of the swap's Market): the chain's tokens and pairs from
 * its deployment, and USD prices (and pair prices) at any time from the indexed Uniswap V2 reserves.
 * One per chain, given by name to every module that values something (portfolios, tokens, AI,
 * alerts) and to the Market's ticker and history.
 */
export class Prices {
  readonly tokens: Token[];
  private readonly bySymbol = new Map<string, Token>();
  private readonly byAddress = new Map<string, Token>();
  readonly pairs: PairDeployment[];
  readonly usd: Token | undefined;
  readonly weth: Token | undefined;
  private cache: { at: number; key: number; value: Promise<Map<string, Reserves>> }[] = [];
  /** usdPrices() of each cached reserves map (dropped with it). */
  private readonly pricesByReserves = new WeakMap<Map<string, Reserves>, Map<string, number>>();

  constructor(
    readonly db: Db,
    readonly chain: ChainInfo,
    deployment: Deployment | null,
    private readonly cacheMs = 1_000,
  ) {
    const tokens: Token[] = (deployment?.tokens ?? []).map((t) => ({
      ...t,
      address: t.address.toLowerCase() as `0x${string}`,
    }));
    if (deployment && !tokens.some((t) => t.address === deployment.weth.toLowerCase())) {
      tokens.push({
        symbol: chain.wrappedSymbol,
        name: `Wrapped ${chain.nativeSymbol === "ETH" ? "Ether" : chain.nativeSymbol}`,
        decimals: 18,
        address: deployment.weth.toLowerCase() as `0x${string}`,
        tags: [],
      });
    }
    this.tokens = tokens;
    for (const t of tokens) {
      this.bySymbol.set(t.symbol.toUpperCase(), t);
      this.byAddress.set(t.address, t);
    }
    this.pairs = (deployment?.pairs ?? []).map((p) => ({
      ...p,
      address: p.address.toLowerCase() as `0x${string}`,
      token0: p.token0.toLowerCase() as `0x${string}`,
      token1: p.token1.toLowerCase() as `0x${string}`,
    }));
    this.usd = USD_ANCHORS.map((s) => this.bySymbol.get(s)).find(Boolean);
    this.weth = deployment ? this.byAddress.get(deployment.weth.toLowerCase()) : undefined;
  }

  /** Drops cached reserves (called when the indexer commits new blocks in this process). */
  invalidate(): void {
    this.cache = [];
  }

  tokenBySymbol(symbol: string): Token | undefined {
    return this.bySymbol.get(symbol.toUpperCase());
  }

  tokenByAddress(address: string): Token | undefined {
    return this.byAddress.get(address.toLowerCase());
  }

  /**
   * Latest reserves of every pair at or before `at` (unix seconds; default: latest indexed), from
   * the 5-minute candles: a sync inside `at`'s own bucket but before `at` is seen only once its
   * bucket closes before `at` (≤ 5 min granularity for past prices; the latest price is exact).
   */
  async reservesAt(at?: number): Promise<Map<string, Reserves>> {
    const key = at === undefined ? -1 : at;
    const now = Date.now();
    this.cache = this.cache.filter((c) => now - c.at < this.cacheMs);
    const hit = this.cache.find((c) => c.key === key);
    if (hit) return hit.value;
    // Cached as a promise: requests arriving while it runs wait for the same query.
    const value = this.selectReserves(at);
    const entry = { at: now, key, value };
    this.cache.push(entry);
    value.catch(() => {
      this.cache = this.cache.filter((c) => c !== entry);
    });
    return value;
  }

  private async selectReserves(at: number | undefined): Promise<Map<string, Reserves>> {
    const value = new Map<string, Reserves>();
    if (this.pairs.length === 0) return value;
    const rows = await this.db.query<{ pair: string; r0: string; r1: string }>(
      `SELECT p.pair, s.reserve0::text AS r0, s.reserve1::text AS r1
       FROM unnest($2::text[]) AS p(pair)
       CROSS JOIN LATERAL (
         SELECT reserve0, reserve1 FROM pair_candles
         WHERE chain_id = $1 AND pair = p.pair AND bucket <= $4 AND timestamp <= $3
         ORDER BY bucket DESC LIMIT 1
       ) s`,
      [
        this.chain.id,
        `{${this.pairs.map((p) => p.address).join(",")}}`,
        at ?? Number.MAX_SAFE_INTEGER,
        at === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(at / CANDLE_SECONDS) * CANDLE_SECONDS,
      ],
    );
    for (const r of rows) value.set(r.pair, { r0: BigInt(r.r0), r1: BigInt(r.r1) });
    return value;
  }

  /** The deepest pool (largest reserve of `quote`) between two tokens, across every DEX. */
  deepestPair(
    base: Token,
    quote: Token,
    reserves: Map<string, Reserves>,
  ): { pair: PairDeployment; price: number } | null {
    let best: { pair: PairDeployment; price: number; depth: bigint } | null = null;
    for (const p of this.pairs) {
      const direct = p.token0 === base.address && p.token1 === quote.address;
      const inverse = p.token1 === base.address && p.token0 === quote.address;
      if (!direct && !inverse) continue;
      const r = reserves.get(p.address);
      if (!r || r.r0 === 0n || r.r1 === 0n) continue;
      const [rb, rq] = direct ? [r.r0, r.r1] : [r.r1, r.r0];
      if (!best || rq > best.depth) {
        best = { pair: p, price: priceFromReserves(rb, rq, base.decimals, quote.decimals), depth: rq };
      }
    }
    return best ? { pair: best.pair, price: best.price } : null;
  }

  /** USD price of a token: its deepest USD-stable pool, else via the wrapped native token. 0 when unknown. */
  usdPrice(token: Token, reserves: Map<string, Reserves>): number {
    if (!this.usd) return 0;
    if (token.address === this.usd.address) return 1;
    const direct = this.deepestPair(token, this.usd, reserves);
    if (direct) return direct.price;
    if (this.weth && token.address !== this.weth.address) {
      const viaWeth = this.deepestPair(token, this.weth, reserves);
      const wethUsd = this.deepestPair(this.weth, this.usd, reserves);
      if (viaWeth && wethUsd) return viaWeth.price * wethUsd.price;
    }
    return 0;
  }

  /**
   * The pools `usdPrice` reads for `tokens`: each one's pools with the USD anchor and with the
   * wrapped native token, and the wrapped native token's USD pools. Passed to `usdPricesAtTimes`,
   * they price those tokens exactly as every pool would, reading a fraction of the candles.
   */
  usdPairsOf(tokens: readonly Token[]): PairDeployment[] {
    const usd = this.usd?.address;
    if (!usd) return [];
    const weth = this.weth?.address;
    const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
    const wanted = new Set<string>(weth ? [key(weth, usd)] : []);
    for (const t of tokens) {
      wanted.add(key(t.address, usd));
      if (weth) wanted.add(key(t.address, weth));
    }
    return this.pairs.filter((p) => wanted.has(key(p.token0, p.token1)));
  }

  /**
   * USD price of every token at each of `times` (unix seconds), from the candles in one query: the
   * same reading as usdPrices(at) for each time, for series (portfolio values, charts). `pairs`
   * narrows the reserves read (a token whose pools are left out is priced 0): the track record reads
   * only the wrapped native token's USD pools for ETH at thousands of times.
   */
  async usdPricesAtTimes(
    times: readonly number[],
    pairs: readonly PairDeployment[] = this.pairs,
  ): Promise<Map<string, number>[]> {
    const out = times.map(() => new Map<string, Reserves>());
    if (pairs.length > 0 && times.length > 0) {
      const rows = await this.db.query<{ i: number; pair: string; r0: string; r1: string }>(
        `SELECT t.i::int AS i, p.pair, s.reserve0::text AS r0, s.reserve1::text AS r1
         FROM unnest($2::int8[]) WITH ORDINALITY AS t(at, i)
         CROSS JOIN unnest($3::text[]) AS p(pair)
         CROSS JOIN LATERAL (
           SELECT reserve0, reserve1 FROM pair_candles
           WHERE chain_id = $1 AND pair = p.pair AND bucket <= (t.at / ${CANDLE_SECONDS}) * ${CANDLE_SECONDS} AND timestamp <= t.at
           ORDER BY bucket DESC LIMIT 1
         ) s`,
        [this.chain.id, `{${times.map((t) => Math.floor(t)).join(",")}}`, `{${pairs.map((p) => p.address).join(",")}}`],
      );
      for (const r of rows) out[Number(r.i) - 1]?.set(r.pair, { r0: BigInt(r.r0), r1: BigInt(r.r1) });
    }
    return out.map((reserves) => new Map(this.tokens.map((t) => [t.address, this.usdPrice(t, reserves)])));
  }

  /** USD price of every token at `at` (default latest); computed once per cached set of reserves. */
  async usdPrices(at?: number): Promise<Map<string, number>> {
    const reserves = await this.reservesAt(at);
    let prices = this.pricesByReserves.get(reserves);
    if (!prices) {
      prices = new Map(this.tokens.map((t) => [t.address, this.usdPrice(t, reserves)]));
      this.pricesByReserves.set(reserves, prices);
    }
    return prices;
  }

  /** Price of base in quote at a time (default latest): the deepest direct pool, else the ratio of USD prices. */
  async pairPrice(base: Token, quote: Token, at?: number): Promise<number> {
    if (base.address === quote.address) return 1;
    const reserves = await this.reservesAt(at);
    const direct = this.deepestPair(base, quote, reserves);
    if (direct) return direct.price;
    const qb = this.usdPrice(base, reserves);
    const qq = this.usdPrice(quote, reserves);
    return qq > 0 ? qb / qq : 0;
  }
}

/**
 * Pair market data for the swap page (spec 000 §7 ticker and history): a pair's price and 24 h
 * change and its bucketed price history, read through the chain's Prices (its reserves and tokens).
 */
export class Market {
  /** History replies by `base|quote|type`, valid for their `since` and generation (see historyReply). */
  private readonly historyCache = new Map<string, HistoryEntry>();
  /** Computations under way, by `key|since|generation`: concurrent misses share one. */
  private readonly historyInflight = new Map<string, Promise<HistoryReply>>();
  /** Bumped by invalidate(): a computation started before it is not cached after it. */
  private generation = 0;
  readonly prices: Prices;

  constructor(
    private readonly db: Db,
    readonly chain: ChainInfo,
    deployment: Deployment | null,
    cacheMs = 1_000,
    /**
     * How long a history reply is served from memory unless a commit of this process's indexer
     * drops it first (the bound on staleness where the indexer runs in another process); default
     * the range's max-age (historyMaxAgeSeconds).
     */
    private readonly historyCacheMs?: number,
    /** The chain's shared price service (default: one of its own). */
    prices?: Prices,
  ) {
    this.prices = prices ?? new Prices(db, chain, deployment, cacheMs);
  }

  /** Drops cached reserves and history (called when the indexer commits new blocks in this process). */
  invalidate(): void {
    this.prices.invalidate();
    this.generation++;
    this.historyCache.clear();
    this.historyInflight.clear();
  }

  /** Resolves `BASE-QUOTE` (native symbols mapped to wrapped) to tokens, or throws MarketError. */
  resolvePair(pair: PairSymbol): { base: Token; quote: Token; identical: boolean } {
    const w = wrapPair(pair, this.chain);
    const identical = isIdenticalWrappedPair(pair, this.chain);
    const base = this.prices.tokenBySymbol(w.base);
    const quote = this.prices.tokenBySymbol(w.quote);
    if (!base) throw new MarketError(`Unknown token: ${pair.base}`);
    if (!quote) throw new MarketError(`Unknown token: ${pair.quote}`);
    return { base, quote, identical };
  }

  async ticker(pair: PairSymbol, nowSeconds = Math.floor(Date.now() / 1000)) {
    const { base, quote, identical } = this.resolvePair(pair);
    const symbol = `${pair.base}-${pair.quote}`;
    if (identical) return { symbol, price: 1, priceChangePercent: 0 };
    const price = await this.prices.pairPrice(base, quote);
    const before = await this.prices.pairPrice(base, quote, nowSeconds - 86_400);
    return { symbol, price, priceChangePercent: priceChangePercent(price, before) };
  }

  /**
   * Last price per time bucket of one pool, from pair_candles in SQL (decimals applied there too):
   * one backward index probe per bucket of the range (`since`, `since + bucket`, … up to the pool's
   * last candle), so a year of 5-minute candles costs 366 short index scans, not a sort of 100,000 rows.
   */
  private async poolSeries(
    pair: PairDeployment,
    baseIsToken0: boolean,
    base: Token,
    quote: Token,
    since: number,
    bucket: number,
  ) {
    // price(base in quote) = (rQuote / 10^dq) / (rBase / 10^db)
    const [rb, rq] = baseIsToken0 ? ["reserve0", "reserve1"] : ["reserve1", "reserve0"];
    const scale = `1e${base.decimals - quote.decimals}`;
    const rows = await this.db.query<{ ts: unknown; value: unknown }>(
      `WITH pts AS (
         SELECT g.b, c.rb, c.rq
         FROM generate_series(
           $4::int8,
           (SELECT max(bucket) FROM pair_candles WHERE chain_id = $1 AND pair = $2),
           $3::int8
         ) AS g(b)
         CROSS JOIN LATERAL (
           SELECT ${rb} AS rb, ${rq} AS rq FROM pair_candles
           WHERE chain_id = $1 AND pair = $2 AND bucket >= g.b AND bucket < g.b + $3::int8
           ORDER BY bucket DESC LIMIT 1
         ) c
       ), first AS (
         -- the price carried in from before the range, unless the first bucket has its own
         SELECT $4::int8 AS b, ${rb} AS rb, ${rq} AS rq FROM pair_candles
         WHERE chain_id = $1 AND pair = $2 AND bucket < $4
           AND NOT EXISTS (SELECT 1 FROM pts WHERE pts.b = $4)
         ORDER BY bucket DESC LIMIT 1
       )
       SELECT b AS ts, CASE WHEN rb = 0 THEN 0 ELSE (rq * ${scale}::numeric / rb)::float8 END AS value
       FROM (SELECT * FROM first UNION ALL SELECT * FROM pts) x ORDER BY b`,
      [this.chain.id, pair.address, bucket, since],
    );
    return rows.map((r) => ({ ts: Number(r.ts), value: Number(r.value) }));
  }

  /** Series of base priced in quote from the deepest direct pool, or null when there is none. */
  private async directSeries(base: Token, quote: Token, since: number, bucket: number): Promise<HistoryPoint[] | null> {
    const reserves = await this.prices.reservesAt();
    const best = this.prices.deepestPair(base, quote, reserves);
    if (!best) return null;
    return this.poolSeries(best.pair, best.pair.token0 === base.address, base, quote, since, bucket);
  }

  private async usdSeries(token: Token, since: number, bucket: number): Promise<HistoryPoint[]> {
    if (!this.prices.usd) return [];
    if (token.address === this.prices.usd.address) return [{ ts: since, value: 1 }];
    const direct = await this.directSeries(token, this.prices.usd, since, bucket);
    if (direct) return direct;
    if (!this.prices.weth) return [];
    const a = await this.directSeries(token, this.prices.weth, since, bucket);
    const b = await this.directSeries(this.prices.weth, this.prices.usd, since, bucket);
    return a && b ? combine(a, b, (x, y) => x * y) : [];
  }

  async history(
    pair: PairSymbol,
    type: HistoryType,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): Promise<HistoryPoint[]> {
    const { base, quote, identical } = this.resolvePair(pair);
    return this.computeHistory(base, quote, identical, type, nowSeconds);
  }

  /**
   * The history reply (JSON of `history()`, byte for byte) from a short-lived cache keyed by
   * (base, quote, range) and the range's first bucket: an entry lives until the range moves to its
   * next bucket, the indexer commits in this process (invalidate()), or its time to live passes
   * (`historyCacheMs`, default the range's max-age). Concurrent misses share one computation.
   * Throws MarketError for an unknown token.
   */
  async historyReply(
    pair: PairSymbol,
    type: HistoryType,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): Promise<HistoryReply> {
    const { base, quote, identical } = this.resolvePair(pair);
    const maxAgeSeconds = historyMaxAgeSeconds(type);
    const ttlMs = this.historyCacheMs ?? maxAgeSeconds * 1000;
    // A pair of one token is two constant points ending now: nothing to cache.
    if (identical || base.address === quote.address)
      return toReply(await this.computeHistory(base, quote, identical, type, nowSeconds), maxAgeSeconds, Date.now());
    const since = rangeStart(type, nowSeconds);
    const key = `${base.address}|${quote.address}|${type}`;
    const now = Date.now();
    const hit = this.historyCache.get(key);
    if (hit && hit.since === since && hit.generation === this.generation && now - hit.at < ttlMs) return hit.reply;
    const generation = this.generation;
    const flightKey = `${key}|${since}|${generation}`;
    let flight = this.historyInflight.get(flightKey);
    if (!flight) {
      flight = this.computeHistory(base, quote, false, type, nowSeconds).then(
        (points) => {
          const reply = toReply(points, maxAgeSeconds, now);
          if (this.historyInflight.get(flightKey) === flight) this.historyInflight.delete(flightKey);
          // Data committed meanwhile (invalidate()) may be missing from it: answer, but do not keep it.
          if (generation === this.generation) this.historyCache.set(key, { since, generation, at: now, reply });
          return reply;
        },
        (e: unknown) => {
          if (this.historyInflight.get(flightKey) === flight) this.historyInflight.delete(flightKey);
          throw e;
        },
      );
      this.historyInflight.set(flightKey, flight);
    }
    return flight;
  }

  private async computeHistory(
    base: Token,
    quote: Token,
    identical: boolean,
    type: HistoryType,
    nowSeconds: number,
  ): Promise<HistoryPoint[]> {
    const { bucketSeconds } = HISTORY_RANGES[type];
    const since = rangeStart(type, nowSeconds);
    if (identical || base.address === quote.address)
      return [
        { ts: since, value: 1 },
        { ts: nowSeconds, value: 1 },
      ];
    const direct = await this.directSeries(base, quote, since, bucketSeconds);
    if (direct) return direct;
    const b = await this.usdSeries(base, since, bucketSeconds);
    const q = await this.usdSeries(quote, since, bucketSeconds);
    return combine(b, q, (x, y) => (y > 0 ? x / y : 0));
  }
}

/** The first bucket of a history range ending at `nowSeconds`. */
function rangeStart(type: HistoryType, nowSeconds: number): number {
  const { rangeSeconds, bucketSeconds } = HISTORY_RANGES[type];
  return Math.floor((nowSeconds - rangeSeconds) / bucketSeconds) * bucketSeconds;
}

function toReply(points: HistoryPoint[], maxAgeSeconds: number, computedAt: number): HistoryReply {
  const body = JSON.stringify(points);
  return { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"`, maxAgeSeconds, computedAt };
}

/** Joins two step series on the union of their timestamps (each value carried forward). */
export function combine(a: HistoryPoint[], b: HistoryPoint[], op: (x: number, y: number) => number): HistoryPoint[] {
  const ts = [...new Set([...a.map((p) => p.ts), ...b.map((p) => p.ts)])].sort((x, y) => x - y);
  const out: HistoryPoint[] = [];
  let i = 0;
  let j = 0;
  let va: number | undefined;
  let vb: number | undefined;
  for (const t of ts) {
    while (i < a.length && (a[i] as HistoryPoint).ts <= t) va = (a[i++] as HistoryPoint).value;
    while (j < b.length && (b[j] as HistoryPoint).ts <= t) vb = (b[j++] as HistoryPoint).value;
    if (va !== undefined && vb !== undefined) out.push({ ts: t, value: op(va, vb) });
  }
  return out;
}
