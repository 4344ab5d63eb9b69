/**
 * Health and config (always on): the signed page-view tracker of spec 000 §2.
 */
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
