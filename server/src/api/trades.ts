/**
 * Trades area: `GET /api/{chain}/sofi/trades`, a user's SofiAggregator trades, newest first,
 * keyset-paginated (profile transaction tab, swap page's recent list).
 */
import { type ApiTrade, type TradesPage, type TradeToken, tradesQuerySchema } from "@sofi/core";
import type { ChainInfo, Deployment } from "@sofi/protocol";
import { Hono } from "hono";
import { getAddress, zeroAddress } from "viem";
import type { Queryable } from "../db/client.ts";
import type { ApiArea, ApiEnv, ChainRuntime } from "./area.ts";
import { type StoredTrade, selectUserTrades } from "./queries/trades.ts";
import { validQuery } from "./validate.ts";

export const tradesArea: ApiArea = (deps) => {
  const readers = new WeakMap<ChainRuntime, TradesReader>();
  return new Hono<ApiEnv>().get("/sofi/trades", validQuery(tradesQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const ch = c.var.chain;
    let reader = readers.get(ch);
    if (!reader) {
      reader = new TradesReader(deps.db, ch.config.info, ch.config.deployment);
      readers.set(ch, reader);
    }
    return c.json(await reader.page(q.user, q.limit, q.cursor));
  });
};

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
