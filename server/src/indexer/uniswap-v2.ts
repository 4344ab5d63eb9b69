/** Uniswap V2 pair handlers: `Sync` (reserves) and `Swap`. Decoding is done by hand: fixed layouts. */
import { type Hex, toEventSelector } from "viem";
import type { Queryable } from "../db/client.ts";
import { emptyTradeRows, type TradeRows } from "./aggregator.ts";
import type { RawLog } from "./rpc.ts";

export const SYNC_TOPIC = toEventSelector("Sync(uint112,uint112)");
export const SWAP_TOPIC = toEventSelector("Swap(address,uint256,uint256,uint256,uint256,address)");

export type EventRows = {
  swaps: {
    block: number[];
    logIndex: number[];
    tx: string[];
    ts: number[];
    pair: string[];
    sender: string[];
    recipient: string[];
    a0in: string[];
    a1in: string[];
    a0out: string[];
    a1out: string[];
  };
  syncs: { block: number[]; logIndex: number[]; ts: number[]; pair: string[]; r0: string[]; r1: string[] };
  /** SofiAggregator `Trade` rows (aggregator.ts). */
  trades: TradeRows;
};

export function emptyRows(): EventRows {
  return {
    swaps: {
      block: [],
      logIndex: [],
      tx: [],
      ts: [],
      pair: [],
      sender: [],
      recipient: [],
      a0in: [],
      a1in: [],
      a0out: [],
      a1out: [],
    },
    syncs: { block: [], logIndex: [], ts: [], pair: [], r0: [], r1: [] },
    trades: emptyTradeRows(),
  };
}

const word = (data: string, i: number) => BigInt(`0x${data.slice(2 + i * 64, 2 + (i + 1) * 64)}`).toString();
const topicAddress = (t: Hex | undefined) => (t ? `0x${t.slice(26)}`.toLowerCase() : "");

/** Appends one log's row; returns false for logs that are not Sync/Swap (ignored). */
export function decodeInto(rows: EventRows, log: RawLog, ts: number): boolean {
  const t0 = log.topics[0];
  const block = Number(log.blockNumber);
  const logIndex = Number(log.logIndex);
  const pair = log.address.toLowerCase();
  if (t0 === SYNC_TOPIC) {
    if (log.data.length < 2 + 128) return false;
    const s = rows.syncs;
    s.block.push(block);
    s.logIndex.push(logIndex);
    s.ts.push(ts);
    s.pair.push(pair);
    s.r0.push(word(log.data, 0));
    s.r1.push(word(log.data, 1));
    return true;
  }
  if (t0 === SWAP_TOPIC) {
    if (log.data.length < 2 + 256 || log.topics.length < 3) return false;
    const s = rows.swaps;
    s.block.push(block);
    s.logIndex.push(logIndex);
    s.tx.push(log.transactionHash.toLowerCase());
    s.ts.push(ts);
    s.pair.push(pair);
    s.sender.push(topicAddress(log.topics[1]));
    s.recipient.push(topicAddress(log.topics[2]));
    s.a0in.push(word(log.data, 0));
    s.a1in.push(word(log.data, 1));
    s.a0out.push(word(log.data, 2));
    s.a1out.push(word(log.data, 3));
    return true;
  }
  return false;
}

/** A Postgres array literal of simple values (numbers, hex strings, decimal strings: nothing to quote). */
const arr = (values: readonly (string | number)[], from: number, to: number) => `{${values.slice(from, to).join(",")}}`;

const CHUNK = 20_000;

/** Multi-row insert through unnest (one statement per 20k rows); duplicates are ignored. */
export async function insertRows(tx: Queryable, chainId: number, rows: EventRows): Promise<void> {
  const s = rows.syncs;
  for (let i = 0; i < s.block.length; i += CHUNK) {
    const j = i + CHUNK;
    await tx.query(
      `INSERT INTO pair_syncs (chain_id, block_number, log_index, timestamp, pair, reserve0, reserve1)
       SELECT $1, * FROM unnest($2::int8[], $3::int4[], $4::int8[], $5::text[], $6::numeric[], $7::numeric[])
       ON CONFLICT DO NOTHING`,
      [
        chainId,
        arr(s.block, i, j),
        arr(s.logIndex, i, j),
        arr(s.ts, i, j),
        arr(s.pair, i, j),
        arr(s.r0, i, j),
        arr(s.r1, i, j),
      ],
    );
  }
  const w = rows.swaps;
  for (let i = 0; i < w.block.length; i += CHUNK) {
    const j = i + CHUNK;
    await tx.query(
      `INSERT INTO pair_swaps (chain_id, block_number, log_index, tx_hash, timestamp, pair, sender, recipient,
         amount0_in, amount1_in, amount0_out, amount1_out)
       SELECT $1, * FROM unnest($2::int8[], $3::int4[], $4::text[], $5::int8[], $6::text[], $7::text[], $8::text[],
         $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[])
       ON CONFLICT DO NOTHING`,
      [
        chainId,
        arr(w.block, i, j),
        arr(w.logIndex, i, j),
        arr(w.tx, i, j),
        arr(w.ts, i, j),
        arr(w.pair, i, j),
        arr(w.sender, i, j),
        arr(w.recipient, i, j),
        arr(w.a0in, i, j),
        arr(w.a1in, i, j),
        arr(w.a0out, i, j),
        arr(w.a1out, i, j),
      ],
    );
  }
}

