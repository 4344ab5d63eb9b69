/**
 * `npm run bench` (tsx bench/run.ts): indexer backfill throughput, API load, web bundle size, the
 * swap page's first-load RPC requests and quote latency in Chromium, gas of portfolio buys and sells, of governance calls and of prediction market calls, in one run, printed as tables and written to bench/results/latest.json.
 *
 *   --only indexer|api|web|swap|gas   one section (or a comma list); also BENCH_ONLY=...
 *   BENCH_QUICK=1            smoke mode: 5,000 swaps, 2 s of load per endpoint, 3 swap-page quotes
 *   BENCH_SWAP_SAMPLES=n     quotes timed on the swap page (default 20; quick 3)
 *   BENCH_SWAPS=n            batched swaps on top of the seeded chain (default 100,000; quick 5,000)
 *   BENCH_SEED_DAYS=n        days of seeded history under them (default 30; quick 2)
 *   BENCH_DURATION_MS=n      load duration per endpoint
 *   BENCH_CONNECTIONS=n      concurrent keep-alive connections (default 50)
 *   BENCH_INDEXER_RUNS=n     backfills per database, median reported (default 3; quick 1)
 *   BENCH_ROUNDS=n           the load is given in n interleaved rounds per endpoint (default 5; quick 1)
 *   BENCH_API_ROWS=n         synthetic trades, swaps and syncs under the API's indexed chain (default 1,000,000; quick 20,000)
 *   BENCH_PORTFOLIOS=n, BENCH_PORTFOLIO_TRADES=n   synthetic portfolios and their buys and sells (default
 *                            10,000 and 1,000,000; quick 200 and 20,000)
 *   BENCH_PROPOSALS=n, BENCH_VOTES=n   synthetic governance proposals and their votes (default 10,000 and
 *                            1,000,000; quick 200 and 20,000)
 *   BENCH_MARKETS=n, BENCH_MARKET_TRADES=n   synthetic prediction markets and their trades (default 1,000 and
 *                            1,000,000; quick 50 and 10,000)
 *   BENCH_RACE_ROUNDS=n, BENCH_RACE_PREDICTIONS=n   synthetic settled race rounds and their predictions
 *                            (default 10,000 and 1,000,000; quick 200 and 10,000)
 *   BENCH_POSTS=n, BENCH_POST_AUTHORS=n   synthetic social posts and their authors (default 1,000,000 and
 *                            100,000; quick 20,000 and 2,000)
 *   BENCH_DATABASE_URL / TEST_DATABASE_URL   also backfill into this PostgreSQL (throwaway schema), and
 *                            (full mode, or BENCH_API_POSTGRES=1) load the server on a scratch database there
 *   BENCH_API_DATABASES=list  which databases the API section loads (pglite,postgres; default both in full
 *                            mode, PGlite only in quick mode unless BENCH_API_POSTGRES=1)
 *   BENCH_READ_AHEAD_WAIT_MS=n  how long the API section waits for each area's read-ahead (default 30 min)
 *   BENCH_REPLICAS=2         on PostgreSQL, also load the "in turn" rows against one API replica and against
 *                            two (BENCH_REPLICA_ENDPOINTS: which rows; issue 21 §2)
 *   BENCH_RESULTS=path       where to write the JSON (default results/latest.json, or latest-<sections>.json
 *                            for a partial run; quick runs write to .cache/ instead)
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { benchApi, withScratchDatabase } from "./src/api.ts";
import {
  type CeilingResult,
  measureCeiling,
  measureRawCeiling,
  measureRpcFloor,
  type RpcFloorResult,
} from "./src/ceiling.ts";
import { type BenchChain, benchChain } from "./src/chain.ts";
import { measureGovernanceGas } from "./src/governance-gas.ts";
import { benchIndexer, type IndexerResult, PG_URL } from "./src/indexer.ts";
import { measureMarketGas } from "./src/market-gas.ts";
import { CACHE_DIR, RESULTS_DIR } from "./src/paths.ts";
import { measurePortfolioGas } from "./src/portfolio-gas.ts";
import { profileComponents } from "./src/profile.ts";
import { measureRaceGas } from "./src/races-gas.ts";
import { formatResults, type Results } from "./src/report.ts";
import { measureWeb } from "./src/web.ts";
import { measureWebMarket } from "./src/web-market.ts";
import { measureWebSwap, withPageStack } from "./src/web-swap.ts";

const SECTIONS = ["indexer", "api", "web", "swap", "gas"] as const;
type Section = (typeof SECTIONS)[number];

function parseArgs(argv: string[]): Set<Section> {
  const i = argv.findIndex((a) => a === "--only" || a.startsWith("--only="));
  // BENCH_ONLY works where a flag cannot get through (the root script's inner `npm run` takes
  // `--only` as npm's own option).
  const fromNpm = process.env.BENCH_ONLY;
  if (i < 0 && !fromNpm) return new Set(SECTIONS);
  const arg = argv[i] ?? "";
  const value = i < 0 ? fromNpm : arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[i + 1];
  const wanted = (value ?? "").split(",").map((s) => s.trim());
  for (const w of wanted) {
    if (!SECTIONS.includes(w as Section)) {
      console.error(`--only takes ${SECTIONS.join("|")} (or a comma list), got "${value ?? ""}"`);
      process.exit(2);
    }
  }
  return new Set(wanted as Section[]);
}

function intEnv(name: string, def: number): number {
  const v = process.env[name];
  if (v === undefined || v === "") return def;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`${name} must be a positive integer, got "${v}"`);
    process.exit(2);
  }
  return n;
}

const quick = process.env.BENCH_QUICK === "1" || process.env.BENCH_QUICK === "true";
const sections = parseArgs(process.argv.slice(2));
/** The databases the API section loads (BENCH_API_DATABASES; quick mode skips PostgreSQL unless asked). */
const apiDatabases = new Set(
  (process.env.BENCH_API_DATABASES ?? (!quick || process.env.BENCH_API_POSTGRES === "1" ? "pglite,postgres" : "pglite"))
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean),
);
for (const d of apiDatabases)
  if (d !== "pglite" && d !== "postgres") {
    console.error(`BENCH_API_DATABASES lists pglite and postgres, got "${d}"`);
    process.exit(2);
  }
