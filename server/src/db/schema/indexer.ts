/**
 * The indexer engine's own tables (every chain, every handler): checkpoints, factory children, block hashes for reorgs, and quarantined logs. Every indexed row of every capability carries chain_id and block_number, keyed by (chain_id, block_number, log_index) so replays insert nothing twice; money and reserves are numeric(78,0) base units (bigint in TypeScript).
 */
import { bigint, customType, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

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

/**
 * Rows a handler could not write for a reason the row itself carries (a value a column refuses):
 * set aside with the error so one stranger's transaction never stops the chain's index. Rolled
 * back with their block like any indexed row; /api/health counts them.
 */
export const quarantine = pgTable(
  "indexer_quarantine",
  {
    chainId: integer("chain_id").notNull(),
    handler: text("handler").notNull(),
    event: text("event").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    /** The decoded arguments (storable text) and, for strings, their raw bytes. */
    args: jsonb("args").notNull(),
    error: text("error").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.handler, t.blockNumber, t.logIndex] })],
);
