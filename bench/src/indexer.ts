import { rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import type { PublicClient } from "viem";
import { ChainIndexer, createDb, type Db } from "../../server/src/index.ts";
import { LogsWorker } from "../../server/src/indexer/logs-worker-client.ts";
import { createRpcClient } from "../../server/src/indexer/rpc.ts";
import { ALL_HANDLERS } from "../../server/src/modules/fold.ts";
import type { BenchChain } from "./chain.ts";
import { CACHE_DIR } from "./paths.ts";

export type IndexerResult = {
  db: "pglite" | "postgres";
  events: number;
  swaps: number;
  syncs: number;
  ranges: number;
  ms: number;
  eventsPerSec: number;
  /**
   * Wall time waiting on fetching (rpcMs: the logs worker's jobs, which fetch, parse and decode off
   * the main thread, plus the main thread's own RPC calls), with a database call running (dbMs; the
   * engine overlaps the two), and with neither (otherMs: glue on the main thread).
   */
  profile: { rpcMs: number; dbMs: number; otherMs: number } & RpcTally;
  /** Rows in the database afterwards (proves the writes happened). */
  rowsSwaps: number;
  rowsSyncs: number;
  /** events/s of every repeated run when the figure above is their median. */
  runs?: number[];
};

/** Measures the wall time during which at least one of the wrapped calls is running. */
class BusyTimer {
  private active = 0;
  private since = 0;
  total = 0;
  /** `parent` also counts this timer's busy time (a union over several timers). */
  constructor(private readonly parent?: BusyTimer) {}
  async time<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active++ === 0) this.since = performance.now();
    try {
      return await (this.parent ? this.parent.time(fn) : fn());
    } finally {
      if (--this.active === 0) this.total += performance.now() - this.since;
    }
  }
}

type RpcTally = { getLogs: number; getLogsFailed: number; getLogsFailedMs: number; other: number };

/** Wraps client.request: busy time, and how many eth_getLogs calls failed (e.g. refused as too large) and what they cost. */
function timedClient(client: PublicClient, t: BusyTimer, tally: RpcTally): PublicClient {
  const request = client.request.bind(client) as (args: unknown, options?: unknown) => Promise<unknown>;
  (client as { request: unknown }).request = (args: { method?: string }, options?: unknown) =>
    t.time(async () => {
      if (args.method !== "eth_getLogs") {
        tally.other++;
        return request(args, options);
      }
      tally.getLogs++;
      const start = performance.now();
      try {
        return await request(args, options);
      } catch (e) {
        tally.getLogsFailed++;
        tally.getLogsFailedMs += performance.now() - start;
        throw e;
      }
    });
  return client;
}

function timedDb(db: Db, t: BusyTimer): Db {
  return {
    ...db,
    query: (text, params) => t.time(() => db.query(text, params)),
    transaction: (fn) => t.time(() => db.transaction(fn)),
  };
}

export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * The server's indexer engine (ChainIndexer.sync, what runBackfill runs) over the whole bench chain
 * into a fresh database, checkpoints and reorg bookkeeping on. PGlite lives in a data directory on
 * disk (as in the product); PostgreSQL gets a throwaway schema that is dropped afterwards.
 * `keepPglite` leaves the PGlite directory for the API bench to serve from.
 */
export async function benchIndexer(
  chain: BenchChain,
  kind: "pglite" | "postgres",
  opts: { pgliteDir?: string; maxBlockRange?: number } = {},
): Promise<IndexerResult> {
  let db: Db;
  let cleanup = async () => {};
  if (kind === "pglite") {
    const dir = opts.pgliteDir ?? join(CACHE_DIR, "indexer-pglite");
    rmSync(dir, { recursive: true, force: true });
    db = await createDb({ dataDir: dir });
    if (!opts.pgliteDir) cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    if (!PG_URL) throw new Error("set BENCH_DATABASE_URL or TEST_DATABASE_URL for the PostgreSQL run");
    const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
    db = await createDb({ url: PG_URL, schema });
    cleanup = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await c.end();
      }
    };
  }
  try {
    const any = new BusyTimer();
    const rpc = new BusyTimer(any);
    const dbt = new BusyTimer(any);
    const tally: RpcTally = { getLogs: 0, getLogsFailed: 0, getLogsFailedMs: 0, other: 0 };
    const indexer = new ChainIndexer({
      handlers: ALL_HANDLERS,
      db: timedDb(db, dbt),
      chainId: chain.deployment.chainId,
      deployment: chain.deployment,
      client: timedClient(createRpcClient(chain.rpcUrl), rpc, tally),
      maxBlockRange: opts.maxBlockRange,
    });
    // The logs worker fetches, parses and decodes off the main thread: waiting on it is fetching time.
    const workerFetch = LogsWorker.prototype.fetch;
    LogsWorker.prototype.fetch = function (this: LogsWorker, job) {
      tally.getLogs++;
      return rpc.time(() => workerFetch.call(this, job));
    };
    const t0 = performance.now();
    const stats = await indexer.sync({ toBlock: chain.toBlock }).finally(() => {
      LogsWorker.prototype.fetch = workerFetch;
    });
    const ms = performance.now() - t0;
    await indexer.close();
    const count = async (table: string) =>
      Number((await db.query<{ n: unknown }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n ?? 0);
    return {
      db: kind,
      events: stats.events,
      swaps: stats.counts.Swap ?? 0,
      syncs: stats.counts.Sync ?? 0,
      ranges: stats.ranges,
      ms,
      eventsPerSec: stats.events / (ms / 1000),
      profile: { rpcMs: rpc.total, dbMs: dbt.total, otherMs: Math.max(0, ms - any.total), ...tally },
      rowsSwaps: await count("pair_swaps"),
      rowsSyncs: await count("pair_syncs"),
    };
  } finally {
    await db.close();
    await cleanup();
  }
}
