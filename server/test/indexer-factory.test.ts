/**
 * The handler interface's factory sources and per-handler checkpoints, on a real chain: a test
 * handler follows every pair that the Uniswap V2 factories create at run time (the deployment
 * record lists none of them).
 */
import { uniswapV2FactoryAbi, uniswapV2PairAbi } from "@sofi/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Queryable } from "../src/db/client.ts";
import { bulkInsert } from "../src/indexer/bulk.ts";
import { ChainIndexer, readCheckpoint } from "../src/indexer/engine.ts";
import { defineHandler, eventOf, type Handler } from "../src/indexer/handler.ts";
import { uniswapV2Handler } from "../src/indexer/handlers/uniswap-v2.ts";
import { E18, startTestChain, type TestChain } from "./helpers/chain.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";

const PAIR_CREATED = eventOf(uniswapV2FactoryAbi, "PairCreated");
const SYNC = eventOf(uniswapV2PairAbi, "Sync");

/**
 * Follows factory-created pairs; stores their Syncs and the creations it saw. Its rollback is the
 * generic one: the tables it declares lose their rows above the fork.
 */
const childPairs: Handler = defineHandler({
  name: "test-child-pairs",
  events: [SYNC],
  sources: [
    { kind: "factory", factories: (d) => d.dexes.map((x) => x.factory), event: PAIR_CREATED, parameter: "pair" },
  ],
  tables: ["test_child_syncs", "test_pairs_created"],
  async insert(tx: Queryable, chainId: number, rows) {
    const s = rows.Sync;
    await bulkInsert(tx, "test_child_syncs", chainId, [
      { name: "block_number", type: "int8", values: s.block },
      { name: "log_index", type: "int4", values: s.logIndex },
      { name: "pair", type: "text", values: s.address },
      { name: "reserve0", type: "numeric", values: s.args.reserve0 },
    ]);
    const c = rows.PairCreated;
    await bulkInsert(tx, "test_pairs_created", chainId, [
      { name: "block_number", type: "int8", values: c.block },
      { name: "log_index", type: "int4", values: c.logIndex },
      { name: "pair", type: "text", values: c.args.pair },
    ]);
  },
});

async function testDb(kind: (typeof DB_KINDS)[number]): Promise<Db> {
  const db = await freshDb(kind);
  await db.query(`CREATE TABLE test_child_syncs (chain_id int, block_number int8, log_index int4, pair text,
    reserve0 numeric, PRIMARY KEY (chain_id, block_number, log_index))`);
  await db.query(`CREATE TABLE test_pairs_created (chain_id int, block_number int8, log_index int4, pair text,
    PRIMARY KEY (chain_id, block_number, log_index))`);
  return db;
}

let chain: TestChain;
/** The chain before any pair exists: each database kind's run starts from it. */
let pristine: `0x${string}`;
beforeAll(async () => {
  chain = await startTestChain();
  pristine = await chain.test.snapshot();
});
afterAll(async () => {
  await closeAllDbs();
  await chain?.stop();
});

/** Every Sync the chain has for these pairs, as "block:logIndex:pair". */
async function chainSyncs(pairs: string[]) {
  if (pairs.length === 0) return [];
  const logs = await chain.wallet.getLogs({ address: pairs as `0x${string}`[], event: SYNC, fromBlock: 0n });
  return logs.map((l) => `${Number(l.blockNumber)}:${l.logIndex}:${l.address.toLowerCase()}`);
}
async function dbSyncs(db: Db) {
  const rows = await db.query<{ block_number: unknown; log_index: number; pair: string }>(
    "SELECT block_number, log_index, pair FROM test_child_syncs ORDER BY block_number, log_index",
  );
  return rows.map((r) => `${Number(r.block_number)}:${r.log_index}:${r.pair}`);
}
async function children(db: Db) {
  const rows = await db.query<{ address: string }>(
    "SELECT address FROM indexer_children WHERE handler = 'test-child-pairs' ORDER BY address",
  );
  return rows.map((r) => r.address);
}