const swaps = intEnv("BENCH_SWAPS", quick ? 5_000 : 100_000);
const seedDays = intEnv("BENCH_SEED_DAYS", quick ? 2 : 30);
const durationMs = intEnv("BENCH_DURATION_MS", quick ? 2_000 : 10_000);
const connections = intEnv("BENCH_CONNECTIONS", 50);
const rounds = intEnv("BENCH_ROUNDS", quick ? 1 : 5);
const indexerRuns = intEnv("BENCH_INDEXER_RUNS", quick ? 1 : 3);
const swapSamples = intEnv("BENCH_SWAP_SAMPLES", quick ? 3 : 20);
const apiRows = intEnv("BENCH_API_ROWS", quick ? 20_000 : 1_000_000);
const apiPortfolios = intEnv("BENCH_PORTFOLIOS", quick ? 200 : 10_000);
const apiPortfolioTrades = intEnv("BENCH_PORTFOLIO_TRADES", quick ? 20_000 : 1_000_000);
const apiProposals = intEnv("BENCH_PROPOSALS", quick ? 200 : 10_000);
const apiVotes = intEnv("BENCH_VOTES", quick ? 20_000 : 1_000_000);
const apiMarkets = intEnv("BENCH_MARKETS", quick ? 50 : 1_000);
const apiMarketTrades = intEnv("BENCH_MARKET_TRADES", quick ? 10_000 : 1_000_000);
const apiRaceRounds = intEnv("BENCH_RACE_ROUNDS", quick ? 200 : 10_000);
const apiRacePredictions = intEnv("BENCH_RACE_PREDICTIONS", quick ? 10_000 : 1_000_000);
const apiPosts = intEnv("BENCH_POSTS", quick ? 20_000 : 1_000_000);
const apiPostAuthors = intEnv("BENCH_POST_AUTHORS", quick ? 2_000 : 100_000);

/** The median run by events/s, with every run's rate in order. */
function medianRun<T extends { eventsPerSec: number }>(all: T[]): T & { runs: number[] } {
  const sorted = [...all].sort((a, b) => a.eventsPerSec - b.eventsPerSec);
  return { ...(sorted[Math.floor((sorted.length - 1) / 2)] as T), runs: all.map((r) => r.eventsPerSec) };
}

