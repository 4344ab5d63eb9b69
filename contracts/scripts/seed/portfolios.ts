/**
 * Portfolios over the history, so every list, chart and ordering of the portfolio screens has data
 * on a fresh chain: a dozen portfolios (2 to 8 components, allocations drawn from the step's
 * stream, start prices from $5 to $1,000 and component prices read from the pools' reserves) created
 * by three seed managers through the PortfolioFactory, spread over the history, plus one by the
 * first funded account (the dev wallet's, trading module not added: its profile shows a created
 * portfolio and its Manage page starts at "add"). Two thirds get the trading module added,
 * initialised (exit fee 0.5-1 % to the manager) and enabled by their manager in the next block; the
 * rest stop at state 0, 1 (added) or 2 (initialised, not enabled), so `Not enabled to trading` shows.
 * Seed traders then buy (with ETH or a stablecoin) and sell (for ETH or USDT) through the
 * PortfolioTradingModule, a fixed number of trades over the history whatever its length, popular
 * portfolios more often; managers rebalance a few times through Set's TradeModule
 * (`quoteRebalance` gives the path on the adapter's router).
 *
 * Every swap is chosen and costed with the exact reserve model (`ctx.pairs`), the way the router
 * costs it (exact outputs for buys: `getAmountsIn`; exact inputs for sells and rebalances), on
 * paths of at most three hops that avoid the pairs this block already trades through; every leg
 * has its bound (10 % over or under the model's exact amount, as the trade view's slippage). At the
 * end the chain's events must equal what was planned.
 */
import { type Address, encodeFunctionData, type Hex, zeroAddress } from "viem";
import {
  portfolioFactoryAbi,
  portfolioTradingModuleAbi,
  setTokenAbi,
  testTokenAbi,
  tradeModuleAbi,
} from "../../../packages/protocol/src/abis/index.ts";
import { UNISWAP_V2_ADAPTER_NAME } from "../deploy/portfolios.ts";
import { getAmountOut, MAX_UINT, type PairModel, type SeedStep, type SeedToken } from "./kit.ts";

const E18 = 10n ** 18n;
const SLIPPAGE_BPS = 1_000n;
const TRADE_FEE_BPS = 30n;
const DEADLINE_SECONDS = 1200;
/** Portfolio trades over the whole history (about; whatever the number of days). */
const TRADES = 64;
const REBALANCES = 3;
const GAS = { create: 9_000_000n, module: 400_000n, approve: 80_000n, rebalance: 900_000n };
const tradeGas = (components: number) => 700_000n + 450_000n * BigInt(components);

type TradingState = "none" | "added" | "initialized" | "enabled";
type Plan = {
  name: string;
  symbol: string;
  components: readonly string[];
  startPrice: number;
  trading: TradingState;
  /** Index of the seed manager; -1: the first funded account (the dev wallet). */
  manager: number;
  /** Fraction of the history at which it is created. */
  at: number;
  /** Relative popularity with buyers. */
  weight: number;
};

