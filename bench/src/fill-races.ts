/**
 * Synthetic Head and Tail races for the API section (issue 20): `rounds` settled rounds and
 * `predictions` predictions through the product's own tables, written with `generate_series` SQL
 * like fill-governance.ts, with the rows the indexer's races handler keeps, so `/sofi/points` and
 * `/sofi/rounds` do their real work: per round its `RoundCreated` row on the bench chain's
 * HeadTailRaces (ids after the seed's; nine in ten hourly price rounds of WETH, WBTC or RAI against
 * USDT on the pair the contract reads, with a 5-minute TWAP window and 1,000 points shown; one in ten
 * an event round, team A against team B), its predictions (one per wallet and round, head and tail
 * mixed by the round's own share), its `RoundSettled` row (price rounds: start and end TWAPs around
 * the token's spec price, head when the price rose; event rounds: team A, team B or a draw; one
 * round in fifty cancelled because nobody joined, reason 1, with no prediction) and the points the
 * handler awards when it indexes a settlement, computed by the same SQL as its awardRounds
 * (floor(RACE_BASE_POINTS × joined / winners) per winning prediction, into points_ledger with the
 * settlement's block and the sums into points_totals). Predictors: 20 predictions each on average.
 *
 * Rounds run one after another over the year before the indexed chain (an hour to predict, an hour
 * in the game, settled a minute after the end): every synthetic round is settled, so
 * `/sofi/rounds` (running rounds) reads past all of them to the seed's open ones. Everything sits at
 * block numbers 0 … predictions/1000 with log indexes from 6,000,000 (rounds), 6,100,000
 * (predictions) and 6,200,000 (settlements): no key of an indexed log is taken (fill.ts uses
 * 1,000,000 and 2,000,000, fill-portfolios.ts 3,000,000, fill-governance.ts 4,000,000,
 * fill-predict.ts 5,000,000), and a reorg (which deletes above the fork, points included) never
 * reaches them. Round ids follow the seed's: a live contract's next round would take the first
 * synthetic id, so the fill is for a chain that makes no more rounds (the bench's: its server has no
 * keeper key, and its chain is fixed before the load).
 */
import { RACE_BASE_POINTS } from "@sofi/core";
import type { Deployment } from "@sofi/protocol";
import { parseEther } from "viem";
import { TOKEN_SPECS, WETH_SPEC } from "../../contracts/scripts/index.ts";
import type { Db } from "../../server/src/db/client.ts";

const DAY = 86_400;
const HOUR = 3_600;
const YEAR_AND_A_DAY = 366 * DAY;
const PER_BLOCK = 1_000;
/** Predictions per INSERT. */
const CHUNK = 200_000;
export const RACES_LOG_BASE = 6_000_000;
const PREDICTION_LOG = RACES_LOG_BASE + 100_000;
const RESULT_LOG = RACES_LOG_BASE + 200_000;
/** Predictions per predictor on average. */
const PREDICTIONS_PER_RACER = 20;
const RACE_TOKENS = ["WETH", "WBTC", "RAI"];
const TOTAL_REWARDS = 1_000;
const WINDOW_S = 300;

/** The `k`-th synthetic predictor. */
export const benchRacer = (k: number) => `0x9c${k.toString(16).padStart(38, "0")}`;
/** Distinct synthetic predictors for `predictions` predictions. */
export const benchRacers = (predictions: number) => Math.max(1, Math.floor(predictions / PREDICTIONS_PER_RACER));
/** The predictor the fixed history row reads. */
export const BENCH_RACER_INDEX = 7;

export type RacesFillResult = {
  rounds: number;
  predictions: number;
  /** Distinct predictors (benchRacer(0 … racers - 1)). */
  racers: number;
  /** The first synthetic round's id (they are consecutive: first … first + rounds - 1). */
  firstRoundId: number;
  /** Synthetic rounds by result (1 head / team A, 2 tail / team B, 3 draw, 4 cancelled). */
  results: Record<string, number>;
  /** The predictor the fixed history row reads: its predictions and points. */
  racer: string;
  racerPredictions: number;
  racerPoints: number;
  /** Rows in each table afterwards (synthetic + indexed). */
  tables: {
    raceRounds: number;
    racePredictions: number;
    raceResults: number;
    pointsLedger: number;
    pointsTotals: number;
  };
  /** Time to insert and ANALYZE. */
  ms: number;
};

