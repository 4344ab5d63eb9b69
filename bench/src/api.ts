import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { createDb, type Db } from "../../server/src/db/client.ts";
import type { BenchChain } from "./chain.ts";
import { startChild } from "./child.ts";
import { explainTrades, type FillResult, fillSynthetic, HEAVY_USER, TYPICAL_USER, typicalUser } from "./fill.ts";
import { BENCH_PORTFOLIO_INDEX, benchPortfolio, fillPortfolios, type PortfolioFillResult } from "./fill-portfolios.ts";
import { type LoadResult, type LoadTarget, loadTestMany } from "./load.ts";
import { waitFor } from "./net.ts";
import { BENCH_ROOT, CACHE_DIR } from "./paths.ts";

/** The history pair: WETH-USDT, priced from its deepest pool (the one the synthetic candles fill). */
const HISTORY = { base: "WETH", quote: "USDT" } as const;

/**
 * Typical users the "many users" row cycles through, one per request: more than the trades area
 * keeps pages of (10,000), so every request reads the database, as a crowd of distinct users would.
 */
export const MANY_USERS = 20_000;

/** A path per request: `i` the request's number, `portfolios` how many synthetic portfolios exist. */
type PathOf = (i: number, portfolios: number) => string;

/** Every list endpoint of the API, as the bench asks for it (a function: a different path per request). */
export const API_ENDPOINTS: Record<string, string | PathOf> = {
  tokens: "/api/local/sofi/tokens",
  ticker: `/api/local/proxy/ticker/24hr?symbol=${HISTORY.base}-${HISTORY.quote}`,
  historyMonth: `/api/local/v2/proxy/history?symbol=${HISTORY.base}-${HISTORY.quote}&type=month`,
  historyYear: `/api/local/v2/proxy/history?symbol=${HISTORY.base}-${HISTORY.quote}&type=year`,
  tradesHeavy: `/api/local/sofi/trades?user=${HEAVY_USER}`,
  tradesTypical: `/api/local/sofi/trades?user=${TYPICAL_USER}`,
  tradesManyUsers: (i: number) => `/api/local/sofi/trades?user=${typicalUser(i % MANY_USERS)}`,
  portfoliosTraded: "/api/local/v2/sofi/portfolios?orderby=traded&limit=4",
  portfolioDetail: `/api/local/sofi/portfolios/${benchPortfolio(BENCH_PORTFOLIO_INDEX)}`,
  portfolioHistory: `/api/local/sofi/portfolios/${benchPortfolio(BENCH_PORTFOLIO_INDEX)}/history?type=1w`,
  // every portfolio in turn: at 10,000 more than the detail cache keeps (2,000), so each reads the database
  portfolioDetailMany: (i: number, portfolios: number) =>
    `/api/local/sofi/portfolios/${benchPortfolio(i % portfolios)}`,
};
export type ApiEndpoint = keyof typeof API_ENDPOINTS;

function endpointTarget(base: string, e: string | PathOf, portfolios: number): LoadTarget {
  return typeof e === "string" ? base + e : (i) => base + e(i, portfolios);
}

export type ApiResult = {
  server: { db: string; indexedBlock: number; waitedForIndexMs: number };
  /** The synthetic rows under the indexed chain (older results lack it). */
  fill?: FillResult;
  /** The synthetic portfolios, their trades and the rows that go with them (fill-portfolios.ts). */
  portfolioFill?: PortfolioFillResult;
  /** EXPLAIN ANALYZE of the per-user trade page on the filled database. */
  explain?: Record<string, string[]>;
  bare: LoadResult;
  endpoints: Record<ApiEndpoint, LoadResult>;
  /** One reply per endpoint before the load: status, size, items (array length or trades), its start. */
  samples: Record<string, { status: number; bytes: number; items: number; head: string }>;
};

type Health = { chains?: { chain: string; indexedBlock: number | null; headBlock: number | null }[] };

