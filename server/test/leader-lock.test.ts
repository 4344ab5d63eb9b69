/**
 * The indexer leader's lock when PostgreSQL drops its session (pg_terminate_backend): the old leader
 * must stop writing before a standby takes over, so exactly one indexer writes afterwards and no
 * row is lost or doubled. PostgreSQL only (PGlite is one process): without TEST_DATABASE_URL the test
 * fails and says so (CI always sets it), rather than passing unseen.
 */
import { uniswapV2PairAbi } from "@sofi/protocol";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLeaderIndexer } from "../src/indexer/engine.ts";
import { eventOf } from "../src/indexer/handler.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { E18 } from "./helpers/chain.ts";
import { closeAllDbs, freshDb } from "./helpers/db.ts";
import { type MarketChain, startMarketChain } from "./helpers/market.ts";

const SWAP = eventOf(uniswapV2PairAbi, "Swap");
const URL_ = process.env.TEST_DATABASE_URL;
// A chain id of its own: advisory locks are per database, shared by every test schema.
const CHAIN_KEY = 700_000 + (process.pid % 100_000);

async function waitFor(check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

let chain: MarketChain;
beforeAll(async () => {
  if (URL_) chain = await startMarketChain();
});
afterAll(async () => {
  await closeAllDbs();
  await chain?.stop();
});

describe("indexer leader lock on PostgreSQL", () => {
  it("a leader whose lock session is terminated stops; exactly one indexer writes afterwards", async () => {
    if (!URL_) throw new Error("leader-lock.test.ts needs PostgreSQL: set TEST_DATABASE_URL (CI sets it)");
    const db = await freshDb("postgres");
    const commits: { who: string; at: number }[] = [];
    const logs: string[] = [];
    const common = {
      db,
      chainId: CHAIN_KEY,
      deployment: chain.deployment(),
      rpcUrl: chain.rpcUrl,
      pollIntervalMs: 100,
      standbyRetryMs: 200,
      handlers: ALL_HANDLERS,
    };
    const start = (who: string) =>
      startLeaderIndexer({
        ...common,
        log: (m) => logs.push(`${who}: ${m}`),
        onCommit: () => commits.push({ who, at: Date.now() }),
      });
    const a = start("a");
    await waitFor(async () => (await a.indexer.checkpoint()) !== null);
    const b = start("b");
    await waitFor(() => logs.some((m) => m.startsWith("b:") && m.includes("standing by")));

    // Terminate the leader's lock session from outside, as an operator or a failover would.
    const admin = new pg.Client({ connectionString: URL_ });
    await admin.connect();
    const killed = await admin.query(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_locks
         WHERE locktype = 'advisory' AND objid::text::bigint = $1 AND granted`,
      [CHAIN_KEY],
    );
    await admin.end();
    expect(killed.rowCount).toBe(1);
    await waitFor(() => logs.some((m) => m.startsWith("a:") && m.includes("lost the indexer lock")));

    // From now on, new blocks: whoever leads, only one indexer commits them.
    const since = Date.now();
    for (let i = 0; i < 3; i++) {
      await chain.swap(chain.pairs.raiUsdtDeep, chain.tokens.usdt, E18);
      await new Promise((r) => setTimeout(r, 400));
    }
    const head = Number(await chain.wallet.getBlockNumber());
    await waitFor(async () => (await a.indexer.checkpoint())?.blockNumber === head);
    await new Promise((r) => setTimeout(r, 500));
    const writers = new Set(commits.filter((c) => c.at >= since).map((c) => c.who));
    expect(writers.size).toBe(1);
    await a.stop();
    await b.stop();

    // Nothing lost or doubled.
    const stored = await db.query<{ n: unknown }>("SELECT count(*) AS n FROM pair_swaps WHERE chain_id = $1", [
      CHAIN_KEY,
    ]);
    const onChain = await chain.wallet.getLogs({
      address: chain.deployment().pairs.map((p) => p.address),
      event: SWAP,
      fromBlock: 0n,
    });
    expect(Number(stored[0]?.n)).toBe(onChain.length);
  });
});
