/**
 * Uniswap V2 pairs: `Sync` (reserves, the source of prices) and `Swap`, into pair_syncs and
 * pair_swaps, and the 5-minute candles (last reserves per bucket) that prices and charts read.
 * Sources: the deployment's listed pairs (fixed). Not the factories' every pair: on a real network
 * a DEX factory has hundreds of thousands of pairs, and only the listed tokens' pools price anything.
 */
import { uniswapV2PairAbi } from "@sofi/protocol";
import { CANDLE_SECONDS } from "../../db/candles.ts";
import type { Queryable } from "../../db/client.ts";
import { bulkInsert } from "../bulk.ts";
import { type ColumnsOf, defineHandler, eventOf, type RowsOf } from "../handler.ts";

export const SYNC_EVENT = eventOf(uniswapV2PairAbi, "Sync");
export const SWAP_EVENT = eventOf(uniswapV2PairAbi, "Swap");
type Rows = RowsOf<typeof SYNC_EVENT | typeof SWAP_EVENT>;

const CANDLE_UPSERT = `ON CONFLICT (chain_id, pair, bucket) DO UPDATE SET block_number = EXCLUDED.block_number,
  log_index = EXCLUDED.log_index, timestamp = EXCLUDED.timestamp, reserve0 = EXCLUDED.reserve0, reserve1 = EXCLUDED.reserve1
  WHERE (EXCLUDED.block_number, EXCLUDED.log_index) > (pair_candles.block_number, pair_candles.log_index)`;

/**
 * The two event tables take plain INSERTs, not `ON CONFLICT DO NOTHING`: the engine never writes a
 * range at or below a committed checkpoint (rows and checkpoint commit together; a reorg deletes
 * above the fork first), so a conflict cannot happen, and if it ever did the range's transaction
 * fails loudly instead of skipping rows. Speculative insertion costs about a fifth of PGlite's
 * write time on these, the hottest tables of a backfill (docs/decisions.md).
 */
const PLAIN_INSERT = "";

async function insert(tx: Queryable, chainId: number, rows: Rows): Promise<void> {
  const s = rows.Sync;
  await bulkInsert(
    tx,
    "pair_syncs",
    chainId,
    [
      { name: "block_number", type: "int8", values: s.block },
      { name: "log_index", type: "int4", values: s.logIndex },
      { name: "timestamp", type: "int8", values: s.ts },
      { name: "pair", type: "text", values: s.address },
      { name: "reserve0", type: "numeric", values: s.args.reserve0 },
      { name: "reserve1", type: "numeric", values: s.args.reserve1 },
    ],
    PLAIN_INSERT,
  );
  const w = rows.Swap;
  await bulkInsert(
    tx,
    "pair_swaps",
    chainId,
    [
      { name: "block_number", type: "int8", values: w.block },
      { name: "log_index", type: "int4", values: w.logIndex },
      { name: "tx_hash", type: "text", values: w.tx },
      { name: "timestamp", type: "int8", values: w.ts },
      { name: "pair", type: "text", values: w.address },
      { name: "sender", type: "text", values: w.args.sender },
      { name: "recipient", type: "text", values: w.args.to },
      { name: "amount0_in", type: "numeric", values: w.args.amount0In },
      { name: "amount1_in", type: "numeric", values: w.args.amount1In },
      { name: "amount0_out", type: "numeric", values: w.args.amount0Out },
      { name: "amount1_out", type: "numeric", values: w.args.amount1Out },
    ],
    PLAIN_INSERT,
  );
  await upsertCandles(tx, chainId, s);
}

/** Folds a range's syncs into pair_candles: the last sync of each (pair, bucket) wins. */
async function upsertCandles(tx: Queryable, chainId: number, s: ColumnsOf<typeof SYNC_EVENT>): Promise<void> {
  const last = new Map<string, number>();
  for (let i = 0; i < s.block.length; i++) {
    const key = `${s.address[i]}:${Math.floor((s.ts[i] as number) / CANDLE_SECONDS)}`;
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
  const pick = <T>(a: readonly T[]) => idx.map((i) => a[i] as T);
  await bulkInsert(
    tx,
    "pair_candles",
    chainId,
    [
      { name: "pair", type: "text", values: pick(s.address) },
      { name: "bucket", type: "int8", values: pick(s.ts).map((t) => Math.floor(t / CANDLE_SECONDS) * CANDLE_SECONDS) },
      { name: "block_number", type: "int8", values: pick(s.block) },
      { name: "log_index", type: "int4", values: pick(s.logIndex) },
      { name: "timestamp", type: "int8", values: pick(s.ts) },
      { name: "reserve0", type: "numeric", values: pick(s.args.reserve0) },
      { name: "reserve1", type: "numeric", values: pick(s.args.reserve1) },
    ],
    CANDLE_UPSERT,
  );
}

/**
 * After the generic rollback deleted the swaps and syncs above `fork`: rebuilds the candles the
 * deleted syncs had touched, from the syncs that remain.
 */
async function rollback(tx: Queryable, chainId: number, fork: number): Promise<void> {
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

export const uniswapV2Handler = defineHandler({
  name: "uniswap-v2",
  events: [SYNC_EVENT, SWAP_EVENT],
  sources: [{ kind: "fixed", addresses: (d) => d.pairs.map((p) => p.address) }],
  // pair_candles is not listed: its rows are rebuilt by `rollback`, not only deleted
  tables: ["pair_swaps", "pair_syncs"],
  insert,
  rollback,
});
