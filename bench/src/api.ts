import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import type { BenchChain } from "./chain.ts";
import { startChild } from "./child.ts";
import { type LoadResult, loadTestMany } from "./load.ts";
import { waitFor } from "./net.ts";
import { BENCH_ROOT, CACHE_DIR } from "./paths.ts";

export const API_PATHS = {
  tokens: "/api/local/sofi/tokens",
  ticker: "/api/local/proxy/ticker/24hr?symbol=WETH-USDT",
} as const;

export type ApiResult = {
  server: { db: string; indexedBlock: number; waitedForIndexMs: number };
  bare: LoadResult;
  tokens: LoadResult;
  ticker: LoadResult;
  samples: Record<string, string>;
};

type Health = { chains?: { chain: string; indexedBlock: number | null; headBlock: number | null }[] };

async function getJson(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

/**
 * Load on the real server (its own process, PGlite in `dataDir` or PostgreSQL, indexing the bench
 * chain) for the token list and the ticker, beside a bare Hono handler measured the same way.
 */
export async function benchApi(
  chain: BenchChain,
  opts: {
    /** PGlite: the server's DATA_DIR (its database in `<dataDir>/db`). */
    dataDir: string;
    /** PostgreSQL instead: the server's DATABASE_URL. */
    databaseUrl?: string;
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
  const bareChild = await startChild(join(BENCH_ROOT, "src/servers/bare-hono.ts"));
  const server = await startChild(join(BENCH_ROOT, "src/servers/sofi-server.ts"), env).catch(async (e) => {
    await bareChild.stop();
    throw e;
  });
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
      600_000,
    );
    const waitedForIndexMs = performance.now() - t0;
    log(`  server indexed to block ${indexedBlock} (waited ${Math.round(waitedForIndexMs)} ms)`);
    const samples: Record<string, string> = {};
    for (const [name, path] of Object.entries(API_PATHS)) {
      const r = await getJson(base + path);
      if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
      JSON.parse(r.text);
      samples[name] = r.text.slice(0, 400);
    }
    const [bare, tokens, ticker] = (await loadTestMany({
      urls: [`http://127.0.0.1:${bareChild.port}/x`, base + API_PATHS.tokens, base + API_PATHS.ticker],
      connections: opts.connections,
      durationMs: opts.durationMs,
      rounds: opts.rounds,
    })) as [LoadResult, LoadResult, LoadResult];
    return {
      server: { db: opts.databaseUrl ? "postgres" : "pglite", indexedBlock, waitedForIndexMs },
      bare,
      tokens,
      ticker,
      samples,
    };
  } catch (e) {
    throw new Error(`${(e as Error).message}\n--- server output ---\n${server.output().slice(-3000)}`);
  } finally {
    await server.stop();
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
