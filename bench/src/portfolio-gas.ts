/**
 * Gas of portfolio buys and sells (issue 10's "Tests and figures", DESIGN.md's contracts target):
 * on a fresh anvil (anvil's default hardfork, as the product's local chain: `scripts/start.ts`
 * passes none), the product's own deploy steps (`deployAll`) and the seed's `tokens` and `dexes`
 * steps (balances, and liquidity on every pair of both DEXes at the spec's prices; no history),
 * then portfolios of 2, 5 and 10 components through the PortfolioFactory, one token worth about
 * 1 WETH at the pools' prices, equal allocations, components that each have Uniswap V2 pools with
 * WETH (and USDT) and are neither WETH nor USDT, so every component is swapped. The manager (the
 * deployer) adds the trading module, initialises it (0.5 % exit fee to itself, like the seed's
 * portfolios: a sale pays it) and enables trading; a trader (anvil account 1) approves USDT and the
 * portfolio to the module beforehand. Warm-up: one of each measured trade first (the module's
 * standing allowances to routers and issuance are set once per token; balances become non-zero).
 * Then, each from its receipt's gasUsed: buy 1 token with ETH, buy 1 with USDT, sell 1 for ETH.
 * Every leg comes from the module's own `quoteBuy`/`quoteSell` with 10 % slippage on each leg's
 * limit and on the whole trade, and a deadline 20 minutes after the last block: every swap is bounded.
 */
import type { Deployment } from "@sofi/protocol";
import {
  basicIssuanceModuleAbi,
  portfolioFactoryAbi,
  portfolioTradingModuleAbi,
  setTokenAbi,
  testTokenAbi,
  uniswapV2PairAbi,
  uniswapV2Router02Abi,
} from "@sofi/protocol";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  maxUint256,
  type PublicClient,
  parseEventLogs,
  zeroAddress,
} from "viem";
import { foundry } from "viem/chains";
import { ANVIL_ACCOUNTS, deployAll, SEED_STEPS, seed } from "../../contracts/scripts/index.ts";
import { LOCAL_RECEIPT_POLL_MS, startAnvil } from "./anvil.ts";

export const GAS_SIZES = [2, 5, 10] as const;
export type GasSize = (typeof GAS_SIZES)[number];
export const GAS_TRADES = ["buyWithEth", "buyWithToken", "sellForEth"] as const;
export type GasTrade = (typeof GAS_TRADES)[number];

/**
 * The original SoFi trading contract's warm trades (issue 10), anvil (prague), 1 portfolio token
 * worth about 1 WETH, Uniswap V2 pools of each component with WETH, no component swap bounded.
 */
export const ORIGINAL_GAS: Record<GasTrade, Record<GasSize, number>> = {
  buyWithEth: { 2: 474_366, 5: 991_250, 10: 1_852_903 },
  buyWithToken: { 2: 610_354, 5: 1_127_240, 10: 1_988_896 },
  sellForEth: { 2: 465_015, 5: 949_072, 10: 1_755_718 },
};
/** Ours must not exceed the original's (1.0 ×) and aims at 0.8 ×. */
export const GAS_MUST_RATIO = 1;
export const GAS_AIM_RATIO = 0.8;

/** Components, in order: the first n of these (none is WETH or USDT, none is SOFI with its vote checkpoints). */
const COMPONENTS = ["WBTC", "DAI", "USDC", "NAGI", "GPUX", "GOLDX", "YLD", "LEND", "AEROP", "TBILL"] as const;
const BUY_TOKEN = "USDT";
const SLIPPAGE_BPS = 1_000n;
const DEADLINE_SECONDS = 1_200n;
const EXIT_FEE_BPS = 50n;
const E18 = 10n ** 18n;

/** One measured trade: its receipt's gasUsed and its ratio to the original's. */
export type GasFigure = {
  gasUsed: number;
  ratio: number;
  /** Swaps per leg (path length - 1), in the set's component order. */
  hops: number[];
  /** Trades sent first because the route had a pool or router not traded yet (see `measure`). */
  warmups: number;
  /** Every pool and router of the measured trade had traded before (false: MAX_WARMUPS ran out). */
  warm: boolean;
  tx: Hex;
};

