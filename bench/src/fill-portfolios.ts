/**
 * Synthetic portfolios for the API section (issue 10): `portfolios` portfolios and `trades`
 * buys and sells through the product's own tables, written with `generate_series` SQL like
 * fill.ts, with the rows a real portfolio has, so the metrics refresh (queries/portfolios.ts) does
 * its real work: per portfolio its `PortfolioCreated` row (2 to 10 components from the deployment's
 * tokens, equal allocations, a start price of $10 to $1,000), the creation's position rows (units
 * derived from the tokens' spec prices, as the factory derives them), a rebalance (`edited` row) on
 * every fourth, the trading module's `added`, `initialized` (0.5 % exit fee) and `trading` events;
 * per trade its `buy`/`sell` row and the issuance module's `issue`/`redeem` row of the same
 * transaction, a mint or burn in `portfolio_transfers`, and the holders' balances folded from those
 * transfers (clamped at zero: a synthetic seller may sell more than it bought) and the counters the
 * indexer keeps beside them (portfolio_stats). Trades are skewed
 * towards the first portfolios (a popular few, a long tail with none); each portfolio's traders are
 * at most 50 of 50,000 accounts. Everything is older than the indexed chain (created in the first
 * half of the synthetic span, traded after its creation), at block numbers 0 … trades/1000 with log
 * indexes from 3,000,000: no key of an indexed log is taken, and a reorg never reaches them.
 */
import type { Deployment } from "@sofi/protocol";
import { TOKEN_SPECS, WETH_SPEC } from "../../contracts/scripts/index.ts";
import type { Db } from "../../server/src/db/client.ts";

const ZERO = `0x${"0".repeat(40)}`;
const PER_BLOCK = 1_000;
const CHUNK = 200_000;
const LOG_BASE = 3_000_000;
const YEAR_AND_A_DAY = 366 * 86_400;

/** The `k`-th synthetic portfolio's address. */
export const benchPortfolio = (k: number) => `0xb0${k.toString(16).padStart(38, "0")}`;
/** Components of the `k`-th synthetic portfolio. */
export const benchPortfolioSize = (k: number) => 2 + (k % 9);
/** The portfolio the detail and history rows read: ten components, among the most traded. */
export const BENCH_PORTFOLIO_INDEX = 8;
/** Distinct synthetic managers: portfolio k is run by benchManager(k % BENCH_MANAGERS) (issue 21 §1: 10,000 addresses). */
export const BENCH_MANAGERS = 10_000;
/** The `k`-th synthetic manager's address. */
export const benchManager = (k: number) => `0x3a${k.toString(16).padStart(38, "0")}`;

export type PortfolioFillResult = {
  portfolios: number;
  /** Distinct managers of the synthetic portfolios (benchManager(0 … managers - 1)). */
  managers: number;
  trades: number;
  /** Rows in each table afterwards (synthetic + indexed). */
  tables: {
    portfolios: number;
    portfolioPositions: number;
    portfolioTrades: number;
    portfolioTransfers: number;
    portfolioHolders: number;
    portfolioModuleEvents: number;
  };
  /** The portfolio the detail and history rows read, its trades and components. */
  portfolio: string;
  portfolioTrades: number;
  portfolioComponents: number;
  ms: number;
};