/** Runs a backfill `n` times (fresh database each time) and keeps the median run, with every run's rate. */
async function repeat(n: number, run: (last: boolean) => Promise<IndexerResult>): Promise<IndexerResult> {
  const all: IndexerResult[] = [];
  for (let k = 0; k < n; k++) {
    all.push(await run(k === n - 1));
    log(`  run ${k + 1}/${n}: ${Math.round((all[k] as IndexerResult).eventsPerSec)} events/s`);
  }
  return medianRun(all);
}
// A partial run (--only) does not overwrite the full run's latest.json.
const partial = sections.size < SECTIONS.length ? `-${[...sections].sort().join("-")}` : "";
const resultsFile =
  process.env.BENCH_RESULTS ??
  (quick ? join(CACHE_DIR, `quick${partial}.json`) : join(RESULTS_DIR, `latest${partial}.json`));
const log = (s: string) => console.error(`[bench] ${s}`);

const cpu = cpus();
const results: Results = {
  version: 1,
  startedAt: new Date().toISOString(),
  mode: quick ? "quick" : "full",
  machine: {
    node: process.version,
    cpus: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? "?",
    platform: process.platform,
    loadAvgAtStart: loadavg()[0] ?? 0,
  },
  sections: [...sections],
  errors: {},
};
const started = performance.now();
const apiDataDir = join(CACHE_DIR, "api-data");

