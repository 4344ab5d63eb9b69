/** Read SQL of `GET /sofi/trades`: one page of a user's SofiAggregator trades from `aggregator_trades`. */
import { formatUnits } from "viem";
import type { Queryable } from "../../db/client.ts";
import type { TradeFeed } from "../../modules/services.ts";

export type StoredTrade = {
  blockNumber: number;
  logIndex: number;
  txHash: string;
  timestamp: number;
  user: string;
  router: string;
  tokenIn: string;
  tokenOut: string;
  amountIn: bigint;
  amountOut: bigint;
  recipient: string;
};

/**
 * One page of a user's trades, newest first, keyset-paginated on (block_number, log_index): rows
 * strictly older than `before` when given (a backward scan of `aggregator_trades_user_block`). Reads `limit` rows.
 */
export async function selectUserTrades(
  q: Queryable,
  chainId: number,
  user: string,
  limit: number,
  before?: { blockNumber: number; logIndex: number },
): Promise<StoredTrade[]> {
  const params: unknown[] = [chainId, user.toLowerCase(), limit];
  let keyset = "";
  if (before) {
    params.push(before.blockNumber, before.logIndex);
    keyset = "AND (block_number, log_index) < ($4, $5)";
  }
  const rows = await q.query<RawTrade>(
    `SELECT ${TRADE_COLUMNS}
     FROM aggregator_trades WHERE chain_id = $1 AND "user" = $2 ${keyset}
     ORDER BY block_number DESC, log_index DESC LIMIT $3`,
    params,
  );
  return rows.map(toStored);
}

type RawTrade = {
  block_number: unknown;
  log_index: number;
  tx_hash: string;
  timestamp: unknown;
  user: string;
  router: string;
  token_in: string;
  token_out: string;
  amount_in: string;
  amount_out: string;
  recipient: string;
};

const TRADE_COLUMNS = `block_number, log_index, tx_hash, timestamp, "user", router, token_in, token_out,
       amount_in::text AS amount_in, amount_out::text AS amount_out, recipient`;

function toStored(r: RawTrade): StoredTrade {
  return {
    blockNumber: Number(r.block_number),
    logIndex: Number(r.log_index),
    txHash: r.tx_hash,
    timestamp: Number(r.timestamp),
    user: r.user,
    router: r.router,
    tokenIn: r.token_in,
    tokenOut: r.token_out,
    amountIn: BigInt(r.amount_in),
    amountOut: BigInt(r.amount_out),
    recipient: r.recipient,
  };
}

/** The users who traded most recently, newest first (what a cache reads ahead). */
export async function selectRecentTraders(q: Queryable, chainId: number, limit: number): Promise<string[]> {
  const rows = await q.query<{ user: string }>(
    `SELECT "user" FROM aggregator_trades WHERE chain_id = $1
     GROUP BY "user" ORDER BY max(block_number) DESC, "user" LIMIT $2`,
    [chainId, limit],
  );
  return rows.map((r) => r.user);
}

/**
 * The newest `limit` trades of each of `users` (lowercased) in one query: the same rows, in the same
 * order, as each user's own `selectUserTrades` without a cursor.
 */
export async function selectNewestTradesOf(
  q: Queryable,
  chainId: number,
  users: readonly string[],
  limit: number,
): Promise<Map<string, StoredTrade[]>> {
  const out = new Map<string, StoredTrade[]>(users.map((u) => [u, []]));
  if (users.length === 0) return out;
  const rows = await q.query<RawTrade>(
    `SELECT t.* FROM unnest($2::text[]) AS u(u)
     CROSS JOIN LATERAL (
       SELECT ${TRADE_COLUMNS} FROM aggregator_trades
       WHERE chain_id = $1 AND "user" = u.u
       ORDER BY block_number DESC, log_index DESC LIMIT $3
     ) t`,
    [chainId, `{${users.join(",")}}`, limit],
  );
  for (const r of rows) out.get(r.user)?.push(toStored(r));
  for (const list of out.values()) list.sort((a, b) => b.blockNumber - a.blockNumber || b.logIndex - a.logIndex);
  return out;
}

// ------------------------------------------------------------------ the feed's transaction items

/** What the feed needs to name a token: its symbol and decimals by address (the price service's list). */
export type TokenNames = {
  tokenByAddress(address: string): { symbol: string; decimals: number } | undefined;
};

const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/** A token's symbol and decimals: the native coin for the zero address, the address itself when unlisted. */
export function tokenName(tokens: TokenNames, nativeSymbol: string, address: string) {
  if (address === ZERO_ADDRESS) return { symbol: nativeSymbol, decimals: 18 };
  return tokens.tokenByAddress(address) ?? { symbol: `${address.slice(0, 6)}…${address.slice(-4)}`, decimals: 18 };
}

/**
 * The `swapTradeFeed` service (issue 20): the aggregator's trades as feed items, newest first, before
 * `before` (unix s, exclusive), optionally one account's (its own index), with symbols from the price
 * service and amounts in whole units.
 */
export function swapTradeFeed(q: Queryable, chainId: number, tokens: TokenNames, nativeSymbol: string): TradeFeed {
  return {
    async recent({ before, limit, account }) {
      const params: unknown[] = [chainId, limit, before ?? Number.MAX_SAFE_INTEGER];
      let who = "";
      if (account) {
        params.push(account.toLowerCase());
        who = `AND "user" = $${params.length}`;
      }
      const rows = await q.query<{
        block_number: unknown;
        log_index: number;
        tx_hash: string;
        timestamp: unknown;
        user: string;
        token_in: string;
        token_out: string;
        amount_in: string;
        amount_out: string;
      }>(
        `SELECT block_number, log_index, tx_hash, timestamp, "user", token_in, token_out,
           amount_in::text AS amount_in, amount_out::text AS amount_out
         FROM aggregator_trades WHERE chain_id = $1 AND timestamp < $3 ${who}
         ORDER BY block_number DESC, log_index DESC LIMIT $2`,
        params,
      );
      return rows.map((r) => {
        const from = tokenName(tokens, nativeSymbol, r.token_in);
        const to = tokenName(tokens, nativeSymbol, r.token_out);
        return {
          key: `swap${Number(r.block_number)}x${Number(r.log_index)}`,
          ts: Number(r.timestamp),
          account: r.user,
          txid: r.tx_hash,
          kind: "swap" as const,
          fromSymbol: from.symbol,
          fromAmount: formatUnits(BigInt(r.amount_in), from.decimals),
          toSymbol: to.symbol,
          toAmount: formatUnits(BigInt(r.amount_out), to.decimals),
          portfolio: null,
        };
      });
    },
  };
}