/** The portfolios, in creation order. */
const PLANS: readonly Plan[] = [
  {
    name: "Blue Chips",
    symbol: "BLUE",
    components: ["WETH", "WBTC", "USDT"],
    startPrice: 100,
    trading: "enabled",
    manager: 0,
    at: 0.02,
    weight: 5,
  },
  {
    name: "AI Agents Index",
    symbol: "AIX",
    components: ["NAGI", "GPUX", "DOGAI", "WETH"],
    startPrice: 50,
    trading: "enabled",
    manager: 1,
    at: 0.1,
    weight: 4,
  },
  {
    name: "Stable Yield",
    symbol: "STBL",
    components: ["USDC", "DAI", "TBILL"],
    startPrice: 10,
    trading: "enabled",
    manager: 2,
    at: 0.17,
    weight: 2,
  },
  {
    name: "Meme Basket",
    symbol: "MEME",
    components: ["DOGAI", "FROGGO", "BLUB"],
    startPrice: 5,
    trading: "none",
    manager: 0,
    at: 0.24,
    weight: 0,
  },
  {
    name: "DeFi Pulse",
    symbol: "DEFI",
    components: ["YLD", "LEND", "AEROP", "GPUX", "DAI"],
    startPrice: 250,
    trading: "enabled",
    manager: 1,
    at: 0.31,
    weight: 3,
  },
  {
    name: "Real World Assets",
    symbol: "RWA",
    components: ["TBILL", "GOLDX"],
    startPrice: 1000,
    trading: "enabled",
    manager: 2,
    at: 0.38,
    weight: 2,
  },
  {
    name: "Everything Eight",
    symbol: "EIGHT",
    components: ["WETH", "WBTC", "GOLDX", "NAGI", "GPUX", "YLD", "AEROP", "USDC"],
    startPrice: 100,
    trading: "enabled",
    manager: 0,
    at: 0.45,
    weight: 2,
  },
  {
    name: "Governance Pack",
    symbol: "GOV",
    components: ["SOFI", "RAI", "USDT"],
    startPrice: 20,
    trading: "added",
    manager: 1,
    at: 0.52,
    weight: 0,
  },
  {
    name: "Dev Wallet Picks",
    symbol: "DEVP",
    components: ["WETH", "USDC"],
    startPrice: 100,
    trading: "none",
    manager: -1,
    at: 0.56,
    weight: 0,
  },
  {
    name: "Base Ecosystem",
    symbol: "BASE",
    components: ["BLUB", "AEROP", "WETH", "USDC"],
    startPrice: 75,
    trading: "enabled",
    manager: 2,
    at: 0.6,
    weight: 3,
  },
  {
    name: "Gold and Bitcoin",
    symbol: "GBTC",
    components: ["GOLDX", "WBTC"],
    startPrice: 500,
    trading: "initialized",
    manager: 0,
    at: 0.67,
    weight: 0,
  },
  {
    name: "Frontier Six",
    symbol: "FRONT6",
    components: ["NAGI", "DOGAI", "FROGGO", "LEND", "SOFI", "WETH"],
    startPrice: 25,
    trading: "enabled",
    manager: 1,
    at: 0.74,
    weight: 2,
  },
  {
    name: "ETH Stable Balance",
    symbol: "ETHS",
    components: ["WETH", "DAI"],
    startPrice: 150,
    trading: "none",
    manager: 2,
    at: 0.8,
    weight: 0,
  },
];
/** The seed traders that manage portfolios (the last three; the aggregator's traders are the first four). */
const MANAGER_TRADERS = [3, 4, 5];
const BUY_TOKENS = ["USDT", "USDC", "DAI"];

type Portfolio = {
  plan: Plan;
  address?: Address;
  manager: Address;
  exitFeeBps: bigint;
  /** Set once its trading is enabled on chain (from the block after the manager's calls). */
  tradableFrom?: number;
  holders: Map<Address, bigint>;
  approved: Set<Address>;
  supply: bigint;
};

/** Reserves a trade would leave, over the model, without touching it until the trade is kept. */
class Overlay {
  readonly r = new Map<PairModel, { token: bigint; quote: bigint }>();
  private get(m: PairModel) {
    let v = this.r.get(m);
    if (!v) {
      v = { token: m.rToken, quote: m.rQuote };
      this.r.set(m, v);
    }
    return v;
  }
  /** [reserveIn, reserveOut] of `m` for `tokenIn`. */
  reserves(m: PairModel, tokenIn: Address): [bigint, bigint] {
    const v = this.r.get(m) ?? { token: m.rToken, quote: m.rQuote };
    return same(tokenIn, m.token.address) ? [v.token, v.quote] : [v.quote, v.token];
  }
  move(m: PairModel, tokenIn: Address, amountIn: bigint, amountOut: bigint): void {
    const v = this.get(m);
    if (same(tokenIn, m.token.address)) {
      v.token += amountIn;
      v.quote -= amountOut;
    } else {
      v.quote += amountIn;
      v.token -= amountOut;
    }
  }
  /** Writes the reserves into the model. */
  commit(): void {
    for (const [m, v] of this.r) {
      m.rToken = v.token;
      m.rQuote = v.quote;
    }
  }
}

const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase();

/** Uniswap V2's getAmountIn (0.3 % fee); undefined when the pair cannot pay `amountOut`. */
function getAmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint | undefined {
  if (amountOut <= 0n || amountOut >= reserveOut) return undefined;
  return (reserveIn * amountOut * 1000n) / ((reserveOut - amountOut) * 997n) + 1n;
}

/** Keeps 4 significant digits of a positive bigint. */
function round4(x: bigint): bigint {
  const digits = x.toString().length;
  if (digits <= 4) return x;
  const f = 10n ** BigInt(digits - 4);
  return (x / f) * f;
}

