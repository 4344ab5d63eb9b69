/**
 * Database schema. Every indexed row carries chain_id and block_number, keyed by
 * (chain_id, block_number, log_index) so replays insert nothing twice. Money and reserves are
 * numeric(78,0) base units (bigint in TypeScript).
 */
import { bigint, customType, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/** numeric(78,0) ↔ bigint. */
export const uint256 = customType<{ data: bigint; driverData: string }>({
  dataType: () => "numeric(78, 0)",
  toDriver: (v) => v.toString(),
  fromDriver: (v) => BigInt(v),
});

/** Where each indexer of each chain stands: the last fully indexed block and its hash. */
export const checkpoints = pgTable(
  "indexer_checkpoints",
  {
    chainId: integer("chain_id").notNull(),
    indexer: text("indexer").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    blockHash: text("block_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.indexer] })],
);

/**
 * Contracts that a factory created at run time, found by the handler that follows them (its
 * `factory` source): kept so a restart does not rescan, rolled back with the block they came from.
 */
export const children = pgTable(
  "indexer_children",
  {
    chainId: integer("chain_id").notNull(),
    handler: text("handler").notNull(),
    address: text("address").notNull(),
    factory: text("factory").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.handler, t.address] })],
);

/** Hashes and timestamps of indexed blocks: reorg detection (recent ones) and event times. */
export const blocks = pgTable(
  "indexer_blocks",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    blockHash: text("block_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber] })],
);

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

/** Spec 000 §2 page-view tracker: signed POSTs from the web app. */
export const pageViews = pgTable(
  "page_views",
  {
    id: serial("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    path: text("path").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_views_path").on(t.chainId, t.path)],
);

/**
 * SofiAggregator `Trade` events (one per trade through the aggregator): the profile's transaction
 * tab and the swap page's recent transactions. Native ETH is the zero address in token_in/token_out.
 */
export const aggregatorTrades = pgTable(
  "aggregator_trades",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    user: text("user").notNull(),
    router: text("router").notNull(),
    tokenIn: text("token_in").notNull(),
    tokenOut: text("token_out").notNull(),
    amountIn: uint256("amount_in").notNull(),
    amountOut: uint256("amount_out").notNull(),
    recipient: text("recipient").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    // Ascending columns: newest-first pages are a backward index scan, and the keyset condition
    // `(block_number, log_index) < (…)` is an index condition with no sort (DESC columns made PostgreSQL sort).
    index("aggregator_trades_user_block").on(t.chainId, t.user, t.blockNumber, t.logIndex),
  ],
);
