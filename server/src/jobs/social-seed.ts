/**
 * The local chain's feed (issue 20, docs/decisions.md "Social feed"): posts are off-chain, so the
 * contracts' seed cannot write them. When `SOCIAL_SEED_POSTS` is set (`npm start` sets it) and the
 * chain is the local one, this job waits until the index has caught up with the chain (it needs the
 * seeded trades and prices), then — only while the chain's feed is empty — writes that many posts
 * from the accounts that trade on the chain (the seed's traders and managers), over the last three
 * days (half of them in the last 24 h), mentioning the chain's tokens and a few tags, each with up
 * to four predictions from the other authors at the indexed price of its first token. Deterministic
 * for a chain (its own random stream), written in one transaction, exactly once per chain.
 */
import type { RunningJob } from "../modules/module.ts";
import type { TradeFeed } from "../modules/services.ts";

export const SEED_RETRY_MS = 3_000;
/** Authors at most. */
const AUTHORS_MAX = 8;
/** Anvil's well-known dev accounts 1-5 (public keys of the local chain): authors when too few accounts traded. */
const FALLBACK_AUTHORS = [
  "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
  "0x90f79bf6eb2c4f870365e785982e1f101e93b906",
  "0x15d34aaf54267db7d7c367839aaf71a00a2c6a65",
  "0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc",
];

/** What a seeded post holds (the store writes it with its topics, predictions and counters). */
export type SeedPostPlan = {
  author: string;
  text: string;
  createdAt: number;
  symbols: string[];
  topics: string[];
  predictions: {
    address: string;
    direction: "up" | "down";
    createdAt: number;
    at: number;
    token: string | null;
    symbol: string | null;
    priceAt: number | null;
  }[];
};

export type SeedStore = { isEmpty(): Promise<boolean>; seed(posts: readonly SeedPostPlan[]): Promise<boolean> };

export type SeedToken = { symbol: string; address: string; tags: readonly string[] };

export type SeedOptions = {
  store: SeedStore;
  chainId: number;
  count: number;
  feeds: readonly TradeFeed[];
  tokens: readonly SeedToken[];
  pricesAt(times: readonly number[]): Promise<Map<string, number>[]>;
  /** Whether the index has reached the chain's head. */
  caughtUp(): Promise<boolean>;
  /** The chain's time (unix s). */
  now(): Promise<number>;
  /**
   * Called once the posts are written. They are written outside the API and the indexer, so no
   * change names them: without this, replies kept before (an empty topic page asked for while the
   * seed waited for the index) would be answered until their time to live.
   */
  seeded?: () => void;
  log?: (msg: string) => void;
  retryMs?: number;
};

/** A small deterministic PRNG (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Post texts: `$A` and `$B` are two of the chain's tokens. */
const TEMPLATES = [
  "$A looks strong this week, adding to my position #bullish",
  "Taking profit on $A here. $B next? #trading",
  "The $A/$B ratio is at a monthly high. Watching closely.",
  "Anyone else rotating from $A into $B? #defi",
  "Volume on $A picked up overnight #alpha",
  "Rebalanced my portfolio: more $A, less $B #portfolio",
  "$A breaking out, my target is +10% #bullish",
  "I think $A is overheated; expecting a pullback #bearish",
  "What do you all think of $A at this price? #question",
  "Swapped into $A through the aggregator, good price #swap",
  "Long $A, short-term hedge in $B #trading",
  "$B holders, the chart says patience #bearish",
  "Quiet day. Accumulating $A slowly #dca",
  "My $A thesis in one line: fees keep growing #defi",
];

