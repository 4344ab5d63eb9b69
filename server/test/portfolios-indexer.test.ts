/**
 * The portfolios handler and API on the product's own deploy + seed scripts: every seeded
 * portfolio, holder balance, component unit and trade indexed equals the chain; a reorg of a
 * transfer leaves the balances the chain's; the API lists and values them.
 */
import { deployAll, getFreePort, SEED_STEPS, seed, startAnvil } from "@sofi/contracts";
import { portfolioDetailSchema, portfolioListSchema } from "@sofi/core";
import {
  CHAINS,
  type Deployment,
  erc20Abi,
  portfolioFactoryAbi,
  portfolioTradingModuleAbi,
  setTokenAbi,
} from "@sofi/protocol";
import { type Address, createPublicClient, createTestClient, encodeFunctionData, http, parseEther } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/api/app.ts";
import { Market } from "../src/api/market.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { ChainIndexer, runBackfill } from "../src/indexer/engine.ts";
import { createRpcClient } from "../src/indexer/rpc.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";

const local = CHAINS.find((c) => c.suffix === "local");
if (!local) throw new Error("no local chain");

let anvil: Awaited<ReturnType<typeof startAnvil>>;
let deployment: Deployment;
let client: ReturnType<typeof makeClient>;
let test: ReturnType<typeof createTestClient>;
let sets: Address[];
let createdBlocks: number[];

function makeClient(rpcUrl: string) {
  return createPublicClient({ chain: foundry, transport: http(rpcUrl), cacheTime: 0 });
}

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  anvil = await startAnvil({ port: await getFreePort(), timestamp: now - 3 * 86_400 });
  deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
  expect(deployment.contracts.portfolioFactory).toBeTruthy();
  await seed({
    rpcUrl: anvil.rpcUrl,
    deployment,
    days: 2,
    now,
    blockInterval: 2 * 3600,
    steps: SEED_STEPS.filter((s) => s.name !== "aggregator"),
  });
  client = makeClient(anvil.rpcUrl);
  test = createTestClient({ mode: "anvil", chain: foundry, transport: http(anvil.rpcUrl) });
  const created = await client.getContractEvents({
    address: deployment.contracts.portfolioFactory as Address,
    abi: portfolioFactoryAbi,
    eventName: "PortfolioCreated",
    fromBlock: BigInt(deployment.startBlock),
  });
  sets = created.map((l) => (l.args as { portfolio: Address }).portfolio);
  createdBlocks = created.map((l) => Number(l.blockNumber));
  expect(sets.length).toBeGreaterThan(3);
}, 600_000);

afterAll(async () => {
  await closeAllDbs();
  await anvil?.stop();
});

/** Every holder's indexed balance and every set's supply and units equal the chain's. */
async function expectMatchesChain(db: Db) {
  const rows = await db.query<{ portfolio: string; holder: string; balance: string }>(
    "SELECT portfolio, holder, balance::text AS balance FROM portfolio_holders WHERE chain_id = 31337",
  );
  for (const r of rows) {
    const onChain = await client.readContract({
      address: r.portfolio as Address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [r.holder as Address],
    });
    expect(`${r.portfolio}:${r.holder}:${r.balance}`).toBe(`${r.portfolio}:${r.holder}:${onChain}`);
  }
  for (const set of sets) {
    const supply = await client.readContract({ address: set, abi: erc20Abi, functionName: "totalSupply" });
    const sum = rows.filter((r) => r.portfolio === set.toLowerCase()).reduce((s, r) => s + BigInt(r.balance), 0n);
    expect(sum).toBe(supply);
  }
  return rows;
}

