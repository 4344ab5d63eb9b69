/**
 * Market (always on): Uniswap V2 pairs' swaps, syncs and 5-minute reserve candles.
 */
import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { uint256 } from "./indexer.ts";

/** Uniswap V2 pair `Swap` events. */
export const pairSwaps = pgTable(
  "pair_swaps",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    pair: text("pair").notNull(),
    sender: text("sender").notNull(),
    recipient: text("recipient").notNull(),
    amount0In: uint256("amount0_in").notNull(),
    amount1In: uint256("amount1_in").notNull(),
    amount0Out: uint256("amount0_out").notNull(),
    amount1Out: uint256("amount1_out").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] })],
);

/** Uniswap V2 pair `Sync` events: reserves over time, the source of prices. */
export const pairSyncs = pgTable(
  "pair_syncs",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    pair: text("pair").notNull(),
    reserve0: uint256("reserve0").notNull(),
    reserve1: uint256("reserve1").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] })],
);

/**
 * Last reserves of each pair per 5-minute bucket (CANDLE_SECONDS), maintained by the indexer in
 * the same transaction as pair_syncs. Prices, 24 h changes and history read this small table
 * instead of every Sync; chart buckets (15 min, 1 h, 4 h, 1 d) are multiples of it, so they stay exact.
 */
export const pairCandles = pgTable(
  "pair_candles",
  {
    chainId: integer("chain_id").notNull(),
    pair: text("pair").notNull(),
    bucket: bigint("bucket", { mode: "number" }).notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    reserve0: uint256("reserve0").notNull(),
    reserve1: uint256("reserve1").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.pair, t.bucket] })],
);
