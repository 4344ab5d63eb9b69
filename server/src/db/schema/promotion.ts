/**
 * Promotion (issue 11): SOFI paid to promote portfolios.
 */
import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { uint256 } from "./indexer.ts";

/**
 * PortfolioPromotion `Promoted` (issue 11): an append-only log of SOFI paid to promote a portfolio.
 * amount is SOFI base units (18 decimals); end_at the promotion's new end (unix seconds) as the
 * contract computed it, so a portfolio's promote_end_at is its latest row's end_at.
 */
export const portfolioPromotions = pgTable(
  "portfolio_promotions",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    portfolio: text("portfolio").notNull(),
    payer: text("payer").notNull(),
    amount: uint256("amount").notNull(),
    endAt: bigint("end_at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("portfolio_promotions_portfolio").on(t.chainId, t.portfolio),
  ],
);