async function getJson(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

/** Starts the real server (own process) and waits until it has indexed the bench chain. */
async function startIndexedServer(chain: BenchChain, env: Record<string, string>) {
  const server = await startChild(join(BENCH_ROOT, "src/servers/sofi-server.ts"), env);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const t0 = performance.now();
    const indexedBlock = await waitFor(
      "the server to index the bench chain",
      async () => {
        const h = JSON.parse((await getJson(`${base}/api/health`)).text) as Health;
        const c = h.chains?.find((x) => x.chain === "local");
        if (c?.indexedBlock !== null && c?.indexedBlock !== undefined && c.indexedBlock >= chain.toBlock)
          return c.indexedBlock;
        return undefined;
      },
      900_000,
    );
    return { server, base, indexedBlock, waitedForIndexMs: performance.now() - t0 };
  } catch (e) {
    await server.stop();
    throw new Error(`${(e as Error).message}\n--- server output ---\n${server.output().slice(-3000)}`);
  }
}

/** The deepest `base`/`quote` pool of the deployment by its latest indexed reserve of `quote`. */
async function deepestPool(db: Db, chain: BenchChain, base: string, quote: string): Promise<string> {
  const d = chain.deployment;
  const addr = (sym: string) => d.tokens.find((t) => t.symbol === sym)?.address.toLowerCase();
  const b = base === "WETH" ? d.weth.toLowerCase() : addr(base);
  const q = addr(quote);
  const pools = d.pairs.filter(
    (p) =>
      (p.token0.toLowerCase() === b && p.token1.toLowerCase() === q) ||
      (p.token1.toLowerCase() === b && p.token0.toLowerCase() === q),
  );
  let best: { pair: string; depth: bigint } | null = null;
  for (const p of pools) {
    const [r] = await db.query<{ r0: string; r1: string }>(
      `SELECT reserve0::text AS r0, reserve1::text AS r1 FROM pair_candles
       WHERE chain_id = $1 AND pair = $2 ORDER BY bucket DESC LIMIT 1`,
      [d.chainId, p.address.toLowerCase()],
    );
    if (!r) continue;
    const depth = BigInt(p.token0.toLowerCase() === q ? r.r0 : r.r1);
    if (!best || depth > best.depth) best = { pair: p.address.toLowerCase(), depth };
  }
  if (!best) throw new Error(`no indexed ${base}-${quote} pool`);
  return best.pair;
}

/**
 * Load on the real server (its own process, PGlite in `dataDir` or PostgreSQL) for every list
 * endpoint, beside a bare Hono handler measured the same way. The server first indexes the bench
 * chain; then, stopped, its database gets `fillRows` synthetic trades, swaps and syncs (fill.ts)
 * and it is started again on it for the load.
 */