describe.each(DB_KINDS)("portfolios on the seeded chain (%s)", (kind) => {
  it("indexes every portfolio, holder balance and trade as the chain has them; a replay adds nothing", async () => {
    const db = await freshDb(kind);
    await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment, rpcUrl: anvil.rpcUrl });
    const ps = await db.query<{ address: string }>("SELECT address FROM portfolios ORDER BY block_number, log_index");
    expect(ps.map((p) => p.address)).toEqual(sets.map((s) => s.toLowerCase()));
    await expectMatchesChain(db);
    const module = deployment.contracts.portfolioTradingModule as Address;
    const bought = await client.getContractEvents({
      address: module,
      abi: portfolioTradingModuleAbi,
      eventName: "PortfolioBought",
      fromBlock: BigInt(deployment.startBlock),
    });
    const sold = await client.getContractEvents({
      address: module,
      abi: portfolioTradingModuleAbi,
      eventName: "PortfolioSold",
      fromBlock: BigInt(deployment.startBlock),
    });
    const [n] = await db.query<{ buys: string; sells: string }>(
      "SELECT count(*) FILTER (WHERE kind = 'buy') AS buys, count(*) FILTER (WHERE kind = 'sell') AS sells FROM portfolio_trades",
    );
    expect([Number(n?.buys), Number(n?.sells)]).toEqual([bought.length, sold.length]);
    expect(bought.length).toBeGreaterThan(0);
    const again = await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment, rpcUrl: anvil.rpcUrl });
    expect(Object.values(again.counts).reduce((a, b) => a + b, 0)).toBe(0);
    await expectMatchesChain(db);
  }, 300_000);

  it("a restart mid-backfill resumes with the portfolios created before it as sources", async () => {
    const db = await freshDb(kind);
    const half = Math.floor(sets.length / 2);
    await runBackfill({
      handlers: ALL_HANDLERS,
      db,
      chain: 31337,
      deployment,
      rpcUrl: anvil.rpcUrl,
      toBlock: createdBlocks[half],
    });
    const [mid] = await db.query<{ n: string }>("SELECT count(*) AS n FROM portfolios");
    expect(Number(mid?.n)).toBeGreaterThan(0);
    expect(Number(mid?.n)).toBeLessThan(sets.length);
    await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment, rpcUrl: anvil.rpcUrl });
    const ps = await db.query<{ address: string }>("SELECT address FROM portfolios ORDER BY block_number, log_index");
    expect(ps.map((p) => p.address)).toEqual(sets.map((s) => s.toLowerCase()));
    await expectMatchesChain(db);
  }, 300_000);

  it("the API: lists every portfolio, details carry the chain's current units, history has points", async () => {
    const db = await freshDb(kind);
    await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment, rpcUrl: anvil.rpcUrl });
    const config = loadConfig(
      { CHAINS: "local" },
      { deployments: { local: deployment }, rpcUrls: { local: anvil.rpcUrl } },
    );
    const cc = config.chains[0];
    if (!cc) throw new Error("no chain config");
    const app = createApp({
      db,
      config,
      chains: [{ config: cc, client: createRpcClient(anvil.rpcUrl), market: new Market(db, local, deployment) }],
    });
    const get = async (path: string) => (await app.request(`http://127.0.0.1:8080/api/local${path}`)).json();
    const list = portfolioListSchema.parse(await get("/v2/sofi/portfolios?orderby=traded&limit=1000"));
    expect(list.total).toBe(sets.length);
    expect(list.portfolios.every((p) => p.value_per_set > 0)).toBe(true);
    const module = deployment.contracts.portfolioTradingModule as Address;
    const states = new Set<number>();
    for (const set of sets) {
      const d = portfolioDetailSchema.parse(await get(`/sofi/portfolios/${set}`));
      const state = await client.readContract({
        address: module,
        abi: portfolioTradingModuleAbi,
        functionName: "moduleState",
        args: [set],
      });
      const enabled = await client.readContract({
        address: module,
        abi: portfolioTradingModuleAbi,
        functionName: "isTradingEnabled",
        args: [set],
      });
      expect([set, d.module_state, d.trading_enabled]).toEqual([set, Number(state), enabled]);
      states.add(d.module_state);
    }
    // the seed leaves portfolios in every state
    expect([...states].sort()).toEqual([0, 1, 2]);
    for (const set of sets.slice(0, 4)) {
      const d = portfolioDetailSchema.parse(await get(`/sofi/portfolios/${set}`));
      const components = (await client.readContract({
        address: set,
        abi: setTokenAbi,
        functionName: "getComponents",
      })) as Address[];
      expect(d.components.map((c) => c.address)).toEqual(components);
      for (const c of d.components) {
        const unit = await client.readContract({
          address: set,
          abi: setTokenAbi,
          functionName: "getDefaultPositionRealUnit",
          args: [c.address as Address],
        });
        expect(c.amount).toBe(String(unit));
      }
      const supply = await client.readContract({ address: set, abi: erc20Abi, functionName: "totalSupply" });
      expect(parseEther(d.total_amount)).toBe(supply);
      const h = (await get(`/sofi/portfolios/${set}/history?type=1w`)) as { ts: number; value: number }[];
      expect(h.length).toBeGreaterThan(1);
      expect(h.at(-1)?.value).toBeCloseTo(d.value_per_set, 6);
    }
  }, 300_000);

  it("a reorg of a transfer leaves every balance the chain's", async () => {
    const db = await freshDb(kind);
    const indexer = new ChainIndexer({ handlers: ALL_HANDLERS, db, chainId: 31337, deployment, rpcUrl: anvil.rpcUrl });
    try {
      await indexer.sync();
      const rows = await expectMatchesChain(db);
      const holder = rows.find((r) => BigInt(r.balance) > 1n);
      if (!holder) throw new Error("no holder");
      const snapshot = await test.snapshot();
      await test.impersonateAccount({ address: holder.holder as Address });
      await test.setBalance({ address: holder.holder as Address, value: parseEther("1") });
      const hash = await test.sendUnsignedTransaction({
        from: holder.holder as Address,
        to: holder.portfolio as Address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: ["0x00000000000000000000000000000000000000d9", BigInt(holder.balance) / 2n],
        }),
      });
      await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      await indexer.sync();
      const moved = await expectMatchesChain(db);
      expect(
        moved.some((r) => r.holder === "0x00000000000000000000000000000000000000d9" && BigInt(r.balance) > 0n),
      ).toBe(true);
      await test.revert({ id: snapshot });
      await test.mine({ blocks: 3 });
      const stats = await indexer.sync();
      expect(stats.reorgs).toBe(1);
      const back = await expectMatchesChain(db);
      expect(back.find((r) => r.holder === "0x00000000000000000000000000000000000000d9")?.balance ?? "0").toBe("0");
    } finally {
      await indexer.close();
    }
  }, 300_000);
});
