/**
 * Synthetic prediction markets for the API section (issue 19): `markets` markets and `trades` buys
 * and sells through the product's own tables, written with `generate_series` SQL like
 * fill-governance.ts, with the rows the indexer's predict handler keeps for a real market, so
 * `/sofi/markets` and `/sofi/markets_positions` do their real work: per market its `MarketCreated`
 * row (the bench chain's registry, a condition, a question, two outcome position ids, a 2 % fee,
 * 1,000 SOFI of initial funding, a day's answer timeout, a 10 SOFI minimum bond), the funding's
 * `addFunding` event (both pool balances 1,000 SOFI) with the outcome tokens it minted to the pool;
 * per trade its `buy`/`sell` event with the pool's balances after it, outcome 0's price then and the
 * pool's value (as the handler computes them: b0 + b1 stays 2,000 SOFI, a buy of `net` moves `net`
 * from the bought outcome's balance to the other's and gives the buyer 2 × net tokens, a sell the
 * reverse), the trader's outcome-token transfer (the pool to a buyer, a seller to the pool), and the
 * per-market volume and trade count the handler folds beside them (predict_stats). Each market's
 * balances follow a sine of its own amplitude and period (outcome 0's price between 5 % and 95 %),
 * so every step's direction says which side was bought or sold. Traders: 50 trades each on average
 * over many markets (a seller is the buyer of the trade before it); a seller may sell more than it
 * bought, and then that position is not shown (the API shows positive holdings only). The pool's own
 * split and merge mints and burns of each trade are not written (no endpoint reads the pool's
 * holdings).
 *
 * Markets are created over the first half of the year before the indexed chain; four in five
 * resolve weeks after now (active), the fifth's resolution time is in the past: a quarter of those
 * answered, finalized, resolved (payouts) and redeemed once (by one of its traders), a quarter answered and
 * disputed (arbitration requested), a quarter answered an hour before now (within the timeout), a
 * quarter never answered (closed). Trades fall between a market's creation and the earlier of its
 * resolution and the chain's first block. Everything sits at block numbers 0 … trades/1000 with log
 * indexes from 5,000,000 (markets, their minted funding, funding events: 4 per market), 5,100,000
 * (trades and their transfers: 2 per trade), 5,200,000 (answers) and 5,300,000 (resolutions and
 * redemptions): no key of an indexed log is taken (fill.ts uses 1,000,000 and 2,000,000,
 * fill-portfolios.ts 3,000,000, fill-governance.ts 4,000,000, fill-races.ts 6,000,000), and a reorg
 * (which deletes above the fork) never reaches them. Market addresses start with 0xc1, condition ids
 * with 0xc2, question ids with 0xc3 and position ids are above 2^255: none is the seed's.
 */
import type { Deployment } from "@sofi/protocol";
import { parseEther } from "viem";
import type { Db } from "../../server/src/db/client.ts";

const DAY = 86_400;
const HOUR = 3_600;
const YEAR_AND_A_DAY = 366 * DAY;
const PER_BLOCK = 1_000;
/** Trades per INSERT. */
const CHUNK = 200_000;
export const PREDICT_LOG_BASE = 5_000_000;
const TRADE_LOG = PREDICT_LOG_BASE + 100_000;
const ANSWER_LOG = PREDICT_LOG_BASE + 200_000;
const SETTLEMENT_LOG = PREDICT_LOG_BASE + 300_000;
const FUNDING = parseEther("1000");
/** 2 % (1e18 = 100 %). */
const FEE = parseEther("0.02");
const MIN_BOND = parseEther("10");
/** Trades per trader on average. */
const TRADES_PER_TRADER = 50;

/** The `k`-th synthetic market's address. */
export const benchMarket = (k: number) => `0xc1${k.toString(16).padStart(38, "0")}`;
/** The `k`-th synthetic trader. */
export const benchTrader = (k: number) => `0x7c${k.toString(16).padStart(38, "0")}`;
/** Distinct synthetic traders for `trades` trades. */
export const benchTraders = (trades: number) => Math.max(1, Math.floor(trades / TRADES_PER_TRADER));

