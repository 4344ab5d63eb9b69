import { createPublicClient, http } from "viem";
import { describe, expect, it } from "vitest";
import { sofiAggregatorAbi, uniswapV2PairAbi } from "../../packages/protocol/src/abis/index.ts";
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

  it("getAmountOut is Uniswap V2's formula with the 0.3 % fee", () => {
    expect(getAmountOut(1000n, 1_000_000n, 1_000_000n)).toBe(996n);
    expect(getAmountOut(10n ** 18n, 10n ** 21n, 3n * 10n ** 24n)).toBe(2_988_020_943_119_709_649_479n);
    expect(getAmountOut(0n, 5n, 5n)).toBe(0n);
  });
});
