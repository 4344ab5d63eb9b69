/**
 * One seed run of the portfolios: the context, the step's random stream, the contracts, the
 * planned portfolios and the history's schedule (creations so far, trade probability, rebalance
 * times), and reads of the market every part uses (prices from the pools, a set's positions).
 */
import { type Address, zeroAddress } from "viem";
import { setTokenAbi } from "../../../../packages/protocol/src/abis/index.ts";
import type { SeedContext, SeedToken } from "../kit.ts";
import { MANAGER_TRADERS, PLANS, type Portfolio, REBALANCES, TRADES } from "./plans.ts";
import { same } from "./routes.ts";

export const E18 = 10n ** 18n;

export type PortfolioRun = {
  ctx: SeedContext;
  /** The step's own random stream (`ctx.random("portfolios")`): every draw in a fixed order. */
  rand: () => number;
  /** A random element of `list`. */
  pick<T>(list: readonly T[]): T;
  /** A deployed token by symbol (throws when missing). */
  token(symbol: string): SeedToken;
  /** Only when every portfolio contract is deployed and the managers exist. */
  enabled: boolean;
  factory: Address;
  module: Address;
  tradeModule: Address;
  issuance: Address;
  /** The history's first timestamp and its length in seconds. */
  start: number;
  span: number;
  /** The chance of each of a block's two trade draws: TRADES over the history's expected blocks. */
  tradeProbability: number;
  /** The portfolios to create, in order. */
  portfolios: Portfolio[];
  /** Creations mined (their address read) and queued. */
  createdOnChain: number;
  queuedCreations: number;
  /** The block of the first creation (the end check reads events from it). */
  fromBlock: bigint | undefined;
  /** Timestamps at which the next rebalances are due (the first is removed when done). */
  rebalanceAt: number[];
  planned: { bought: number; sold: number; rebalances: number };
};

/** The run's state at the start of a seed (the exit fees are drawn here, one per portfolio). */
export function startRun(ctx: SeedContext): PortfolioRun {
  const c = ctx.deployment.contracts;
  const rand = ctx.random("portfolios");
  const dev = ctx.fundAccounts[0];
  const managers = MANAGER_TRADERS.map((i) => ctx.traders[i]).filter((a): a is Address => a !== undefined);
  const bySymbol = new Map(ctx.tokens.map((t) => [t.symbol, t]));
  const token = (symbol: string) => {
    const t = bySymbol.get(symbol);
    if (!t) throw new Error(`seed portfolios: no token ${symbol}`);
    return t;
  };
  const enabled = Boolean(
    c.portfolioFactory &&
      c.portfolioTradingModule &&
      c.tradeModule &&
      c.basicIssuanceModule &&
      managers.length === 3 &&
      dev,
  );
  const { start, end, blockInterval } = ctx.history;
  const span = Math.max(0, end - start);
  // History blocks: hourly (blockInterval) up to the last 24 hours, four times as dense in them.
  const lastDay = Math.min(span, 86400);
  const expectedBlocks = Math.max(1, (span - lastDay) / blockInterval + (lastDay * 4) / blockInterval);
  const plans = PLANS.filter((p) => p.manager >= 0 || dev !== undefined);
  return {
    ctx,
    rand,
    pick: <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T,
    token,
    enabled,
    factory: c.portfolioFactory as Address,
    module: c.portfolioTradingModule as Address,
    tradeModule: c.tradeModule as Address,
    issuance: c.basicIssuanceModule as Address,
    start,
    span,
    tradeProbability: Math.min(0.9, TRADES / expectedBlocks),
    portfolios: plans.map((plan) => ({
      plan,
      manager: (plan.manager < 0 ? dev : managers[plan.manager]) as Address,
      exitFeeBps: 50n + BigInt(Math.floor(rand() * 51)),
      holders: new Map(),
      approved: new Set(),
      supply: 0n,
    })),
    createdOnChain: 0,
    queuedCreations: 0,
    fromBlock: undefined,
    rebalanceAt: Array.from({ length: REBALANCES }, (_, i) => start + span * (0.55 + 0.15 * i)),
    planned: { bought: 0, sold: 0, rebalances: 0 },
  };
}

/** USD per whole token (18 decimals) from DEX A's pool against USDT ($1). */
export function priceE18(ctx: SeedContext, t: SeedToken): bigint {
  if (t.address === ctx.usdt.address) return E18;
  const m = ctx.pairOf(0, t.address, ctx.usdt.address);
  if (!m) throw new Error(`seed portfolios: no ${t.symbol}/USDT pool`);
  return (m.rQuote * 10n ** BigInt(18 + t.decimals - m.quote.decimals)) / m.rToken;
}

export const tokenOf = (ctx: SeedContext, a: Address) => ctx.tokens.find((t) => same(t.address, a)) as SeedToken;

export type Position = { component: Address; unit: bigint };

/** The set's default position units, on chain at the last mined block. */
export async function positions(ctx: SeedContext, set: Address): Promise<Position[]> {
  const ps = await ctx.client.readContract({ address: set, abi: setTokenAbi, functionName: "getPositions" });
  return ps
    .filter((p) => p.module === zeroAddress && p.unit > 0n)
    .map((p) => ({ component: p.component, unit: BigInt(p.unit) }));
}

/** A portfolio's value per whole set in USD (18 decimals), from the pools. */
export function valueE18(ctx: SeedContext, units: readonly Position[]): bigint {
  return units.reduce((v, p) => {
    const t = tokenOf(ctx, p.component);
    return v + (p.unit * priceE18(ctx, t)) / 10n ** BigInt(t.decimals);
  }, 0n);
}