export type PredictFillResult = {
  markets: number;
  trades: number;
  /** Distinct traders (benchTrader(0 … traders - 1)). */
  traders: number;
  /** Synthetic markets by how they stand (active, resolved, disputed, answered, closed). */
  states: Record<string, number>;
  /** Markets in the table (the seed's and the synthetic ones): the list's length. */
  totalMarkets: number;
  /** The trader the fixed positions row reads: its trades, and the markets it holds a position in. */
  trader: string;
  traderTrades: number;
  traderPositions: number;
  /** Rows in each table afterwards (synthetic + indexed). */
  tables: {
    predictMarkets: number;
    predictEvents: number;
    predictTransfers: number;
    predictStats: number;
    predictAnswers: number;
    predictSettlements: number;
  };
  /** Time to insert and ANALYZE. */
  ms: number;
};

/** The trader the fixed `/sofi/markets_positions` row reads. */
export const BENCH_TRADER_INDEX = 7;

export async function fillPredict(
  db: Db,
  opts: { chainId: number; deployment: Deployment; markets: number; trades: number; log?: (s: string) => void },
): Promise<PredictFillResult> {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const { chainId, deployment, markets: n, trades } = opts;
  const registry = deployment.contracts.marketRegistry?.toLowerCase();
  if (!registry) throw new Error("the deployment has no market registry");
  if (n < 1 || n > 25_000) throw new Error("1 to 25,000 synthetic markets");
  const traders = benchTraders(trades);
  const num = async (sql: string, params: unknown[]) =>
    Number((await db.query<{ v: unknown }>(sql, params))[0]?.v ?? 0);

  // Synthetic time: [start, end), ending before the indexed chain's first block (its first sync);
  // statuses are read at the chain's now (the later of the wall clock and the last indexed block).
  const lastBlockTs = await num("SELECT max(timestamp) AS v FROM indexer_blocks WHERE chain_id = $1", [chainId]);
  const now = Math.max(Math.floor(Date.now() / 1000), lastBlockTs);
  const minTs = await num("SELECT min(timestamp) AS v FROM pair_syncs WHERE chain_id = $1 AND log_index < 1000000", [
    chainId,
  ]);
  const end = (minTs > 0 ? minTs : now) - 1;
  const start = Math.min(now - YEAR_AND_A_DAY, end - 30 * DAY);

  // k: the market; created over the first half; every fifth resolves halfway between its creation
  // and the chain's first block (past), the others 1 to 13 weeks after now. Its trades end at the
  // earlier of its resolution and the chain's first block; c: its trade count.
  const mk = `SELECT k, created, resolution, least(resolution, $6::int8) AS trade_end,
                $7::int8 / $2::int8 + CASE WHEN k < $7::int8 % $2::int8 THEN 1 ELSE 0 END AS c,
                '0xc1' || lpad(to_hex(k), 38, '0') AS market
              FROM (SELECT k, c0 AS created,
                      CASE WHEN k % 5 = 0 THEN c0 + ($6::int8 - c0) / 2 ELSE $3::int8 + (1 + k % 13) * 7 * ${DAY} END AS resolution
                    FROM (SELECT k, $5::int8 + (k * ($6::int8 - $5::int8)) / (2 * $2::int8) AS c0
                          FROM generate_series(0, $2::int8 - 1) AS k) a) b`;
  const common = [chainId, n, now, registry, start, end, trades];
  const F = FUNDING.toString();
  log(`  ${n.toLocaleString("en-US")} synthetic markets`);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO predict_markets (chain_id, market, block_number, log_index, tx_hash, timestamp, registry, creator,
         condition_id, question_id, title, description, photo, outcome_names, resolution_time, fee, initial_funding,
         position_ids, answer_timeout, min_bond)
       SELECT $1, market, 0, ${PREDICT_LOG_BASE} + k * 4, '0xf0' || lpad(to_hex(k), 62, '0'), created, $4,
         '0x0c' || lpad(to_hex(k % 20), 38, '0'), '0xc2' || lpad(to_hex(k), 62, '0'), '0xc3' || lpad(to_hex(k), 62, '0'),
         format('Will %s close above $%s on %s? (#%s)', (ARRAY['WETH', 'WBTC', 'RAI', 'GOLDX', 'NAGI'])[1 + k % 5],
           to_char(100 * (1 + k % 97), 'FM999,999'), to_char(to_timestamp(resolution), 'YYYY-MM-DD'), k),
         format(E'Resolves Yes if the price on the chain''s own USDT pools at the resolution time is above the line, No otherwise.\\nAnswered on Reality.eth with a SOFI bond; a dispute goes to the governance timelock. Market %s.', k),
         '/images/markets/' || (k % 12) || '.png', '["Yes","No"]'::jsonb, resolution, $8::numeric, $9::numeric,
         jsonb_build_array((57896044618658097711785492504343953926634992332820282019728792003956564819968::numeric + 2 * k)::text,
                           (57896044618658097711785492504343953926634992332820282019728792003956564819968::numeric + 2 * k + 1)::text),
         ${DAY}, $10::numeric
       FROM (${mk}) m`,
      [...common, FEE.toString(), F, MIN_BOND.toString()],
    );
    // the initial funding: the split's outcome tokens minted to the pool, then FPMMFundingAdded
    await tx.query(
      `INSERT INTO predict_transfers (chain_id, block_number, log_index, item, timestamp, market, outcome, "from", "to", value)
       SELECT $1, 0, ${PREDICT_LOG_BASE} + k * 4 + 1, o, created, market, o, '0x${"0".repeat(40)}', market, $4::numeric
       FROM (${mk}) m CROSS JOIN generate_series(0, 1) AS o`,
      [chainId, n, now, F, start, end, trades],
    );
    await tx.query(
      `INSERT INTO predict_events (chain_id, block_number, log_index, tx_hash, timestamp, market, kind, account, outcome,
         collateral, fee, tokens, b0, b1, price0, pool_value)
       SELECT $1, 0, ${PREDICT_LOG_BASE} + k * 4 + 2, '0xf0' || lpad(to_hex(k), 62, '0'), created, market, 'addFunding',
         '0x0c' || lpad(to_hex(k % 20), 38, '0'), NULL, $4::numeric, 0, $4::numeric, $4::numeric, $4::numeric, 0.5,
         $4::numeric / 1e18
       FROM (${mk}) m`,
      [chainId, n, now, F, start, end, trades],
    );
  });

  // Trades, a chunk at a time: i the trade (its block and log index), m = i % markets its market,
  // j = i / markets its rank there. The pool's offset s(j) = F × A × sin(j × w + φ) (b0 = F + s,
  // b1 = F - s; s(-1) = 0, the funding), d = s(j) - s(j - 1): d > 0 a buy of outcome 1 or a sell of
  // outcome 0 (one in three trades sells), d < 0 the opposite; |d| a buy's net investment or a
  // sell's return plus fee.
  const path = (j: string) =>
    `CASE WHEN (${j}) < 0 THEN 0::numeric ELSE floor($4::numeric * (0.3 + (m * 37 % 60) / 100.0)
       * sin((${j}) * 2 * pi() / (60 + m % 200) + m))::numeric END`;
  const traderOf = (j: string) => `(m * 7919 + (${j}) * 104729) % $7::int8`;
  for (let lo = 0; lo < trades; lo += CHUNK) {
    const hi = Math.min(trades, lo + CHUNK);
    log(
      `  synthetic market trades ${lo.toLocaleString("en-US")}-${hi.toLocaleString("en-US")} of ${trades.toLocaleString("en-US")}`,
    );
    const rows = `SELECT i, g.m, j, x.market, sell, d, abs(d) AS a,
                    CASE WHEN (d > 0) <> sell THEN 1 ELSE 0 END AS outcome,
                    '0x7c' || lpad(to_hex(${traderOf("j - CASE WHEN sell AND j > 0 THEN 1 ELSE 0 END")}), 38, '0') AS account,
                    created + 60 + (j + 1) * greatest(1, trade_end - created - 120) / (c + 1) AS ts, s
                  FROM (SELECT i, i % $2::int8 AS m, i / $2::int8 AS j, (i * 7919) % 3 = 2 AS sell
                        FROM generate_series($5::int8, $6::int8 - 1) AS i) g
                  JOIN (${mk.replaceAll("$5::int8", "$8::int8").replaceAll("$6::int8", "$9::int8").replaceAll("$7::int8", "$10::int8").replaceAll("$3::int8", "$11::int8")}) x ON x.k = g.m
                  CROSS JOIN LATERAL (SELECT ${path("j")} AS s, ${path("j")} - ${path("j - 1")} AS d) p`;
    const params = [chainId, n, FEE.toString(), FUNDING.toString(), lo, hi, traders, start, end, trades, now];
    await db.transaction(async (tx) => {
      await tx.query(
        `WITH ins AS (
           INSERT INTO predict_events (chain_id, block_number, log_index, tx_hash, timestamp, market, kind, account, outcome,
             collateral, fee, tokens, b0, b1, price0, pool_value)
           SELECT $1, i / ${PER_BLOCK}, ${TRADE_LOG} + (i % ${PER_BLOCK}) * 2 + 1, '0xf1' || lpad(to_hex(i), 62, '0'), ts,
             market, CASE WHEN sell THEN 'sell' ELSE 'buy' END, account, outcome,
             CASE WHEN sell THEN a - fee ELSE a + fee END, fee, 2 * a, $4::numeric + s, $4::numeric - s,
             (($4::numeric - s) / (2 * $4::numeric))::float8,
             ((($4::numeric + s) * ($4::numeric - s) * 2) / (2 * $4::numeric) / 1e18)::float8
           FROM (SELECT r.*, CASE WHEN sell THEN floor(a * $3::numeric / 1e18)
                   ELSE floor(a * 1e18 / (1e18 - $3::numeric)) - a END AS fee FROM (${rows}) r) t
           RETURNING market, kind, collateral
         )
         INSERT INTO predict_stats AS s (chain_id, market, volume, trades)
         SELECT $1, market, sum(collateral), count(*) FROM ins GROUP BY market
         ON CONFLICT (chain_id, market) DO UPDATE SET volume = s.volume + EXCLUDED.volume, trades = s.trades + EXCLUDED.trades`,
        params,
      );
      await tx.query(
        `INSERT INTO predict_transfers (chain_id, block_number, log_index, item, timestamp, market, outcome, "from", "to", value)
         SELECT $1, i / ${PER_BLOCK}, ${TRADE_LOG} + (i % ${PER_BLOCK}) * 2, 0, ts, market, outcome,
           CASE WHEN sell THEN account ELSE market END, CASE WHEN sell THEN market ELSE account END, 2 * a
         FROM (${rows}) r WHERE $3::text IS NOT NULL`,
        params,
      );
    });
  }

  // Past markets: k % 20 = 0 answered an hour after resolution, finalized after the timeout,
  // resolved an hour later (payouts for the answer) and redeemed by one of its traders a day after;
  // k % 20 = 5 answered, then arbitration requested; k % 20 = 10 answered an hour before now.
  log("  market answers, resolutions and redemptions");
  const past = `SELECT m.*, (k / 20) % 2 AS answer FROM (${mk}) m WHERE k % 5 = 0 AND k % 20 <> 15`;
  const bytes32 = (v: string) => `'0x' || lpad(${v}::text, 64, '0')`;
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO predict_answers (chain_id, block_number, log_index, tx_hash, timestamp, question_id, kind, answer, bond, account)
       SELECT $1, 0, ${ANSWER_LOG} + k * 4 + x.e, '0xf2' || lpad(to_hex(k * 4 + x.e), 62, '0'), x.ts,
         '0xc3' || lpad(to_hex(k), 62, '0'), x.kind, CASE WHEN x.kind = 'arbitration' THEN NULL ELSE ${bytes32("answer")} END,
         CASE WHEN x.kind = 'answer' THEN $4::numeric END,
         CASE WHEN x.kind = 'finalize' THEN NULL ELSE '0x0c' || lpad(to_hex(k % 20), 38, '0') END
       FROM (${past}) p CROSS JOIN LATERAL (VALUES
         (0, 'answer', CASE WHEN k % 20 = 10 THEN $3::int8 - ${HOUR} ELSE resolution + ${HOUR} END, true),
         (1, 'arbitration', resolution + 2 * ${HOUR}, k % 20 = 5)
       ) AS x(e, kind, ts, happens)
       WHERE x.happens`,
      [chainId, n, now, MIN_BOND.toString(), start, end, trades],
    );
    await tx.query(
      `INSERT INTO predict_settlements (chain_id, block_number, log_index, tx_hash, timestamp, condition_id, kind, payouts, account, payout)
       SELECT $1, 0, ${SETTLEMENT_LOG} + k * 2 + x.e, '0xf3' || lpad(to_hex(k * 2 + x.e), 62, '0'), x.ts,
         '0xc2' || lpad(to_hex(k), 62, '0'), x.kind,
         CASE WHEN x.e = 0 THEN jsonb_build_array(CASE WHEN answer = 0 THEN '1' ELSE '0' END, CASE WHEN answer = 1 THEN '1' ELSE '0' END) END,
         CASE WHEN x.e = 1 THEN '0x7c' || lpad(to_hex((k * 7919 + (c - 1) * 104729) % $4::int8), 38, '0') END,
         CASE WHEN x.e = 1 THEN $8::numeric END
       FROM (${past}) p CROSS JOIN LATERAL (VALUES
         (0, 'resolution', resolution + ${HOUR} + ${DAY} + ${HOUR}),
         (1, 'redemption', resolution + ${HOUR} + 2 * ${DAY})
       ) AS x(e, kind, ts)
       WHERE k % 20 = 0 AND c > 0`,
      [chainId, n, now, traders, start, end, trades, parseEther("25").toString()],
    );
  });
  log("  ANALYZE");
  await db.query(
    "ANALYZE predict_markets, predict_events, predict_transfers, predict_stats, predict_answers, predict_settlements",
  );

  const states: Record<string, number> = {};
  for (let k = 0; k < n; k++) {
    const s =
      k % 5 !== 0 ? "active" : ({ 0: "resolved", 5: "disputed", 10: "answered", 15: "closed" } as const)[k % 20];
    if (s) states[s] = (states[s] ?? 0) + 1;
  }
  const trader = benchTrader(BENCH_TRADER_INDEX % traders);
  const count = async (table: string) => num(`SELECT count(*) AS v FROM ${table}`, []);
  return {
    markets: n,
    trades,
    traders,
    states,
    totalMarkets: await num("SELECT count(*) AS v FROM predict_markets WHERE chain_id = $1", [chainId]),
    trader,
    traderTrades: await num("SELECT count(*) AS v FROM predict_events WHERE chain_id = $1 AND account = $2", [
      chainId,
      trader,
    ]),
    traderPositions: await num(
      `SELECT count(*) AS v FROM (SELECT market, outcome FROM predict_transfers WHERE chain_id = $1 AND ("to" = $2 OR "from" = $2)
       GROUP BY market, outcome HAVING sum(CASE WHEN "to" = $2 THEN value ELSE -value END) > 0) x`,
      [chainId, trader],
    ),
    tables: {
      predictMarkets: await count("predict_markets"),
      predictEvents: await count("predict_events"),
      predictTransfers: await count("predict_transfers"),
      predictStats: await count("predict_stats"),
      predictAnswers: await count("predict_answers"),
      predictSettlements: await count("predict_settlements"),
    },
    ms: performance.now() - t0,
  };
}
