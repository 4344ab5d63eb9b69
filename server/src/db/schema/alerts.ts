/**
 * Price alerts (issue 11): settings and the worker's state.
 */
import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Price alerts (signed `POST /sofi/alert` by the portfolio's manager) and the alerts worker's state:
 * whether the value was last seen at/above `up` and at/below `down` (a post goes out once per
 * crossing), and the last portfolio trade already announced (trade alerts).
 */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    chainId: integer("chain_id").notNull(),
    portfolio: text("portfolio").notNull(),
    owner: text("owner").notNull(),
    /** Thresholds as typed (digits, at most two decimals), null when empty. */
    up: text("up"),
    down: text("down"),
    tradeAlert: boolean("trade_alert").notNull().default(false),
    discord: text("discord").notNull(),
    upCrossed: boolean("up_crossed").notNull().default(false),
    downCrossed: boolean("down_crossed").notNull().default(false),
    lastTradeBlock: bigint("last_trade_block", { mode: "number" }).notNull().default(0),
    lastTradeLog: integer("last_trade_log").notNull().default(-1),
    lastError: text("last_error"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.portfolio, t.owner] })],
);
