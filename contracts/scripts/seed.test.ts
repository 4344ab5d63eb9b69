import { createPublicClient, http } from "viem";
import { describe, expect, it } from "vitest";
import {
  portfolioFactoryAbi,
  portfolioTradingModuleAbi,
  sofiAggregatorAbi,
  tradeModuleAbi,
  uniswapV2PairAbi,
} from "../../packages/protocol/src/abis/index.ts";
import { ANVIL_ACCOUNTS } from "../../packages/protocol/src/deployments/anvil-accounts.ts";
import { getFreePort, startAnvil } from "./anvil.ts";
import { deployAll } from "./deploy.ts";
import { getAmountOut, seed } from "./seed.ts";

async function reservesAfterSeed(days: number, now: number, seedValue = 1) {
  const anvil = await startAnvil({ port: await getFreePort(), timestamp: now - Math.max(days, 1) * 86400 });
  try {
    const deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
    const result = await seed({ rpcUrl: anvil.rpcUrl, deployment, days, now, seed: seedValue });
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const reserves = await Promise.all(
      deployment.pairs.map((p) =>
        client.readContract({ address: p.address, abi: uniswapV2PairAbi, functionName: "getReserves" }),
      ),
    );
    const trades = await client.getContractEvents({
      address: deployment.contracts.aggregator,
      abi: sofiAggregatorAbi,
      eventName: "Trade",
      fromBlock: 0n,
    });
    return {
      result,
      reserves: reserves.map(([a, b]) => [a, b]),
      trades: trades.map((l) => ({ block: l.blockNumber, ...l.args })),
    };
  } finally {
    await anvil.stop();
  }
}

describe("seed", () => {
  it("is deterministic for a given PRNG seed, and another seed gives another market", async () => {
    const now = Math.floor(Date.now() / 1000);
    const a = await reservesAfterSeed(1, now);
    const b = await reservesAfterSeed(1, now);
    expect(a.result.swaps).toBe(b.result.swaps);
    expect(a.result.trades).toBeGreaterThan(0);
    expect(a.result.trades).toBe(b.result.trades);
    expect(a.trades).toEqual(b.trades);
    expect(a.reserves).toEqual(b.reserves);
    const c = await reservesAfterSeed(1, now, 2);
    expect(c.reserves).not.toEqual(a.reserves);
  }, 120_000);

  it("with days = 0 adds liquidity and balances but no history", async () => {
    const now = Math.floor(Date.now() / 1000);
    const { result, reserves } = await reservesAfterSeed(0, now);
    expect(result.swaps).toBe(0);
    expect(result.trades).toBe(0);
    for (const [r0, r1] of reserves) {
      expect(r0).toBeGreaterThan(0n);
      expect(r1).toBeGreaterThan(0n);
    }
  }, 60_000);

  it("creates a dozen portfolios from several managers, some tradable, with buys, sells and a rebalance", async () => {
    const days = 2;
    const now = Math.floor(Date.now() / 1000);
    const anvil = await startAnvil({ port: await getFreePort(), timestamp: now - days * 86400 });
    try {
      const deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
      const result = await seed({ rpcUrl: anvil.rpcUrl, deployment, days, now });
      const client = createPublicClient({ transport: http(anvil.rpcUrl) });
      const c = deployment.contracts;
      const fromBlock = BigInt(deployment.startBlock);
      const created = await client.getContractEvents({
        address: c.portfolioFactory,
        abi: portfolioFactoryAbi,
        eventName: "PortfolioCreated",
        fromBlock,
      });
      expect(created.length).toBeGreaterThanOrEqual(12);
      const managers = new Set(created.map((l) => l.args.manager));
      expect(managers.size).toBeGreaterThanOrEqual(3);
      // The dev wallet (anvil account 0) manages one of them.
      expect(managers).toContain(ANVIL_ACCOUNTS[0]?.address);
      const sizes = created.map((l) => l.args.components?.length ?? 0);
      expect(Math.min(...sizes)).toBe(2);
      expect(Math.max(...sizes)).toBe(8);
      for (const l of created) {
        expect(l.args.symbol).toBe(l.args.symbol?.toUpperCase());
        expect(l.args.allocations?.reduce((a, b) => a + b, 0n)).toBe(10_000n);
      }
      // Spread over the days.
      const first = await client.getBlock({ blockNumber: created[0]?.blockNumber ?? 0n });
      const last = await client.getBlock({ blockNumber: created.at(-1)?.blockNumber ?? 0n });
      expect(Number(last.timestamp) - Number(first.timestamp)).toBeGreaterThan(86400);

      const states = await Promise.all(
        created.map(async (l) => {
          const set = l.args.portfolio as `0x${string}`;
          const state = await client.readContract({
            address: c.portfolioTradingModule,
            abi: portfolioTradingModuleAbi,
            functionName: "moduleState",
            args: [set],
          });
          const enabled = await client.readContract({
            address: c.portfolioTradingModule,
            abi: portfolioTradingModuleAbi,
            functionName: "isTradingEnabled",
            args: [set],
          });
          return { state, enabled };
        }),
      );
      const enabled = states.filter((s) => s.enabled).length;
      expect(enabled).toBeGreaterThanOrEqual(created.length / 2);
      expect(enabled).toBeLessThan(created.length);
      for (const state of [0, 1, 2]) expect(states.some((s) => s.state === state && !s.enabled)).toBe(true);

      const [bought, sold, exchanged] = await Promise.all([
        client.getContractEvents({
          address: c.portfolioTradingModule,
          abi: portfolioTradingModuleAbi,
          eventName: "PortfolioBought",
          fromBlock,
        }),
        client.getContractEvents({
          address: c.portfolioTradingModule,
          abi: portfolioTradingModuleAbi,
          eventName: "PortfolioSold",
          fromBlock,
        }),
        client.getContractEvents({
          address: c.tradeModule,
          abi: tradeModuleAbi,
          eventName: "ComponentExchanged",
          fromBlock,
        }),
      ]);
      expect(bought.length).toBeGreaterThan(10);
      expect(sold.length).toBeGreaterThan(0);
      expect(result.portfolioTrades).toBe(bought.length + sold.length);
      const native = "0x0000000000000000000000000000000000000000";
      expect(bought.some((l) => l.args.tokenIn === native)).toBe(true);
      expect(bought.some((l) => l.args.tokenIn !== native)).toBe(true);
      expect(new Set(bought.map((l) => l.args.buyer)).size).toBeGreaterThanOrEqual(3);
      expect(new Set(bought.map((l) => l.args.setToken)).size).toBeGreaterThanOrEqual(3);
      expect(exchanged.length).toBeGreaterThanOrEqual(1);
    } finally {
      await anvil.stop();
    }
  }, 120_000);

  it("getAmountOut is Uniswap V2's formula with the 0.3 % fee", () => {
    expect(getAmountOut(1000n, 1_000_000n, 1_000_000n)).toBe(996n);
    expect(getAmountOut(10n ** 18n, 10n ** 21n, 3n * 10n ** 24n)).toBe(2_988_020_943_119_709_649_479n);
    expect(getAmountOut(0n, 5n, 5n)).toBe(0n);
  });
});
