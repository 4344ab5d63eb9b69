import { rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { type Hex, toEventSelector } from "viem";
import { createDb, type Db } from "../../server/src/index.ts";
import { decodeLogs, type HandlerRows } from "../../server/src/indexer/decoders.mjs";
import { TARGET_LOGS } from "../../server/src/indexer/engine.ts";
import { SWAP_EVENT, SYNC_EVENT, uniswapV2Handler } from "../../server/src/indexer/handlers/uniswap-v2.ts";
import { createRpcClient, getRawLogs, type RawLog } from "../../server/src/indexer/rpc.ts";
import type { BenchChain } from "./chain.ts";
import { PG_URL } from "./indexer.ts";
import { CACHE_DIR } from "./paths.ts";

export type ComponentProfile = {
  events: number;
  chunks: number;
  /** The server's getRawLogs over the chain in chunks of about `logsPerChunk` logs, one after another. */
  fetchMs: number;
  logsPerChunk: number;
  /** The same over 10-block requests (at most 10 × 250 swaps × 2 = 5,000 logs each here). */
  fetchSmallMs: number;
  smallRequests: number;
  /** The server's decoders (decodeLogs, as the logs worker runs them) over every log. */
  decodeMs: number;
  /** The uniswap-v2 handler's insert (rows + candles), one transaction per chunk, into a fresh database. */
  writeMs: { pglite?: number; postgres?: number };
};

const TOPICS = [toEventSelector(SYNC_EVENT), toEventSelector(SWAP_EVENT)];

/**
 * The indexer's three stages measured one at a time with the server's own functions, so the
 * report can say which one limits the backfill: fetching logs, decoding them, or writing rows.
 */
export async function profileComponents(chain: BenchChain, logsPerChunk = TARGET_LOGS): Promise<ComponentProfile> {
  const client = createRpcClient(chain.rpcUrl);
  const addresses = chain.deployment.pairs.map((p) => p.address.toLowerCase() as Hex);
  // Walk in 10-block requests, cutting chunks of about logsPerChunk logs (the engine's TARGET_LOGS).
  const chunks: RawLog[][] = [];
  let fetchMs = 0;
  let pending: RawLog[] = [];
  const step = 10;
  for (let from = chain.fromBlock; from <= chain.toBlock; from += step) {
    const to = Math.min(chain.toBlock, from + step - 1);
    const t = performance.now();
    const logs = await getRawLogs(client, addresses, TOPICS, from, to);
    fetchMs += performance.now() - t;
    pending.push(...logs);
    if (pending.length >= logsPerChunk || to === chain.toBlock) {
      chunks.push(pending);
      pending = [];
    }
  }
  // The pass above used 10-block requests (and found the chunk edges); time the chunked requests now.
  const fetchSmallMs = fetchMs;
  const smallRequests = Math.ceil((chain.toBlock - chain.fromBlock + 1) / step);
  fetchMs = 0;
  for (const c of chunks) {
    if (c.length === 0) continue;
    const from = Number((c[0] as RawLog).blockNumber);
    const to = Number((c[c.length - 1] as RawLog).blockNumber);
    const t = performance.now();
    await getRawLogs(client, addresses, TOPICS, from, to);
    fetchMs += performance.now() - t;
  }

  const routes = [{ handler: uniswapV2Handler.name, events: [SYNC_EVENT, SWAP_EVENT], addresses }];
  const t0 = performance.now();
  const rows: HandlerRows[] = [];
  let events = 0;
  for (const c of chunks) {
    const d = decodeLogs(c, routes, new Map());
    events += d.events;
    rows.push(d.out[uniswapV2Handler.name] ?? {});
  }
  const decodeMs = performance.now() - t0;

  const write = async (db: Db) => {
    const t = performance.now();
    for (const r of rows) await db.transaction((tx) => uniswapV2Handler.insert(tx, chain.deployment.chainId, r));
    return performance.now() - t;
  };
  const writeMs: ComponentProfile["writeMs"] = {};
  const dir = join(CACHE_DIR, "profile-pglite");
  rmSync(dir, { recursive: true, force: true });
  const lite = await createDb({ dataDir: dir });
  try {
    writeMs.pglite = await write(lite);
  } finally {
    await lite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (PG_URL) {
    const schema = `bench_profile_${process.pid}_${Date.now().toString(36)}`;
    const db = await createDb({ url: PG_URL, schema });
    try {
      writeMs.postgres = await write(db);
    } finally {
      await db.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => c.end());
    }
  }
  return {
    events,
    chunks: chunks.length,
    fetchMs,
    logsPerChunk,
    fetchSmallMs,
    smallRequests,
    decodeMs,
    writeMs,
  };
}
