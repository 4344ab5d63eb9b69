/** Read SQL of `GET /sofi/trades`: one page of a user's SofiAggregator trades from `aggregator_trades`. */
import type { Queryable } from "../../db/client.ts";

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
  const rows = await q.query<{
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
  }>(
    `SELECT block_number, log_index, tx_hash, timestamp, "user", router, token_in, token_out,
       amount_in::text AS amount_in, amount_out::text AS amount_out, recipient
     FROM aggregator_trades WHERE chain_id = $1 AND "user" = $2 ${keyset}
     ORDER BY block_number DESC, log_index DESC LIMIT $3`,
    params,
  );
  return rows.map((r) => ({
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
  }));
}
