/**
 * The social feed's SQL (issue 20): posts and their topics, predictions with their counters, what an
 * address hid, trending topics, the stream's new posts, the mini profile's figures, and what the
 * scoring and seed jobs read and write (the module hands this class to them; jobs never import SQL).
 */
import type { Db, Queryable } from "../../db/client.ts";

export type PostRow = {
  id: string;
  author: string;
  text: string;
  /** Unix ms. */
  createdAt: number;
  symbols: string[];
  up: number;
  down: number;
  /** The viewer's prediction on it ("" without a viewer or a prediction). */
  mine: "up" | "down" | "";
};

type RawPost = {
  id: string | number;
  author: string;
  text: string;
  created_at: string | number;
  symbols: string[] | string;
  up: number;
  down: number;
  mine?: string | null;
};

const toPost = (r: RawPost): PostRow => ({
  id: String(r.id),
  author: r.author,
  text: r.text,
  createdAt: Number(r.created_at),
  symbols: typeof r.symbols === "string" ? (JSON.parse(r.symbols) as string[]) : r.symbols,
  up: Number(r.up),
  down: Number(r.down),
  mine: r.mine === "up" || r.mine === "down" ? r.mine : "",
});

export type PageQuery = {
  /** Whose feed: their predictions shown, their disliked posts and muted authors left out. */
  viewer?: string;
  /** A token (upper-case) or tag (lower-case) topic; absent: every post. */
  topic?: string;
  author?: string;
  /** Authors whose posts nobody sees (the blocked addresses). */
  hidden?: readonly string[];
  /** Posts strictly below this cursor in the feed's order (core's feedKey). */
  cursor?: { ms: number; id: string };
  limit: number;
};

/** A prediction the scoring job reads: made at `at` (chain s) on the post's first listed token. */
export type DuePrediction = {
  postId: string;
  address: string;
  direction: "up" | "down";
  at: number;
  token: string | null;
  priceAt: number | null;
};

/** A scored prediction not yet on the points board. */
export type Unawarded = { postId: string; address: string; points: number; scoredAt: number };

