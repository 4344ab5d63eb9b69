/**
 * Social area (issue 20, spec 002 §7): `GET /sofi/posts?address&topic&author&cursor&limit` (posts and,
 * on the all and transaction tabs, indexed trades as feed items, newest first, cursor-paginated; the
 * viewer's disliked posts and muted authors left out), `GET /sofi/trending` (the most mentioned
 * tokens and tags of the last 24 h, then the special `post` and `tx`), the signed writes
 * `POST /sofi/posts` (a new post), `POST /sofi/predict` (up or down, one per address and post) and
 * `POST /sofi/post` (dislike a post, mute an author), rate-limited per address; beyond the spec,
 * `GET /sofi/posts/stream` (server-sent events: one per new post, on every replica) and
 * `GET /sofi/social/profile` (the mini profile's figures). Replies to failures are `{ error }`.
 */
import {
  coinChip,
  feedCursor,
  feedKey,
  isBelowCursor,
  mentionedSymbols,
  mentionedTags,
  newPostBodySchema,
  normalTopic,
  type PostStreamEvent,
  parseFeedCursor,
  postActionBodySchema,
  postsQuerySchema,
  postsStreamQuerySchema,
  predictPostBodySchema,
  priceChangePercent,
  SOCIAL_ERRORS,
  type SocialCacheState,
  type SocialPost,
  socialProfileQuerySchema,
  type TrendingTopic,
  topicKind,
} from "@sofi/core";
import { type Context, Hono } from "hono";
import { type SSEStreamingApi, streamSSE } from "hono/streaming";
import { isAddress } from "viem";
import { TokenBuckets, tooManyRequests } from "../auth/rate-limit.ts";
import type { FeedTrade, Profiles } from "../modules/services.ts";
import { type ApiArea, type ApiEnv, type ChainRuntime, publicOrigin } from "./area.ts";
import { checksum } from "./checksum.ts";
import { MANAGER_TOPIC, PROFILE_TOPIC } from "./commit-signal.ts";
import { type CompressedJson, compressedJson, jsonText, sendCompressedJson } from "./compressed-json.ts";
import { type FreshReply, KeptReplies, type KeptReply } from "./kept-replies.ts";
import { chainNow } from "./queries/chain-time.ts";
import { type PostRow, SocialSql } from "./queries/social.ts";
import { REACTOR_TOPIC, SocialReactors } from "./queries/social-reactors.ts";
import { ReplyCache } from "./reply-cache.ts";
import { requireSignedWrite } from "./signed.ts";
import { limitBody, validJson, validQuery } from "./validate.ts";

/** A post of 500 characters (up to 4 bytes each in UTF-8, escaped in JSON) and the address. */
export const SOCIAL_BODY_MAX = 8 * 1024;
/** How often a replica's watcher looks for new posts while a live feed is open. */
export const STREAM_POLL_MS = 500;
/** A comment line this often keeps proxies from closing a quiet stream (and finds closed ones). */
export const STREAM_PING_MS = 15_000;
/** A stream ends after this long; the browser's EventSource reconnects (Last-Event-ID) on its own. */
export const STREAM_MAX_MS = 10 * 60_000;
/** Ids the watcher looks back below the newest it saw: a post whose transaction commits late is still sent. */
export const STREAM_LOOKBACK = 32;
/** Trending topics listed (beside `post` and `tx`). */
export const TRENDING_LIMIT = 10;
/** The window of trending topics. */
export const TRENDING_WINDOW_S = 24 * 3600;
/** Trades counted for the `tx` topic at most (its count says "at least"). */
export const TX_COUNT_MAX = 200;
/** How long the trending list and the feed's pages without a viewer are reused (writes here drop them sooner). */
export const SOCIAL_CACHE_MS = 2_000;
/** Trades fetched beyond a page's length, so trades in the same second as the cursor are not skipped. */
const TRADE_SLACK = 32;

export type SocialConfig = {
  /** Posts per address per minute (0: no limit). */
  postsPerMinute: number;
  /** Predictions, dislikes and mutes per address per minute (0: no limit). */
  reactionsPerMinute: number;
  /** Live feeds one process serves at once. */
  streamsMax: number;
  /** Posts the local chain's seed writes when its feed is empty (0: none). */
  seedPosts: number;
};

/** Up to 4 decimals, no trailing zeros (the English text of a trade item). */
const shortAmount = (whole: string) => {
  const [i = "0", f = ""] = whole.split(".");
  const frac = f.slice(0, 4).replace(/0+$/, "");
  return frac ? `${i}.${frac}` : i;
};

