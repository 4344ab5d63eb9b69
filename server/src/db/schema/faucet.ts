/**
 * Faucet (issue 11, 22): claims.
 */
import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Faucet claims (`POST /sts/faucet`): one row per address, UTC day and kind (normal, extra), written
 * and committed BEFORE anything is sent, so concurrent requests cannot both pass the unique key.
 * status: pending (claimed, nothing broadcast yet), sent (transactions broadcast, hashes stored),
 * confirmed, failed (nothing was transferred: the address may claim again that day).
 */
export const faucetClaims = pgTable(
  "faucet_claims",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    /** UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
    kind: text("kind").notNull(),
    name: text("name").notNull().default(""),
    status: text("status").notNull(),
    /** Transaction hashes, the token transfer first. */
    txHashes: text("tx_hashes").array().notNull().default([]),
    error: text("error"),
    attempts: integer("attempts").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address, t.day, t.kind] })],
);
