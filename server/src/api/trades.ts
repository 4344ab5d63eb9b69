/**
 * Trades area: `GET /api/{chain}/sofi/trades`, a user's SofiAggregator trades, newest first,
 * keyset-paginated (profile transaction tab, swap page's recent list). Pages are kept in memory per
 * user until a commit touches that user's trades (issue 21 §1: the aggregator handler names the
 * users of its rows; another server's commits arrive on the change bus with the same keys), or until
 * the signal's keptMs passes: a page is asked for again and again by the swap page's recent list
 * and the profile tab, while one user's trades change only when that user trades.
 */
import {
  type ApiTrade,
  TRADES_PAGE_DEFAULT,
  type TradesCacheState,
  type TradesPage,
  type TradeToken,
  tradesQuerySchema,
} from "@sofi/core";
import type { ChainInfo, Deployment } from "@sofi/protocol";
import { Hono } from "hono";
import { getAddress, zeroAddress } from "viem";
import type { Queryable } from "../db/client.ts";
import type { ApiArea, ApiEnv, ChainRuntime } from "./area.ts";
import type { CommitSignal } from "./commit-signal.ts";
import { jsonText, type KeptJson, sendCompressedJson } from "./compressed-json.ts";
import { KeptReplies } from "./kept-replies.ts";
import { type StoredTrade, selectNewestTradesOf, selectRecentTraders, selectUserTrades } from "./queries/trades.ts";
import { validQuery } from "./validate.ts";

/** Bytes of cached pages kept per chain (gzip-compressed from 8 KB); the least recently asked user goes first. */
export const TRADES_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * Share of the byte budget that reading ahead may fill (the rest is left to what users ask for), and
 * the most users it reads ahead: the most recently active first.
 */
export const TRADES_WARM_SHARE = 0.75;
export const TRADES_WARM_MAX_USERS = 50_000;
/** Users per read-ahead query, and the pause after each: the reads give way to the requests being served. */
const WARM_BATCH = 250;
const WARM_PAUSE_MS = 20;
/** The change topic of the trades area's pages: keys are users (indexer/handlers/aggregator.ts). */
export const TRADES_TOPIC = "trades.user";

export const tradesArea: ApiArea = (deps) => {
  const readers = new WeakMap<ChainRuntime, CachedTrades>();
  const readerOf = (ch: ChainRuntime) => {
    let reader = readers.get(ch);
    if (!reader) {
      reader = new CachedTrades(new TradesReader(deps.db, ch.config.info, ch.config.deployment), ch.commits);
      readers.set(ch, reader);
      // the first request of a chain starts reading ahead the active users' first pages
      reader.warm().catch((e: Error) => console.error(`trades: reading ahead stopped: ${e.message}`));
    }
    return reader;
  };
  return (
    new Hono<ApiEnv>()
      .get("/sofi/trades", validQuery(tradesQuerySchema), async (c) => {
        const q = c.req.valid("query");
        return sendCompressedJson(c, await readerOf(c.var.chain).page(q.user, q.limit, q.cursor));
      })
      // the page cache's state, for operators and the bench: whether reading ahead is done
      .get("/sofi/trades/cache", (c) => {
        const r = readerOf(c.var.chain);
        return c.json({ warmth: r.warmth, users: r.heldUsers, bytes: r.heldBytes } satisfies TradesCacheState);
      })
  );
};

/** A page as kept, with the time it was read. */
export type CachedPage = KeptJson & { at: number };

/**
 * TradesReader's pages, kept per user and (limit, cursor) while no commit touches the user and for
 * at most `ttlMs` (default: the signal's keptMs), within `maxBytes` (KeptReplies' rules). Without a
 * signal (tests, a reader with no indexer and no bus), nothing is kept.
 */
export class CachedTrades {
  private readonly kept: KeptReplies;

  constructor(
    private readonly reader: Pick<TradesReader, "page"> & Partial<Pick<TradesReader, "firstPages" | "recentTraders">>,
    commits: CommitSignal | undefined,
    ttlMs?: number,
    maxBytes = TRADES_CACHE_BYTES,
    clock: () => number = Date.now,
  ) {
    // a change that does not name the topic left every user's trades as they were
    this.kept = new KeptReplies({ commits, keysOf: (c) => c.touched[TRADES_TOPIC] ?? [], ttlMs, maxBytes, clock });
  }

  /** Reading ahead: "cold" before it started, "warming", then "warm" (done, or stopped at the budget). */
  get warmth(): "cold" | "warming" | "warm" {
    return this.kept.warmth;
  }