/** The English text of a trade item (the screen words it from `trade` in the reader's language). */
export function tradeText(t: Pick<FeedTrade, "kind" | "fromSymbol" | "fromAmount" | "toSymbol" | "toAmount">): string {
  const from = `${shortAmount(t.fromAmount)} ${t.fromSymbol}`;
  const to = `${shortAmount(t.toAmount)} ${t.toSymbol}`;
  if (t.kind === "portfolioBuy") return `Bought ${to} with ${from}`;
  if (t.kind === "portfolioSell") return `Sold ${from} for ${to}`;
  return `Swapped ${from} for ${to}`;
}

type Subscriber = { viewer?: string; send(ev: PostStreamEvent): void };

/**
 * One per chain and process: while at least one live feed is open, polls the chain's new posts
 * every STREAM_POLL_MS (an indexed `id > …` read that finds nothing most of the time) and hands each
 * to every open feed, minus the authors that feed's viewer muted. Polling the database rather than
 * LISTEN/NOTIFY: every replica sees posts written by any other (PGlite has no cross-process
 * notify), and a post written here is sent at once (`poke`).
 */
export class PostWatcher {
  private readonly subs = new Set<Subscriber>();
  private last: bigint | null = null;
  private readonly sent = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly sql: SocialSql,
    private readonly log: (msg: string) => void,
    private readonly pollMs = STREAM_POLL_MS,
  ) {}

  get size(): number {
    return this.subs.size;
  }

  /** Whether the watcher is polling (only while some feed is open). */
  get polling(): boolean {
    return this.timer !== null;
  }

  subscribe(sub: Subscriber): () => void {
    this.subs.add(sub);
    if (!this.timer) {
      this.timer = setInterval(() => this.poke(), this.pollMs);
      this.timer.unref?.();
      this.poke();
    }
    return () => {
      this.subs.delete(sub);
      if (this.subs.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
        this.last = null;
        this.sent.clear();
      }
    };
  }

  /** Looks for new posts now (after a post was written in this process). */
  poke(): void {
    if (this.subs.size === 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.poll()
      .catch((e) => this.log(`social stream: ${(e as Error).message.split("\n")[0]}`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  private async poll(): Promise<void> {
    if (this.last === null) {
      this.last = BigInt(await this.sql.maxId());
      return;
    }
    const from = this.last > BigInt(STREAM_LOOKBACK) ? this.last - BigInt(STREAM_LOOKBACK) : 0n;
    const rows = (await this.sql.newPosts(String(from), 200)).filter((r) => !this.sent.has(r.id));
    if (rows.length === 0) return;
    const viewers = [...this.subs].map((s) => s.viewer).filter((v): v is string => !!v);
    // asked before the rows count as sent: a failed question leaves them for the next poll
    const muted = await this.sql.mutes(
      viewers,
      rows.map((r) => r.author),
    );
    for (const r of rows) {
      this.sent.add(r.id);
      if (BigInt(r.id) > this.last) this.last = BigInt(r.id);
    }
    // only the recent ids matter for the look-back
    if (this.sent.size > 4 * STREAM_LOOKBACK + 200)
      for (const id of [...this.sent]) if (BigInt(id) < this.last - BigInt(STREAM_LOOKBACK)) this.sent.delete(id);
    for (const s of this.subs)
      for (const r of rows) {
        if (s.viewer && muted.has(`${s.viewer}|${r.author}`)) continue;
        s.send({ id: r.id, created_at: Math.floor(r.createdAt / 1000), author: r.author, topics: r.topics });
      }
  }
}

/** A topic page's live part: the chips function it was made with, its posts' symbols, and the chips they read. */
type PageLive = { chips: (symbols: readonly string[]) => string[]; symbols: string[][]; text: string };
const chipsText = (chips: PageLive["chips"], symbols: readonly string[][]) =>
  symbols.map((x) => chips(x).slice(0, 5).join(",")).join("|");

/** The change topic of a token's or tag's pages: a new post names its topics, a prediction its post's. */
export const SOCIAL_TOPIC = "social.topic";
/** The change topic of an address becoming a portfolio manager (its posts link to its manager page). */
export { MANAGER_TOPIC };
/** Kept topic pages' bytes (gzip-compressed from 1 KB: a page of twenty posts is about 12 KB of JSON). */
export const TOPIC_PAGES_BYTES = 64 * 1024 * 1024;
/** Topics whose first page is read ahead (by their newest post), within TOPIC_WARM_SHARE of the budget. */
export const TOPIC_WARM_TOPICS = 10_000;
export const TOPIC_WARM_SHARE = 0.5;
/** The page the web asks first (the query's default limit): the one read ahead. */
const FIRST_PAGE_LIMIT = postsQuerySchema.shape.limit.parse(undefined);

/** How long coin chips' prices are used before they are read again. */
const CHIPS_MS = 5_000;
type Chips = (symbols: readonly string[]) => string[];

/** What a reply is made for: the chain, and the origin its photo URLs start with. */
type View = { ch: ChainRuntime; origin: string };
/**
 * A topic's key among kept pages. Kept keys are compared lower-cased, and the token RAI and the
 * tag rai are two topics: the kind keeps them apart.
 */
const topicKey = (topic: string) => `${topicKind(topic)}:${topic}`;
/** A kept topic page's sub-key: the page asked for, and the origin its photo URLs carry. */
const topicSub = (cursor: string | undefined, limit: number, origin: string) => `${cursor ?? ""}|${limit}|${origin}`;

type ChainSocial = {
  sql: SocialSql;
  /**
   * A token's or tag's pages without a viewer (issue 21 §1), kept until a write names the topic
   * (a post under it, a prediction on one of its posts), an API write this area cannot read the
   * keys of (a profile's name or photo, on any server), or a new manager; made again when the
   * chips' prices would read otherwise.
   */
  topics: KeptReplies<PageLive>;
  /** Who reacted to anything: any other viewer's page is the page without a viewer. */
  reactors: SocialReactors;
  watcher: PostWatcher;
  /** Bumped by every write in this process (cached replies computed before are not served after). */
  version: number;
  /** Pages (and the trending list) for 2 s; from GZIP_MIN_BYTES also gzip-compressed, once. */
  cache: ReplyCache<CompressedJson>;
  /** The coin chips read last (`fn`, read at `at`) and the read in progress, if any. */
  chips: { fn: Chips | null; at: number; pending: Promise<Chips> | null };
};

export const socialArea: ApiArea = (deps) => {
  const cfg = deps.config.social;
  const posts = new TokenBuckets(cfg.postsPerMinute);
  const reactions = new TokenBuckets(cfg.reactionsPerMinute);
  const signed = requireSignedWrite(deps);
  /** Blocked addresses' posts and trades are shown to nobody (their writes are refused too). */
  const blocked = [...deps.config.blockedAddresses]
    .map((a) => a.toLowerCase())
    .filter((a) => /^0x[0-9a-f]{40}$/.test(a));
  const log = (msg: string) => console.warn(`[social] ${msg}`);
  const state = new WeakMap<ChainRuntime, ChainSocial>();
  const of = (ch: ChainRuntime): ChainSocial => {
    let s = state.get(ch);
    if (!s) {
      const sql = new SocialSql(deps.db, ch.config.info.id);
      s = {
        sql,
        reactors: new SocialReactors(sql, ch.commits),
        topics: new KeptReplies<PageLive>({
          commits: ch.commits,
          keysOf: (change) => {
            const t = change.touched;
            // a new manager or a renamed author: pages that show their posts are not known by topic
            if (t[MANAGER_TOPIC]?.length || t[PROFILE_TOPIC]?.length) return "all";
            // a post or a prediction names its topics; any other write (a favourite, a vote, a
            // follow) changes no topic page
            return t[SOCIAL_TOPIC] ? t[SOCIAL_TOPIC].map(topicKey) : [];
          },
          maxBytes: TOPIC_PAGES_BYTES,
          gzipFrom: 1024,
        }),
        watcher: new PostWatcher(sql, log),
        version: 0,
        cache: new ReplyCache(SOCIAL_CACHE_MS),
        chips: { fn: null, at: 0, pending: null },
      };
      state.set(ch, s);
    }
    return s;
  };
  const prices = (ch: ChainRuntime) => deps.services.get(ch, "prices");

  /** The coin chips of listed tokens: price now and its change over 24 h. */
  const readChips = async (ch: ChainRuntime): Promise<Chips> => {
    const p = prices(ch);
    const now = await chainNow(deps.db, ch.config.info.id);
    const [latest, dayAgo] = await Promise.all([p.usdPrices(), p.usdPrices(now - 24 * 3600)]);
    return (symbols: readonly string[]) =>
      symbols.flatMap((sym) => {
        const t = p.tokenBySymbol(sym);
        const price = t ? (latest.get(t.address) ?? 0) : 0;
        if (!t || !(price > 0)) return [];
        return [coinChip(t.symbol, price, priceChangePercent(price, dayAgo.get(t.address)))];
      });
  };
  /**
   * The chips, read again once CHIPS_MS old. Until the new ones are read the previous ones answer:
   * a page waits for prices only before the first read (every request waiting on each refresh was
   * the feed's slowest 1 % under load).
   */
  const chipsOf = (ch: ChainRuntime): Promise<Chips> => {
    const c = of(ch).chips;
    if (c.fn && Date.now() - c.at < CHIPS_MS) return Promise.resolve(c.fn);
    if (!c.pending) {
      const started = Date.now();
      const pending = readChips(ch)
        .then((fn) => {
          c.fn = fn;
          c.at = started;
          return fn;
        })
        .finally(() => {
          c.pending = null;
        });
      pending.catch((e: Error) => log(`coin chips not read: ${e.message}`));
      c.pending = pending;
    }
    return c.fn ? Promise.resolve(c.fn) : c.pending;
  };

  const viewOf = (c: Context<ApiEnv>): View => ({ ch: c.var.chain, origin: publicOrigin(c, deps.config) });
  const userOf = (view: View, address: string, profiles: Awaited<ReturnType<Profiles["of"]>>): SocialPost["user"] => {
    const a = checksum(address);
    const p = profiles.get(address.toLowerCase());
    const short = `${a.slice(0, 6)}…${a.slice(-4)}`;
    return {
      id: a,
      name: p?.name || short,
      screen_name: p?.name || short,
      photo_url: p?.photoUrl ? `${view.origin}${p.photoUrl}` : null,
      url: `/sts/profile/${a}`,
      manager: p?.manager ? `/sts/manager/${a}` : null,
    };
  };
  const profilesOf = async (ch: ChainRuntime, addresses: readonly string[]) =>
    (await deps.services.find(ch, "profiles")?.of(addresses)) ?? new Map();

  const postItem = (
    view: View,
    p: PostRow,
    chips: (s: readonly string[]) => string[],
    profiles: Awaited<ReturnType<Profiles["of"]>>,
  ): SocialPost => ({
    id: p.id,
    kind: "post",
    text: p.text,
    url: null,
    created_at: Math.floor(p.createdAt / 1000),
    up: p.up,
    down: p.down,
    address_prediction: p.mine,
    coins: chips(p.symbols).slice(0, 5),
    user: userOf(view, p.author, profiles),
    txid: null,
    trade: null,
  });
  const tradeItem = (
    view: View,
    t: FeedTrade,
    chips: (s: readonly string[]) => string[],
    profiles: Awaited<ReturnType<Profiles["of"]>>,
  ): SocialPost => {
    const explorer = view.ch.config.info.explorerUrl;
    return {
      id: t.key,
      kind: "tx",
      text: tradeText(t),
      url: explorer ? `${explorer.replace(/\/$/, "")}/tx/${t.txid}` : null,
      created_at: t.ts,
      up: 0,
      down: 0,
      address_prediction: "",
      coins: chips([t.fromSymbol, t.toSymbol]),
      user: userOf(view, t.account, profiles),
      txid: t.txid,
      trade: {
        kind: t.kind,
        from_symbol: t.fromSymbol,
        from_amount: t.fromAmount,
        to_symbol: t.toSymbol,
        to_amount: t.toAmount,
        portfolio: t.portfolio ? checksum(t.portfolio) : null,
      } satisfies SocialPost["trade"],
    };
  };

  /** One page of the feed (see the header): posts and trades merged in the feed's order. */
  const page = async (
    view: View,
    q: { viewer?: string; topic?: string; author?: string; cursor?: string; limit: number },
  ) => {
    const ch = view.ch;
    const s = of(ch);
    const cursor = q.cursor ? (parseFeedCursor(q.cursor) ?? undefined) : undefined;
    const topic = q.topic ? normalTopic(q.topic) : undefined;
    const kind = topic ? topicKind(topic) : undefined;
    const withPosts = kind !== "tx";
    const withTrades = kind === undefined || kind === "tx";
    const postRows = withPosts
      ? await s.sql.page({
          viewer: q.viewer,
          topic: kind === "token" || kind === "tag" ? topic : undefined,
          author: q.author,
          hidden: blocked,
          cursor,
          limit: q.limit,
        })
      : [];
    const feeds = withTrades
      ? [deps.services.find(ch, "swapTradeFeed"), deps.services.find(ch, "portfolioTradeFeed")].filter((f) => !!f)
      : [];
    const fetchLimit = q.limit + TRADE_SLACK;
    const before = cursor ? Math.floor(cursor.ms / 1000) + 1 : undefined;
    const tradeLists = await Promise.all(feeds.map((f) => f.recent({ before, limit: fetchLimit, account: q.author })));
    type Entry = { key: string; ms: number; id: string; post?: PostRow; trade?: FeedTrade };
    const entries: Entry[] = [
      ...postRows.map((p) => ({ key: feedKey(p.createdAt, p.id), ms: p.createdAt, id: p.id, post: p })),
      ...tradeLists.flat().map((t) => ({ key: feedKey(t.ts * 1000, t.key), ms: t.ts * 1000, id: t.key, trade: t })),
    ].filter((e) => !cursor || isBelowCursor(e.ms, e.id, cursor));
    entries.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
    const taken = entries.slice(0, q.limit);
    const more =
      entries.length > q.limit || postRows.length === q.limit || tradeLists.some((l) => l.length === fetchLimit);
    const last = taken.at(-1);
    // a muted author's trades are left out too (their posts already were, in SQL)
    const accounts = taken.flatMap((e) => (e.trade ? [e.trade.account] : []));
    const muted = q.viewer ? await s.sql.mutedAmong(q.viewer, accounts) : new Set<string>();
    const shown = taken.filter(
      (e) => !e.trade || !(muted.has(e.trade.account) || deps.config.blockedAddresses.has(e.trade.account)),
    );
    const [chips, profiles] = await Promise.all([
      chipsOf(ch),
      profilesOf(
        ch,
        shown.map((e) => e.post?.author ?? e.trade?.account ?? ""),
      ),
    ]);
    return pageReply(view, shown, more && last ? feedCursor(last.ms, last.id) : null, chips, profiles);
  };

  /** A page's reply from its entries, and what its chips were made of (a kept page is made again when they would read otherwise). */
  const pageReply = (
    view: View,
    shown: readonly { post?: PostRow; trade?: FeedTrade }[],
    nextCursor: string | null,
    chips: (s: readonly string[]) => string[],
    profiles: Awaited<ReturnType<Profiles["of"]>>,
  ) => {
    const reply = {
      posts: shown.map((e) =>
        e.post ? postItem(view, e.post, chips, profiles) : tradeItem(view, e.trade as FeedTrade, chips, profiles),
      ),
      next_cursor: nextCursor,
    };
    const live: PageLive = {
      chips,
      symbols: shown.map((e) => e.post?.symbols ?? (e.trade ? [e.trade.fromSymbol, e.trade.toSymbol] : [])),
      text: "",
    };
    live.text = chipsText(live.chips, live.symbols);
    return { reply, live };
  };

  /** A kept page with each item's coins from `chips` (the items' symbols are kept beside the page). */
  const rechipped = (kept: KeptReply<PageLive>, chips: Chips): FreshReply<PageLive> => {
    const reply = JSON.parse(jsonText(kept)) as { posts: SocialPost[]; next_cursor: string | null };
    for (const [i, p] of reply.posts.entries()) p.coins = chips(kept.meta.symbols[i] ?? []).slice(0, 5);
    const live: PageLive = { chips, symbols: kept.meta.symbols, text: chipsText(chips, kept.meta.symbols) };
    return { text: JSON.stringify(reply), meta: live };
  };

  /**
   * The first pages (no viewer, no cursor) of many topics, as `page` makes them one at a time: what
   * reading ahead keeps.
   */
  const topicFirstPages = async (view: View, topics: readonly string[], limit: number) => {
    const rows = await of(view.ch).sql.topicFirstPages(topics, limit, blocked);
    const [chips, profiles] = await Promise.all([
      chipsOf(view.ch),
      profilesOf(
        view.ch,
        [...rows.values()].flatMap((posts) => posts.map((p) => p.author)),
      ),
    ]);
    const pages = new Map<string, FreshReply<PageLive>>();
    for (const [topic, posts] of rows) {
      const last = posts.at(-1);
      const next = posts.length === limit && last ? feedCursor(last.createdAt, last.id) : null;
      const made = pageReply(
        view,
        posts.map((post) => ({ post })),
        next,
        chips,
        profiles,
      );
      pages.set(topic, { text: JSON.stringify(made.reply), meta: made.live });
    }
    return pages;
  };

  const trending = async (ch: ChainRuntime): Promise<TrendingTopic[]> => {
    const s = of(ch);
    const sinceMs = Date.now() - TRENDING_WINDOW_S * 1000;
    const now = await chainNow(deps.db, ch.config.info.id);
    const feeds = [deps.services.find(ch, "swapTradeFeed"), deps.services.find(ch, "portfolioTradeFeed")].filter(
      (f) => !!f,
    );
    const [top, postCount, trades] = await Promise.all([
      s.sql.trending(sinceMs, TRENDING_LIMIT),
      s.sql.postsSince(sinceMs),
      Promise.all(feeds.map((f) => f.recent({ limit: TX_COUNT_MAX }))),
    ]);
    const txCount = Math.min(TX_COUNT_MAX, trades.flat().filter((t) => t.ts >= now - TRENDING_WINDOW_S).length);
    return [
      ...top.map((t) => ({ topic: t.topic, kind: topicKind(t.topic) as "token" | "tag", count: t.count })),
      { topic: "post", kind: "post", count: postCount },
      { topic: "tx", kind: "tx", count: txCount },
    ];
  };

  /**
   * The busiest topics' first pages, read ahead once per chain from the first topic page asked for
   * (or the cache's state): their photo URLs carry that request's origin, PUBLIC_URL in production.
   */
  const readAhead = (view: View) => {
    const { sql, topics } = of(view.ch);
    if (topics.warmth !== "cold") return;
    const topicOf = new Map<string, string>();
    topics
      .warm(
        async () =>
          (await sql.busiestTopics(TOPIC_WARM_TOPICS)).map((t) => {
            const key = topicKey(t);
            topicOf.set(key.toLowerCase(), t);
            return key;
          }),
        topicSub(undefined, FIRST_PAGE_LIMIT, view.origin),
        async (keys) => {
          const pages = await topicFirstPages(
            view,
            keys.map((k) => topicOf.get(k) ?? k),
            FIRST_PAGE_LIMIT,
          );
          return new Map([...pages].map(([t, page]) => [topicKey(t).toLowerCase(), page]));
        },
        { share: TOPIC_WARM_SHARE, batch: 50, pauseMs: 20 },
      )
      .catch((e: Error) => log(`reading topic pages ahead stopped: ${e.message}`));
  };

  /** A reaction was saved: pages read from now on are the reactor's own, here and (through the bus) everywhere. */
  const reacted = (c: Context<ApiEnv>, s: ChainSocial, signer: string) => {
    s.reactors.add(signer);
    s.version++;
    c.set("wrote", { [REACTOR_TOPIC]: [signer] });
  };

  /** The signer must be the body's address (a write is the signer's own). */
  const signerOf = (c: Context<ApiEnv>, address: string) => {
    const signer = c.var.signer.address.toLowerCase();
    return signer === address ? signer : null;
  };

  return (
    new Hono<ApiEnv>()
      .get("/sofi/posts", validQuery(postsQuerySchema), async (c) => {
        const q = c.req.valid("query");
        const ch = c.var.chain;
        const s = of(ch);
        // a viewer who never reacted sees the page without a viewer: the same text, kept once for all
        const viewer = q.address && !s.reactors.quiet(q.address) ? q.address : undefined;
        const args = { viewer, topic: q.topic, author: q.author, cursor: q.cursor, limit: q.limit };
        // A viewer's page too (their predictions, mutes and dislikes): every write in this process
        // bumps s.version, and another server's write reaches the generation through the change bus.
        const topic = q.topic ? normalTopic(q.topic) : undefined;
        const kind = topic ? topicKind(topic) : undefined;
        if (topic && !viewer && !q.author && (kind === "token" || kind === "tag")) {
          // a token's or tag's page: kept until something it shows changes (ChainSocial.topics)
          const view = viewOf(c);
          readAhead(view);
          const sub = topicSub(q.cursor, q.limit, view.origin);
          const fresh = async () => {
            const made = await page(view, args);
            return { text: JSON.stringify(made.reply), meta: made.live };
          };
          let kept = await s.topics.get(topicKey(topic), sub, fresh);
          const chips = await chipsOf(ch);
          if (kept.meta.chips !== chips) {
            // new prices: the same page if its chips read the same, else its coins written again
            // from the kept page (the prices' 24 h change moves every few seconds on an active
            // chain: making every page again from the database then outran it)
            if (chipsText(chips, kept.meta.symbols) === kept.meta.text) kept.meta.chips = chips;
            else kept = await s.topics.rewrite(topicKey(topic), sub, kept, rechipped(kept, chips));
          }
          return sendCompressedJson(c, kept);
        }
        const key = `page|${viewer ?? ""}|${q.topic ?? ""}|${q.author ?? ""}|${q.cursor ?? ""}|${q.limit}`;
        const version = `${s.version}|${ch.commits?.generation ?? 0}`;
        const reply = await s.cache.get(key, version, async () =>
          compressedJson(JSON.stringify((await page(viewOf(c), args)).reply)),
        );
        return sendCompressedJson(c, reply);
      })
      // what is kept in memory, for operators and the bench: whether reading ahead is done
      .get("/sofi/social/cache", (c) => {
        const { topics } = of(c.var.chain);
        readAhead(viewOf(c));
        return c.json({
          warmth: topics.warmth,
          topics: topics.heldKeys,
          bytes: topics.heldBytes,
        } satisfies SocialCacheState);
      })
      .get("/sofi/trending", async (c) => {
        const ch = c.var.chain;
        const s = of(ch);
        const version = `${s.version}|${ch.commits?.generation ?? 0}`;
        return sendCompressedJson(
          c,
          await s.cache.get("trending", version, async () => compressedJson(JSON.stringify(await trending(ch)))),
        );
      })
      .get("/sofi/social/profile", validQuery(socialProfileQuerySchema), async (c) => {
        const { address } = c.req.valid("query");
        const ch = c.var.chain;
        const [stats, profiles] = await Promise.all([of(ch).sql.profileStats(address), profilesOf(ch, [address])]);
        return c.json({ user: userOf(viewOf(c), address, profiles), ...stats });
      })
      .get("/sofi/posts/stream", validQuery(postsStreamQuerySchema), async (c) => {
        const ch = c.var.chain;
        const s = of(ch);
        if (s.watcher.size >= cfg.streamsMax)
          return c.json({ error: "Too many live feeds on this server; retry later" }, 503, { "Retry-After": "30" });
        const q = c.req.valid("query");
        const lastEventId = c.req.header("last-event-id");
        const since =
          lastEventId && /^\d{1,18}$/.test(lastEventId) && BigInt(lastEventId) > BigInt(q.since)
            ? lastEventId
            : q.since;
        // proxies must not buffer the stream
        c.header("X-Accel-Buffering", "no");
        return streamSSE(c, async (stream: SSEStreamingApi) => {
          let wake: (() => void) | null = null;
          let open = true;
          const seen = new Set<string>();
          const send = (ev: PostStreamEvent) => {
            if (!open || seen.has(ev.id) || BigInt(ev.id) <= BigInt(since)) return;
            seen.add(ev.id);
            stream.writeSSE({ event: "post", id: ev.id, data: JSON.stringify(ev) }).catch(() => {});
          };
          const unsubscribe = s.watcher.subscribe({ viewer: q.address, send });
          stream.onAbort(() => {
            open = false;
            unsubscribe();
            wake?.();
          });
          try {
            await stream.writeSSE({ event: "ready", data: JSON.stringify({ since }), retry: 2_000 });
            // what was written since the page was read (or since the last event before a reconnect)
            const missed = await s.sql.newPosts(since, 50);
            const muted = q.address
              ? await s.sql.mutedAmong(
                  q.address,
                  missed.map((r) => r.author),
                )
              : new Set<string>();
            for (const r of missed)
              if (!muted.has(r.author))
                send({ id: r.id, created_at: Math.floor(r.createdAt / 1000), author: r.author, topics: r.topics });
            const end = Date.now() + STREAM_MAX_MS;
            while (open && Date.now() < end) {
              await new Promise<void>((r) => {
                const t = setTimeout(r, Math.min(STREAM_PING_MS, end - Date.now()));
                wake = () => {
                  clearTimeout(t);
                  r();
                };
              });
              if (open) await stream.write(": ping\n\n");
            }
          } finally {
            open = false;
            unsubscribe();
          }
        });
      })
      .post("/sofi/posts", limitBody(SOCIAL_BODY_MAX), signed, validJson(newPostBodySchema), async (c) => {
        const body = c.req.valid("json");
        const signer = signerOf(c, body.address);
        if (!signer) return c.json({ error: SOCIAL_ERRORS.notSigner }, 403);
        const t = posts.take(signer);
        if (!t.ok) return tooManyRequests(c, t.retryAfterS, SOCIAL_ERRORS.tooMany);
        const ch = c.var.chain;
        const s = of(ch);
        const text = body.text.trim();
        const p = prices(ch);
        // tokens the chain lists (their chips and topics); other $WORDS stay plain text
        const symbols = [
          ...new Set(
            mentionedSymbols(text).flatMap((m) => {
              const tok = p.tokenBySymbol(m);
              return tok ? [tok.symbol] : [];
            }),
          ),
        ];
        const topics = [
          ...new Set([
            ...symbols.map((x) => x.toUpperCase()),
            ...mentionedTags(text).filter((x) => x !== "tx" && x !== "post"),
          ]),
        ];
        const row = await s.sql.insertPost(signer, text, Date.now(), symbols, topics);
        s.version++;
        // the token and tag pages it joins go, here and on every other server
        c.set("wrote", { [SOCIAL_TOPIC]: topics });
        s.watcher.poke();
        // The post is saved: from here the reply must not fail, or the client would send it again
        // (a duplicate). Prices or profiles that cannot be read now leave the chips and name bare;
        // the feed's next read has them.
        const [chips, profiles] = await Promise.all([
          chipsOf(ch).catch(() => () => [] as string[]),
          profilesOf(ch, [signer]).catch(() => new Map() as Awaited<ReturnType<typeof profilesOf>>),
        ]);
        return c.json({ ok: true as const, post: postItem(viewOf(c), row, chips, profiles) });
      })
      .post("/sofi/predict", limitBody(SOCIAL_BODY_MAX), signed, validJson(predictPostBodySchema), async (c) => {
        const body = c.req.valid("json");
        const signer = signerOf(c, body.address);
        if (!signer) return c.json({ error: SOCIAL_ERRORS.notSigner }, 403);
        const t = reactions.take(signer);
        if (!t.ok) return tooManyRequests(c, t.retryAfterS, SOCIAL_ERRORS.tooMany);
        const ch = c.var.chain;
        const s = of(ch);
        const post = await s.sql.post(body.post, signer);
        if (!post) return c.json({ error: SOCIAL_ERRORS.notFound }, 404);
        if (post.author === signer) return c.json({ error: SOCIAL_ERRORS.ownPost }, 400);
        if (post.mine) return c.json({ error: SOCIAL_ERRORS.already }, 409);
        // scored later against the post's first listed token, from its price now
        const p = prices(ch);
        const token = post.symbols.map((x) => p.tokenBySymbol(x)).find((x) => !!x);
        // the post's topics are read before the write: nothing after it can fail a saved prediction
        const [at, current, topics] = await Promise.all([
          chainNow(deps.db, ch.config.info.id),
          token ? p.usdPrices() : null,
          s.sql.topicsOf(post.id),
        ]);
        const price = token ? (current?.get(token.address) ?? 0) : 0;
        const r = await s.sql.predict({
          postId: post.id,
          address: signer,
          direction: body.direction,
          createdAt: Date.now(),
          at,
          token: token?.address ?? null,
          symbol: token?.symbol ?? null,
          priceAt: price > 0 ? price : null,
        });
        if (!r) return c.json({ error: SOCIAL_ERRORS.notFound }, 404);
        if (r.already) return c.json({ error: SOCIAL_ERRORS.already }, 409);
        reacted(c, s, signer);
        // its counters show on the pages of its topics
        c.set("wrote", { ...c.get("wrote"), [SOCIAL_TOPIC]: topics });
        return c.json({ ok: true as const, post: post.id, up: r.up, down: r.down, address_prediction: r.mine });
      })
      .post("/sofi/post", limitBody(SOCIAL_BODY_MAX), signed, validJson(postActionBodySchema), async (c) => {
        const body = c.req.valid("json");
        const signer = signerOf(c, body.address);
        if (!signer) return c.json({ error: SOCIAL_ERRORS.notSigner }, 403);
        const t = reactions.take(signer);
        if (!t.ok) return tooManyRequests(c, t.retryAfterS, SOCIAL_ERRORS.tooMany);
        const s = of(c.var.chain);
        if (body.action === "dislike") {
          if (!/^\d{1,18}$/.test(body.id)) return c.json({ error: SOCIAL_ERRORS.postId }, 400);
          if (!(await s.sql.dislike(signer, body.id, Date.now())))
            return c.json({ error: SOCIAL_ERRORS.notFound }, 404);
          reacted(c, s, signer);
          return c.json({ ok: true as const, action: body.action, id: body.id });
        }
        const author = body.id.toLowerCase();
        if (!isAddress(author)) return c.json({ error: SOCIAL_ERRORS.muteId }, 400);
        if (author === signer) return c.json({ error: SOCIAL_ERRORS.muteSelf }, 400);
        await s.sql.mute(signer, author, Date.now());
        reacted(c, s, signer);
        return c.json({ ok: true as const, action: body.action, id: checksum(author) });
      })
  );
};
