/**
 * Synthetic social feed for the API section (issue 20): `posts` posts from `authors` authors through
 * the product's own tables, written with `generate_series` SQL like fill-governance.ts, with the
 * rows `POST /sofi/posts` writes (SocialSql.insertPost), so `/sofi/posts` and `/sofi/trending` do
 * their real work: per post its `social_posts` row (the text as written, a hundred-odd characters
 * mentioning listed tokens as `$SYMBOL` and tags as `#tag`, the listed symbols it mentions as its
 * coin chips) and one `social_post_topics` row per topic it is found under (each symbol upper-case,
 * each tag lower-case). Three posts in four mention a token (WETH the most), one in seven a second;
 * two in three carry a tag: one in five of those `#defi`, the others one of `tags` tags (every one of
 * them, in runs of neighbouring posts; about a
 * hundred posts each, more tags than the reply cache keeps, 2,000, at the full size). Authors write
 * about ten posts each. No prediction, dislike or mute is written: the scoring job would score
 * predictions during the load, and the viewer rows' NOT EXISTS and prediction joins do their work on
 * empty matches as they do for most viewers.
 *
 * Posts are off-chain (a reorg keeps them) and are written over the year before now, newest a
 * minute ago, so the last 24 h hold about a 366th of them (what trending counts). Their ids are the
 * table's own: the fill reserves a block of the id sequence (nextval, then setval past the block)
 * and numbers the posts from it, so the seed's posts keep theirs and the next real post takes the
 * id after the block. Authors start with 0x5c (no other fill's or the seed's).
 */
import type { Deployment } from "@sofi/protocol";
import type { Db } from "../../server/src/db/client.ts";

const DAY_MS = 86_400_000;
/** Posts per INSERT. */
const CHUNK = 200_000;
/** Posts per tag on average (besides #defi). */
const POSTS_PER_TAG = 100;

/** The `k`-th synthetic author. */
export const benchAuthor = (k: number) => `0x5c${k.toString(16).padStart(38, "0")}`;
/** The `k`-th synthetic tag (a topic, lower-case). */
export const benchTag = (k: number) => `tag${k}`;
/** Tags for `posts` posts. */
export const benchTags = (posts: number) => Math.max(1, Math.min(5_000, Math.floor(posts / (2 * POSTS_PER_TAG))));
/** The viewer the fixed `?address=` row reads, and the token topic the fixed `?topic=` row reads. */
export const BENCH_VIEWER_INDEX = 7;
export const BENCH_TOPIC = "WETH";

export type SocialFillResult = {
  posts: number;
  authors: number;
  /** Distinct tags (benchTag(0 … tags - 1)). */
  tags: number;
  /** The first synthetic post's id (consecutive: first … first + posts - 1). */
  firstPostId: number;
  /** Posts (all of them) under BENCH_TOPIC, and the synthetic ones of the last 24 h. */
  topicPosts: number;
  lastDayPosts: number;
  /** Rows in each table afterwards (synthetic + the seed's). */
  tables: { socialPosts: number; socialPostTopics: number };
  /** Time to insert and ANALYZE. */
  ms: number;
};

