/**
 * Swap: the SofiAggregator's trades.
 */
import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { uint256 } from "./indexer.ts";

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