/**
 * The module's own quote (best price of the aggregator's routers and paths, at most three hops),
 * and `direct`: every leg one swap on the first DEX (the input's pool with the component; sales
 * the component's pool with WETH), the original's setup; buys with the token also `viaWeth`
 * (USDT → WETH → component on the first DEX: what a chain with only WETH pools, as the original's,
 * would route).
 */
export type GasTradeResult = GasFigure & { original: number; direct: GasFigure; viaWeth?: GasFigure };

export type GasResult = {
  /** anvil's hardfork (`anvil_nodeInfo`), anvil's version. */
  hardfork: string;
  anvil: string;
  quantity: string;
  slippageBps: number;
  exitFeeBps: number;
  buyToken: string;
  portfolios: {
    size: GasSize;
    address: Address;
    components: string[];
    /** What one portfolio token costs in WETH at the quote (buy with ETH, fee excluded). */
    valueWeth: number;
    trades: Record<GasTrade, GasTradeResult>;
  }[];
  ms: number;
};

type Leg = { router: Address; path: readonly Address[]; limit: bigint };
type Route = "quote" | "direct" | "viaWeth";
const MAX_WARMUPS = 4;

const up = (x: bigint) => (x * (10_000n + SLIPPAGE_BPS)) / 10_000n + 1n;
const down = (x: bigint) => (x * (10_000n - SLIPPAGE_BPS)) / 10_000n;

