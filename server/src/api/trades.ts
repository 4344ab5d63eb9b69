/**
 * Trades area: `GET /api/{chain}/sofi/trades`, a user's SofiAggregator trades, newest first,
 * keyset-paginated (profile transaction tab, swap page's recent list). Pages are kept in memory
 * until this process's indexer commits new rows (or TRADES_CACHE_MS passes, the bound on staleness
 * where the indexer runs elsewhere): a page is asked for again and again by the swap page's recent
 * list and the profile tab while the user's trades change only when the chain does.
 */
import { type ApiTrade, type TradesPage, type TradeToken, tradesQuerySchema } from "@sofi/core";
import type { ChainInfo, Deployment } from "@sofi/protocol";
import { Hono } from "hono";
import { getAddress, zeroAddress } from "viem";
import type { Queryable } from "../db/client.ts";
import type { ApiArea, ApiEnv, ChainRuntime } from "./area.ts";
import type { CommitSignal } from "./commit-signal.ts";
import { type StoredTrade, selectUserTrades } from "./queries/trades.ts";
import { validQuery } from "./validate.ts";

/** How long a cached page may be served without a commit signal (indexer in another process). */
export const TRADES_CACHE_MS = 2_000;
/** Pages kept per chain; the oldest goes first. */
export const TRADES_CACHE_PAGES = 10_000;

export const tradesArea: ApiArea = (deps) => {
  const readers = new WeakMap<ChainRuntime, CachedTrades>();
  return new Hono<ApiEnv>().get("/sofi/trades", validQuery(tradesQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const ch = c.var.chain;
    let reader = readers.get(ch);
    if (!reader) {
      reader = new CachedTrades(new TradesReader(deps.db, ch.config.info, ch.config.deployment), ch.commits);
      readers.set(ch, reader);
    }
    const body = await reader.pageJson(q.user, q.limit, q.cursor);
    return c.body(body, 200, { "Content-Type": "application/json" });
  });
};

type CachedPage = { generation: number; at: number; body: string };

/**
 * TradesReader's pages as JSON text, cached per (user, limit, cursor) while the commit signal's
 * generation stays the same and for at most TRADES_CACHE_MS. Without a signal (no indexer in this
 * process, or tests), nothing is cached.
 */
export class CachedTrades {
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    private readonly reader: Pick<TradesReader, "page">,
    private readonly commits: CommitSignal | undefined,
    private readonly ttlMs = TRADES_CACHE_MS,
    private readonly maxPages = TRADES_CACHE_PAGES,
  ) {
    commits?.on(() => this.pages.clear());
  }

  async pageJson(user: string, limit: number, cursor?: { blockNumber: number; logIndex: number }): Promise<string> {
    if (!this.commits) return JSON.stringify(await this.reader.page(user, limit, cursor));
    const key = `${user.toLowerCase()}|${limit}|${cursor ? `${cursor.blockNumber}-${cursor.logIndex}` : ""}`;
    const now = Date.now();
    const hit = this.pages.get(key);
    if (hit && hit.generation === this.commits.generation && now - hit.at < this.ttlMs) return hit.body;
    const generation = this.commits.generation;
    const body = JSON.stringify(await this.reader.page(user, limit, cursor));
    // Rows committed while it was read may be missing from it: answer, but do not keep it.
    if (generation === this.commits.generation) {
      this.pages.delete(key);
      this.pages.set(key, { generation, at: now, body });
      if (this.pages.size > this.maxPages) this.pages.delete(this.pages.keys().next().value as string);
    }
    return body;
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
    const rows = await selectUserTrades(this.db, this.chain.id, user, limit + 1, cursor);
    const more = rows.length > limit;
    const trades = rows.slice(0, limit).map((r) => this.toApi(r));
    const last = trades.at(-1);
    return { trades, nextCursor: more && last ? `${last.blockNumber}-${last.logIndex}` : null };
  }
}