/** The posts to write (pure: the plan for these authors, tokens and prices at `now`). */
export function seedPlan(o: {
  authors: readonly string[];
  tokens: readonly SeedToken[];
  count: number;
  now: number;
  random: () => number;
}): {
  posts: Omit<SeedPostPlan, "predictions">[];
  predictions: (Omit<SeedPostPlan["predictions"][number], "priceAt"> & { post: number })[];
} {
  const { authors, random, now } = o;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  // the tokens people talk about: not the stable coins (RAI first among equals: the e2e's token)
  const talked = o.tokens.filter((t) => !t.tags.includes("stable"));
  const posts: Omit<SeedPostPlan, "predictions">[] = [];
  const predictions: (Omit<SeedPostPlan["predictions"][number], "priceAt"> & { post: number })[] = [];
  if (authors.length === 0 || talked.length === 0) return { posts, predictions };
  for (let i = 0; i < o.count; i++) {
    // half in the last 24 h, the rest over the two days before
    const age = i % 2 === 0 ? random() * 23 * 3600 + 600 : 24 * 3600 + random() * 48 * 3600;
    const at = Math.floor(now - age);
    const a = pick(talked);
    const others = talked.filter((t) => t !== a);
    const b = others.length ? pick(others) : a;
    const text = pick(TEMPLATES).replace(/\$A/g, `$${a.symbol}`).replace(/\$B/g, `$${b.symbol}`);
    const symbols = [...new Set([...text.matchAll(/\$([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1] as string))].filter(
      (s) => o.tokens.some((t) => t.symbol === s),
    );
    const tags = [...new Set([...text.matchAll(/#([a-z][a-z0-9_]*)/g)].map((m) => m[1] as string))];
    const author = authors[i % authors.length] as string;
    posts.push({
      author,
      text,
      createdAt: at * 1000 + Math.floor(random() * 1000),
      symbols,
      topics: [...symbols.map((s) => s.toUpperCase()), ...tags],
    });
    const first = o.tokens.find((t) => t.symbol === symbols[0]);
    const voters = authors.filter((x) => x !== author);
    const n = Math.min(voters.length, Math.floor(random() * 5));
    for (let k = 0; k < n; k++) {
      const address = voters[(i + k) % voters.length] as string;
      const when = Math.min(now - 60, at + 300 + Math.floor(random() * 6 * 3600));
      predictions.push({
        post: posts.length - 1,
        address,
        direction: random() < 0.6 ? "up" : "down",
        createdAt: when * 1000,
        at: when,
        token: first?.address ?? null,
        symbol: first?.symbol ?? null,
      });
    }
  }
  return { posts, predictions };
}

/** The accounts that traded on the chain, the most active first (the seed's traders and managers). */
async function activeAccounts(feeds: readonly TradeFeed[]): Promise<string[]> {
  const counts = new Map<string, number>();
  for (const f of feeds)
    for (const t of await f.recent({ limit: 500 })) counts.set(t.account, (counts.get(t.account) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([a]) => a.toLowerCase());
}

/** One attempt: false while the index is still catching up (try again later). */
export async function seedFeed(o: SeedOptions): Promise<"seeded" | "notEmpty" | "waiting"> {
  if (!(await o.store.isEmpty())) return "notEmpty";
  if (!(await o.caughtUp())) return "waiting";
  const now = await o.now();
  const traded = await activeAccounts(o.feeds);
  const authors = [...new Set([...traded, ...FALLBACK_AUTHORS])].slice(
    0,
    Math.max(5, Math.min(AUTHORS_MAX, traded.length)),
  );
  const plan = seedPlan({
    authors,
    tokens: o.tokens,
    count: o.count,
    now,
    random: seededRandom(o.chainId * 7919 + 20),
  });
  const times = [...new Set(plan.predictions.map((p) => p.at))];
  const prices = times.length ? await o.pricesAt(times) : [];
  const byTime = new Map(times.map((t, i) => [t, prices[i]]));
  const posts: SeedPostPlan[] = plan.posts.map((p) => ({ ...p, predictions: [] }));
  for (const { post, ...pr } of plan.predictions) {
    const price = pr.token ? (byTime.get(pr.at)?.get(pr.token) ?? 0) : 0;
    posts[post]?.predictions.push({ ...pr, priceAt: price > 0 ? price : null });
  }
  // oldest first, so ids follow time like the posts people write
  posts.sort((a, b) => a.createdAt - b.createdAt);
  if (!(await o.store.seed(posts))) return "notEmpty";
  o.seeded?.();
  return "seeded";
}

/** Tries every `retryMs` until the feed is seeded or found not empty. */
export function startFeedSeed(o: SeedOptions): RunningJob {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const attempt = () => {
    if (stopped) return;
    running = seedFeed(o)
      .then((r) => {
        if (r === "seeded") o.log?.(`seeded ${o.count} posts`);
        if (r === "waiting" && !stopped) timer = setTimeout(attempt, o.retryMs ?? SEED_RETRY_MS);
      })
      .catch((e) => {
        o.log?.(`feed not seeded: ${(e as Error).message.split("\n")[0]}`);
        if (!stopped) timer = setTimeout(attempt, o.retryMs ?? SEED_RETRY_MS);
      })
      .finally(() => {
        running = null;
      });
  };
  attempt();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
