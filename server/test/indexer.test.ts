import { parseAbiItem } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { ChainIndexer, readCheckpoint, runBackfill } from "../src/indexer/engine.ts";
import { createRpcClient } from "../src/indexer/rpc.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { E18 } from "./helpers/chain.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { type MarketChain, startMarketChain } from "./helpers/market.ts";

const SYNC = parseAbiItem("event Sync(uint112 reserve0, uint112 reserve1)");
const SWAP = parseAbiItem(
  "event Swap(address indexed sender, uint amount0In, uint amount1In, uint amount0Out, uint amount1Out, address indexed to)",
);

let chain: MarketChain;
beforeAll(async () => {
  chain = await startMarketChain();
});
afterAll(async () => {
  await closeAllDbs();
  await chain?.stop();
});

/** What the chain says: every Sync and Swap log of the deployment's pairs. */
async function chainEvents() {
  const d = chain.deployment();
  const address = d.pairs.map((p) => p.address);
  const [syncs, swaps] = await Promise.all([
    chain.wallet.getLogs({ address, event: SYNC, fromBlock: BigInt(d.startBlock) }),
    chain.wallet.getLogs({ address, event: SWAP, fromBlock: BigInt(d.startBlock) }),
  ]);
  return { syncs, swaps };
}

async function dbRows(db: Db) {
  const syncs = await db.query<{ block_number: unknown; log_index: number; pair: string; r0: string; r1: string }>(
    "SELECT block_number, log_index, pair, reserve0::text AS r0, reserve1::text AS r1 FROM pair_syncs ORDER BY block_number, log_index",
  );
  const swaps = await db.query<{
    block_number: unknown;
    log_index: number;
    tx_hash: string;
    a0in: string;
    a1out: string;
  }>(
    "SELECT block_number, log_index, tx_hash, amount0_in::text AS a0in, amount1_out::text AS a1out FROM pair_swaps ORDER BY block_number, log_index",
  );
  return { syncs, swaps };
}

/** pair_candles must equal the last sync per (pair, 5-minute bucket), recomputed from pair_syncs. */
async function expectCandlesConsistent(db: Db) {
  const q = (sql: string) =>
    db.query<{ pair: string; bucket: unknown; block_number: unknown; log_index: number; r0: string }>(sql);
  const candles = await q(
    "SELECT pair, bucket, block_number, log_index, reserve0::text AS r0 FROM pair_candles ORDER BY pair, bucket",
  );
  const derived = await q(
    `SELECT DISTINCT ON (pair, bucket) pair, (timestamp / 300) * 300 AS bucket, block_number, log_index, reserve0::text AS r0
     FROM pair_syncs ORDER BY pair, bucket, block_number DESC, log_index DESC`,
  );
  const norm = (rows: typeof candles) =>
    rows.map((r) => `${r.pair}:${Number(r.bucket)}:${Number(r.block_number)}:${r.log_index}:${r.r0}`);
  expect(candles.length).toBeGreaterThan(0);
  expect(norm(candles)).toEqual(norm(derived));
}

async function expectDbMatchesChain(db: Db) {
  await expectCandlesConsistent(db);
  const want = await chainEvents();
  const got = await dbRows(db);
  expect(got.syncs.map((r) => `${Number(r.block_number)}:${r.log_index}:${r.pair}:${r.r0}:${r.r1}`)).toEqual(
    want.syncs.map(
      (l) => `${Number(l.blockNumber)}:${l.logIndex}:${l.address.toLowerCase()}:${l.args.reserve0}:${l.args.reserve1}`,
    ),
  );
  expect(got.swaps.map((r) => `${Number(r.block_number)}:${r.log_index}:${r.tx_hash}:${r.a0in}:${r.a1out}`)).toEqual(
    want.swaps.map(
      (l) =>
        `${Number(l.blockNumber)}:${l.logIndex}:${l.transactionHash.toLowerCase()}:${l.args.amount0In}:${l.args.amount1Out}`,
    ),
  );
  return want;
}

