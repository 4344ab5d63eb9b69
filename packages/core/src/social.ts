/**
 * The social feed of spec 002 (issue 20): §2 "Social feed", §3 social post and trending topic, §4
 * social, §5 "Please enter your content.", §7 `GET /sofi/posts`, `GET /sofi/trending`,
 * `POST /sofi/predict`, `POST /sofi/post`, §8 the notices. Rules shared by the server and the web
 * app: what a post may hold, which tokens and tags it mentions, the coin chip's text, the topics,
 * the API's schemas, and how a prediction on a post is scored (docs/decisions.md).
 */
import { z } from "zod";
import { addressSchema, queryIntSchema, textProblem } from "./validation.ts";

/** Longest post (characters). */
export const POST_MAX = 500;
/** Most tokens one post's chips show. */
export const POST_COINS_MAX = 5;
/** A prediction on a post is scored this long after it was made (docs/decisions.md). */
export const POST_PREDICTION_WINDOW_S = 24 * 3600;
/** Points a correct post prediction earns (the races' points are on the same board). */
export const POST_PREDICTION_POINTS = 10;

export const SOCIAL_ERRORS = {
  /** §5 and §8. */
  content: "Please enter your content.",
  tooLong: `Your post can be at most ${POST_MAX} characters.`,
  invalid: "Your post must be text without control characters.",
  direction: "direction must be up or down",
  action: "action must be dislike or mute",
  postId: "post must be a post id",
  notFound: "Post not found",
  notSigner: "address must be the signer's",
  ownPost: "You cannot predict your own post",
  muteSelf: "You cannot mute yourself",
  tooMany: "Too many posts and reactions; please wait a minute",
  topic: "topic must be a token, a tag, tx or post",
  cursor: "cursor must be a post cursor",
  already: "You have already predicted this post",
  muteId: "id must be the author's address",
  since: "since must be a post id",
} as const;

/** §3 "The values tx and post are special" topics. */
export const SPECIAL_TOPICS = ["tx", "post"] as const;

