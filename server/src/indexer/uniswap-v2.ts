/** Uniswap V2 pair handlers: `Sync` (reserves) and `Swap`. Decoding is done by hand: fixed layouts. */
import { type Hex, toEventSelector } from "viem";
import type { Queryable } from "../db/client.ts";
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

/** Tables holding this handler's rows, for reorg rollback. */
export const UNISWAP_V2_TABLES = ["pair_swaps", "pair_syncs"] as const;
