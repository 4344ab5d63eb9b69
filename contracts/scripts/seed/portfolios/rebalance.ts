/**
 * A manager's rebalance through Set's TradeModule: 20-40 % of the largest-value component into the
 * smallest, on the path `quoteRebalance` gives on DEX A's router, which the reserve model must pay
 * exactly as quoted.
 */
import { type Address, encodeFunctionData, type Hex } from "viem";
import { portfolioTradingModuleAbi, tradeModuleAbi } from "../../../../packages/protocol/src/abis/index.ts";
import { UNISWAP_V2_ADAPTER_NAME } from "../../deploy/portfolios.ts";
import type { Portfolio } from "./plans.ts";
import { exactIn, free, hops, Overlay } from "./routes.ts";
import { E18, type PortfolioRun, positions, priceE18, tokenOf } from "./run.ts";
import { withSlippage } from "./trade.ts";

const REBALANCE_GAS = 900_000n;

/** Queues `p`'s rebalance; false when it has fewer than two components, no holders, or its path is busy. */
export async function rebalance(run: PortfolioRun, p: Portfolio, used: Set<string>): Promise<boolean> {
  const { ctx, rand } = run;
  const set = p.address as Address;
  const units = await positions(ctx, set);
  if (units.length < 2 || p.supply === 0n) return false;
  const byValue = units
    .map((u) => ({
      ...u,
      usd: (u.unit * priceE18(ctx, tokenOf(ctx, u.component))) / 10n ** BigInt(tokenOf(ctx, u.component).decimals),
    }))
    .sort((a, b) => (b.usd > a.usd ? 1 : b.usd < a.usd ? -1 : 0));
  const send = byValue[0] as (typeof byValue)[number];
  const receive = byValue[byValue.length - 1] as (typeof byValue)[number];
  const sendUnit = (send.unit * BigInt(20 + Math.floor(rand() * 21))) / 100n;
  const router = ctx.deployment.dexes[0]?.router as Address;
  const [path, receiveTotal, receiveUnit, data] = await ctx.client.readContract({
    address: run.module,
    abi: portfolioTradingModuleAbi,
    functionName: "quoteRebalance",
    args: [set, router, send.component, sendUnit, receive.component],
  });
  const ms = hops(ctx, 0, path);
  if (ms.some((m) => !m) || !free(ms, used)) return false;
  // TradeModule sends unit × supply rounded down; the model must agree with the quote.
  const o = new Overlay();
  const out = exactIn(o, ms, path, (sendUnit * p.supply) / E18, true);
  if (out !== receiveTotal)
    throw new Error(`seed portfolios: the model pays ${out} for a rebalance, quoteRebalance ${receiveTotal}`);
  o.commit();
  for (const m of ms) used.add(m.pair.address.toLowerCase());
  ctx.sender.add({
    from: p.manager,
    to: run.tradeModule,
    gas: REBALANCE_GAS,
    data: encodeFunctionData({
      abi: tradeModuleAbi,
      functionName: "trade",
      args: [
        set,
        UNISWAP_V2_ADAPTER_NAME,
        send.component,
        sendUnit,
        receive.component,
        withSlippage(receiveUnit, false),
        data as Hex,
      ],
    }),
  });
  run.planned.rebalances++;
  return true;
}