export const portfoliosSeed: SeedStep = {
  name: "portfolios",
  start(ctx) {
    const c = ctx.deployment.contracts;
    const factory = c.portfolioFactory;
    const module = c.portfolioTradingModule;
    const tradeModule = c.tradeModule;
    const issuance = c.basicIssuanceModule;
    const rand = ctx.random("portfolios");
    const dev = ctx.fundAccounts[0];
    const managers = MANAGER_TRADERS.map((i) => ctx.traders[i]).filter((a): a is Address => a !== undefined);
    const bySymbol = new Map(ctx.tokens.map((t) => [t.symbol, t]));
    const token = (symbol: string) => {
      const t = bySymbol.get(symbol);
      if (!t) throw new Error(`seed portfolios: no token ${symbol}`);
      return t;
    };
    const enabled = Boolean(factory && module && tradeModule && issuance && managers.length === 3 && dev);
    const { start, end, blockInterval } = ctx.history;
    const span = Math.max(0, end - start);
    // History blocks: hourly (blockInterval) up to the last 24 hours, four times as dense in them.
    const lastDay = Math.min(span, 86400);
    const expectedBlocks = Math.max(1, (span - lastDay) / blockInterval + (lastDay * 4) / blockInterval);
    const tradeProbability = Math.min(0.9, TRADES / expectedBlocks);
    const plans = PLANS.filter((p) => p.manager >= 0 || dev !== undefined);
    const portfolios: Portfolio[] = plans.map((plan) => ({
      plan,
      manager: (plan.manager < 0 ? dev : managers[plan.manager]) as Address,
      exitFeeBps: 50n + BigInt(Math.floor(rand() * 51)),
      holders: new Map(),
      approved: new Set(),
      supply: 0n,
    }));
    let createdOnChain = 0;
    let queuedCreations = 0;
    let fromBlock: bigint | undefined;
    const planned = { bought: 0, sold: 0, rebalances: 0 };
    const rebalanceAt = Array.from({ length: REBALANCES }, (_, i) => start + span * (0.55 + 0.15 * i));
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

    /** USD per whole token (18 decimals) from DEX A's pool against USDT ($1). */
    const priceE18 = (t: SeedToken): bigint => {
      if (t.address === ctx.usdt.address) return E18;
      const m = ctx.pairOf(0, t.address, ctx.usdt.address);
      if (!m) throw new Error(`seed portfolios: no ${t.symbol}/USDT pool`);
      return (m.rQuote * 10n ** BigInt(18 + t.decimals - m.quote.decimals)) / m.rToken;
    };

    /** Basis points per component: random shares, each at least 5 %, summing to 10000. */
    const allocation = (n: number): bigint[] => {
      const w = Array.from({ length: n }, () => 0.3 + rand());
      const total = w.reduce((a, b) => a + b, 0);
      const bps = w.map((x) => BigInt(500 + Math.floor(((10_000 - 500 * n) * x) / total)));
      const sum = bps.reduce((a, b) => a + b, 0n);
      bps[n - 1] = (bps[n - 1] ?? 0n) + 10_000n - sum;
      return bps;
    };

    /** The candidate paths from `a` to `b` on a DEX (direct, or through WETH or USDT). */
    const paths = (dexIndex: number, a: Address, b: Address): Address[][] => {
      const out: Address[][] = [];
      if (ctx.pairOf(dexIndex, a, b)) out.push([a, b]);
      for (const mid of [ctx.weth, ctx.usdt.address])
        if (!same(mid, a) && !same(mid, b) && ctx.pairOf(dexIndex, a, mid) && ctx.pairOf(dexIndex, mid, b))
          out.push([a, mid, b]);
      return out;
    };
    const hops = (dexIndex: number, path: readonly Address[]): PairModel[] =>
      path.slice(1).map((b, i) => ctx.pairOf(dexIndex, path[i] as Address, b) as PairModel);
    const free = (ms: readonly PairModel[], used: Set<string>) =>
      ms.every((m) => !used.has(m.pair.address.toLowerCase()));

    /** The cheapest exact-output route for `amountOut` of `to` paid in `from`, applied to `o`. */
    const buyRoute = (o: Overlay, used: Set<string>, from: Address, to: Address, amountOut: bigint) => {
      let best: { dexIndex: number; path: Address[]; amountIn: bigint; ms: PairModel[] } | undefined;
      for (let d = 0; d < ctx.deployment.dexes.length; d++)
        for (const path of paths(d, from, to)) {
          const ms = hops(d, path);
          if (!free(ms, used)) continue;
          let amount: bigint | undefined = amountOut;
          for (let i = ms.length - 1; i >= 0 && amount !== undefined; i--) {
            const [rIn, rOut] = o.reserves(ms[i] as PairModel, path[i] as Address);
            amount = getAmountIn(amount, rIn, rOut);
          }
          if (amount !== undefined && (!best || amount < best.amountIn))
            best = { dexIndex: d, path, amountIn: amount, ms };
        }
      if (!best) return undefined;
      // The router's amounts: computed backwards, then swapped forwards.
      const amounts: bigint[] = new Array(best.path.length);
      amounts[best.path.length - 1] = amountOut;
      for (let i = best.ms.length - 1; i >= 0; i--) {
        const [rIn, rOut] = o.reserves(best.ms[i] as PairModel, best.path[i] as Address);
        amounts[i] = getAmountIn(amounts[i + 1] as bigint, rIn, rOut) as bigint;
      }
      best.ms.forEach((m, i) => {
        o.move(m, best.path[i] as Address, amounts[i] as bigint, amounts[i + 1] as bigint);
      });
      return best;
    };

    /** The best exact-input route for `amountIn` of `from` into `to`, applied to `o`. */
    const sellRoute = (o: Overlay, used: Set<string>, from: Address, to: Address, amountIn: bigint) => {
      let best: { dexIndex: number; path: Address[]; amountOut: bigint; ms: PairModel[] } | undefined;
      for (let d = 0; d < ctx.deployment.dexes.length; d++)
        for (const path of paths(d, from, to)) {
          const ms = hops(d, path);
          if (!free(ms, used)) continue;
          const out = exactIn(o, ms, path, amountIn, false);
          if (out > 0n && (!best || out > best.amountOut)) best = { dexIndex: d, path, amountOut: out, ms };
        }
      if (best) exactIn(o, best.ms, best.path, amountIn, true);
      return best;
    };
    /** Output of an exact-input swap along `path` (0 when a hop pays nothing); `apply` moves `o`. */
    const exactIn = (o: Overlay, ms: PairModel[], path: readonly Address[], amountIn: bigint, apply: boolean) => {
      let amount = amountIn;
      const moves: [PairModel, Address, bigint, bigint][] = [];
      for (let i = 0; i < ms.length; i++) {
        const m = ms[i] as PairModel;
        const [rIn, rOut] = o.reserves(m, path[i] as Address);
        const out = getAmountOut(amount, rIn, rOut);
        if (out <= 0n) return 0n;
        moves.push([m, path[i] as Address, amount, out]);
        amount = out;
      }
      if (apply) for (const [m, t, a, b] of moves) o.move(m, t, a, b);
      return amount;
    };

    /** The set's default position units, on chain at the last mined block. */
    const positions = async (set: Address) => {
      const ps = await ctx.client.readContract({ address: set, abi: setTokenAbi, functionName: "getPositions" });
      return ps
        .filter((p) => p.module === zeroAddress && p.unit > 0n)
        .map((p) => ({ component: p.component, unit: BigInt(p.unit) }));
    };
    const tokenOf = (a: Address) => ctx.tokens.find((t) => same(t.address, a)) as SeedToken;

    /** A portfolio's value per whole set in USD (18 decimals), from the pools. */
    const valueE18 = (units: { component: Address; unit: bigint }[]) =>
      units.reduce((v, p) => {
        const t = tokenOf(p.component);
        return v + (p.unit * priceE18(t)) / 10n ** BigInt(t.decimals);
      }, 0n);

    const deadline = (timestamp: number) => BigInt(timestamp + DEADLINE_SECONDS);
    const withSlippage = (x: bigint, up: boolean) =>
      up ? (x * (10_000n + SLIPPAGE_BPS)) / 10_000n + 1n : (x * (10_000n - SLIPPAGE_BPS)) / 10_000n;

    const buy = async (p: Portfolio, buyer: Address, timestamp: number, used: Set<string>): Promise<boolean> => {
      const set = p.address as Address;
      const units = await positions(set);
      const value = valueE18(units);
      if (value === 0n) return false;
      const usd = 100 * 50 ** rand(); // $100 to $5,000, log-uniform
      const quantity = round4((BigInt(Math.round(usd * 1e6)) * 10n ** 30n) / value);
      if (quantity === 0n) return false;
      const withEth = rand() < 0.65;
      const input = withEth ? token("WETH") : token(pick(BUY_TOKENS));
      const o = new Overlay();
      const touched = new Set(used);
      const legs: { router: Address; path: Address[]; limit: bigint }[] = [];
      let spent = 0n;
      for (const { component, unit } of units) {
        // BasicIssuanceModule pulls unit × quantity rounded up.
        const amount = (unit * quantity - 1n) / E18 + 1n;
        if (same(component, input.address)) {
          legs.push({ router: zeroAddress, path: [], limit: amount });
          spent += amount;
          continue;
        }
        const route = buyRoute(o, touched, input.address, component, amount);
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
        to: module as Address,
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
      planned.bought++;
      return true;
    };

    const sell = async (p: Portfolio, seller: Address, timestamp: number, used: Set<string>): Promise<boolean> => {
      const set = p.address as Address;
      const held = p.holders.get(seller) ?? 0n;
      const quantity = rand() < 0.3 ? held : round4((held * BigInt(20 + Math.floor(rand() * 60))) / 100n);
      if (quantity === 0n) return false;
      const forEth = rand() < 0.6;
      const output = forEth ? token("WETH") : ctx.usdt;
      const units = await positions(set);
      const o = new Overlay();
      const touched = new Set(used);
      const legs: { router: Address; path: Address[]; limit: bigint }[] = [];
      let gross = 0n;
      for (const { component, unit } of units) {
        // BasicIssuanceModule redeems unit × quantity rounded down.
        const amount = (unit * quantity) / E18;
        if (same(component, output.address)) {
          legs.push({ router: zeroAddress, path: [], limit: amount });
          gross += amount;
          continue;
        }
        const route = amount === 0n ? undefined : sellRoute(o, touched, component, output.address, amount);
        if (amount === 0n) {
          legs.push({ router: zeroAddress, path: [], limit: 0n });
          continue;
        }
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
          gas: GAS.approve,
          data: encodeFunctionData({ abi: setTokenAbi, functionName: "approve", args: [module as Address, MAX_UINT] }),
        });
      }
      ctx.sender.add({
        from: seller,
        to: module as Address,
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
      planned.sold++;
      return true;
    };

    /** The manager trades 20-40 % of the largest-value component into another one through TradeModule. */
    const rebalance = async (p: Portfolio, used: Set<string>): Promise<boolean> => {
      const set = p.address as Address;
      const units = await positions(set);
      if (units.length < 2 || p.supply === 0n) return false;
      const byValue = units
        .map((u) => ({
          ...u,
          usd: (u.unit * priceE18(tokenOf(u.component))) / 10n ** BigInt(tokenOf(u.component).decimals),
        }))
        .sort((a, b) => (b.usd > a.usd ? 1 : b.usd < a.usd ? -1 : 0));
      const send = byValue[0] as (typeof byValue)[number];
      const receive = byValue[byValue.length - 1] as (typeof byValue)[number];
      const sendUnit = (send.unit * BigInt(20 + Math.floor(rand() * 21))) / 100n;
      const router = ctx.deployment.dexes[0]?.router as Address;
      const [path, receiveTotal, receiveUnit, data] = await ctx.client.readContract({
        address: module as Address,
        abi: portfolioTradingModuleAbi,
        functionName: "quoteRebalance",
        args: [set, router, send.component, sendUnit, receive.component],
      });
      const ms = hops(0, path);
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
        to: tradeModule as Address,
        gas: GAS.rebalance,
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
      planned.rebalances++;
      return true;
    };

    const moduleCalls = (p: Portfolio) => {
      const set = p.address as Address;
      const calls: Hex[] = [];
      if (p.plan.trading === "none") return calls;
      calls.push(encodeFunctionData({ abi: setTokenAbi, functionName: "addModule", args: [module as Address] }));
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
    };

    return {
      async setup() {
        if (!enabled) {
          ctx.log("no portfolio contracts: no portfolios");
          return;
        }
        // Buyers pay with the stablecoins through the trading module.
        for (const trader of ctx.traders)
          for (const symbol of BUY_TOKENS)
            ctx.sender.add({
              from: trader,
              to: token(symbol).address,
              gas: GAS.approve,
              data: encodeFunctionData({
                abi: testTokenAbi,
                functionName: "approve",
                args: [module as Address, MAX_UINT],
              }),
            });
      },

      async block({ timestamp, used }) {
        if (!enabled || span === 0) return;
        // The portfolio created in the previous block: its address, then its manager's module calls.
        if (createdOnChain < queuedCreations) {
          const all = await ctx.client.readContract({
            address: factory as Address,
            abi: portfolioFactoryAbi,
            functionName: "getPortfolios",
          });
          while (createdOnChain < queuedCreations) {
            const p = portfolios[createdOnChain] as Portfolio;
            p.address = all[createdOnChain];
            if (!p.address) throw new Error(`seed portfolios: ${p.plan.symbol} was not created`);
            for (const data of moduleCalls(p))
              ctx.sender.add({ from: p.manager, to: moduleTarget(data, p), gas: GAS.module, data });
            if (p.plan.trading === "enabled") p.tradableFrom = timestamp + 1;
            createdOnChain++;
          }
        }
        const next = portfolios[queuedCreations];
        if (next && timestamp >= start + span * next.plan.at) {
          const comps = next.plan.components.map(token);
          fromBlock ??= (await ctx.client.getBlockNumber({ cacheTime: 0 })) + 1n;
          ctx.sender.add({
            from: next.manager,
            to: factory as Address,
            gas: GAS.create,
            data: encodeFunctionData({
              abi: portfolioFactoryAbi,
              functionName: "create",
              args: [
                {
                  components: comps.map((t) => t.address),
                  allocations: allocation(comps.length),
                  prices: comps.map(priceE18),
                  startPrice: BigInt(Math.round(next.plan.startPrice * 100)) * 10n ** 16n,
                  modules: [issuance as Address, tradeModule as Address],
                  manager: next.manager,
                  name: next.plan.name,
                  symbol: next.plan.symbol,
                },
              ],
            }),
          });
          queuedCreations++;
          return; // nothing else of this step in a creation block
        }

        const tradable = portfolios.filter((p) => p.tradableFrom !== undefined && p.tradableFrom <= timestamp);
        if (tradable.length === 0) return;
        const busy = new Set<Portfolio>();
        const due = rebalanceAt[0];
        if (due !== undefined && timestamp >= due) {
          const withHolders = tradable.filter((p) => p.supply > 0n);
          const p = withHolders.length ? pick(withHolders) : undefined;
          if (p && (await rebalance(p, used))) {
            rebalanceAt.shift();
            busy.add(p);
          }
        }
        for (let k = 0; k < 2; k++) {
          if (rand() >= tradeProbability / 2) continue;
          const candidates = tradable.filter((p) => !busy.has(p));
          const total = candidates.reduce((a, p) => a + p.plan.weight, 0);
          const r = rand() * total;
          let acc = 0;
          const p = candidates.find((x) => {
            acc += x.plan.weight;
            return r < acc;
          });
          if (!p) continue;
          const holders = [...p.holders].filter(([, q]) => q > 0n).map(([a]) => a);
          const ok =
            holders.length > 0 && rand() < 0.35
              ? await sell(p, pick(holders), timestamp, used)
              : await buy(p, pick(ctx.traders), timestamp, used);
          if (ok) {
            busy.add(p);
            ctx.counts.portfolioTrades++;
          }
        }
      },

      async finish() {
        if (!enabled || fromBlock === undefined) return;
        const [count, bought, sold, exchanged] = await Promise.all([
          ctx.client.readContract({
            address: factory as Address,
            abi: portfolioFactoryAbi,
            functionName: "portfoliosCount",
          }),
          ctx.client.getContractEvents({
            address: module,
            abi: portfolioTradingModuleAbi,
            eventName: "PortfolioBought",
            fromBlock,
          }),
          ctx.client.getContractEvents({
            address: module,
            abi: portfolioTradingModuleAbi,
            eventName: "PortfolioSold",
            fromBlock,
          }),
          ctx.client.getContractEvents({
            address: tradeModule,
            abi: tradeModuleAbi,
            eventName: "ComponentExchanged",
            fromBlock,
          }),
        ]);
        const got = `${count} portfolios, ${bought.length} buys, ${sold.length} sells, ${exchanged.length} rebalances`;
        const want = `${queuedCreations} portfolios, ${planned.bought} buys, ${planned.sold} sells, ${planned.rebalances} rebalances`;
        if (got !== want) throw new Error(`seed portfolios: on chain ${got}; planned ${want}`);
        ctx.log(got);
      },
    };

    /** The set's own calls (addModule) go to the set, the rest to the trading module. */
    function moduleTarget(data: Hex, p: Portfolio): Address {
      return data.startsWith(
        encodeFunctionData({ abi: setTokenAbi, functionName: "addModule", args: [zeroAddress] }).slice(0, 10),
      )
        ? (p.address as Address)
        : (module as Address);
    }
  },
};