/** Seconds per pair_candles bucket (chart buckets are multiples of it). */
export const CANDLE_SECONDS = 300;

const CANDLE_UPSERT = `ON CONFLICT (chain_id, pair, bucket) DO UPDATE SET block_number = EXCLUDED.block_number,
  log_index = EXCLUDED.log_index, timestamp = EXCLUDED.timestamp, reserve0 = EXCLUDED.reserve0, reserve1 = EXCLUDED.reserve1
  WHERE (EXCLUDED.block_number, EXCLUDED.log_index) > (pair_candles.block_number, pair_candles.log_index)`;

/** Folds this range's syncs into pair_candles: the last sync of each (pair, bucket) wins. */
export async function upsertCandles(tx: Queryable, chainId: number, rows: EventRows): Promise<void> {
  const s = rows.syncs;
  const last = new Map<string, number>();
  for (let i = 0; i < s.block.length; i++) {
    const key = `${s.pair[i]}:${Math.floor((s.ts[i] as number) / CANDLE_SECONDS)}`;
    const prev = last.get(key);
    if (
      prev === undefined ||
      (s.block[i] as number) > (s.block[prev] as number) ||
      ((s.block[i] as number) === (s.block[prev] as number) && (s.logIndex[i] as number) > (s.logIndex[prev] as number))
    )
      last.set(key, i);
  }
  if (last.size === 0) return;
  const idx = [...last.values()];
  const col = <T extends string | number>(a: T[], f: (v: T) => string | number = (v) => v) =>
    `{${idx.map((i) => f(a[i] as T)).join(",")}}`;
  await tx.query(
    `INSERT INTO pair_candles (chain_id, pair, bucket, block_number, log_index, timestamp, reserve0, reserve1)
     SELECT $1, * FROM unnest($2::text[], $3::int8[], $4::int8[], $5::int4[], $6::int8[], $7::numeric[], $8::numeric[])
     ${CANDLE_UPSERT}`,
    [
      chainId,
      col(s.pair),
      col(s.ts, (t) => Math.floor(t / CANDLE_SECONDS) * CANDLE_SECONDS),
      col(s.block),
      col(s.logIndex),
      col(s.ts),
      col(s.r0),
      col(s.r1),
    ],
  );
}

/** Reorg rollback: deletes rows above `fork` and rebuilds the candles those rows had touched. */
export async function rollbackUniswapV2(tx: Queryable, chainId: number, fork: number): Promise<void> {
  await tx.query("DELETE FROM pair_swaps WHERE chain_id = $1 AND block_number > $2", [chainId, fork]);
  await tx.query("DELETE FROM pair_syncs WHERE chain_id = $1 AND block_number > $2", [chainId, fork]);
  const gone = await tx.query<{ b: unknown }>(
    "WITH d AS (DELETE FROM pair_candles WHERE chain_id = $1 AND block_number > $2 RETURNING bucket) SELECT min(bucket) AS b FROM d",
    [chainId, fork],
  );
  const from = gone[0]?.b;
  if (from === null || from === undefined) return;
  await tx.query(
    `INSERT INTO pair_candles (chain_id, pair, bucket, block_number, log_index, timestamp, reserve0, reserve1)
     SELECT DISTINCT ON (pair, bucket) chain_id, pair, (timestamp / ${CANDLE_SECONDS}) * ${CANDLE_SECONDS} AS bucket,
       block_number, log_index, timestamp, reserve0, reserve1
     FROM pair_syncs WHERE chain_id = $1 AND timestamp >= $2
     ORDER BY pair, bucket, block_number DESC, log_index DESC
     ${CANDLE_UPSERT}`,
    [chainId, Number(from)],
  );
}
