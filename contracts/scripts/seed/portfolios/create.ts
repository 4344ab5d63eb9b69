/**
 * Creating the planned portfolios: each through PortfolioFactory.create when its time in the
 * history comes (allocations drawn from the step's stream, component prices from the pools), then,
 * in the next block, its address read back and its manager's module calls (add the trading module,
 * initialise it with the exit fee, enable trading) as far as its plan goes.
 */
import { type Address, encodeFunctionData, type Hex, zeroAddress } from "viem";
import {
  portfolioFactoryAbi,
  portfolioTradingModuleAbi,
  setTokenAbi,
  testTokenAbi,
} from "../../../../packages/protocol/src/abis/index.ts";
import { MAX_UINT } from "../kit.ts";
import { BUY_TOKENS, type Portfolio } from "./plans.ts";
import { type PortfolioRun, priceE18 } from "./run.ts";

const GAS = { create: 9_000_000n, module: 400_000n, approve: 80_000n };

/** Setup: every seed trader approves the trading module for the stablecoins buyers pay with. */
export function approveBuyTokens(run: PortfolioRun): void {
  for (const trader of run.ctx.traders)
    for (const symbol of BUY_TOKENS)
      run.ctx.sender.add({
        from: trader,
        to: run.token(symbol).address,
        gas: GAS.approve,
        data: encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [run.module, MAX_UINT] }),
      });
}

/** Basis points per component: random shares, each at least 5 %, summing to 10000. */
export function allocation(rand: () => number, n: number): bigint[] {
  const w = Array.from({ length: n }, () => 0.3 + rand());
  const total = w.reduce((a, b) => a + b, 0);
  const bps = w.map((x) => BigInt(500 + Math.floor(((10_000 - 500 * n) * x) / total)));
  const sum = bps.reduce((a, b) => a + b, 0n);
  bps[n - 1] = (bps[n - 1] ?? 0n) + 10_000n - sum;
  return bps;
}

/**
 * The portfolios created in the previous block: reads their addresses, queues their managers'
 * module calls and marks the enabled ones tradable from the next block.
 */
export async function setUpCreated(run: PortfolioRun, timestamp: number): Promise<void> {
  if (run.createdOnChain >= run.queuedCreations) return;
  const all = await run.ctx.client.readContract({
    address: run.factory,
    abi: portfolioFactoryAbi,
    functionName: "getPortfolios",
  });
  while (run.createdOnChain < run.queuedCreations) {
    const p = run.portfolios[run.createdOnChain] as Portfolio;
    p.address = all[run.createdOnChain];
    if (!p.address) throw new Error(`seed portfolios: ${p.plan.symbol} was not created`);
    for (const data of moduleCalls(run, p))
      run.ctx.sender.add({ from: p.manager, to: moduleTarget(run, data, p), gas: GAS.module, data });
    if (p.plan.trading === "enabled") p.tradableFrom = timestamp + 1;
    run.createdOnChain++;
  }
}

/** Queues the next portfolio's creation when its time has come; true when it did (the block is the creation's). */
export async function createDue(run: PortfolioRun, timestamp: number): Promise<boolean> {
  const next = run.portfolios[run.queuedCreations];
  if (!next || timestamp < run.start + run.span * next.plan.at) return false;
  const comps = next.plan.components.map(run.token);
  run.fromBlock ??= (await run.ctx.client.getBlockNumber({ cacheTime: 0 })) + 1n;
  run.ctx.sender.add({
    from: next.manager,
    to: run.factory,
    gas: GAS.create,
    data: encodeFunctionData({
      abi: portfolioFactoryAbi,
      functionName: "create",
      args: [
        {
          components: comps.map((t) => t.address),
          allocations: allocation(run.rand, comps.length),
          prices: comps.map((t) => priceE18(run.ctx, t)),
          startPrice: BigInt(Math.round(next.plan.startPrice * 100)) * 10n ** 16n,
          modules: [run.issuance, run.tradeModule],
          manager: next.manager,
          name: next.plan.name,
          symbol: next.plan.symbol,
        },
      ],
    }),
  });
  run.queuedCreations++;
  return true;
}

/** The manager's calls that take the portfolio's trading as far as its plan says. */
function moduleCalls(run: PortfolioRun, p: Portfolio): Hex[] {
  const set = p.address as Address;
  const calls: Hex[] = [];
  if (p.plan.trading === "none") return calls;
  calls.push(encodeFunctionData({ abi: setTokenAbi, functionName: "addModule", args: [run.module] }));
  if (p.plan.trading === "added") return calls;
  calls.push(
    encodeFunctionData({
      abi: portfolioTradingModuleAbi,
      functionName: "initialize",
      args: [set, p.exitFeeBps, p.manager],
    }),
  );
  if (p.plan.trading === "initialized") return calls;
  calls.push(
    encodeFunctionData({ abi: portfolioTradingModuleAbi, functionName: "setTradingEnabled", args: [set, true] }),
  );
  return calls;
}

const ADD_MODULE_SELECTOR = encodeFunctionData({
  abi: setTokenAbi,
  functionName: "addModule",
  args: [zeroAddress],
}).slice(0, 10);

/** The set's own calls (addModule) go to the set, the rest to the trading module. */
function moduleTarget(run: PortfolioRun, data: Hex, p: Portfolio): Address {
  return data.startsWith(ADD_MODULE_SELECTOR) ? (p.address as Address) : run.module;
}