let chain: BenchChain | undefined;
try {
  if (sections.has("indexer") || sections.has("api")) {
    chain = await benchChain({ swaps, seedDays, log });
  }
  if (sections.has("indexer") && chain) {
    try {
      log("indexer: ceiling (viem getLogs + decode)");
      const pairs = chain.deployment.pairs.map((p) => p.address);
      const range = { rpcUrl: chain.rpcUrl, pairs, fromBlock: chain.fromBlock, toBlock: chain.toBlock };
      // The references are measured as often as the backfills (interleaved with each other) and
      // their medians kept: one run of a 1.5 s measurement moves by ±15 % on this machine, and the
      // ratios below would move with it.
      const refs = { ceiling: [] as CeilingResult[], raw: [] as CeilingResult[], floor: [] as RpcFloorResult[] };
      for (let k = 0; k < indexerRuns; k++) {
        refs.ceiling.push(await measureCeiling(range));
        refs.raw.push(await measureRawCeiling(range));
        refs.floor.push(await measureRpcFloor(range));
      }
      const ceiling = medianRun(refs.ceiling);
      const rawCeiling = medianRun(refs.raw);
      const rpcFloor = medianRun(refs.floor);
      log(`  raw ceiling runs: ${rawCeiling.runs.map((r) => Math.round(r)).join(" / ")} events/s`);
      results.indexer = {
        chain: {
          swaps: chain.swaps,
          swapsPerTx: chain.swapsPerTx,
          seedDays: chain.seedDays,
          seedSwaps: chain.seedSwaps,
          pairs: chain.deployment.pairs.length,
          fromBlock: chain.fromBlock,
          toBlock: chain.toBlock,
          pairEvents: chain.pairEvents,
          cached: chain.cached,
          generatedInMs: chain.generatedInMs,
        },
        ceiling,
        rawCeiling,
        rpcFloor,
      };
      log("indexer: backfill into PGlite");
      // The PGlite directory is kept for the API section, so the server starts already indexed.
      rmSync(apiDataDir, { recursive: true, force: true });
      results.indexer.pglite = await repeat(indexerRuns, (last) =>
        benchIndexer(chain as BenchChain, "pglite", last ? { pgliteDir: join(apiDataDir, "db") } : {}),
      );
      log("indexer: stages one at a time (fetch, decode, write)");
      try {
        results.indexer.stages = await profileComponents(chain);
      } catch (e) {
        results.errors["indexer (stages)"] = (e as Error).stack ?? String(e);
      }
      if (PG_URL) {
        log("indexer: backfill into PostgreSQL");
        try {
          results.indexer.postgres = await repeat(indexerRuns, () => benchIndexer(chain as BenchChain, "postgres"));
        } catch (e) {
          results.errors["indexer (PostgreSQL)"] = (e as Error).stack ?? String(e);
        }
      } else {
        log("indexer: no BENCH_DATABASE_URL / TEST_DATABASE_URL; PostgreSQL run skipped");
      }
    } catch (e) {
      results.errors.indexer = (e as Error).stack ?? String(e);
    }
  }
  if (sections.has("api") && chain) {
    if (!sections.has("indexer")) rmSync(apiDataDir, { recursive: true, force: true });
    log(`api: ${connections} connections × ${durationMs} ms per endpoint in ${rounds} interleaved rounds`);
    const fill = {
      dataDir: apiDataDir,
      fillRows: apiRows,
      portfolios: apiPortfolios,
      portfolioTrades: apiPortfolioTrades,
      proposals: apiProposals,
      votes: apiVotes,
      markets: apiMarkets,
      marketTrades: apiMarketTrades,
      raceRounds: apiRaceRounds,
      racePredictions: apiRacePredictions,
      posts: apiPosts,
      postAuthors: apiPostAuthors,
      connections,
      durationMs,
      rounds,
      log,
    };
    // each database in its own try: a PGlite run that fails (a read-ahead past the wait) still lets
    // PostgreSQL's run measure the same rows
    if (apiDatabases.has("pglite")) {
      try {
        const api = await benchApi(chain, fill);
        results.api = { ...api, connections, durationMs, rounds };
      } catch (e) {
        results.errors.api = (e as Error).stack ?? String(e);
      }
    }
    if (apiDatabases.has("postgres") && PG_URL) {
      log("api: the same on PostgreSQL (a scratch database; the server indexes the chain itself first)");
      try {
        const pgApi = await withScratchDatabase(PG_URL, (databaseUrl) =>
          benchApi(chain as BenchChain, { ...fill, databaseUrl, replicas: process.env.BENCH_REPLICAS === "2" }),
        );
        results.apiPostgres = { ...pgApi, connections, durationMs, rounds };
      } catch (e) {
        results.errors["api (PostgreSQL)"] = (e as Error).stack ?? String(e);
      }
    }
  }
} finally {
  await chain?.anvil.stop();
  rmSync(apiDataDir, { recursive: true, force: true });
}
if (sections.has("web")) {
  try {
    log("web: first route bundle");
    results.web = measureWeb();
  } catch (e) {
    results.errors.web = (e as Error).stack ?? String(e);
  }
}
if (sections.has("swap")) {
  try {
    log(`swap: the swap and market pages in Chromium on one real stack (${swapSamples} quotes each)`);
    await withPageStack(log, async (p) => {
      results.swap = await measureWebSwap(p, { samples: swapSamples, log });
      try {
        results.market = await measureWebMarket(p, { samples: swapSamples, log });
      } catch (e) {
        results.errors.market = (e as Error).stack ?? String(e);
      }
    });
  } catch (e) {
    results.errors.swap = (e as Error).stack ?? String(e);
  }
}
if (sections.has("gas")) {
  try {
    log("gas: portfolio buys and sells (2, 5, 10 components) on a fresh anvil");
    results.gas = await measurePortfolioGas({ log });
  } catch (e) {
    results.errors.gas = (e as Error).stack ?? String(e);
  }
  try {
    log("gas: governance calls, SofiGovernor beside a plain OZ Governor, on a fresh anvil");
    results.governanceGas = await measureGovernanceGas({ log });
  } catch (e) {
    results.errors.governanceGas = (e as Error).stack ?? String(e);
  }
  try {
    log("gas: races (predict, the keeper's calls) on a fresh anvil");
    results.racesGas = await measureRaceGas({ log });
  } catch (e) {
    results.errors.racesGas = (e as Error).stack ?? String(e);
  }
  try {
    log("gas: prediction market calls (create, buy, sell, funding, answer, resolve, redeem) on a fresh anvil");
    results.marketGas = await measureMarketGas({ log });
  } catch (e) {
    results.errors.marketGas = (e as Error).stack ?? String(e);
  }
}
results.totalMs = performance.now() - started;
results.machine.loadAvgAtEnd = loadavg()[0] ?? 0;

console.log(formatResults(results));
mkdirSync(dirname(resultsFile), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
log(`results written to ${resultsFile}`);
process.exit(Object.keys(results.errors).length > 0 ? 1 : 0);
