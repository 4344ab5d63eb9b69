/**
 * SofiAggregator handler: `Trade(address indexed user, address indexed router, address indexed tokenIn,
 * address tokenOut, uint256 amountIn, uint256 amountOut, address recipient)`, one per trade. Stored in
 * `aggregator_trades` in the same transaction as the pairs' rows and the checkpoint. Decoded by hand
 * (fixed layout), here and in logs-worker.mjs.
 */
import { type Hex, toEventSelector } from "viem";
import type { Queryable } from "../db/client.ts";
import type { RawLog } from "./rpc.ts";

export const TRADE_TOPIC = toEventSelector("Trade(address,address,address,address,uint256,uint256,address)");

export type TradeRows = {
  block: number[];
  logIndex: number[];
  tx: string[];
  ts: number[];
  user: string[];
  router: string[];
  tokenIn: string[];
  tokenOut: string[];
  amountIn: string[];
  amountOut: string[];
  recipient: string[];
};

export function emptyTradeRows(): TradeRows {
  return {
    block: [],
    logIndex: [],
    tx: [],
    ts: [],
    user: [],
    router: [],
    tokenIn: [],
    tokenOut: [],
    amountIn: [],
    amountOut: [],
    recipient: [],
  };
}

const word = (data: string, i: number) => BigInt(`0x${data.slice(2 + i * 64, 2 + (i + 1) * 64)}`).toString();
const wordAddress = (data: string, i: number) => `0x${data.slice(2 + i * 64 + 24, 2 + (i + 1) * 64)}`.toLowerCase();
const topicAddress = (t: Hex | undefined) => (t ? `0x${t.slice(26)}`.toLowerCase() : "");

/**
 * Appends one log's row when it is a `Trade` emitted by `aggregator` (lowercase address); returns
 * false otherwise (ignored).
 */
export function decodeTradeInto(rows: TradeRows, log: RawLog, ts: number, aggregator: string | null): boolean {
  if (log.topics[0] !== TRADE_TOPIC || !aggregator || log.address.toLowerCase() !== aggregator) return false;
  if (log.topics.length < 4 || log.data.length < 2 + 256) return false;
  rows.block.push(Number(log.blockNumber));
  rows.logIndex.push(Number(log.logIndex));
  rows.tx.push(log.transactionHash.toLowerCase());
  rows.ts.push(ts);
  rows.user.push(topicAddress(log.topics[1]));
  rows.router.push(topicAddress(log.topics[2]));
  rows.tokenIn.push(topicAddress(log.topics[3]));
  rows.tokenOut.push(wordAddress(log.data, 0));
  rows.amountIn.push(word(log.data, 1));
  rows.amountOut.push(word(log.data, 2));
  rows.recipient.push(wordAddress(log.data, 3));
  return true;
}

const arr = (values: readonly (string | number)[], from: number, to: number) => `{${values.slice(from, to).join(",")}}`;
const CHUNK = 20_000;

/** Multi-row insert through unnest (one statement per 20k rows); duplicates are ignored. */
export async function insertTrades(tx: Queryable, chainId: number, t: TradeRows): Promise<void> {
  for (let i = 0; i < t.block.length; i += CHUNK) {
    const j = i + CHUNK;
    await tx.query(
      `INSERT INTO aggregator_trades (chain_id, block_number, log_index, tx_hash, timestamp, "user", router,
         token_in, token_out, amount_in, amount_out, recipient)
       SELECT $1, * FROM unnest($2::int8[], $3::int4[], $4::text[], $5::int8[], $6::text[], $7::text[], $8::text[],
         $9::text[], $10::numeric[], $11::numeric[], $12::text[])
       ON CONFLICT DO NOTHING`,
      [
        chainId,
        arr(t.block, i, j),
        arr(t.logIndex, i, j),
        arr(t.tx, i, j),
        arr(t.ts, i, j),
        arr(t.user, i, j),
        arr(t.router, i, j),
        arr(t.tokenIn, i, j),
        arr(t.tokenOut, i, j),
        arr(t.amountIn, i, j),
        arr(t.amountOut, i, j),
        arr(t.recipient, i, j),
      ],
    );
  }
}

/** Reorg rollback: deletes trades above `fork`. */
export async function rollbackAggregator(tx: Queryable, chainId: number, fork: number): Promise<void> {
  await tx.query("DELETE FROM aggregator_trades WHERE chain_id = $1 AND block_number > $2", [chainId, fork]);
}

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