/** A post the seed writes, with its predictions. */
export type SeedPost = {
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

const POST_COLUMNS = "p.id, p.author, p.text, p.created_at, p.symbols, p.up, p.down";

export class SocialSql {
  constructor(
    private readonly db: Db,
    readonly chainId: number,
  ) {}

  /** Writes a post and its topics in one transaction. */
  async insertPost(author: string, text: string, createdAt: number, symbols: string[], topics: string[]) {
    return this.db.transaction(async (tx) => this.insertPostIn(tx, author, text, createdAt, symbols, topics));
  }

  private async insertPostIn(
    tx: Queryable,
    author: string,
    text: string,
    createdAt: number,
    symbols: string[],
    topics: string[],
  ): Promise<PostRow> {
    const [r] = await tx.query<RawPost>(
      `INSERT INTO social_posts (chain_id, author, text, created_at, symbols) VALUES ($1, $2, $3, $4, $5::jsonb)
       RETURNING id, author, text, created_at, symbols, up, down`,
      [this.chainId, author, text, createdAt, JSON.stringify(symbols)],
    );
    if (!r) throw new Error("social: the post was not written");
    if (topics.length > 0)
      await tx.query(
        `INSERT INTO social_post_topics (chain_id, topic, created_at, post_id)
         SELECT $1, t, $3, $4 FROM unnest($2::text[]) AS t ON CONFLICT DO NOTHING`,
        [this.chainId, `{${topics.map((t) => `"${t}"`).join(",")}}`, createdAt, r.id],
      );
    return toPost(r);
  }

  /** One page of posts, newest first, keyset-paginated in the feed's order. */
  async page(q: PageQuery): Promise<PostRow[]> {
    const params: unknown[] = [this.chainId, q.limit, q.viewer ?? ""];
    const where: string[] = [];
    // the rows the keyset runs on: the topic's rows, or the posts themselves
    const on = q.topic ? "t" : "p";
    if (q.topic) {
      params.push(q.topic);
      where.push(`t.topic = $${params.length}`);
    }
    if (q.author) {
      params.push(q.author);
      where.push(`p.author = $${params.length}`);
    }
    if (q.hidden?.length) {
      params.push(`{${q.hidden.join(",")}}`);
      where.push(`p.author <> ALL($${params.length}::text[])`);
    }
    if (q.cursor) {
      params.push(q.cursor.ms);
      const ms = `$${params.length}`;
      if (/^\d+$/.test(q.cursor.id)) {
        params.push(q.cursor.id);
        where.push(`(${on}.created_at, ${on}.${q.topic ? "post_id" : "id"}) < (${ms}, $${params.length}::int8)`);
      } else {
        // a trade's key sorts above every post id at the same ms
        where.push(`${on}.created_at <= ${ms}`);
      }
    }
    if (q.viewer) {
      where.push(
        `NOT EXISTS (SELECT 1 FROM social_dislikes d WHERE d.chain_id = $1 AND d.address = $3 AND d.post_id = p.id)`,
      );
      where.push(
        `NOT EXISTS (SELECT 1 FROM social_mutes m WHERE m.chain_id = $1 AND m.address = $3 AND m.author = p.author)`,
      );
    }
    const from = q.topic
      ? "social_post_topics t JOIN social_posts p ON p.id = t.post_id AND p.chain_id = t.chain_id"
      : "social_posts p";
    const rows = await this.db.query<RawPost>(
      `SELECT ${POST_COLUMNS}, pr.direction AS mine
       FROM ${from}
       LEFT JOIN social_predictions pr ON pr.chain_id = p.chain_id AND pr.post_id = p.id AND pr.address = $3
       WHERE ${on}.chain_id = $1 ${where.map((w) => `AND ${w}`).join(" ")}
       ORDER BY ${on}.created_at DESC, ${on}.${q.topic ? "post_id" : "id"} DESC LIMIT $2`,
      params,
    );
    return rows.map(toPost);
  }

  async post(id: string, viewer?: string): Promise<PostRow | null> {
    const [r] = await this.db.query<RawPost>(
      `SELECT ${POST_COLUMNS}, pr.direction AS mine FROM social_posts p
       LEFT JOIN social_predictions pr ON pr.chain_id = p.chain_id AND pr.post_id = p.id AND pr.address = $3
       WHERE p.chain_id = $1 AND p.id = $2::int8`,
      [this.chainId, id, viewer ?? ""],
    );
    return r ? toPost(r) : null;
  }

  /**
   * One prediction per address and post: the row and the post's counter in one transaction. Null
   * when the post does not exist; `already` when the address predicted it before.
   */
  async predict(p: {
    postId: string;
    address: string;
    direction: "up" | "down";
    createdAt: number;
    at: number;
    token: string | null;
    symbol: string | null;
    priceAt: number | null;
  }): Promise<{ already: boolean; up: number; down: number; mine: "up" | "down" } | null> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO social_predictions (chain_id, post_id, address, direction, created_at, at, token, symbol, price_at)
         SELECT $1, p.id, $3, $4, $5, $6, $7, $8, $9 FROM social_posts p WHERE p.chain_id = $1 AND p.id = $2::int8
         ON CONFLICT (chain_id, post_id, address) DO NOTHING RETURNING post_id`,
        [this.chainId, p.postId, p.address, p.direction, p.createdAt, p.at, p.token, p.symbol, p.priceAt],
      );
      const counter = p.direction === "up" ? "up" : "down";
      const [post] = inserted.length
        ? await tx.query<{ up: number; down: number }>(
            `UPDATE social_posts SET ${counter} = ${counter} + 1 WHERE chain_id = $1 AND id = $2::int8 RETURNING up, down`,
            [this.chainId, p.postId],
          )
        : await tx.query<{ up: number; down: number }>(
            "SELECT up, down FROM social_posts WHERE chain_id = $1 AND id = $2::int8",
            [this.chainId, p.postId],
          );
      if (!post) return null;
      const [mine] = await tx.query<{ direction: string }>(
        "SELECT direction FROM social_predictions WHERE chain_id = $1 AND post_id = $2::int8 AND address = $3",
        [this.chainId, p.postId, p.address],
      );
      return {
        already: inserted.length === 0,
        up: Number(post.up),
        down: Number(post.down),
        mine: mine?.direction === "down" ? "down" : "up",
      };
    });
  }

  /** Hides a post for `address`; false when the post does not exist. */
  async dislike(address: string, postId: string, at: number): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO social_dislikes (chain_id, address, post_id, created_at)
       SELECT $1, $2, p.id, $4 FROM social_posts p WHERE p.chain_id = $1 AND p.id = $3::int8
       ON CONFLICT DO NOTHING RETURNING post_id`,
      [this.chainId, address, postId, at],
    );
    if (rows.length > 0) return true;
    return (await this.post(postId)) !== null;
  }

  /** Hides an author's posts and trades for `address`. */
  async mute(address: string, author: string, at: number): Promise<void> {
    await this.db.query(
      "INSERT INTO social_mutes (chain_id, address, author, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
      [this.chainId, address, author, at],
    );
  }

  /** The topics a post is found under. */
  async topicsOf(postId: string): Promise<string[]> {
    const rows = await this.db.query<{ topic: string }>(
      "SELECT topic FROM social_post_topics WHERE chain_id = $1 AND post_id = $2::int8",
      [this.chainId, postId],
    );
    return rows.map((r) => r.topic);
  }

  /** Topics (tokens and tags) by their newest post, newest first, at most `limit`: what is read ahead. */
  async busiestTopics(limit: number): Promise<string[]> {
    const rows = await this.db.query<{ topic: string }>(
      `SELECT topic FROM social_post_topics WHERE chain_id = $1
       GROUP BY topic ORDER BY max(created_at) DESC, topic LIMIT $2`,
      [this.chainId, limit],
    );
    return rows.map((r) => r.topic);
  }

  /**
   * The first page (no viewer, no cursor) of each of `topics` in one query: what `page` answers for
   * `{ topic, limit, hidden }`, by topic.
   */
  async topicFirstPages(
    topics: readonly string[],
    limit: number,
    hidden: readonly string[],
  ): Promise<Map<string, PostRow[]>> {
    const pages = new Map<string, PostRow[]>(topics.map((t) => [t, []]));
    if (topics.length === 0) return pages;
    const rows = await this.db.query<RawPost & { page_topic: string }>(
      `SELECT k.topic AS page_topic, ${POST_COLUMNS}, NULL AS mine
       FROM unnest($2::text[]) WITH ORDINALITY AS k(topic, n)
       CROSS JOIN LATERAL (
         SELECT p.* FROM social_post_topics t
         JOIN social_posts p ON p.id = t.post_id AND p.chain_id = t.chain_id
         WHERE t.chain_id = $1 AND t.topic = k.topic AND p.author <> ALL($4::text[])
         ORDER BY t.created_at DESC, t.post_id DESC LIMIT $3
       ) p
       ORDER BY k.n, p.created_at DESC, p.id DESC`,
      [this.chainId, `{${topics.join(",")}}`, limit, `{${hidden.join(",")}}`],
    );
    for (const r of rows) pages.get(r.page_topic)?.push(toPost(r));
    return pages;
  }

  /** Addresses that predicted, disliked or muted anything (lowercased), at most `limit`. */
  async reactors(limit: number): Promise<string[]> {
    const rows = await this.db.query<{ address: string }>(
      `SELECT address FROM social_predictions WHERE chain_id = $1
       UNION SELECT address FROM social_dislikes WHERE chain_id = $1
       UNION SELECT address FROM social_mutes WHERE chain_id = $1
       LIMIT $2`,
      [this.chainId, limit],
    );
    return rows.map((r) => r.address.toLowerCase());
  }

  /** The authors among `authors` that `viewer` muted. */
  async mutedAmong(viewer: string, authors: readonly string[]): Promise<Set<string>> {
    if (authors.length === 0) return new Set();
    const rows = await this.db.query<{ author: string }>(
      "SELECT author FROM social_mutes WHERE chain_id = $1 AND address = $2 AND author = ANY($3::text[])",
      [this.chainId, viewer, `{${[...new Set(authors)].join(",")}}`],
    );
    return new Set(rows.map((r) => r.author));
  }

  /** Which of `viewers` muted which of `authors` (the stream leaves those posts out). */
  async mutes(viewers: readonly string[], authors: readonly string[]): Promise<Set<string>> {
    if (viewers.length === 0 || authors.length === 0) return new Set();
    const rows = await this.db.query<{ address: string; author: string }>(
      `SELECT address, author FROM social_mutes
       WHERE chain_id = $1 AND address = ANY($2::text[]) AND author = ANY($3::text[])`,
      [this.chainId, `{${[...new Set(viewers)].join(",")}}`, `{${[...new Set(authors)].join(",")}}`],
    );
    return new Set(rows.map((r) => `${r.address}|${r.author}`));
  }

  /** The most mentioned topics since `sinceMs`, most first (ties: alphabetical). */
  async trending(sinceMs: number, limit: number): Promise<{ topic: string; count: number }[]> {
    const rows = await this.db.query<{ topic: string; n: string | number }>(
      `SELECT topic, count(*) AS n FROM social_post_topics WHERE chain_id = $1 AND created_at >= $2
       GROUP BY topic ORDER BY n DESC, topic LIMIT $3`,
      [this.chainId, sinceMs, limit],
    );
    return rows.map((r) => ({ topic: r.topic, count: Number(r.n) }));
  }

  /** Posts written since `sinceMs`. */
  async postsSince(sinceMs: number): Promise<number> {
    const [r] = await this.db.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM social_posts WHERE chain_id = $1 AND created_at >= $2",
      [this.chainId, sinceMs],
    );
    return Number(r?.n ?? 0);
  }

  /** The newest post id (0 without posts): where a stream starts. */
  async maxId(): Promise<string> {
    const [r] = await this.db.query<{ id: string | number | null }>(
      "SELECT max(id) AS id FROM social_posts WHERE chain_id = $1",
      [this.chainId],
    );
    return String(r?.id ?? 0);
  }

  /** Posts with an id above `afterId`, in id order, with their topics (the stream's events). */
  async newPosts(
    afterId: string,
    limit: number,
  ): Promise<{ id: string; createdAt: number; author: string; topics: string[] }[]> {
    const rows = await this.db.query<{
      id: string | number;
      created_at: string | number;
      author: string;
      topics: string[] | null;
    }>(
      `SELECT p.id, p.created_at, p.author,
         (SELECT array_agg(t.topic ORDER BY t.topic) FROM social_post_topics t
          WHERE t.chain_id = p.chain_id AND t.post_id = p.id AND t.created_at = p.created_at) AS topics
       FROM social_posts p WHERE p.chain_id = $1 AND p.id > $2::int8 ORDER BY p.id LIMIT $3`,
      [this.chainId, afterId, limit],
    );
    return rows.map((r) => ({
      id: String(r.id),
      createdAt: Number(r.created_at),
      author: r.author,
      topics: r.topics ?? [],
    }));
  }

  /** The mini profile's figures: posts written, predictions made, scored, right, points. */
  async profileStats(address: string) {
    const [r] = await this.db.query<{
      posts: string | number;
      predictions: string | number;
      scored: string | number;
      correct: string | number;
      points: string | number | null;
    }>(
      `SELECT (SELECT count(*) FROM social_posts WHERE chain_id = $1 AND author = $2) AS posts,
         count(*) AS predictions, count(scored_at) AS scored, count(*) FILTER (WHERE points > 0) AS correct,
         COALESCE(sum(points), 0) AS points
       FROM social_predictions WHERE chain_id = $1 AND address = $2`,
      [this.chainId, address],
    );
    return {
      posts: Number(r?.posts ?? 0),
      predictions: Number(r?.predictions ?? 0),
      scored: Number(r?.scored ?? 0),
      correct: Number(r?.correct ?? 0),
      points: Number(r?.points ?? 0),
    };
  }

  // ---------------------------------------------------------------- the scoring job

  /**
   * How far every handler of the chain has indexed (the lowest checkpoint) and that block's time (the
   * latest stored block hash at or below it), or null before the first range.
   */
  async latestIndexed(): Promise<{ block: number; ts: number } | null> {
    const [r] = await this.db.query<{ block: string | number | null; ts: string | number | null }>(
      `SELECT c.block, (SELECT b.timestamp FROM indexer_blocks b WHERE b.chain_id = $1 AND b.block_number <= c.block
                         ORDER BY b.block_number DESC LIMIT 1) AS ts
       FROM (SELECT min(block_number) AS block FROM indexer_checkpoints WHERE chain_id = $1) c`,
      [this.chainId],
    );
    return r?.block === null || r?.block === undefined || r.ts === null
      ? null
      : { block: Number(r.block), ts: Number(r.ts) };
  }

  /** Unscored predictions made at or before `upToAt` (chain s), oldest first. */
  async due(upToAt: number, limit: number): Promise<DuePrediction[]> {
    const rows = await this.db.query<{
      post_id: string | number;
      address: string;
      direction: string;
      at: string | number;
      token: string | null;
      price_at: number | null;
    }>(
      `SELECT post_id, address, direction, at, token, price_at FROM social_predictions
       WHERE chain_id = $1 AND scored_at IS NULL AND at <= $2 ORDER BY at, post_id, address LIMIT $3`,
      [this.chainId, upToAt, limit],
    );
    return rows.map((r) => ({
      postId: String(r.post_id),
      address: r.address,
      direction: r.direction === "down" ? "down" : "up",
      at: Number(r.at),
      token: r.token,
      priceAt: r.price_at === null ? null : Number(r.price_at),
    }));
  }

  /** Records scores (each only if still unscored: a second run changes nothing). */
  async saveScores(
    scores: readonly { postId: string; address: string; priceAfter: number | null; points: number }[],
    scoredAt: number,
  ): Promise<void> {
    if (scores.length === 0) return;
    await this.db.query(
      `UPDATE social_predictions sp SET price_after = s.price_after, points = s.points, scored_at = $2
       FROM unnest($3::int8[], $4::text[], $5::float8[], $6::int4[]) AS s(post_id, address, price_after, points)
       WHERE sp.chain_id = $1 AND sp.post_id = s.post_id AND sp.address = s.address AND sp.scored_at IS NULL`,
      [
        this.chainId,
        scoredAt,
        `{${scores.map((s) => s.postId).join(",")}}`,
        `{${scores.map((s) => s.address).join(",")}}`,
        `{${scores.map((s) => (s.priceAfter === null ? "NULL" : String(s.priceAfter))).join(",")}}`,
        `{${scores.map((s) => s.points).join(",")}}`,
      ],
    );
  }

  /** Scored predictions with points that the points board has not taken yet. */
  async unawarded(limit: number): Promise<Unawarded[]> {
    const rows = await this.db.query<{
      post_id: string | number;
      address: string;
      points: number;
      scored_at: string | number;
    }>(
      `SELECT post_id, address, points, scored_at FROM social_predictions
       WHERE chain_id = $1 AND awarded_at IS NULL AND points > 0 ORDER BY scored_at, post_id, address LIMIT $2`,
      [this.chainId, limit],
    );
    return rows.map((r) => ({
      postId: String(r.post_id),
      address: r.address,
      points: Number(r.points),
      scoredAt: Number(r.scored_at),
    }));
  }

  async markAwarded(rows: readonly { postId: string; address: string }[], at: number): Promise<void> {
    if (rows.length === 0) return;
    await this.db.query(
      `UPDATE social_predictions sp SET awarded_at = $2
       FROM unnest($3::int8[], $4::text[]) AS s(post_id, address)
       WHERE sp.chain_id = $1 AND sp.post_id = s.post_id AND sp.address = s.address`,
      [this.chainId, at, `{${rows.map((r) => r.postId).join(",")}}`, `{${rows.map((r) => r.address).join(",")}}`],
    );
  }

  // ---------------------------------------------------------------- the seed

  async isEmpty(): Promise<boolean> {
    const rows = await this.db.query("SELECT 1 FROM social_posts WHERE chain_id = $1 LIMIT 1", [this.chainId]);
    return rows.length === 0;
  }

  /**
   * Writes the seed's posts with their predictions and counters in one transaction, only while the
   * chain has no post (false when it had some: nothing written).
   */
  async seed(posts: readonly SeedPost[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const any = await tx.query("SELECT 1 FROM social_posts WHERE chain_id = $1 LIMIT 1", [this.chainId]);
      if (any.length > 0) return false;
      for (const p of posts) {
        const row = await this.insertPostIn(tx, p.author, p.text, p.createdAt, p.symbols, p.topics);
        for (const pr of p.predictions)
          await tx.query(
            `INSERT INTO social_predictions (chain_id, post_id, address, direction, created_at, at, token, symbol, price_at)
             VALUES ($1, $2::int8, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
            [this.chainId, row.id, pr.address, pr.direction, pr.createdAt, pr.at, pr.token, pr.symbol, pr.priceAt],
          );
        await tx.query(
          `UPDATE social_posts SET
             up = (SELECT count(*) FROM social_predictions WHERE chain_id = $1 AND post_id = $2::int8 AND direction = 'up'),
             down = (SELECT count(*) FROM social_predictions WHERE chain_id = $1 AND post_id = $2::int8 AND direction = 'down')
           WHERE chain_id = $1 AND id = $2::int8`,
          [this.chainId, row.id],
        );
      }
      return true;
    });
  }
}
