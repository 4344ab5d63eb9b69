/**
 * The social feed (issue 20): off-chain posts, the topics they are found under, predictions on them
 * (scored after 24 h against the token's indexed price), and what each address hid (disliked posts,
 * muted authors). None of it is indexed from a chain, so a reorg keeps it.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";

/**
 * A post (signed `POST /sofi/posts`): its text as written (refused, never cleaned, when it holds
 * controls), the token symbols it mentions that the chain lists (its coin chips, at most 5), and
 * its prediction counters (kept beside it, in the prediction's transaction).
 */
export const socialPosts = pgTable(
  "social_posts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    chainId: integer("chain_id").notNull(),
    author: text("author").notNull(),
    text: text("text").notNull(),
    /** Unix ms. */
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    symbols: jsonb("symbols").$type<string[]>().notNull(),
    up: integer("up").notNull().default(0),
    down: integer("down").notNull().default(0),
  },
  (t) => [
    // the feed (newest first, keyset on created_at and id), one author's posts, the stream (id order)
    index("social_posts_feed").on(t.chainId, t.createdAt, t.id),
    index("social_posts_author").on(t.chainId, t.author, t.createdAt, t.id),
    index("social_posts_chain_id").on(t.chainId, t.id),
  ],
);

/**
 * Each topic a post is found under: the tokens it mentions (symbol, upper-case) and its tags
 * (lower-case). A topic's feed and the trending topics of the last 24 h read this table only.
 */
export const socialPostTopics = pgTable(
  "social_post_topics",
  {
    chainId: integer("chain_id").notNull(),
    topic: text("topic").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    postId: bigint("post_id", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.topic, t.createdAt, t.postId] }),
    index("social_post_topics_recent").on(t.chainId, t.createdAt),
  ],
);

/**
 * One prediction per address and post (`POST /sofi/predict`). `at` is the chain's time it was made
 * (unix s) and `price_at` the USD price then of the post's first listed token (`token`, null when
 * it mentions none); the scoring job fills `price_after` (24 h later), `points` and `scored_at`, and
 * `awarded_at` once the shared points board took them.
 */
export const socialPredictions = pgTable(
  "social_predictions",
  {
    chainId: integer("chain_id").notNull(),
    postId: bigint("post_id", { mode: "number" }).notNull(),
    address: text("address").notNull(),
    direction: text("direction").notNull(),
    /** Unix ms (wall clock). */
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    /** Unix s on the chain's clock (the later of the wall clock and the latest indexed block). */
    at: bigint("at", { mode: "number" }).notNull(),
    token: text("token"),
    symbol: text("symbol"),
    priceAt: doublePrecision("price_at"),
    priceAfter: doublePrecision("price_after"),
    points: integer("points"),
    scoredAt: bigint("scored_at", { mode: "number" }),
    awardedAt: bigint("awarded_at", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.postId, t.address] }),
    index("social_predictions_address").on(t.chainId, t.address),
    index("social_predictions_unscored").on(t.chainId, t.at).where(sql`scored_at IS NULL`),
    index("social_predictions_unawarded").on(t.chainId, t.scoredAt).where(sql`awarded_at IS NULL AND points > 0`),
  ],
);

/** Posts an address marked "not interested" (hidden from its feed). */
export const socialDislikes = pgTable(
  "social_dislikes",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    postId: bigint("post_id", { mode: "number" }).notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address, t.postId] })],
);

/** Authors an address muted (their posts and trades hidden from its feed). */
export const socialMutes = pgTable(
  "social_mutes",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    author: text("author").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address, t.author] })],
);
