/**
 * Fills the product's own tables with synthetic history, so the API is measured at the size
 * DESIGN.md names (1,000,000 trades and swaps): `rows` aggregator trades, `rows` pair swaps, `rows`
 * pair syncs and the 5-minute candles those syncs make, all older than the indexed bench chain
 * (they end just before its first sync and start a year and a day before now), written with
 * `generate_series` SQL through the server's own schema. The history pair gets half of the syncs,
 * so its candles cover every bucket of the year; every other pair with reserves shares the rest.
 * Reserves wander within ±10 % of each pair's first indexed reserves, so prices stay those of the
 * chain. One user owns a tenth of the trades (the heavy one); the others hold about 40 each.
 *
 * Synthetic rows sit at block numbers 0 … rows/1000 with log indexes from 1,000,000 (swaps and
 * syncs) and 2,000,000 (trades): no key of an indexed log is taken, and a reorg (which deletes
 * above the fork) never reaches them.
 */
import type { Deployment } from "@sofi/protocol";
import type { Db } from "../../server/src/db/client.ts";

export const HEAVY_USER = `0x${"be".repeat(20)}`;
/** The `n`-th synthetic typical user. */
export const typicalUser = (n: number) => `0x5e${n.toString(16).padStart(38, "0")}`;
/** The typical user the bench reads (any other has as many trades, ± 1). */
export const TYPICAL_USER = typicalUser(7);
const TRADES_PER_TYPICAL_USER = 40;
const PER_BLOCK = 1_000;
const CHUNK = 200_000;
const YEAR_AND_A_DAY = 366 * 86_400;

export type FillResult = {
  rows: number;
  /** Rows in each table afterwards (synthetic + indexed). */
  tables: { aggregatorTrades: number; pairSwaps: number; pairSyncs: number; pairCandles: number };
  historyPair: string;
  /** Candles of the history pair and the span they cover (unix seconds). */
  historyCandles: number;
  historyFrom: number;
  historyTo: number;
  heavyUser: string;
  heavyUserTrades: number;
  typicalUser: string;
  typicalUserTrades: number;
  /** Time to insert and ANALYZE. */
  ms: number;
};