export async function measurePortfolioGas(
  opts: { log?: (s: string) => void; hardfork?: string } = {},
): Promise<GasResult> {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const anvil = await startAnvil(opts.hardfork ? { extraArgs: ["--hardfork", opts.hardfork] } : {});
  try {
    const rpcUrl = anvil.rpcUrl;
    const transport = http(rpcUrl, { timeout: 120_000 });
    const pub = createPublicClient({
      chain: foundry,
      transport,
      cacheTime: 0,
      pollingInterval: LOCAL_RECEIPT_POLL_MS,
    }) as PublicClient;
    const info = (await pub.request({ method: "anvil_nodeInfo" as never })) as {
      hardFork?: string;
      hardfork?: string;
    };
    const version = (await pub.request({ method: "web3_clientVersion" as never })) as string;
    log("gas: deployAll, then the seed's tokens and dexes steps (balances and liquidity, no history)");
    const deployment = (await deployAll({ rpcUrl, outDir: false })) as Deployment;
    await seed({
      rpcUrl,
      deployment,
      days: 0,
      steps: SEED_STEPS.filter((s) => s.name === "tokens" || s.name === "dexes"),
    });
    // Mainnet-like blocks, 12 s apart: every trade's pools last moved in an earlier block, so each
    // swap updates the pair's price accumulators, as it does on a live chain (blocks mined in the
    // same wall-clock second would share a timestamp and skip them, making figures vary by run).
    await pub.request({ method: "anvil_setBlockTimestampInterval" as never, params: [12] as never });
    const c = deployment.contracts as Record<string, Address | undefined>;
    const factory = c.portfolioFactory;
    const module = c.portfolioTradingModule;
    const issuance = c.basicIssuanceModule;
    const tradeModule = c.tradeModule;
    if (!factory || !module || !issuance || !tradeModule) throw new Error("the deployment has no portfolio contracts");
    const manager = ANVIL_ACCOUNTS[0]?.address as Address;
    const trader = ANVIL_ACCOUNTS[1]?.address as Address;
    const wallet = (account: Address) => createWalletClient({ chain: foundry, transport, account });
    const send = async (
      account: Address,
      req: { to: Address; data: Hex; value?: bigint; gas?: bigint },
    ): Promise<{ gasUsed: bigint; hash: Hex; logs: readonly { address: Address; data: Hex; topics: Hex[] }[] }> => {
      const hash = await wallet(account).sendTransaction({ ...req, gas: req.gas ?? 15_000_000n });
      const r = await pub.waitForTransactionReceipt({ hash });
      if (r.status !== "success") throw new Error(`tx ${hash} to ${req.to} reverted`);
      return { gasUsed: r.gasUsed, hash, logs: r.logs as never };
    };
    const token = (symbol: string) => {
      const t = deployment.tokens.find((x) => x.symbol === symbol);
      if (!t) throw new Error(`no token ${symbol}`);
      return t;
    };
    const weth = deployment.weth;
    const usdt = token("USDT").address;
    const dexA = deployment.dexes[0]?.name;
    /** Reserves of `a` and `b` in the first DEX's a/b pair. */
    const reserves = async (a: Address, b: Address): Promise<[bigint, bigint]> => {
      const p = deployment.pairs.find(
        (x) =>
          x.dex === dexA &&
          ((x.token0.toLowerCase() === a.toLowerCase() && x.token1.toLowerCase() === b.toLowerCase()) ||
            (x.token1.toLowerCase() === a.toLowerCase() && x.token0.toLowerCase() === b.toLowerCase())),
      );
      if (!p) throw new Error(`no ${a}/${b} pair`);
      const [r0, r1] = await pub.readContract({
        address: p.address,
        abi: uniswapV2PairAbi,
        functionName: "getReserves",
      });
      return p.token0.toLowerCase() === a.toLowerCase() ? [r0, r1] : [r1, r0];
    };
    // USD prices (18 decimals) through WETH: WETH's from WETH/USDT, each component's from its WETH pool.
    const [wethR, usdtR] = await reserves(weth, usdt);
    const wethUsd = (usdtR * E18) / wethR; // USDT has 18 decimals
    const priceUsd = async (symbol: string) => {
      const t = token(symbol);
      const [rt, rw] = await reserves(t.address, weth);
      return (rw * wethUsd * 10n ** BigInt(t.decimals)) / (rt * E18);
    };

    // The trader's USDT (the seed's 50,000 last a few dozen buys), then the approvals it gives
    // once: USDT to the module (buys), each portfolio to it (sells).
    await send(manager, { to: usdt, data: encodeFn(testTokenAbi, "mint", [trader, 10n ** 9n * E18]) });
    await send(trader, {
      to: usdt,
      data: encodeApprove(module),
    });

    const quantity = E18;
    const portfolios: GasResult["portfolios"] = [];
    for (const size of GAS_SIZES) {
      const symbols = COMPONENTS.slice(0, size);
      const comps = symbols.map((s) => token(s).address);
      const prices = await Promise.all(symbols.map(priceUsd));
      const allocations = symbols.map(
        (_, i) => BigInt(Math.floor(10_000 / size)) + (i === 0 ? BigInt(10_000 % size) : 0n),
      );
      const created = await send(manager, {
        to: factory,
        data: encodeFn(portfolioFactoryAbi, "create", [
          {
            components: comps,
            allocations,
            prices,
            startPrice: wethUsd,
            modules: [issuance, tradeModule],
            manager,
            name: `Gas ${size}`,
            symbol: `GAS${size}`,
          },
        ]),
      });
      const ev = parseEventLogs({
        abi: portfolioFactoryAbi,
        logs: created.logs as never,
        eventName: "PortfolioCreated",
      });
      const set = ev[0]?.args.portfolio as Address | undefined;
      if (!set) throw new Error("PortfolioCreated not emitted");
      await send(manager, { to: set, data: encodeFn(setTokenAbi, "addModule", [module]) });
      await send(manager, {
        to: module,
        data: encodeFn(portfolioTradingModuleAbi, "initialize", [set, EXIT_FEE_BPS, manager]),
      });
      await send(manager, { to: module, data: encodeFn(portfolioTradingModuleAbi, "setTradingEnabled", [set, true]) });
      await send(trader, { to: set, data: encodeApprove(module) });

      const deadline = async () => (await pub.getBlock({ blockTag: "latest" })).timestamp + DEADLINE_SECONDS;
      const quoteBuy = async (tokenIn: Address) => {
        const [legs, amountIn, fee] = await pub.readContract({
          address: module,
          abi: portfolioTradingModuleAbi,
          functionName: "quoteBuy",
          args: [set, quantity, tokenIn],
        });
        return {
          legs: (legs as readonly Leg[]).map((l) => ({ ...l, limit: up(l.limit) })),
          max: up(amountIn + fee),
          amountIn,
        };
      };
      const quoteSell = async () => {
        const [legs, amountOut] = await pub.readContract({
          address: module,
          abi: portfolioTradingModuleAbi,
          functionName: "quoteSell",
          args: [set, quantity, zeroAddress],
        });
        return { legs: (legs as readonly Leg[]).map((l) => ({ ...l, limit: down(l.limit) })), min: down(amountOut) };
      };
      const routerA = deployment.dexes[0]?.router as Address;
      /** Legs of a buy with `input` (WETH for ETH, or USDT): the module's quote, or fixed paths on the first DEX. */
      const buyLegs = async (input: Address, route: Route) => {
        if (route === "quote") return quoteBuy(input === weth ? zeroAddress : input);
        const [comps, amounts] = await pub.readContract({
          address: issuance,
          abi: basicIssuanceModuleAbi,
          functionName: "getRequiredComponentUnitsForIssue",
          args: [set, quantity],
        });
        let total = 0n;
        const legs: Leg[] = [];
        for (const [i, comp] of comps.entries()) {
          const path = route === "direct" || input === weth ? [input, comp] : [input, weth, comp];
          const a = await pub.readContract({
            address: routerA,
            abi: uniswapV2Router02Abi,
            functionName: "getAmountsIn",
            args: [amounts[i] as bigint, path],
          });
          total += a[0] as bigint;
          legs.push({ router: routerA, path, limit: up(a[0] as bigint) });
        }
        return { legs, max: up(total + (total * 30n) / 10_000n), amountIn: total };
      };
      /** Legs of a sale for ETH: the module's quote, or each component straight to WETH on the first DEX. */
      const sellLegs = async (route: Route) => {
        if (route === "quote") return quoteSell();
        const comps = await pub.readContract({ address: set, abi: setTokenAbi, functionName: "getComponents" });
        let gross = 0n;
        const legs: Leg[] = [];
        for (const comp of comps) {
          const unit = await pub.readContract({
            address: set,
            abi: setTokenAbi,
            functionName: "getDefaultPositionRealUnit",
            args: [comp],
          });
          const path = [comp, weth];
          const a = await pub.readContract({
            address: routerA,
            abi: uniswapV2Router02Abi,
            functionName: "getAmountsOut",
            args: [(BigInt(unit) * quantity) / E18, path],
          });
          gross += a[1] as bigint;
          legs.push({ router: routerA, path, limit: down(a[1] as bigint) });
        }
        const net = gross - (gross * 30n) / 10_000n - (gross * EXIT_FEE_BPS) / 10_000n;
        return { legs, min: down(net) };
      };
      const exec = async (kind: GasTrade, route: Route) => {
        if (kind === "sellForEth") {
          const q = await sellLegs(route);
          const dl = await deadline();
          const r = await send(trader, {
            to: module,
            data: encodeFn(portfolioTradingModuleAbi, "sellExactSetForETH", [set, quantity, q.min, q.legs, dl]),
          });
          return { ...r, legs: q.legs, amountIn: 0n };
        }
        const input = kind === "buyWithEth" ? weth : usdt;
        const q = await buyLegs(input, route);
        const dl = await deadline();
        const r = await send(trader, {
          to: module,
          value: kind === "buyWithEth" ? q.max : 0n,
          data:
            kind === "buyWithEth"
              ? encodeFn(portfolioTradingModuleAbi, "buyExactSetWithETH", [set, quantity, q.legs, dl])
              : encodeFn(portfolioTradingModuleAbi, "buyExactSetWithToken", [set, quantity, usdt, q.max, q.legs, dl]),
        });
        return { ...r, legs: q.legs, amountIn: q.amountIn };
      };
      // "Warm" as in the issue (after a first buy): every pool and router of the measured trade has
      // traded before, with the same input token (a pool's first swap in a later block writes its price accumulators from zero,
      // the module's first use of a router sets its standing allowance). A trade whose route has a
      // pool not used yet (or a router the module has no allowance of the leg's input for) is sent as a warm-up, and the route is asked again (the module's quote may
      // pick another pool after a trade moved prices), at most MAX_WARMUPS times.
      const warmed = new Set<string>();
      const hopKeys = (legs: Leg[]) =>
        legs
          .filter((l) => l.path.length > 1)
          .flatMap((l) => [
            // the module's allowance of the leg's input to the router, and each pool of its path
            `${l.router}:allow:${l.path[0]}`.toLowerCase(),
            ...l.path.slice(1).map((b, i) => `${l.router}:${[l.path[i], b].sort().join("-")}`.toLowerCase()),
          ]);
      const measure = async (kind: GasTrade, route: Route) => {
        for (let warmups = 0; ; warmups++) {
          // Ask for the route and check it without sending: a view of the same legs `exec` builds.
          const legs =
            kind === "sellForEth"
              ? (await sellLegs(route)).legs
              : (await buyLegs(kind === "buyWithEth" ? weth : usdt, route)).legs;
          const warm = hopKeys(legs).every((k) => warmed.has(k));
          const r = await exec(kind, route);
          for (const k of hopKeys(r.legs)) warmed.add(k);
          if (warm || warmups >= MAX_WARMUPS) return { ...r, warmups, warm };
        }
      };
      const result = (r: Awaited<ReturnType<typeof measure>>, original: number) => ({
        gasUsed: Number(r.gasUsed),
        ratio: Number(r.gasUsed) / original,
        hops: r.legs.map((l) => Math.max(0, l.path.length - 1)),
        warmups: r.warmups,
        warm: r.warm,
        tx: r.hash,
      });
      // Buys first (every buy adds a token the sales then sell).
      const trades = {} as Record<GasTrade, GasTradeResult>;
      let valueWeth = 0;
      for (const kind of GAS_TRADES) {
        const original = ORIGINAL_GAS[kind][size];
        if (kind === "sellForEth") continue;
        const q = await measure(kind, "quote");
        if (kind === "buyWithEth") valueWeth = Number(q.amountIn) / 1e18;
        trades[kind] = { original, ...result(q, original), direct: result(await measure(kind, "direct"), original) };
        if (kind === "buyWithToken") trades[kind].viaWeth = result(await measure(kind, "viaWeth"), original);
      }
      {
        const original = ORIGINAL_GAS.sellForEth[size];
        const q = await measure("sellForEth", "quote");
        trades.sellForEth = {
          original,
          ...result(q, original),
          direct: result(await measure("sellForEth", "direct"), original),
        };
      }
      const fmt = (t: GasTradeResult) =>
        `${t.gasUsed.toLocaleString("en-US")} (${t.ratio.toFixed(2)} ×; direct ${t.direct.gasUsed.toLocaleString("en-US")}, ${t.direct.ratio.toFixed(2)} ×)`;
      log(`  ${size} components: ${GAS_TRADES.map((k) => `${k} ${fmt(trades[k])}`).join(", ")}`);
      portfolios.push({ size, address: set, components: [...symbols], valueWeth, trades });
    }
    return {
      hardfork: info.hardFork ?? info.hardfork ?? "?",
      anvil: version,
      quantity: quantity.toString(),
      slippageBps: Number(SLIPPAGE_BPS),
      exitFeeBps: Number(EXIT_FEE_BPS),
      buyToken: BUY_TOKEN,
      portfolios,
      ms: performance.now() - t0,
    };
  } finally {
    await anvil.stop();
  }
}

function encodeApprove(spender: Address): Hex {
  return encodeFn(testTokenAbi, "approve", [spender, maxUint256]);
}

function encodeFn(abi: readonly unknown[], functionName: string, args: readonly unknown[]): Hex {
  return encodeFunctionData({ abi, functionName, args } as unknown as Parameters<typeof encodeFunctionData>[0]);
}
