/**
 * The social module's jobs (issue 20): scoring a prediction on a post after 24 h against the token's
 * indexed price (recorded on the row; awarded once on the shared points board, later when the board
 * appears), and the local chain's seed (posts from the accounts that trade, with predictions, only
 * on an empty feed, only when asked: the server's tests never get seeded posts).
 */
import { POST_PREDICTION_POINTS } from "@sofi/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Change, CommitSignal } from "../src/api/commit-signal.ts";
import { Prices } from "../src/api/queries/market.ts";
import { SocialSql } from "../src/api/queries/social.ts";
import { swapTradeFeed } from "../src/api/queries/trades.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { scorePostPredictions } from "../src/jobs/social-scoring.ts";
import { seededRandom, seedFeed, seedPlan } from "../src/jobs/social-seed.ts";
import type { PointsLedger } from "../src/modules/services.ts";
import { socialModule } from "../src/modules/social.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { local, NOVA_USDT, RAI, RAI_USDT, SOCIAL_DEPLOYMENT, setPrice, USDT } from "./helpers/social.ts";

const DAY = 86_400;
const NOW = Math.floor(Date.now() / 1000);
const A = "0x00000000000000000000000000000000000000aa";
const B = "0x00000000000000000000000000000000000000bb";
const C = "0x00000000000000000000000000000000000000cc";

/** A board like the races' (a stand-in for the module that will provide it): idempotent by (source, ref, address). */
function board(): PointsLedger & { rows: Map<string, number>; calls: number } {
  const rows = new Map<string, number>();
  const b = {
    rows,
    calls: 0,
    async award(entries: Parameters<PointsLedger["award"]>[0]) {
      b.calls++;
      for (const e of entries) {
        const k = `${e.source}|${e.ref}|${e.address}`;
        if (!rows.has(k)) rows.set(k, e.points);
      }
    },
  };
  return b;
}

async function clear(db: Db) {
  for (const t of ["social_posts", "social_post_topics", "social_predictions", "aggregator_trades"])
    await db.query(`DELETE FROM ${t}`);
}