export async function fillSynthetic(
  db: Db,
  opts: { chainId: number; deployment: Deployment; rows: number; historyPair: string; log?: (s: string) => void },
): Promise<FillResult> {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const { chainId, rows } = opts;
  const hp = opts.historyPair.toLowerCase();
  // Each pair's first indexed reserves: the level synthetic reserves wander around.
  const firsts = await db.query<{ pair: string; r0: string; r1: string; ts: unknown }>(
    `SELECT DISTINCT ON (pair) pair, reserve0::text AS r0, reserve1::text AS r1, timestamp AS ts
     FROM pair_syncs WHERE chain_id = $1 AND reserve0 > 0 AND reserve1 > 0 ORDER BY pair, block_number, log_index`,
    [chainId],
  );
  const hpFirst = firsts.find((f) => f.pair === hp);
  if (!hpFirst) throw new Error(`history pair ${hp} has no indexed reserves`);
  const pairs = [hpFirst, ...firsts.filter((f) => f !== hpFirst)];
  const [{ ts: minTs } = { ts: 0 }] = await db.query<{ ts: unknown }>(
    "SELECT min(timestamp) AS ts FROM pair_syncs WHERE chain_id = $1",
    [chainId],
  );
  // Synthetic time: [start, end), ending in the 5-minute bucket before the chain's first sync.
  const end = Math.floor(Number(minTs) / 300) * 300 - 1;
  const start = Math.min(Math.floor(Date.now() / 1000) - YEAR_AND_A_DAY, end - 30 * 86_400);
  const routers = opts.deployment.dexes.map((d) => d.router.toLowerCase());
  const tokens = opts.deployment.tokens.map((t) => t.address.toLowerCase());
  if (routers.length === 0 || tokens.length < 2) throw new Error("the deployment needs a DEX and two tokens");
  const heavyCount = Math.ceil(rows / 10);
  const typicalUsers = Math.max(1, Math.floor((rows - heavyCount) / TRADES_PER_TYPICAL_USER));
  const arr = (xs: string[]) => `{${xs.join(",")}}`;

  for (let lo = 0; lo < rows; lo += CHUNK) {
    const hi = Math.min(rows, lo + CHUNK);
    log(
      `  synthetic rows ${lo.toLocaleString("en-US")}-${hi.toLocaleString("en-US")} of ${rows.toLocaleString("en-US")}`,
    );
    // g: one row per synthetic event i; k picks the pair (1 = the history pair, every other i), w the wander.
    const g = `SELECT i, CASE WHEN i % 2 = 0 THEN 1 ELSE 1 + (i / 2) % $7::int8 END AS k,
                 900 + (i * 7919) % 201 AS w, $3::int8 + (i * ($4::int8 - $3::int8)) / $2::int8 AS ts
               FROM generate_series($5::int8, $6::int8 - 1) AS i`;
    const common = [chainId, rows, start, end, lo, hi, pairs.length];
    const pairList = arr(pairs.map((p) => p.pair));
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO pair_syncs (chain_id, block_number, log_index, timestamp, pair, reserve0, reserve1)
         SELECT $1, i / ${PER_BLOCK}, 1000000 + (i % ${PER_BLOCK}) * 2, ts, ($8::text[])[k],
           (($9::numeric[])[k] * w / 1000)::numeric(78, 0), (($10::numeric[])[k] * (1900 - w) / 1000)::numeric(78, 0)
         FROM (${g}) g`,
        [...common, pairList, arr(pairs.map((p) => p.r0)), arr(pairs.map((p) => p.r1))],
      );
      await tx.query(
        `INSERT INTO pair_swaps (chain_id, block_number, log_index, tx_hash, timestamp, pair, sender, recipient,
           amount0_in, amount1_in, amount0_out, amount1_out)
         SELECT $1, i / ${PER_BLOCK}, 1000000 + (i % ${PER_BLOCK}) * 2 + 1, '0x' || lpad(to_hex(i), 64, '0'), ts,
           ($8::text[])[k], $9, '0x5e' || lpad(to_hex(i % 5000), 38, '0'),
           CASE WHEN i % 2 = 0 THEN (1 + i % 997) * 1000000000000000 ELSE 0 END,
           CASE WHEN i % 2 = 1 THEN (1 + i % 997) * 1000000000000000 ELSE 0 END,
           CASE WHEN i % 2 = 1 THEN (1 + i % 991) * 1000000000000000 ELSE 0 END,
           CASE WHEN i % 2 = 0 THEN (1 + i % 991) * 1000000000000000 ELSE 0 END
         FROM (${g}) g`,
        [...common, pairList, routers[0]],
      );
      await tx.query(
        `INSERT INTO aggregator_trades (chain_id, block_number, log_index, tx_hash, timestamp, "user", router,
           token_in, token_out, amount_in, amount_out, recipient)
         SELECT $1, i / ${PER_BLOCK}, 2000000 + i % ${PER_BLOCK}, '0xf' || lpad(to_hex(i), 63, '0'), ts, u,
           ($8::text[])[1 + i % $9::int8], ($10::text[])[1 + i % $11::int8], ($10::text[])[1 + (i + 1) % $11::int8],
           (1 + i % 997) * 1000000000000000, (1 + i % 991) * 1000000000000000, u
         FROM (SELECT *, CASE WHEN i % 10 = 0 THEN $12::text
                 ELSE '0x5e' || lpad(to_hex((i - i / 10 - 1) % $13::int8), 38, '0') END AS u FROM (${g}) g0) g`,
        [...common, arr(routers), routers.length, arr(tokens), tokens.length, HEAVY_USER, typicalUsers],
      );
    });
  }
  log("  synthetic candles (the last sync of each pair per 5 minutes)");
  await db.query(
    `INSERT INTO pair_candles (chain_id, pair, bucket, block_number, log_index, timestamp, reserve0, reserve1)
     SELECT DISTINCT ON (pair, (timestamp / 300) * 300) chain_id, pair, (timestamp / 300) * 300,
       block_number, log_index, timestamp, reserve0, reserve1
     FROM pair_syncs WHERE chain_id = $1 AND log_index >= 1000000 AND timestamp <= $2
     ORDER BY pair, (timestamp / 300) * 300, block_number DESC, log_index DESC
     ON CONFLICT DO NOTHING`,
    [chainId, end],
  );
  log("  ANALYZE");
  await db.query("ANALYZE aggregator_trades, pair_swaps, pair_syncs, pair_candles");

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: unknown }>(sql, params))[0]?.n ?? 0);
  const [span] = await db.query<{ n: unknown; lo: unknown; hi: unknown }>(
    "SELECT count(*) AS n, min(bucket) AS lo, max(bucket) AS hi FROM pair_candles WHERE chain_id = $1 AND pair = $2",
    [chainId, hp],
  );
  return {
    rows,
    tables: {
      aggregatorTrades: await count("SELECT count(*) AS n FROM aggregator_trades"),
      pairSwaps: await count("SELECT count(*) AS n FROM pair_swaps"),
      pairSyncs: await count("SELECT count(*) AS n FROM pair_syncs"),
      pairCandles: await count("SELECT count(*) AS n FROM pair_candles"),
    },
    historyPair: hp,
    historyCandles: Number(span?.n ?? 0),
    historyFrom: Number(span?.lo ?? 0),
    historyTo: Number(span?.hi ?? 0),
    heavyUser: HEAVY_USER,
    heavyUserTrades: await count(`SELECT count(*) AS n FROM aggregator_trades WHERE chain_id = $1 AND "user" = $2`, [
      chainId,
      HEAVY_USER,
    ]),
    typicalUser: TYPICAL_USER,
    typicalUserTrades: await count(`SELECT count(*) AS n FROM aggregator_trades WHERE chain_id = $1 AND "user" = $2`, [
      chainId,
      TYPICAL_USER,
    ]),
    ms: performance.now() - t0,
  };
}

/**
 * The plans of the API's per-user trade page (first page and a keyset page deep in the heavy
 * user's history) as the database runs them: `EXPLAIN ANALYZE` lines, to show they stay index scans.
 */
export async function explainTrades(db: Db, chainId: number): Promise<Record<string, string[]>> {
  const sql = (keyset: string) =>
    `EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) SELECT block_number, log_index, tx_hash, timestamp, "user", router,
       token_in, token_out, amount_in::text AS amount_in, amount_out::text AS amount_out, recipient
     FROM aggregator_trades WHERE chain_id = $1 AND "user" = $2 ${keyset}
     ORDER BY block_number DESC, log_index DESC LIMIT 21`;
  const lines = async (text: string, params: unknown[]) =>
    (await db.query<{ "QUERY PLAN": string }>(text, params)).map((r) => r["QUERY PLAN"]);
  return {
    heavyFirstPage: await lines(sql(""), [chainId, HEAVY_USER]),
    heavyDeepPage: await lines(sql("AND (block_number, log_index) < ($3, $4)"), [chainId, HEAVY_USER, 100, 2_000_000]),
    typicalFirstPage: await lines(sql(""), [chainId, TYPICAL_USER]),
  };
}