export async function fillSocial(
  db: Db,
  opts: { chainId: number; deployment: Deployment; posts: number; authors: number; log?: (s: string) => void },
): Promise<SocialFillResult> {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const { chainId, deployment, posts: n, authors } = opts;
  if (n < 1 || authors < 1) throw new Error("at least one synthetic post and author");
  const tags = benchTags(n);
  // listed tokens, WETH first (the fixed topic row's): a post mentions symbols[…] as the chain lists them
  const weth = deployment.tokens.find((t) => t.symbol === BENCH_TOPIC);
  if (!weth) throw new Error(`the deployment lists no ${BENCH_TOPIC}`);
  const symbols = [weth.symbol, ...deployment.tokens.filter((t) => t !== weth).map((t) => t.symbol)];
  const arr = (xs: string[]) => `{${xs.map((x) => `"${x}"`).join(",")}}`;
  const num = async (sql: string, params: unknown[]) =>
    Number((await db.query<{ v: unknown }>(sql, params))[0]?.v ?? 0);

  // Reserve ids first … first + n - 1 of the posts' sequence.
  const first = await db.transaction(async (tx) => {
    const [r] = await tx.query<{ v: unknown }>("SELECT nextval(pg_get_serial_sequence('social_posts', 'id')) AS v");
    const v = Number(r?.v);
    await tx.query("SELECT setval(pg_get_serial_sequence('social_posts', 'id'), $1::int8)", [v + n - 1]);
    return v;
  });
  const nowMs = Date.now() - 60_000;
  const startMs = nowMs - 366 * DAY_MS;

  // k: the post; s1/s2 the symbols it mentions (1-based; 0 none: WETH for one in three, the others
  // spread), tag its tag (null: none).
  const pk = `SELECT k, $3::int8 + k AS id, $4::int8 + (k * ($5::int8 - $4::int8)) / $2::int8 AS created_at,
                '0x5c' || lpad(to_hex((k * 7919) % $6::int8), 38, '0') AS author,
                CASE WHEN k % 4 = 0 THEN 0 WHEN k % 3 = 0 THEN 1 ELSE 1 + (k * 31) % $8::int4 END AS s1,
                CASE WHEN k % 7 = 0 AND k % 4 <> 0 THEN 1 + (k * 17 + 3) % $8::int4 ELSE 0 END AS s2,
                CASE WHEN k % 3 = 0 THEN NULL WHEN k % 5 = 1 THEN 'defi' ELSE 'tag' || (((k / 15) * 7919) % $9::int8) END AS tag
              FROM generate_series($10::int8, $11::int8 - 1) AS k`;
  const withSyms = `SELECT p.*, CASE WHEN s1 > 0 THEN ($7::text[])[s1] END AS sym1,
                      CASE WHEN s2 > 0 AND s2 <> s1 THEN ($7::text[])[s2] END AS sym2 FROM (${pk}) p`;
  for (let lo = 0; lo < n; lo += CHUNK) {
    const hi = Math.min(n, lo + CHUNK);
    log(
      `  synthetic posts ${lo.toLocaleString("en-US")}-${hi.toLocaleString("en-US")} of ${n.toLocaleString("en-US")}`,
    );
    const params = [chainId, n, first, startMs, nowMs, authors, arr(symbols), symbols.length, tags, lo, hi];
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO social_posts (id, chain_id, author, text, created_at, symbols)
         SELECT id, $1, author,
           concat_ws(' ',
             (ARRAY['Watching', 'Loading up on', 'Trimming', 'Thoughts on', 'Charts for'])[1 + k % 5],
             COALESCE('$' || sym1, 'the market'), CASE WHEN sym2 IS NOT NULL THEN 'and $' || sym2 END,
             (ARRAY['today.', 'this week: the pools look deep enough for size.', 'after the last candle.',
                    'before the races settle.', 'while the governance vote runs.'])[1 + (k / 5) % 5],
             CASE WHEN tag IS NOT NULL THEN '#' || tag END,
             format('(note %s)', k)),
           created_at, to_jsonb(array_remove(ARRAY[sym1, sym2], NULL))
         FROM (${withSyms}) x`,
        params,
      );
      await tx.query(
        `INSERT INTO social_post_topics (chain_id, topic, created_at, post_id)
         SELECT $1, t, created_at, id
         FROM (${withSyms}) x CROSS JOIN LATERAL unnest(ARRAY[upper(sym1), upper(sym2), tag]) AS t
         WHERE t IS NOT NULL`,
        params,
      );
    });
  }
  log("  ANALYZE");
  await db.query("ANALYZE social_posts, social_post_topics");
  const count = async (table: string) => num(`SELECT count(*) AS v FROM ${table}`, []);
  return {
    posts: n,
    authors: Math.min(n, authors),
    tags,
    firstPostId: first,
    topicPosts: await num("SELECT count(*) AS v FROM social_post_topics WHERE chain_id = $1 AND topic = $2", [
      chainId,
      BENCH_TOPIC,
    ]),
    lastDayPosts: await num(
      "SELECT count(*) AS v FROM social_posts WHERE chain_id = $1 AND id >= $2 AND created_at >= $3",
      [chainId, first, Date.now() - DAY_MS],
    ),
    tables: { socialPosts: await count("social_posts"), socialPostTopics: await count("social_post_topics") },
    ms: performance.now() - t0,
  };
}