describe.each(DB_KINDS)("indexer on %s", (kind) => {
  it("backfills every Sync and Swap of every pair, with timestamps, and is idempotent", async () => {
    const db = await freshDb(kind);
    const d = chain.deployment();
    const stats = await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment: d, rpcUrl: chain.rpcUrl });
    const want = await expectDbMatchesChain(db);
    expect(want.swaps.length).toBe(3);
    expect(stats.counts.Swap ?? 0).toBe(want.swaps.length);
    expect(stats.counts.Sync ?? 0).toBe(want.syncs.length);
    expect(stats.events).toBe(want.syncs.length + want.swaps.length);
    const head = Number(await chain.wallet.getBlockNumber());
    expect((await readCheckpoint(db, 31337))?.blockNumber).toBe(head);
    // Timestamps are the blocks' own.
    const last = want.swaps.at(-1);
    const block = await chain.wallet.getBlock({ blockNumber: last?.blockNumber ?? 0n });
    const [row] = await db.query<{ timestamp: unknown }>("SELECT timestamp FROM pair_swaps WHERE tx_hash = $1", [
      last?.transactionHash.toLowerCase(),
    ]);
    expect(Number(row?.timestamp)).toBe(Number(block.timestamp));
    // A second run finds nothing new and doubles nothing.
    const again = await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment: d, rpcUrl: chain.rpcUrl });
    expect(again.events).toBe(0);
    await expectDbMatchesChain(db);
  });

  it("survives a stop mid-backfill: the restart loses and doubles nothing", async () => {
    const db = await freshDb(kind);
    const d = chain.deployment();
    const head = Number(await chain.wallet.getBlockNumber());
    const first = await runBackfill({
      handlers: ALL_HANDLERS,
      db,
      chain: 31337,
      deployment: d,
      rpcUrl: chain.rpcUrl,
      maxBlockRange: 3,
      stopAfterRanges: 4,
    });
    expect(first.ranges).toBe(4);
    const cp = await readCheckpoint(db, 31337);
    expect(cp?.blockNumber).toBe(d.startBlock + 11);
    expect(cp?.blockNumber).toBeLessThan(head);
    // Rows exist exactly up to the checkpoint.
    const [above] = await db.query<{ n: unknown }>("SELECT count(*) AS n FROM pair_syncs WHERE block_number > $1", [
      cp?.blockNumber,
    ]);
    expect(Number(above?.n)).toBe(0);
    const rest = await runBackfill({
      handlers: ALL_HANDLERS,
      db,
      chain: 31337,
      deployment: d,
      rpcUrl: chain.rpcUrl,
      maxBlockRange: 3,
    });
    expect(rest.fromBlock).toBe((cp?.blockNumber ?? 0) + 1);
    await expectDbMatchesChain(db);
  });
});

describe.each(DB_KINDS)("indexer without the worker thread on %s", (kind) => {
  it("decodes the same rows on the main thread (client-only mode)", async () => {
    const db = await freshDb(kind);
    const indexer = new ChainIndexer({
      handlers: ALL_HANDLERS,
      db,
      chainId: 31337,
      deployment: chain.deployment(),
      client: createRpcClient(chain.rpcUrl),
    });
    const stats = await indexer.sync();
    expect(stats.events).toBeGreaterThan(0);
    await expectDbMatchesChain(db);
  });
});

describe.each(DB_KINDS)("reorg on %s", (kind) => {
  it("replaces rows above the fork block with the new branch's", async () => {
    const db = await freshDb(kind);
    const d = chain.deployment();
    const indexer = new ChainIndexer({
      handlers: ALL_HANDLERS,
      db,
      chainId: 31337,
      deployment: d,
      rpcUrl: chain.rpcUrl,
    });
    await indexer.sync();
    const snapshot = await chain.test.snapshot();
    const forkBlock = Number(await chain.wallet.getBlockNumber());
    // Branch A: two swaps, indexed.
    await chain.swap(chain.pairs.raiUsdtDeep, chain.tokens.usdt, 1_000n * E18);
    await chain.swap(chain.pairs.wethUsdt, chain.tokens.usdt, 3_000n * E18);
    await indexer.sync();
    const a = await dbRows(db);
    const branchA = a.swaps.filter((r) => Number(r.block_number) > forkBlock).map((r) => r.tx_hash);
    expect(branchA).toHaveLength(2);
    // Branch B replaces A: different swaps at the same heights, plus one more block.
    await chain.test.revert({ id: snapshot });
    await chain.swap(chain.pairs.raiUsdtDeep, chain.tokens.rai, 500n * E18);
    await chain.swap(chain.pairs.orphWeth, chain.tokens.orphan, 300n * E18);
    await chain.swap(chain.pairs.raiUsdtShallow, chain.tokens.usdt, 1n * E18);
    const stats = await indexer.sync();
    expect(stats.reorgs).toBe(1);
    const b = await expectDbMatchesChain(db);
    const got = await dbRows(db);
    const branchB = got.swaps.filter((r) => Number(r.block_number) > forkBlock).map((r) => r.tx_hash);
    expect(branchB).toHaveLength(3);
    for (const tx of branchA) expect(branchB).not.toContain(tx);
    expect(b.swaps.length).toBe(got.swaps.length);
    await indexer.close();
  });
});