/** `$SYMBOL` mentions: a dollar sign, then 1-12 letters or digits starting with a letter. */
const MENTION = /(?:^|[^\w$])\$([A-Za-z][A-Za-z0-9]{0,11})\b/g;
/** `#tag` mentions. */
const TAG = /(?:^|[^\w#])#([A-Za-z][A-Za-z0-9_]{0,31})\b/g;

/** The token symbols a post mentions as `$SYMBOL`, upper-case, once each, in order. */
export function mentionedSymbols(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(MENTION)) {
    const s = (m[1] as string).toUpperCase();
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** The `#tags` a post mentions, lower-case, once each. */
export function mentionedTags(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TAG)) {
    const s = (m[1] as string).toLowerCase();
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** §5: what is wrong with a post's text (multi-line text: newlines allowed), or null. */
export function postProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return SOCIAL_ERRORS.content;
  if (t.length > POST_MAX) return SOCIAL_ERRORS.tooLong;
  // a post may span lines: tabs and newlines are fine, other controls are not
  if (textProblem(t.replace(/[\n\t]/g, " "), POST_MAX)) return SOCIAL_ERRORS.invalid;
  return null;
}

/**
 * §3 "coins (list of price strings whose third word carries a sign; a minus marks a drop)": the
 * chip of one token, `RAI $2.1000 +1.25%` (4 decimals under $1, 2 above).
 */
export function coinChip(symbol: string, priceUsd: number, change24h: number | null): string {
  const price = priceUsd >= 1 ? priceUsd.toFixed(2) : priceUsd.toPrecision(4);
  const c = change24h ?? 0;
  return `${symbol} $${price} ${c < 0 ? "-" : "+"}${Math.abs(c).toFixed(2)}%`;
}

/** A chip's parts as the screen shows them; `down` when the third word's sign is a minus. */
export function parseCoinChip(chip: string): { symbol: string; price: string; change: string; down: boolean } {
  const [symbol = "", price = "", change = ""] = chip.split(" ");
  return { symbol, price, change, down: change.startsWith("-") };
}

/**
 * How a prediction on a post is scored (docs/decisions.md "Social feed"): up is right when the
 * token's indexed USD price 24 h after the prediction is above the price at the prediction, down
 * when below; an unchanged or unknown price scores nothing.
 */
export function postPredictionPoints(direction: "up" | "down", priceAt: number, priceAfter: number): number {
  if (!(priceAt > 0) || !(priceAfter > 0) || priceAfter === priceAt) return 0;
  const rose = priceAfter > priceAt;
  return rose === (direction === "up") ? POST_PREDICTION_POINTS : 0;
}

// ------------------------------------------------------------------ the API (§7)

// ------------------------------------------------------------------ the feed's order

/**
 * The feed's order (newest first): by time in ms, then by id, where a post's id (digits) sorts below
 * a trade's key (letters first) at the same ms and numbers compare as numbers. Every page is cut at
 * the last item's cursor `{ms}-{id}`, so the same total order decides what the next page holds.
 */
export function feedKey(ms: number, id: string): string {
  const padded = /^\d+$/.test(id) ? id.padStart(20, "0") : id;
  return `${String(ms).padStart(16, "0")}-${padded}`;
}

/**
 * `{ms}-{id}`: a post's id is at most 18 digits (a PostgreSQL int8, as the page query casts it:
 * a longer one would fail there, not here), a trade's key has a letter.
 */
const FEED_CURSOR = /^(\d{1,16})-(\d{1,18}|(?=[a-z0-9]*[a-z])[a-z0-9]{1,80})$/;

/** A feed item's cursor (what the next page starts below). */
export const feedCursor = (ms: number, id: string): string => `${ms}-${id}`;

/** A cursor's parts, or null when it is not one. */
export function parseFeedCursor(cursor: string): { ms: number; id: string } | null {
  const m = FEED_CURSOR.exec(cursor);
  return m ? { ms: Number(m[1]), id: m[2] as string } : null;
}

/** Whether an item at (ms, id) comes after (below) the cursor in the feed's order. */
export function isBelowCursor(ms: number, id: string, cursor: { ms: number; id: string }): boolean {
  return feedKey(ms, id) < feedKey(cursor.ms, cursor.id);
}

/** The topic a trending entry or a feed filter names: `tx`, `post`, a token (upper-case) or a tag. */
export type TopicKind = "tx" | "post" | "token" | "tag";

/** §3 trending topic: tx and post are special; a token's topic is its symbol in capitals, a tag's in small letters. */
export function topicKind(topic: string): TopicKind {
  if (topic === "tx" || topic === "post") return topic;
  return topic === topic.toUpperCase() ? "token" : "tag";
}

/** A feed filter's topic as stored: tokens upper-case, tags lower-case (`Defi` is the tag `defi`). */
export function normalTopic(topic: string): string {
  const kind = topicKind(topic);
  return kind === "tag" ? topic.toLowerCase() : topic;
}

/** A feed cursor: the last item's `{ms}-{id}` (items are newest first). */
const cursorSchema = z.string().regex(FEED_CURSOR, SOCIAL_ERRORS.cursor);

/** `GET /sofi/posts?address&topic` (§7: keys omitted when empty), cursor pagination. */
export const postsQuerySchema = z.object({
  /** The viewer: their own prediction on each post, and what they disliked or muted is hidden. */
  address: addressSchema.optional(),
  /** `post`, `tx`, a token symbol or a tag; absent: everything. */
  topic: z
    .string()
    .regex(/^(tx|post|[A-Za-z][A-Za-z0-9_]{0,31})$/, SOCIAL_ERRORS.topic)
    .optional(),
  /** One author's posts only (the profile's view). */
  author: addressSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: queryIntSchema(1, 50, "limit must be an integer from 1 to 50").optional().default(20),
});

/** The signed post creation: `POST /sofi/posts` `{ address, text }`. */
export const newPostBodySchema = z.object({
  address: addressSchema,
  text: z.string({ message: SOCIAL_ERRORS.content }).superRefine((v, ctx) => {
    const p = postProblem(v);
    if (p) ctx.addIssue({ code: "custom", message: p });
  }),
});

const postIdSchema = z
  .union([z.string(), z.number()], { message: SOCIAL_ERRORS.postId })
  .transform(String)
  .pipe(z.string().regex(/^\d{1,18}$/, SOCIAL_ERRORS.postId));

/** `POST /sofi/predict` (§7): address, post (the post id), direction. */
export const predictPostBodySchema = z.object({
  address: addressSchema,
  post: postIdSchema,
  direction: z.enum(["up", "down"], { message: SOCIAL_ERRORS.direction }),
});

/** `POST /sofi/post` (§7): address, id (the post for dislike, the author for mute), action. */
export const postActionBodySchema = z.object({
  address: addressSchema,
  id: z
    .union([z.string(), z.number()], { message: SOCIAL_ERRORS.postId })
    .transform(String)
    .pipe(z.string().min(1).max(80)),
  action: z.enum(["dislike", "mute"], { message: SOCIAL_ERRORS.action }),
});

/** §3 social post's user. */
export const socialUserSchema = z.object({
  /** The author's address (the mute action's id). */
  id: z.string(),
  name: z.string(),
  screen_name: z.string(),
  photo_url: z.string().nullable(),
  /** Their profile, `/sts/profile/{address}`. */
  url: z.string(),
  /** `/sts/manager/{address}` when the author manages portfolios, else null. */
  manager: z.string().nullable(),
});

/** A feed item: a post, or (topic `tx`) an indexed trade as an item of the same shape. */
export const socialPostSchema = z.object({
  id: z.string(),
  kind: z.enum(["post", "tx"]),
  text: z.string(),
  url: z.string().nullable(),
  created_at: z.number().int(),
  up: z.number().int(),
  down: z.number().int(),
  /** The viewer's own prediction on it: up, down or empty. */
  address_prediction: z.enum(["up", "down", ""]),
  coins: z.array(z.string()),
  user: socialUserSchema,
  /** For a trade: its transaction. */
  txid: z.string().nullable(),
  /** For a trade: what was traded (the screen words it in the reader's language; `text` is the English). */
  trade: z
    .object({
      kind: z.enum(["swap", "portfolioBuy", "portfolioSell"]),
      from_symbol: z.string(),
      from_amount: z.string(),
      to_symbol: z.string(),
      to_amount: z.string(),
      portfolio: z.string().nullable(),
    })
    .nullable(),
});
export type SocialPost = z.infer<typeof socialPostSchema>;

export const postsPageSchema = z.object({ posts: z.array(socialPostSchema), next_cursor: z.string().nullable() });
export const trendingSchema = z.array(
  z.object({ topic: z.string(), kind: z.enum(["tx", "post", "token", "tag"]), count: z.number().int() }),
);
export type TrendingTopic = z.infer<typeof trendingSchema>[number];

/**
 * `GET /sofi/social/cache` (operators and the bench): whether the busiest topics' first pages have
 * been read ahead, how many topics have pages kept, and their bytes.
 */
export const socialCacheSchema = z.object({
  warmth: z.enum(["cold", "warming", "warm"]),
  topics: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type SocialCacheState = z.infer<typeof socialCacheSchema>;
export const socialReplySchema = z.object({ ok: z.literal(true) }).passthrough();

/** The signed post creation's reply: the new post as the feed shows it. */
export const newPostReplySchema = z.object({ ok: z.literal(true), post: socialPostSchema });
/** `POST /sofi/predict`'s reply: the post's counters and the signer's prediction. */
export const predictPostReplySchema = z.object({
  ok: z.literal(true),
  post: z.string(),
  up: z.number().int(),
  down: z.number().int(),
  address_prediction: z.enum(["up", "down"]),
});
/** `POST /sofi/post`'s reply: what was hidden for the signer. */
export const postActionReplySchema = z.object({
  ok: z.literal(true),
  action: z.enum(["dislike", "mute"]),
  id: z.string(),
});

/**
 * `GET /sofi/posts/stream?since&address&topic`: server-sent events, one `post` event per new post
 * (newer than `since`, the newest id the page holds); `address` leaves out the authors it muted.
 */
export const postsStreamQuerySchema = z.object({
  since: z.string({ message: SOCIAL_ERRORS.since }).regex(/^\d{1,18}$/, SOCIAL_ERRORS.since),
  address: addressSchema.optional(),
});
/** One `post` event of the stream. */
export const postStreamEventSchema = z.object({
  id: z.string(),
  created_at: z.number().int(),
  /** The author's address (lower-case). */
  author: z.string(),
  /** The topics the post is found under (tokens upper-case, tags lower-case). */
  topics: z.array(z.string()),
});
export type PostStreamEvent = z.infer<typeof postStreamEventSchema>;

/** `GET /sofi/social/profile?address`: the mini profile's figures. */
export const socialProfileQuerySchema = z.object({ address: addressSchema });
export const socialProfileSchema = z.object({
  user: socialUserSchema,
  posts: z.number().int(),
  predictions: z.number().int(),
  /** Predictions scored so far, how many were right, and the points they earned. */
  scored: z.number().int(),
  correct: z.number().int(),
  points: z.number().int(),
});
export type SocialProfile = z.infer<typeof socialProfileSchema>;
