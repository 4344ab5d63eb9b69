/**
 * Seed traders' buys and sells through the PortfolioTradingModule: each leg of a trade is routed
 * and costed on the exact reserve model (see routes.ts) with its slippage bound (10 % over or under
 * the model's exact amount, as the trade view's), and the model of the portfolio's holders and
 * supply follows each queued trade.
 */
import { type Address, encodeFunctionData, zeroAddress } from "viem";
import { portfolioTradingModuleAbi, setTokenAbi } from "../../../../packages/protocol/src/abis/index.ts";
import { MAX_UINT } from "../kit.ts";
import { BUY_TOKENS, type Portfolio } from "./plans.ts";
import { buyRoute, Overlay, same, sellRoute } from "./routes.ts";
import { E18, type PortfolioRun, positions, valueE18 } from "./run.ts";

export const SLIPPAGE_BPS = 1_000n;
const TRADE_FEE_BPS = 30n;
const DEADLINE_SECONDS = 1200;
const APPROVE_GAS = 80_000n;
const tradeGas = (components: number) => 700_000n + 450_000n * BigInt(components);

/** One leg of a trade: a component bought or sold on `router` along `path` (none: the input itself). */
type Leg = { router: Address; path: Address[]; limit: bigint };

export const deadline = (timestamp: number) => BigInt(timestamp + DEADLINE_SECONDS);
export const withSlippage = (x: bigint, up: boolean) =>
  up ? (x * (10_000n + SLIPPAGE_BPS)) / 10_000n + 1n : (x * (10_000n - SLIPPAGE_BPS)) / 10_000n;

/** Keeps 4 significant digits of a positive bigint. */
export function round4(x: bigint): bigint {
  const digits = x.toString().length;
  if (digits <= 4) return x;
  const f = 10n ** BigInt(digits - 4);
  return (x / f) * f;
}

/**
 * `buyer` buys $100 to $5,000 (log-uniform) of `p`, with ETH (65 %) or a stablecoin; false when a
 * component has no free route this block (nothing queued).
 */
export async function buy(
  run: PortfolioRun,
  p: Portfolio,
  buyer: Address,
  timestamp: number,
  used: Set<string>,
): Promise<boolean> {
  const { ctx, rand } = run;
  const set = p.address as Address;
  const units = await positions(ctx, set);
  const value = valueE18(ctx, units);
  if (value === 0n) return false;
  const usd = 100 * 50 ** rand(); // $100 to $5,000, log-uniform
  const quantity = round4((BigInt(Math.round(usd * 1e6)) * 10n ** 30n) / value);
  if (quantity === 0n) return false;
  const withEth = rand() < 0.65;
  const input = withEth ? run.token("WETH") : run.token(run.pick(BUY_TOKENS));
  const o = new Overlay();
  const touched = new Set(used);
  const legs: Leg[] = [];
  let spent = 0n;
  for (const { component, unit } of units) {
    // BasicIssuanceModule pulls unit × quantity rounded up.
    const amount = (unit * quantity - 1n) / E18 + 1n;
    if (same(component, input.address)) {
      legs.push({ router: zeroAddress, path: [], limit: amount });
      spent += amount;
      continue;
    }
    const route = buyRoute(ctx, o, touched, input.address, component, amount);
    if (!route) return false;
    for (const m of route.ms) touched.add(m.pair.address.toLowerCase());
    legs.push({
      router: ctx.deployment.dexes[route.dexIndex]?.router as Address,
      path: route.path,
      limit: withSlippage(route.amountIn, true),
    });
    spent += route.amountIn;
  }
  const maxIn = withSlippage(spent + (spent * TRADE_FEE_BPS) / 10_000n, true);
  o.commit();
  for (const m of o.r.keys()) used.add(m.pair.address.toLowerCase());
  ctx.sender.add({
    from: buyer,
    to: run.module,
    gas: tradeGas(units.length),
    value: withEth ? maxIn : 0n,
    data: withEth
      ? encodeFunctionData({
          abi: portfolioTradingModuleAbi,
          functionName: "buyExactSetWithETH",
          args: [set, quantity, legs, deadline(timestamp)],
        })
      : encodeFunctionData({
          abi: portfolioTradingModuleAbi,
          functionName: "buyExactSetWithToken",
          args: [set, quantity, input.address, maxIn, legs, deadline(timestamp)],
        }),
  });
  p.holders.set(buyer, (p.holders.get(buyer) ?? 0n) + quantity);
  p.supply += quantity;
  run.planned.bought++;
  return true;
}

/**
 * `seller` sells all (30 %) or 20-80 % of its holding of `p` for ETH (60 %) or USDT, approving the
 * module first on its first sale; false when a component has no free route this block.
 */
export async function sell(
  run: PortfolioRun,
  p: Portfolio,
  seller: Address,
  timestamp: number,
  used: Set<string>,
): Promise<boolean> {
  const { ctx, rand } = run;
  const set = p.address as Address;
  const held = p.holders.get(seller) ?? 0n;
  const quantity = rand() < 0.3 ? held : round4((held * BigInt(20 + Math.floor(rand() * 60))) / 100n);
  if (quantity === 0n) return false;
  const forEth = rand() < 0.6;
  const output = forEth ? run.token("WETH") : ctx.usdt;
  const units = await positions(ctx, set);
  const o = new Overlay();
  const touched = new Set(used);
  const legs: Leg[] = [];
  let gross = 0n;
  for (const { component, unit } of units) {
    // BasicIssuanceModule redeems unit × quantity rounded down.
    const amount = (unit * quantity) / E18;
    if (same(component, output.address)) {
      legs.push({ router: zeroAddress, path: [], limit: amount });
      gross += amount;
      continue;
    }
    if (amount === 0n) {
      legs.push({ router: zeroAddress, path: [], limit: 0n });
      continue;
    }
    const route = sellRoute(ctx, o, touched, component, output.address, amount);
    if (!route) return false; // its pools are busy this block: another block
    for (const m of route.ms) touched.add(m.pair.address.toLowerCase());
    legs.push({
      router: ctx.deployment.dexes[route.dexIndex]?.router as Address,
      path: route.path,
      limit: withSlippage(route.amountOut, false),
    });
    gross += route.amountOut;
  }
  const net = gross - (gross * TRADE_FEE_BPS) / 10_000n - (gross * p.exitFeeBps) / 10_000n;
  o.commit();
  for (const m of o.r.keys()) used.add(m.pair.address.toLowerCase());
  if (!p.approved.has(seller)) {
    p.approved.add(seller);
    ctx.sender.add({
      from: seller,
      to: set,
      gas: APPROVE_GAS,
      data: encodeFunctionData({ abi: setTokenAbi, functionName: "approve", args: [run.module, MAX_UINT] }),
    });
  }
  ctx.sender.add({
    from: seller,
    to: run.module,
    gas: tradeGas(units.length),
    data: forEth
      ? encodeFunctionData({
          abi: portfolioTradingModuleAbi,
          functionName: "sellExactSetForETH",
          args: [set, quantity, withSlippage(net, false), legs, deadline(timestamp)],
        })
      : encodeFunctionData({
          abi: portfolioTradingModuleAbi,
          functionName: "sellExactSetForToken",
          args: [set, quantity, output.address, withSlippage(net, false), legs, deadline(timestamp)],
        }),
  });
  p.holders.set(seller, held - quantity);
  p.supply -= quantity;
  run.planned.sold++;
  return true;
}