describe.each(DB_KINDS)("social jobs (%s)", (kind) => {
  let db: Db;
  let sql: SocialSql;
  let prices: Prices;
  const t = NOW - 3 * DAY; // when the predictions were made
  beforeAll(async () => {
    db = await freshDb(kind);
    sql = new SocialSql(db, 31337);
    prices = new Prices(db, local, SOCIAL_DEPLOYMENT, 0);
    // RAI: $2 at t, $2.50 a day later; NOVA: $1 at t, $0.80 a day later
    await setPrice(db, RAI_USDT, t - 600, 2);
    await setPrice(db, RAI_USDT, t + DAY - 600, 2.5);
    await setPrice(db, NOVA_USDT, t - 600, 1);
    await setPrice(db, NOVA_USDT, t + DAY - 600, 0.8);
  });
  afterAll(closeAllDbs);
  beforeEach(() => clear(db));

  const predictOn = async (symbols: string[], votes: [string, "up" | "down", number | null][], at = t) => {
    const p = await sql.insertPost(C, `post ${symbols.join(" ")}`, at * 1000, symbols, symbols);
    const token = symbols[0] ? (prices.tokenBySymbol(symbols[0])?.address ?? null) : null;
    for (const [address, direction, priceAt] of votes)
      await sql.predict({
        postId: p.id,
        address,
        direction,
        createdAt: at * 1000,
        at,
        token,
        symbol: symbols[0] ?? null,
        priceAt,
      });
    return p.id;
  };
  const rows = async () =>
    db.query<{
      post_id: string;
      address: string;
      points: number | null;
      price_after: number | null;
      scored_at: string | null;
      awarded_at: string | null;
    }>(
      "SELECT post_id::text AS post_id, address, points, price_after, scored_at, awarded_at FROM social_predictions ORDER BY post_id, address",
    );
  const options = (ledger: PointsLedger | undefined, upTo: number | null = NOW) => ({
    store: sql,
    pricesAt: (times: readonly number[]) => prices.usdPricesAtTimes(times),
    indexedTime: async () => upTo,
    ledger: () => ledger,
  });

  it("after 24 h: up is right when the token's indexed price rose, down when it fell; recorded and awarded once", async () => {
    const rai = await predictOn(
      ["RAI"],
      [
        [A, "up", 2],
        [B, "down", 2],
      ],
    );
    const nova = await predictOn(
      ["NOVA"],
      [
        [A, "up", 1],
        [B, "down", 1],
      ],
    );
    const plain = await predictOn([], [[A, "up", null]]);
    const recent = await predictOn(["RAI"], [[B, "up", 2.5]], NOW - 3600);
    const ledger = board();
    expect(await scorePostPredictions(options(ledger))).toEqual({ scored: 5, awarded: 2 });
    const r = await rows();
    const of = (post: string, a: string) => r.find((x) => x.post_id === post && x.address === a);
    expect(of(rai, A)).toMatchObject({ points: POST_PREDICTION_POINTS });
    expect(Number(of(rai, A)?.price_after)).toBeCloseTo(2.5, 6);
    expect(of(rai, B)?.points).toBe(0);
    expect(of(nova, A)?.points).toBe(0);
    expect(of(nova, B)?.points).toBe(POST_PREDICTION_POINTS);
    // a post that names no listed token scores nothing; one younger than 24 h waits
    expect(of(plain, A)).toMatchObject({ points: 0, price_after: null });
    expect(of(recent, B)).toMatchObject({ points: null, scored_at: null });
    expect([...ledger.rows.entries()].sort()).toEqual(
      [
        [`post|${rai}|${A}`, POST_PREDICTION_POINTS],
        [`post|${nova}|${B}`, POST_PREDICTION_POINTS],
      ].sort(),
    );
    // a second run changes nothing and awards nothing again
    expect(await scorePostPredictions(options(ledger))).toEqual({ scored: 0, awarded: 0 });
    expect(ledger.rows.size).toBe(2);
  });

  it("nothing is scored before the price 24 h later is indexed; without a board the result waits on the row", async () => {
    await predictOn(["RAI"], [[A, "up", 2]]);
    expect(await scorePostPredictions(options(undefined, t + DAY - 1))).toEqual({ scored: 0, awarded: 0 });
    expect(await scorePostPredictions(options(undefined, null))).toEqual({ scored: 0, awarded: 0 });
    expect(await scorePostPredictions(options(undefined))).toEqual({ scored: 1, awarded: 0 });
    expect((await rows())[0]).toMatchObject({ points: POST_PREDICTION_POINTS, awarded_at: null });
    // the board appears later (races switched on): the waiting points reach it
    const ledger = board();
    expect(await scorePostPredictions(options(ledger))).toEqual({ scored: 0, awarded: 1 });
    expect((await rows())[0]?.awarded_at).not.toBeNull();
  });

  it("an unchanged price scores nothing", async () => {
    await setPrice(db, NOVA_USDT, t + 2 * DAY - 600, 0.8);
    await predictOn(["NOVA"], [[A, "up", 0.8]], t + DAY);
    await scorePostPredictions(options(board()));
    expect((await rows())[0]?.points).toBe(0);
  });

  it("the seed: posts from the accounts that trade, mentioning the chain's tokens, with predictions; only on an empty feed", async () => {
    for (let i = 0; i < 12; i++)
      await db.query(
        `INSERT INTO aggregator_trades (chain_id, block_number, log_index, tx_hash, timestamp, "user", router, token_in, token_out, amount_in, amount_out, recipient)
         VALUES (31337, $1, 0, '0x01', $2, $3, '0x01', $4, $5, '1', '1', $3)`,
        [100 + i, NOW - 1000 + i, [A, B, C][i % 3], USDT, RAI],
      );
    const feeds = [swapTradeFeed(db, 31337, prices, "ETH")];
    // the posts are written outside the API and the indexer: the job says so once they are there
    let seeded = 0;
    const o = {
      seeded: () => {
        seeded++;
      },
      store: sql,
      chainId: 31337,
      count: 30,
      feeds,
      tokens: prices.tokens,
      pricesAt: (times: readonly number[]) => prices.usdPricesAtTimes(times),
      caughtUp: async () => true,
      now: async () => NOW,
    };
    expect(await seedFeed({ ...o, caughtUp: async () => false })).toBe("waiting");
    expect(await sql.isEmpty()).toBe(true);
    expect(seeded).toBe(0);
    expect(await seedFeed(o)).toBe("seeded");
    expect(seeded).toBe(1);
    const posts = await db.query<{
      id: string;
      author: string;
      text: string;
      created_at: string;
      up: number;
      down: number;
    }>("SELECT id::text AS id, author, text, created_at, up, down FROM social_posts ORDER BY social_posts.id");
    expect(posts.length).toBe(30);
    // the traders first, then anvil's dev accounts to make at least five authors
    const authors = new Set(posts.map((p) => p.author));
    expect(authors.has(A) && authors.has(B) && authors.has(C)).toBe(true);
    expect(authors.size).toBe(5);
    for (const p of posts) expect(p.text).toMatch(/\$(RAI|WETH|NOVA)\b/);
    // ids follow time; half in the last 24 h, all within three days
    const times = posts.map((p) => Number(p.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.filter((x) => x >= (NOW - DAY) * 1000).length).toBeGreaterThanOrEqual(15);
    expect(Math.min(...times)).toBeGreaterThanOrEqual((NOW - 3 * DAY) * 1000);
    // predictions: counters agree, nobody predicts their own post, the price is kept
    const preds = await db.query<{
      post_id: string;
      address: string;
      direction: string;
      price_at: number | null;
      at: string;
    }>("SELECT post_id::text AS post_id, address, direction, price_at, at FROM social_predictions");
    expect(preds.length).toBeGreaterThan(20);
    for (const p of posts) {
      const mine = preds.filter((x) => x.post_id === p.id);
      expect([p.up, p.down]).toEqual([
        mine.filter((x) => x.direction === "up").length,
        mine.filter((x) => x.direction === "down").length,
      ]);
      expect(mine.some((x) => x.address === p.author)).toBe(false);
    }
    expect(preds.some((p) => p.price_at !== null)).toBe(true);
    expect(Math.max(...preds.map((p) => Number(p.at)))).toBeLessThanOrEqual(NOW - 60);
    expect(await seedFeed(o)).toBe("notEmpty");
    expect(seeded).toBe(1);
    expect((await db.query("SELECT 1 FROM social_posts")).length).toBe(30);
  });

  it("the seed plan is the same for the same chain", () => {
    const args = { authors: [A, B, C], tokens: prices.tokens, count: 10, now: NOW };
    const one = seedPlan({ ...args, random: seededRandom(1) });
    const two = seedPlan({ ...args, random: seededRandom(1) });
    expect(one).toEqual(two);
    expect(one.posts.every((p) => p.symbols.every((s) => s !== "USDT"))).toBe(true);
    expect(seedPlan({ ...args, authors: [], random: seededRandom(1) }).posts).toEqual([]);
  });

  it("the seed job starts only when asked, on the local chain with a deployment", () => {
    const job = socialModule.jobs.find((j) => j.name === "social: seed the local feed");
    if (!job) throw new Error("no seed job");
    expect(job.exactlyOnce).toBe(true);
    // off unless asked (npm start asks: SOCIAL_SEED_POSTS)
    expect(loadConfig({ CHAINS: "local" }).social.seedPosts).toBe(0);
    expect(loadConfig({ CHAINS: "local", SOCIAL_SEED_POSTS: "40" }).social.seedPosts).toBe(40);
    const ctx = (seedPosts: number, id: number) =>
      ({
        deps: { db, config: { social: { seedPosts } } },
        chain: { config: { info: { id }, deployment: SOCIAL_DEPLOYMENT } },
        services: {},
        log: () => {},
      }) as never;
    expect(job.start(ctx(0, 31337))).toBeNull();
    expect(job.start(ctx(40, 8453))).toBeNull();
    expect(socialModule.jobs.find((j) => j.name === "social: score post predictions")?.exactlyOnce).toBe(true);
  });

  it("the seed job tells this server's caches and the other servers that anything may have changed, once, after writing", async () => {
    const job = socialModule.jobs.find((j) => j.name === "social: seed the local feed");
    if (!job) throw new Error("no seed job");
    for (let i = 0; i < 6; i++)
      await db.query(
        `INSERT INTO aggregator_trades (chain_id, block_number, log_index, tx_hash, timestamp, "user", router, token_in, token_out, amount_in, amount_out, recipient)
         VALUES (31337, $1, 0, '0x01', $2, $3, '0x01', $4, $5, '1', '1', $3)`,
        [100 + i, NOW - 1000 + i, [A, B, C][i % 3], USDT, RAI],
      );
    // the index has caught up with the chain (block 5 of 5)
    await db.query(
      "INSERT INTO indexer_checkpoints (chain_id, indexer, block_number, block_hash) VALUES (31337, 'seed-test', 5, '0x05')",
    );
    await db.query(
      "INSERT INTO indexer_blocks (chain_id, block_number, block_hash, timestamp) VALUES (31337, 5, '0x05', $1)",
      [NOW],
    );
    const commits = new CommitSignal();
    const heard: (Change | undefined)[] = [];
    commits.on((c) => heard.push(c));
    const told: [number, Change | undefined][] = [];
    const running = job.start({
      deps: {
        db,
        config: { social: { seedPosts: 10 } },
        changes: { changed: (id: number, c?: Change) => told.push([id, c]) },
      },
      chain: {
        config: { info: { id: 31337 }, deployment: SOCIAL_DEPLOYMENT },
        client: { getBlockNumber: async () => 5n },
        commits,
      },
      services: {
        get: () => prices,
        find: (_: unknown, name: string) =>
          name === "swapTradeFeed" ? swapTradeFeed(db, 31337, prices, "ETH") : undefined,
      },
      log: () => {},
    } as never);
    try {
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBe(1);
      expect((await db.query("SELECT 1 FROM social_posts")).length).toBe(10);
      // no keys: every kept reply goes (an empty topic page kept while the seed waited)
      expect(heard).toEqual([undefined]);
      expect(told).toEqual([[31337, undefined]]);
    } finally {
      await running?.stop();
      await db.query("DELETE FROM indexer_checkpoints WHERE indexer = 'seed-test'");
      await db.query("DELETE FROM indexer_blocks WHERE block_number = 5 AND block_hash = '0x05'");
    }
  });
});