export async function fillRaces(
  db: Db,
  opts: { chainId: number; deployment: Deployment; rounds: number; predictions: number; log?: (s: string) => void },
): Promise<RacesFillResult> {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const { chainId, deployment, rounds: n, predictions } = opts;
  const contract = deployment.contracts.headTailRaces?.toLowerCase();
  if (!contract) throw new Error("the deployment has no HeadTailRaces");
  if (n < 1) throw new Error("at least one synthetic round");
  const usdt = deployment.tokens.find((t) => t.symbol === "USDT")?.address.toLowerCase();
  const specs = new Map([WETH_SPEC, ...TOKEN_SPECS].map((s) => [s.symbol, s]));
  const feeds = RACE_TOKENS.map((symbol) => {
    const token = (
      symbol === "WETH" ? deployment.weth : deployment.tokens.find((t) => t.symbol === symbol)?.address
    )?.toLowerCase();
    const pair = deployment.pairs.find(
      (p) =>
        (p.token0.toLowerCase() === token && p.token1.toLowerCase() === usdt) ||
        (p.token1.toLowerCase() === token && p.token0.toLowerCase() === usdt),
    );
    const price = specs.get(symbol)?.priceUsd;
    if (!token || !pair || !price) throw new Error(`no ${symbol}-USDT pair or price in the deployment`);
    return { symbol, token, pair: pair.address.toLowerCase(), price: parseEther(String(price)).toString() };
  });
  const racers = benchRacers(predictions);
  const num = async (sql: string, params: unknown[]) =>
    Number((await db.query<{ v: unknown }>(sql, params))[0]?.v ?? 0);
  const arr = (xs: (string | number)[]) => `{${xs.join(",")}}`;

  // Synthetic time: [start, end), ending before the indexed chain's first block (its first sync).
  const lastBlockTs = await num("SELECT max(timestamp) AS v FROM indexer_blocks WHERE chain_id = $1", [chainId]);
  const now = Math.max(Math.floor(Date.now() / 1000), lastBlockTs);
  const minTs = await num("SELECT min(timestamp) AS v FROM pair_syncs WHERE chain_id = $1 AND log_index < 1000000", [
    chainId,
  ]);
  const end = (minTs > 0 ? minTs : now) - 1;
  const start = Math.min(now - YEAR_AND_A_DAY, end - 30 * DAY);
  const firstId =
    1 + (await num("SELECT COALESCE(max(round_id), 0) AS v FROM race_rounds WHERE chain_id = $1", [chainId]));

  // k: the round; predicting from sp for an hour, in the game for the next, settled a minute after.
  // Price rounds (k % 10 <> 9) of token k % 3; cancelled (nobody joined) when k % 50 = 7.
  const rk = `SELECT k, $3::int8 + k AS id, sp, k % 10 <> 9 AS price, 1 + k % ${feeds.length} AS f, k % 50 = 7 AS cancelled
              FROM (SELECT k, $4::int8 + (k * ($5::int8 - $4::int8 - 3 * ${HOUR})) / $2::int8 AS sp
                    FROM generate_series(0, $2::int8 - 1) AS k) a`;
  const common = [chainId, n, firstId, start, end];
  log(`  ${n.toLocaleString("en-US")} synthetic rounds (ids ${firstId}-${firstId + n - 1})`);
  await db.query(
    `INSERT INTO race_rounds (chain_id, round_id, block_number, log_index, tx_hash, timestamp, contract, kind, name,
       token, pair, team_a, team_b, start_predict, end_predict, start_round, end_round, "window", total_rewards)
     SELECT $1, id, k / ${PER_BLOCK}, ${RACES_LOG_BASE} + k % ${PER_BLOCK}, '0xa1' || lpad(to_hex(k), 62, '0'),
       sp - 60, $6, CASE WHEN price THEN 1 ELSE 2 END,
       CASE WHEN price THEN ($7::text[])[f] || '-price' ELSE format('Bench cup %s', k) END,
       CASE WHEN price THEN ($8::text[])[f] END, CASE WHEN price THEN ($9::text[])[f] END,
       CASE WHEN price THEN '' ELSE format('Team %s', k % 32) END, CASE WHEN price THEN '' ELSE format('Team %s', (k + 7) % 32) END,
       sp, sp + ${HOUR}, sp + ${HOUR}, sp + 2 * ${HOUR}, CASE WHEN price THEN ${WINDOW_S} ELSE 0 END, ${TOTAL_REWARDS}
     FROM (${rk}) r`,
    [
      ...common,
      contract,
      arr(feeds.map((f) => f.symbol)),
      arr(feeds.map((f) => f.token)),
      arr(feeds.map((f) => f.pair)),
    ],
  );

  // Predictions over the rounds that were joined: i the prediction (its block and log index), the
  // round joined[i % joined], j = i / joined its rank there (the wallet, distinct per round); head
  // with the round's own probability (30 % to 70 %).
  const joined: number[] = [];
  for (let k = 0; k < n; k++) if (k % 50 !== 7) joined.push(k);
  const joinedArr = arr(joined);
  for (let lo = 0; lo < predictions && joined.length > 0; lo += CHUNK) {
    const hi = Math.min(predictions, lo + CHUNK);
    log(
      `  synthetic race predictions ${lo.toLocaleString("en-US")}-${hi.toLocaleString("en-US")} of ${predictions.toLocaleString("en-US")}`,
    );
    await db.query(
      `INSERT INTO race_predictions (chain_id, block_number, log_index, tx_hash, timestamp, round_id, account, side)
       SELECT $1, i / ${PER_BLOCK}, ${PREDICTION_LOG} + i % ${PER_BLOCK}, '0xa2' || lpad(to_hex(i), 62, '0'),
         sp + 1 + (j * 7919 + k) % ${HOUR - 2}, $3::int8 + k,
         '0x9c' || lpad(to_hex((k * 7919 + j) % $6::int8), 38, '0'),
         CASE WHEN (j * 7919 + k * 104729) % 100 < 30 + (k * 37) % 41 THEN 1 ELSE 2 END
       FROM (SELECT i, ($7::int8[])[1 + i % $8::int8] AS k, i / $8::int8 AS j FROM generate_series($9::int8, $10::int8 - 1) AS i) g
       JOIN (${rk}) r USING (k)`,
      [...common, racers, joinedArr, joined.length, lo, hi],
    );
  }

  // Settlements: price rounds' TWAPs around the token's price (up or down by 0.1 % to 2 %, head when
  // it rose); event rounds team A, team B or (one in three) a draw; the cancelled ones result 4.
  log("  race results and points");
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO race_results (chain_id, block_number, log_index, tx_hash, timestamp, round_id, result, start_price,
         end_price, cancel_reason)
       SELECT $1, k / ${PER_BLOCK}, ${RESULT_LOG} + k % ${PER_BLOCK}, '0xa3' || lpad(to_hex(k), 62, '0'),
         sp + 2 * ${HOUR} + 60, id,
         CASE WHEN cancelled THEN 4 WHEN price THEN CASE WHEN up THEN 1 ELSE 2 END
           WHEN k % 3 = 0 THEN 3 ELSE 1 + k % 2 END,
         CASE WHEN price AND NOT cancelled THEN p0 ELSE 0 END,
         CASE WHEN price AND NOT cancelled THEN CASE WHEN up THEN p0 + floor(p0 * bps / 10000) ELSE p0 - floor(p0 * bps / 10000) END ELSE 0 END,
         CASE WHEN cancelled THEN 1 END
       FROM (SELECT r.*, ($6::numeric[])[f] AS p0, (k * 7919) % 2 = 0 AS up, 10 + (k * 104729) % 191 AS bps
             FROM (${rk}) r) x`,
      [...common, arr(feeds.map((f) => f.price))],
    );
    // Statistics first: without them the planner may join every settlement with a scan of all the
    // predictions (it ran for over 6 minutes at 10,000 rounds and 1,000,000 predictions on PGlite).
    await tx.query("ANALYZE race_results, race_predictions");
    // the handler's awardRounds, over the synthetic settlements
    await tx.query(
      `WITH r AS (
         SELECT x.round_id, x.block_number, x.timestamp AS at, x.result FROM race_results x
         WHERE x.chain_id = $1 AND x.round_id >= $2 AND x.log_index >= ${RESULT_LOG} AND x.result IN (1, 2)
       ), counts AS (
         SELECT r.round_id, count(*) AS joined, count(*) FILTER (WHERE p.side = r.result) AS winners
         FROM r JOIN race_predictions p ON p.chain_id = $1 AND p.round_id = r.round_id GROUP BY r.round_id
       ), awards AS (
         INSERT INTO points_ledger AS l (chain_id, source, ref, address, points, at, block_number)
         SELECT $1, 'race', r.round_id::text, p.account, floor(${RACE_BASE_POINTS} * c.joined / c.winners)::int, r.at, r.block_number
         FROM r JOIN counts c ON c.round_id = r.round_id
         JOIN race_predictions p ON p.chain_id = $1 AND p.round_id = r.round_id AND p.side = r.result
         WHERE c.winners > 0
         ON CONFLICT (chain_id, source, ref, address) DO NOTHING
         RETURNING address, points
       )
       INSERT INTO points_totals AS t (chain_id, address, points)
       SELECT $1, address, sum(points) FROM awards GROUP BY address
       ON CONFLICT (chain_id, address) DO UPDATE SET points = t.points + EXCLUDED.points`,
      [chainId, firstId],
    );
  });
  log("  ANALYZE");
  await db.query("ANALYZE race_rounds, race_predictions, race_results, points_ledger, points_totals");

  const results: Record<string, number> = {};
  for (const r of await db.query<{ result: number; n: unknown }>(
    "SELECT result, count(*) AS n FROM race_results WHERE chain_id = $1 AND round_id >= $2 GROUP BY result",
    [chainId, firstId],
  ))
    results[String(r.result)] = Number(r.n);
  const racer = benchRacer(BENCH_RACER_INDEX % racers);
  const count = async (table: string) => num(`SELECT count(*) AS v FROM ${table}`, []);
  return {
    rounds: n,
    predictions,
    racers,
    firstRoundId: firstId,
    results,
    racer,
    racerPredictions: await num("SELECT count(*) AS v FROM race_predictions WHERE chain_id = $1 AND account = $2", [
      chainId,
      racer,
    ]),
    racerPoints: await num("SELECT points AS v FROM points_totals WHERE chain_id = $1 AND address = $2", [
      chainId,
      racer,
    ]),
    tables: {
      raceRounds: await count("race_rounds"),
      racePredictions: await count("race_predictions"),
      raceResults: await count("race_results"),
      pointsLedger: await count("points_ledger"),
      pointsTotals: await count("points_totals"),
    },
    ms: performance.now() - t0,
  };
}