export async function fillPortfolios(
  db: Db,
  opts: { chainId: number; deployment: Deployment; portfolios: number; trades: number; log?: (s: string) => void },
): Promise<PortfolioFillResult> {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const { chainId, deployment, portfolios: n, trades } = opts;
  const module = deployment.contracts.portfolioTradingModule?.toLowerCase();
  const factory = deployment.contracts.portfolioFactory?.toLowerCase();
  if (!module || !factory) throw new Error("the deployment has no portfolio contracts");
  const specs = new Map([WETH_SPEC, ...TOKEN_SPECS].map((s) => [s.symbol, s]));
  const tokens = deployment.tokens.filter((t) => specs.has(t.symbol));
  if (tokens.length < 10) throw new Error("the deployment needs ten priced tokens");
  const usdt = deployment.tokens.find((t) => t.symbol === "USDT")?.address.toLowerCase() ?? ZERO;
  const arr = (xs: (string | number)[]) => `{${xs.join(",")}}`;
  const tokArr = arr(tokens.map((t) => t.address.toLowerCase()));
  const priceArr = arr(tokens.map((t) => specs.get(t.symbol)?.priceUsd ?? 1));
  const decArr = arr(tokens.map((t) => t.decimals));

  // Synthetic time: [start, end), ending before the indexed chain's first block (its first sync).
  const [{ ts: minTs } = { ts: 0 }] = await db.query<{ ts: unknown }>(
    "SELECT min(timestamp) AS ts FROM pair_syncs WHERE chain_id = $1 AND log_index < 1000000",
    [chainId],
  );
  const end = Math.floor(Number(minTs)) - 1;
  const start = Math.min(Math.floor(Date.now() / 1000) - YEAR_AND_A_DAY, end - 30 * 86_400);
  const mid = start + Math.floor((end - start) / 2);

  // k: the portfolio; size its components, usd its start price, created its creation time.
  const pk = `SELECT k, 2 + k % 9 AS size, 10 + (k * 37) % 991 AS usd,
                $3::int8 + (k * ($4::int8 - $3::int8)) / $2::int8 AS created,
                '0xb0' || lpad(to_hex(k), 38, '0') AS address
              FROM generate_series(0, $2::int8 - 1) AS k`;
  // One row per component: its token index t, allocation (bps) and unit (base units per 1e18 set,
  // what the factory derives from the start price and the token's price); `$nt` the token count.
  const comps = (nt: string) => `SELECT pk.*, j, 1 + (k + j) % ${nt}::int4 AS t,
                   CASE WHEN j = 0 THEN 10000 - (size - 1) * (10000 / size) ELSE 10000 / size END AS bps
                 FROM (${pk}) pk CROSS JOIN LATERAL generate_series(0, pk.size - 1) AS j`;
  const unit = (price: string, dec: string) =>
    `floor(usd::numeric * bps / 10000 / (${price}::numeric[])[t] * power(10::numeric, (${dec}::int4[])[t]))::numeric(78, 0)`;
  const common = [chainId, n, start, mid];
  log(`  ${n.toLocaleString("en-US")} synthetic portfolios`);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO portfolios (chain_id, address, block_number, log_index, tx_hash, timestamp, factory, manager, name,
         symbol, components, units, allocations, start_price)
       SELECT $1, address, k / ${PER_BLOCK}, ${LOG_BASE} + (k % ${PER_BLOCK}) * 4, '0xd' || lpad(to_hex(k), 63, '0'),
         created, $5, '0x3a' || lpad(to_hex(k % ${BENCH_MANAGERS}), 38, '0'), 'Bench portfolio ' || k, 'BP' || k,
         jsonb_agg(($6::text[])[t] ORDER BY j), jsonb_agg((${unit("$8", "$9")})::text ORDER BY j),
         jsonb_agg(bps::text ORDER BY j), (usd::numeric * 1000000000000000000)::numeric(78, 0)
       FROM (${comps("$7")}) c GROUP BY k, address, created, usd`,
      [...common, factory, tokArr, tokens.length, priceArr, decArr],
    );
    await tx.query(
      `INSERT INTO portfolio_positions (chain_id, portfolio, component, block_number, log_index, timestamp, kind, unit)
       SELECT $1, address, ($5::text[])[t], k / ${PER_BLOCK}, ${LOG_BASE} + (k % ${PER_BLOCK}) * 4, created, 'created',
         ${unit("$7", "$8")}
       FROM (${comps("$6")}) c`,
      [...common, tokArr, tokens.length, priceArr, decArr],
    );
    // every fourth portfolio was rebalanced a month after its creation: its first component 10 % lighter
    await tx.query(
      `INSERT INTO portfolio_positions (chain_id, portfolio, component, block_number, log_index, timestamp, kind, unit)
       SELECT $1, address, ($5::text[])[t], k / ${PER_BLOCK}, ${LOG_BASE} + (k % ${PER_BLOCK}) * 4 + 3,
         created + 30 * 86400, 'edited', (${unit("$7", "$8")}) * 9 / 10
       FROM (${comps("$6")}) c WHERE k % 4 = 0 AND j = 0`,
      [...common, tokArr, tokens.length, priceArr, decArr],
    );
    await tx.query(
      `INSERT INTO portfolio_module_events (chain_id, block_number, log_index, portfolio, kind, enabled, exit_fee_bps, recipient)
       SELECT $1, k / ${PER_BLOCK}, ${LOG_BASE} + (k % ${PER_BLOCK}) * 4 + e, address,
         (ARRAY['added', 'initialized', 'trading'])[e], CASE WHEN e = 3 THEN true END,
         CASE WHEN e = 2 THEN 50 END, CASE e WHEN 1 THEN $5 WHEN 2 THEN '0x3a' || lpad(to_hex(k % ${BENCH_MANAGERS}), 38, '0') END
       FROM (${pk}) pk CROSS JOIN generate_series(1, 3) AS e`,
      [...common, module],
    );
  });

  for (let lo = 0; lo < trades; lo += CHUNK) {
    const hi = Math.min(trades, lo + CHUNK);
    log(
      `  synthetic portfolio trades ${lo.toLocaleString("en-US")}-${hi.toLocaleString("en-US")} of ${trades.toLocaleString("en-US")}`,
    );
    // i: the trade; p its portfolio (cubed: the first portfolios trade most), a its trader (one
    // of at most 50 per portfolio), ts after the portfolio's creation.
    const g = `SELECT i, p, '0xb0' || lpad(to_hex(p), 38, '0') AS portfolio,
                 '0x7a' || lpad(to_hex((p * 131 + ((i / 7) % 50) * 1009) % 50000), 38, '0') AS a,
                 i % 3 = 2 AS sell, CASE WHEN i % 3 = 2 THEN (1 + i % 499) ELSE (1 + i % 997) END::numeric * 1000000000000000 AS q,
                 (1 + i % 991)::numeric * 1000000000000000 AS amount,
                 created + ((i * 7919) % 1000003) * ($5::int8 - created) / 1000003 AS ts
               FROM (SELECT i, p, $3::int8 + (p * ($4::int8 - $3::int8)) / $2::int8 AS created
                     FROM (SELECT i, least($2::int8 - 1, floor($2::int8 * power(((i * 7919) % 100003) / 100003.0, 3)))::int8 AS p
                           FROM generate_series($6::int8, $7::int8 - 1) AS i) i0) i1`;
    const params = [chainId, n, start, mid, end, lo, hi];
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO portfolio_trades (chain_id, block_number, log_index, tx_hash, timestamp, portfolio, kind, account,
           recipient, token, quantity, amount, trade_fee, exit_fee)
         SELECT $1, i / ${PER_BLOCK}, ${LOG_BASE} + (i % ${PER_BLOCK}) * 2 + 1, '0xe' || lpad(to_hex(i), 63, '0'), ts,
           portfolio, CASE WHEN sell THEN 'sell' ELSE 'buy' END, a, NULL, CASE WHEN i % 2 = 0 THEN $8 ELSE $9 END, q,
           amount, floor(amount * 30 / 10000), CASE WHEN sell THEN floor(amount * 50 / 10000) END
         FROM (${g}) g`,
        [...params, ZERO, usdt],
      );
      // the issuance module's event of the same transaction (the module issues to the buyer, redeems to itself)
      await tx.query(
        `INSERT INTO portfolio_trades (chain_id, block_number, log_index, tx_hash, timestamp, portfolio, kind, account,
           recipient, token, quantity, amount, trade_fee, exit_fee)
         SELECT $1, i / ${PER_BLOCK}, ${LOG_BASE} + (i % ${PER_BLOCK}) * 2, '0xe' || lpad(to_hex(i), 63, '0'), ts,
           portfolio, CASE WHEN sell THEN 'redeem' ELSE 'issue' END, $8, CASE WHEN sell THEN $8 ELSE a END, NULL, q,
           NULL, NULL, NULL
         FROM (${g}) g`,
        [...params, module],
      );
      await tx.query(
        `INSERT INTO portfolio_transfers (chain_id, block_number, log_index, timestamp, portfolio, "from", "to", value)
         SELECT $1, i / ${PER_BLOCK}, ${LOG_BASE} + (i % ${PER_BLOCK}) * 2, ts, portfolio,
           CASE WHEN sell THEN a ELSE $8 END, CASE WHEN sell THEN $8 ELSE a END, q
         FROM (${g}) g`,
        [...params, ZERO],
      );
    });
  }
  log("  portfolio holders (balances folded from the synthetic transfers)");
  await db.query(
    `INSERT INTO portfolio_holders (chain_id, portfolio, holder, balance)
     SELECT $1, portfolio, holder, greatest(sum(v), 0)::numeric(78, 0)
     FROM (SELECT portfolio, "to" AS holder, value AS v FROM portfolio_transfers
             WHERE chain_id = $1 AND log_index >= ${LOG_BASE} AND "to" <> $2
           UNION ALL
           SELECT portfolio, "from", -value FROM portfolio_transfers
             WHERE chain_id = $1 AND log_index >= ${LOG_BASE} AND "from" <> $2) x
     GROUP BY portfolio, holder
     ON CONFLICT DO NOTHING`,
    [chainId, ZERO],
  );
  // the counters the indexer handler keeps beside these rows (portfolio_stats)
  await db.query(
    `INSERT INTO portfolio_stats (chain_id, portfolio, trades_count, holders_count, supply)
     SELECT $1, p.address,
       (SELECT count(*) FROM portfolio_trades t WHERE t.chain_id = $1 AND t.portfolio = p.address AND t.kind IN ('buy', 'sell')),
       (SELECT count(*) FROM portfolio_holders h WHERE h.chain_id = $1 AND h.portfolio = p.address AND h.balance > 0),
       COALESCE((SELECT sum(balance) FROM portfolio_holders h WHERE h.chain_id = $1 AND h.portfolio = p.address), 0)
     FROM portfolios p WHERE p.chain_id = $1 AND p.log_index >= ${LOG_BASE}
     ON CONFLICT (chain_id, portfolio) DO UPDATE SET trades_count = EXCLUDED.trades_count,
       holders_count = EXCLUDED.holders_count, supply = EXCLUDED.supply`,
    [chainId],
  );
  log("  ANALYZE");
  await db.query(
    "ANALYZE portfolios, portfolio_positions, portfolio_trades, portfolio_transfers, portfolio_holders, portfolio_module_events, portfolio_stats",
  );
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: unknown }>(sql, params))[0]?.n ?? 0);
  const portfolio = benchPortfolio(BENCH_PORTFOLIO_INDEX);
  return {
    portfolios: n,
    managers: Math.min(n, BENCH_MANAGERS),
    trades,
    tables: {
      portfolios: await count("SELECT count(*) AS n FROM portfolios"),
      portfolioPositions: await count("SELECT count(*) AS n FROM portfolio_positions"),
      portfolioTrades: await count("SELECT count(*) AS n FROM portfolio_trades"),
      portfolioTransfers: await count("SELECT count(*) AS n FROM portfolio_transfers"),
      portfolioHolders: await count("SELECT count(*) AS n FROM portfolio_holders"),
      portfolioModuleEvents: await count("SELECT count(*) AS n FROM portfolio_module_events"),
    },
    portfolio,
    portfolioTrades: await count(
      "SELECT count(*) AS n FROM portfolio_trades WHERE chain_id = $1 AND portfolio = $2 AND kind IN ('buy', 'sell')",
      [chainId, portfolio],
    ),
    portfolioComponents: benchPortfolioSize(BENCH_PORTFOLIO_INDEX),
    ms: performance.now() - t0,
  };
}