export async function benchApi(
  chain: BenchChain,
  opts: {
    /** PGlite: the server's DATA_DIR (its database in `<dataDir>/db`). */
    dataDir: string;
    /** PostgreSQL instead: the server's DATABASE_URL. */
    databaseUrl?: string;
    /** Synthetic trades (and swaps, and syncs) added under the indexed chain. */
    fillRows: number;
    /** Synthetic portfolios and their buys and sells (fill-portfolios.ts). */
    portfolios: number;
    portfolioTrades: number;
    connections: number;
    durationMs: number;
    rounds?: number;
    log?: (s: string) => void;
  },
): Promise<ApiResult> {
  const log = opts.log ?? (() => {});
  mkdirSync(CACHE_DIR, { recursive: true });
  const deploymentFile = join(CACHE_DIR, "api-deployment.json");
  writeFileSync(deploymentFile, JSON.stringify(chain.deployment, null, 2));

  const env: Record<string, string> = {
    CHAINS: "local",
    RPC_URL_LOCAL: chain.rpcUrl,
    DEPLOYMENT_LOCAL: deploymentFile,
    DATA_DIR: opts.dataDir,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ROLES: "api,indexer",
    WEB_DIST: join(CACHE_DIR, "no-web-dist"),
  };

  // 1. The server indexes the chain (PGlite: already done when the indexer section left its directory).
  const first = await startIndexedServer(chain, env);
  log(`  server indexed to block ${first.indexedBlock} (waited ${Math.round(first.waitedForIndexMs)} ms)`);
  await first.server.stop();

  // 2. Synthetic history under it, through the server's own schema, while no server runs.
  const db = await createDb(opts.databaseUrl ? { url: opts.databaseUrl } : { dataDir: join(opts.dataDir, "db") });
  let fill: FillResult;
  let portfolioFill: PortfolioFillResult;
  let explain: Record<string, string[]>;
  try {
    const historyPair = await deepestPool(db, chain, HISTORY.base, HISTORY.quote);
    log(`  filling ${opts.fillRows.toLocaleString("en-US")} synthetic trades, swaps and syncs (${db.kind})`);
    fill = await fillSynthetic(db, {
      chainId: chain.deployment.chainId,
      deployment: chain.deployment,
      rows: opts.fillRows,
      historyPair,
      log,
    });
    log(
      `  filled in ${(fill.ms / 1000).toFixed(1)} s: ${Object.entries(fill.tables)
        .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
        .join(
          ", ",
        )}; heavy user ${fill.heavyUserTrades.toLocaleString("en-US")} trades, typical ${fill.typicalUserTrades}`,
    );
    log(
      `  filling ${opts.portfolios.toLocaleString("en-US")} synthetic portfolios with ${opts.portfolioTrades.toLocaleString("en-US")} trades (${db.kind})`,
    );
    portfolioFill = await fillPortfolios(db, {
      chainId: chain.deployment.chainId,
      deployment: chain.deployment,
      portfolios: opts.portfolios,
      trades: opts.portfolioTrades,
      log,
    });
    log(
      `  filled in ${(portfolioFill.ms / 1000).toFixed(1)} s: ${Object.entries(portfolioFill.tables)
        .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
        .join(", ")}`,
    );
    explain = await explainTrades(db, chain.deployment.chainId);
  } finally {
    await db.close();
  }

  // 3. The server again, on the filled database, under load beside the bare handler.
  const bareChild = await startChild(join(BENCH_ROOT, "src/servers/bare-hono.ts"));
  const s = await startIndexedServer(chain, env).catch(async (e) => {
    await bareChild.stop();
    throw e;
  });
  try {
    const samples: ApiResult["samples"] = {};
    for (const [name, e] of Object.entries(API_ENDPOINTS)) {
      const path = typeof e === "string" ? e : e(7, opts.portfolios);
      const r = await getJson(s.base + path);
      if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
      const body = JSON.parse(r.text) as unknown;
      const b = body as { trades?: unknown[]; portfolios?: unknown[]; components?: unknown[] };
      const items = Array.isArray(body) ? body.length : (b.trades ?? b.portfolios ?? b.components ?? []).length;
      samples[name] = { status: r.status, bytes: r.text.length, items, head: r.text.slice(0, 300) };
    }
    const names = Object.keys(API_ENDPOINTS) as ApiEndpoint[];
    const [bare, ...loads] = await loadTestMany({
      urls: [
        `http://127.0.0.1:${bareChild.port}/x`,
        ...names.map((n) => endpointTarget(s.base, API_ENDPOINTS[n] as string | PathOf, opts.portfolios)),
      ],
      connections: opts.connections,
      durationMs: opts.durationMs,
      rounds: opts.rounds,
    });
    return {
      server: {
        db: opts.databaseUrl ? "postgres" : "pglite",
        indexedBlock: s.indexedBlock,
        waitedForIndexMs: first.waitedForIndexMs,
      },
      fill,
      portfolioFill,
      explain,
      bare: bare as LoadResult,
      endpoints: Object.fromEntries(names.map((n, i) => [n, loads[i] as LoadResult])) as Record<
        ApiEndpoint,
        LoadResult
      >,
      samples,
    };
  } catch (e) {
    throw new Error(`${(e as Error).message}\n--- server output ---\n${s.server.output().slice(-3000)}`);
  } finally {
    await s.server.stop();
    await bareChild.stop();
  }
}

/**
 * Runs `fn` with the URL of a fresh PostgreSQL database created next to `url`'s (dropped
 * afterwards): the server under load runs its own migrations into it, touching nothing else.
 */
export async function withScratchDatabase<T>(url: string, fn: (scratchUrl: string) => Promise<T>): Promise<T> {
  const name = `sofi_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    try {
      return await fn(scratch.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