  /** Bytes counted as kept now: what the maxBytes bound is checked against. */
  get heldBytes(): number {
    return this.kept.heldBytes;
  }

  /** Users with pages kept now. */
  get heldUsers(): number {
    return this.kept.heldKeys;
  }

  /**
   * Reads ahead the first page (the default size, no cursor) of the most recently active users, up
   * to TRADES_WARM_SHARE of the byte budget: a user who comes back finds the page in memory.
   */
  warm(): Promise<void> {
    const { firstPages, recentTraders } = this.reader;
    if (!firstPages || !recentTraders) {
      this.kept.warmth = "warm";
      return Promise.resolve();
    }
    return this.kept.warm(
      () => recentTraders.call(this.reader, TRADES_WARM_MAX_USERS),
      `${TRADES_PAGE_DEFAULT}|`,
      async (users) => {
        const pages = await firstPages.call(this.reader, users, TRADES_PAGE_DEFAULT);
        return new Map([...pages].map(([u, page]) => [u, { text: JSON.stringify(page), meta: undefined }]));
      },
      { share: TRADES_WARM_SHARE, batch: WARM_BATCH, pauseMs: WARM_PAUSE_MS },
    );
  }

  async pageJson(user: string, limit: number, cursor?: { blockNumber: number; logIndex: number }): Promise<string> {
    return jsonText(await this.page(user, limit, cursor));
  }

  page(user: string, limit: number, cursor?: { blockNumber: number; logIndex: number }): Promise<CachedPage> {
    const sub = `${limit}|${cursor ? `${cursor.blockNumber}-${cursor.logIndex}` : ""}`;
    return this.kept.get(user, sub, async () => ({
      text: JSON.stringify(await this.reader.page(user, limit, cursor)),
      meta: undefined,
    }));
  }
}

export class TradesReader {
  private readonly tokens: Map<string, { symbol: string; decimals: number }>;
  private readonly dexes: Map<string, string>;

  constructor(
    private readonly db: Queryable,
    private readonly chain: ChainInfo,
    deployment: Deployment | null,
  ) {
    this.tokens = new Map((deployment?.tokens ?? []).map((t) => [t.address.toLowerCase(), t]));
    this.dexes = new Map((deployment?.dexes ?? []).map((d) => [d.router.toLowerCase(), d.name]));
  }

  private token(address: string): TradeToken {
    if (address === zeroAddress)
      return { address: zeroAddress, symbol: this.chain.nativeSymbol, decimals: 18, native: true };
    const t = this.tokens.get(address);
    return { address: getAddress(address), symbol: t?.symbol ?? null, decimals: t?.decimals ?? null, native: false };
  }

  toApi(r: StoredTrade): ApiTrade {
    return {
      txHash: r.txHash,
      blockNumber: r.blockNumber,
      logIndex: r.logIndex,
      timestamp: r.timestamp,
      user: getAddress(r.user),
      router: getAddress(r.router),
      dex: this.dexes.get(r.router) ?? null,
      tokenIn: this.token(r.tokenIn),
      tokenOut: this.token(r.tokenOut),
      amountIn: r.amountIn.toString(),
      amountOut: r.amountOut.toString(),
      recipient: getAddress(r.recipient),
    };
  }

  /** One page: `limit` trades older than `cursor` (exclusive); one extra row tells whether more exist. */
  async page(user: string, limit: number, cursor?: { blockNumber: number; logIndex: number }): Promise<TradesPage> {
    return this.toPage(await selectUserTrades(this.db, this.chain.id, user, limit + 1, cursor), limit);
  }

  /** The first page of each of `users` (lowercased) in one query: each equal to its own `page` without a cursor. */
  async firstPages(users: readonly string[], limit: number): Promise<Map<string, TradesPage>> {
    const rows = await selectNewestTradesOf(this.db, this.chain.id, users, limit + 1);
    return new Map([...rows].map(([u, r]) => [u, this.toPage(r, limit)]));
  }

  /** The users who traded most recently, newest first. */
  recentTraders(limit: number): Promise<string[]> {
    return selectRecentTraders(this.db, this.chain.id, limit);
  }

  private toPage(rows: StoredTrade[], limit: number): TradesPage {
    const more = rows.length > limit;
    const trades = rows.slice(0, limit).map((r) => this.toApi(r));
    const last = trades.at(-1);
    return { trades, nextCursor: more && last ? `${last.blockNumber}-${last.logIndex}` : null };
  }
}
