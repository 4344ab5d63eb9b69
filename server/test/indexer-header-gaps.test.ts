/**
 * Blocks the node serves no header for, below its head, for good. Anvil keeps such gaps after a
 * snapshot revert that raced incoming transactions (seen in the end-to-end stack: the indexer then
 * retried one range ending in a gap at every poll, 1,298 times, and indexed nothing more). A JSON-RPC
 * proxy in front of anvil hides the headers of a run of blocks without logs; a range that would end
 * inside the run must end on a served block instead, and every later log must still be indexed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainIndexer } from "../src/indexer/engine.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { E18 } from "./helpers/chain.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { type MarketChain, startMarketChain } from "./helpers/market.ts";
import { startRpcProxy } from "./helpers/rpc-proxy.ts";

/** Forwards JSON-RPC to `target`, answering null for eth_getBlockByNumber of the hidden blocks. */
async function startGapProxy(target: string) {
  const hidden = new Set<number>();
  const proxy = await startRpcProxy(target, async (calls, upstream) => {
    const reply = JSON.parse(upstream) as { id: number; result?: unknown } | { id: number; result?: unknown }[];
    const hide = (r: { id: number; result?: unknown }) => {
      const call = calls.find((c) => c.id === r.id);
      const n = call?.method === "eth_getBlockByNumber" ? Number(call.params?.[0]) : Number.NaN;
      return hidden.has(n) ? { ...r, result: null } : r;
    };
    return JSON.stringify(Array.isArray(reply) ? reply.map(hide) : hide(reply));
  });
  return {
    ...proxy,
    hide(from: number, to: number) {
      for (let n = from; n <= to; n++) hidden.add(n);
    },
  };
}

let chain: MarketChain;
let proxy: Awaited<ReturnType<typeof startGapProxy>>;
beforeAll(async () => {
  chain = await startMarketChain();
  proxy = await startGapProxy(chain.rpcUrl);
});
afterAll(async () => {
  await proxy?.close();
  await closeAllDbs();
  await chain?.stop();
});

describe.each(DB_KINDS)("blocks without a header below the head on %s", (kind) => {
  it("ends a range on a served block instead of retrying one that ends in the gap", async () => {
    const db = await freshDb(kind);
    const d = chain.deployment();
    const logs: string[] = [];
    const indexer = new ChainIndexer({
      handlers: ALL_HANDLERS,
      db,
      chainId: 31337,
      deployment: d,
      rpcUrl: proxy.url,
      maxBlockRange: 10,
      log: (m) => logs.push(m),
    });
    await indexer.sync();
    const start = Number(await chain.wallet.getBlockNumber());
    // 30 empty blocks, the middle ones without a header, then a swap: the next range (at most 10
    // blocks from start + 1) would end inside the gap.
    await chain.test.mine({ blocks: 30 });
    proxy.hide(start + 4, start + 20);
    const swap = await chain.swap(chain.pairs.wethUsdt, chain.tokens.usdt, 3_000n * E18);
    const head = Number(await chain.wallet.getBlockNumber());
    await indexer.sync();
    await indexer.close();
    const cp = await indexer.checkpoint(ALL_HANDLERS[0]?.name);
    expect(cp?.blockNumber).toBe(head);
    const stored = await db.query<{ tx_hash: string }>("SELECT tx_hash FROM pair_swaps WHERE block_number > $1", [
      start,
    ]);
    expect(stored.map((r) => r.tx_hash)).toEqual([swap.transactionHash.toLowerCase()]);
    // No stored block is one the node did not serve.
    const gapRows = await db.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM indexer_blocks WHERE block_number BETWEEN $1 AND $2",
      [start + 4, start + 20],
    );
    expect(Number(gapRows[0]?.n)).toBe(0);
    expect(logs.some((m) => m.includes(`no header for block ${start + 10}`))).toBe(true);
  });
});
