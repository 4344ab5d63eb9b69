/** A small market on the test chain with known prices and ~3 days of history. */
import type { Address } from "viem";
import { E18, startTestChain, type TestChain } from "./chain.ts";

export const DAY = 86_400;

export type MarketChain = TestChain & {
  pairs: { raiUsdtDeep: Address; raiUsdtShallow: Address; wethUsdt: Address; orphWeth: Address };
  /** Blocks of the three RAI swaps (2 days ago, 1.5 days ago, a minute ago). */
  swapBlocks: bigint[];
  t0: number;
  now: number;
};

/**
 * Prices: RAI 2 USDT on the deep pool (3 on the shallow one), WETH 3000 USDT, ORPH 1/3000 WETH
 * (= 1 USDT, no USDT pool). One RAI swap 2 days ago, one 1.5 days ago and one now.
 */
export async function startMarketChain(): Promise<MarketChain> {
  const now = Math.floor(Date.now() / 1000);
  const t0 = now - 3 * DAY;
  const c = await startTestChain({ timestamp: t0 });
  const { usdt, rai, orphan, weth } = c.tokens;
  const raiUsdtDeep = await c.createPair(0, rai, usdt);
  const raiUsdtShallow = await c.createPair(1, rai, usdt);
  const wethUsdt = await c.createPair(0, weth, usdt);
  const orphWeth = await c.createPair(0, orphan, weth);
  await c.setNextTimestamp(t0 + 60);
  await c.addLiquidity(raiUsdtDeep, rai, 1_000_000n * E18, usdt, 2_000_000n * E18);
  await c.addLiquidity(raiUsdtShallow, rai, 10n * E18, usdt, 30n * E18);
  await c.addLiquidity(wethUsdt, weth, 100n * E18, usdt, 300_000n * E18);
  await c.addLiquidity(orphWeth, orphan, 30_000n * E18, weth, 10n * E18);
  const swapBlocks: bigint[] = [];
  await c.setNextTimestamp(now - 2 * DAY);
  swapBlocks.push((await c.swap(raiUsdtDeep, usdt, 10_000n * E18)).blockNumber);
  await c.setNextTimestamp(now - DAY - DAY / 2);
  swapBlocks.push((await c.swap(raiUsdtDeep, usdt, 50_000n * E18)).blockNumber);
  await c.setNextTimestamp(now - 60);
  swapBlocks.push((await c.swap(raiUsdtDeep, rai, 30_000n * E18)).blockNumber);
  return { ...c, pairs: { raiUsdtDeep, raiUsdtShallow, wethUsdt, orphWeth }, swapBlocks, t0, now };
}
