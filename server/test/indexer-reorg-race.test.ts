/**
 * A reorg between fetching a range's logs and fetching its headers (issue: orphaned rows forever).
 * A JSON-RPC proxy in front of anvil answers the indexer's first eth_getLogs with the old branch's
 * logs, switches the chain to another branch, and only then replies; the headers the indexer reads
 * next are the new branch's. Every stored row must still be the chain's.
 */
import { parseAbiItem } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainIndexer } from "../src/indexer/engine.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { E18 } from "./helpers/chain.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { type MarketChain, startMarketChain } from "./helpers/market.ts";
import { startRpcProxy } from "./helpers/rpc-proxy.ts";

const SWAP = parseAbiItem(
  "event Swap(address indexed sender, uint amount0In, uint amount1In, uint amount0Out, uint amount1Out, address indexed to)",
);

/** Forwards JSON-RPC to `target`; when armed, runs `race` after the upstream answered an eth_getLogs and before replying. */
async function startRaceProxy(target: string) {
  let race: (() => Promise<void>) | null = null;
  let fired = 0;
  const proxy = await startRpcProxy(target, async (calls, upstream) => {
    if (race && calls.some((c) => c.method === "eth_getLogs")) {
      const r = race;
      race = null;
      await r();
      fired++;
    }
    return upstream;
  });
  return {
    ...proxy,
    arm(fn: () => Promise<void>) {
      race = fn;
    },
    fired: () => fired,
  };
}

let chain: MarketChain;
let proxy: Awaited<ReturnType<typeof startRaceProxy>>;
beforeAll(async () => {
  chain = await startMarketChain();
  proxy = await startRaceProxy(chain.rpcUrl);
});
afterAll(async () => {
  await proxy?.close();
  await closeAllDbs();
  await chain?.stop();
});

describe.each(DB_KINDS)("reorg between logs and headers on %s", (kind) => {
  it("stores only the branch the headers belong to: no orphaned trade, none missing", async () => {
    const db = await freshDb(kind);
    const d = chain.deployment();
    const indexer = new ChainIndexer({ handlers: ALL_HANDLERS, db, chainId: 31337, deployment: d, rpcUrl: proxy.url });
    await indexer.sync();
    const snapshot = await chain.test.snapshot();
    const fork = Number(await chain.wallet.getBlockNumber());
    const firedBefore = proxy.fired();
    // Branch A, which the indexer's logs request will see.
    const a = await chain.swap(chain.pairs.raiUsdtDeep, chain.tokens.usdt, 1_000n * E18);
    // After that request is answered upstream: branch B replaces A (other swaps, more blocks).
    proxy.arm(async () => {
      await chain.test.revert({ id: snapshot });
      await chain.swap(chain.pairs.wethUsdt, chain.tokens.usdt, 3_000n * E18);
      await chain.swap(chain.pairs.orphWeth, chain.tokens.orphan, 300n * E18);
    });
    await indexer.sync();
    await indexer.sync();
    await indexer.close();
    expect(proxy.fired() - firedBefore).toBe(1);
    const stored = await db.query<{ tx_hash: string }>(
      "SELECT tx_hash FROM pair_swaps WHERE block_number > $1 ORDER BY block_number, log_index",
      [fork],
    );
    const onChain = await chain.wallet.getLogs({
      address: d.pairs.map((p) => p.address),
      event: SWAP,
      fromBlock: BigInt(fork + 1),
    });
    expect(stored.map((r) => r.tx_hash)).not.toContain(a.transactionHash.toLowerCase());
    expect(onChain).toHaveLength(2);
    expect(stored.map((r) => r.tx_hash)).toEqual(onChain.map((l) => l.transactionHash.toLowerCase()));
    // Every stored hash is the chain's.
    const blocks = await db.query<{ block_number: unknown; block_hash: string }>(
      "SELECT block_number, block_hash FROM indexer_blocks WHERE block_number > $1",
      [fork],
    );
    for (const b of blocks) {
      const onchain = await chain.wallet.getBlock({ blockNumber: BigInt(Number(b.block_number)) });
      expect(b.block_hash).toBe(onchain.hash);
    }
  });
});