describe.each(DB_KINDS)("factory sources on %s", (kind) => {
  it("indexes children created in the same range as their first events, across a restart and a reorg", async () => {
    await chain.test.revert({ id: pristine });
    pristine = await chain.test.snapshot();
    const db = await testDb(kind);
    const { usdt, rai, orphan, weth } = chain.tokens;
    // The record the indexer gets lists no pair: children are found only through PairCreated.
    const deployment = { ...chain.deployment(), pairs: [] };
    const make = () =>
      new ChainIndexer({ db, chainId: 31337, deployment, rpcUrl: chain.rpcUrl, handlers: [childPairs] });

    // Two pairs created and given liquidity (their first Sync) before the first sync: one range.
    const p1 = (await chain.createPair(0, rai, usdt)).toLowerCase();
    await chain.addLiquidity(p1 as `0x${string}`, rai, 1_000n * E18, usdt, 2_000n * E18);
    const p2 = (await chain.createPair(1, orphan, weth)).toLowerCase();
    await chain.addLiquidity(p2 as `0x${string}`, orphan, 3_000n * E18, weth, 1n * E18);
    const first = make();
    const s1 = await first.sync();
    await first.close();
    expect(s1.children).toBe(2);
    expect(await children(db)).toEqual([p1, p2].sort());
    const want1 = await chainSyncs([p1, p2]);
    expect(want1.length).toBeGreaterThanOrEqual(2);
    expect(await dbSyncs(db)).toEqual(want1);

    // Restart: a new indexer knows the children from the database and does not rescan.
    await chain.swap(p1 as `0x${string}`, usdt, 10n * E18);
    const cp = await readCheckpoint(db, 31337, "test-child-pairs");
    const second = make();
    const s2 = await second.sync();
    await second.close();
    expect(s2.fromBlock).toBe((cp?.blockNumber ?? 0) + 1);
    expect(s2.children).toBe(0);
    expect(await dbSyncs(db)).toEqual(await chainSyncs([p1, p2]));

    // A reorg that removes a child's creation removes the child, its rows and its creation row.
    const snapshot = await chain.test.snapshot();
    const p3 = (await chain.createPair(0, orphan, usdt)).toLowerCase();
    await chain.addLiquidity(p3 as `0x${string}`, orphan, 100n * E18, usdt, 100n * E18);
    const third = make();
    await third.sync();
    expect(await children(db)).toContain(p3);
    expect((await dbSyncs(db)).some((r) => r.endsWith(p3))).toBe(true);
    await chain.test.revert({ id: snapshot });
    // The other branch: more blocks than the reorged one, none creating p3.
    for (let i = 0; i < 4; i++) await chain.swap(p2 as `0x${string}`, orphan, 1n * E18);
    const s3 = await third.sync();
    await third.close();
    expect(s3.reorgs).toBe(1);
    expect(await children(db)).toEqual([p1, p2].sort());
    expect(await dbSyncs(db)).toEqual(await chainSyncs([p1, p2]));
    const created = await db.query<{ pair: string }>("SELECT pair FROM test_pairs_created ORDER BY pair");
    expect(created.map((r) => r.pair)).toEqual([p1, p2].sort());
  });

  it("a handler added later backfills from its own start without re-indexing the others", async () => {
    const db = await testDb(kind);
    const deployment = chain.deployment();
    const commits: string[][] = [];
    const base = new ChainIndexer({
      db,
      chainId: 31337,
      deployment,
      rpcUrl: chain.rpcUrl,
      handlers: [uniswapV2Handler],
    });
    await base.sync();
    await base.close();
    const before = await readCheckpoint(db, 31337, "uniswap-v2");
    const [swapsBefore] = await db.query<{ n: unknown }>("SELECT count(*) AS n FROM pair_swaps");
    // One new block after the first handler's checkpoint.
    const [pair] = deployment.pairs;
    await chain.swap(pair?.address as `0x${string}`, chain.tokens.rai, 1n * E18);

    const both = new ChainIndexer({
      db,
      chainId: 31337,
      deployment,
      rpcUrl: chain.rpcUrl,
      handlers: [uniswapV2Handler, childPairs],
      maxBlockRange: 5,
      onCommit: (r) => commits.push(r.handlers),
    });
    const stats = await both.sync();
    await both.close();
    const head = Number(await chain.wallet.getBlockNumber());
    // The late handler ran alone until it reached the first one's checkpoint, then both together.
    expect(commits.length).toBeGreaterThan(1);
    expect(commits.slice(0, -1).every((h) => h.length === 1 && h[0] === "test-child-pairs")).toBe(true);
    expect(commits.at(-1)).toEqual(["uniswap-v2", "test-child-pairs"]);
    expect(stats.counts.Swap).toBe(1);
    const [swapsAfter] = await db.query<{ n: unknown }>("SELECT count(*) AS n FROM pair_swaps");
    expect(Number(swapsAfter?.n)).toBe(Number(swapsBefore?.n) + 1);
    expect((await readCheckpoint(db, 31337, "uniswap-v2"))?.blockNumber).toBe(head);
    expect((await readCheckpoint(db, 31337, "test-child-pairs"))?.blockNumber).toBe(head);
    expect(before?.blockNumber).toBe(head - 2);
    expect(await dbSyncs(db)).toEqual(await chainSyncs(await children(db)));
  });
});
