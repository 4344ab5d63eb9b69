/**
 * Trades through the SofiAggregator, spread over the history, so its trade list and the profiles
 * are not empty on a fresh chain: a few seed traders and the first funded account (anvil account 0,
 * the dev wallet's default, every DEV_EVERY-th trade) swap token→token, ETH→token and token→ETH.
 * Each trade takes the aggregator's own quote (`getUniV2Routers` at the previous block) on the
 * router whose best path avoids the pairs this block already trades through, with amountOutMin
 * 0.5 % under the quote and a 20-minute deadline; the reserve model follows every hop and must
 * agree with the quote. At the end the chain's `Trade` events must equal the trades planned.
 */
import { type Address, encodeFunctionData, zeroAddress } from "viem";
import { sofiAggregatorAbi, testTokenAbi } from "../../../packages/protocol/src/abis/index.ts";
import { GAS, MAX_UINT, type PairModel, type SeedStep, type SeedToken, swapThrough, units } from "./kit.ts";

/** Probability that a history block carries an aggregator trade. */
const PER_BLOCK = 0.25;
/** Every this many trades, the first funded account trades (the first trade is its own). */
const DEV_EVERY = 4;
/** How many of the seed traders trade through the aggregator. */
const TRADERS = 4;
const SLIPPAGE_BPS = 50n;
const DEADLINE_SECONDS = 1200;
/** Fixed: an estimate would be one more call per trade, and a 3-hop trade stays far below it. */
const TRADE_GAS = 1_000_000n;
/** Trade sizes in USD, log-uniform. */
const USD = { trader: [50, 5000], dev: [20, 1000] } as const;

type Kind = "tokenToToken" | "ethToToken" | "tokenToEth";
type Planned = { user: Address; tokenIn: Address; tokenOut: Address; amountIn: bigint; amountOut: bigint };

export const aggregatorSeed: SeedStep = {
  name: "aggregator",
  start(ctx) {
    const aggregator = ctx.deployment.contracts.aggregator;
    const rand = ctx.random("aggregator");
    const dev = ctx.fundAccounts[0];
    const traders = ctx.traders.slice(0, TRADERS);
    const planned: Planned[] = [];
    let fromBlock: bigint | undefined;
    const erc20s = ctx.tokens.filter((t) => t.address !== ctx.weth);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

    /** Picks what to trade; ETH stands for WETH in the aggregator's quotes and paths. */
    const choose = (kind: Kind): [SeedToken, SeedToken] => {
      if (kind === "ethToToken") return [weth(), pick(erc20s)];
      if (kind === "tokenToEth") return [pick(erc20s), weth()];
      const tokenIn = pick(ctx.tokens);
      let tokenOut = pick(ctx.tokens);
      if (tokenOut === tokenIn) tokenOut = ctx.usdt === tokenIn ? weth() : ctx.usdt;
      return [tokenIn, tokenOut];
    };
    const weth = () => ctx.tokens.find((t) => t.address === ctx.weth) as SeedToken;

    return {
      async setup() {
        if (!aggregator) {
          ctx.log("no contracts.aggregator: no aggregator trades");
          return;
        }
        for (const trader of traders)
          for (const t of ctx.tokens)
            ctx.sender.add({
              from: trader,
              to: t.address,
              gas: GAS.approve,
              data: encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [aggregator, MAX_UINT] }),
            });
      },

      async block({ timestamp, used }) {
        if (!aggregator || rand() >= PER_BLOCK) return;
        const isDev = dev !== undefined && planned.length % DEV_EVERY === 0;
        const user = isDev ? dev : pick(traders);
        const r = rand();
        const kind: Kind = r < 0.3 ? "ethToToken" : r < 0.55 ? "tokenToEth" : "tokenToToken";
        const [tokenIn, tokenOut] = choose(kind);
        const [lo, hi] = isDev ? USD.dev : USD.trader;
        const usd = lo * (hi / lo) ** rand();
        const amountIn = units(usd / (ctx.priceUsd.get(tokenIn.symbol) ?? tokenIn.priceUsd), tokenIn.decimals);
        if (amountIn <= 0n) return;

        // The aggregator's quote at the last mined block: the state this block starts from.
        const [routers, amountsOut, paths] = await ctx.client.readContract({
          address: aggregator,
          abi: sofiAggregatorAbi,
          functionName: "getUniV2Routers",
          args: [amountIn, tokenIn.address, tokenOut.address],
        });
        // Best first; a router whose path crosses a pair this block already trades is skipped.
        const order = routers.map((_, i) => i).sort((a, b) => Number((amountsOut[b] ?? 0n) - (amountsOut[a] ?? 0n)));
        let route: { router: Address; path: readonly Address[]; hops: PairModel[]; quote: bigint } | undefined;
        for (const i of order) {
          const router = routers[i] as Address;
          const path = paths[i] ?? [];
          const quote = amountsOut[i] ?? 0n;
          const dexIndex = ctx.deployment.dexes.findIndex((d) => d.router === router);
          if (quote === 0n || path.length < 2 || dexIndex < 0) continue;
          const hops = path.slice(1).map((b, h) => ctx.pairOf(dexIndex, path[h] as Address, b));
          if (hops.some((m) => !m || used.has(m.pair.address.toLowerCase()))) continue;
          route = { router, path, hops: hops as PairModel[], quote };
          break;
        }
        if (!route) return;
        // The model must give the aggregator's number, then follows the trade.
        let out = amountIn;
        route.hops.forEach((m, h) => {
          out = swapThrough(m, route.path[h] as Address, out, false);
        });
        if (out !== route.quote)
          throw new Error(`seed: the reserve model quotes ${out}, the aggregator ${route.quote}: the model drifted`);
        out = amountIn;
        route.hops.forEach((m, h) => {
          out = swapThrough(m, route.path[h] as Address, out, true);
          used.add(m.pair.address.toLowerCase());
        });

        const amountOutMin = (route.quote * (10_000n - SLIPPAGE_BPS)) / 10_000n;
        const deadline = BigInt(timestamp + DEADLINE_SECONDS);
        const path = [...route.path];
        if (isDev && kind !== "ethToToken")
          // The dev account approves exactly what it sells, so its allowance is back to 0 afterwards
          // (the swap page still shows an approval to that account on a fresh chain).
          ctx.sender.add({
            from: user,
            to: tokenIn.address,
            gas: GAS.approve,
            data: encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [aggregator, amountIn] }),
          });
        const data =
          kind === "ethToToken"
            ? encodeFunctionData({
                abi: sofiAggregatorAbi,
                functionName: "tradeTokenByExactETH",
                args: [route.router, path, amountOutMin, user, deadline],
              })
            : encodeFunctionData({
                abi: sofiAggregatorAbi,
                functionName: kind === "tokenToEth" ? "tradeETHByExactToken" : "tradeTokenByExactToken",
                args: [route.router, path, amountIn, amountOutMin, user, deadline],
              });
        ctx.sender.add({
          from: user,
          to: aggregator,
          gas: TRADE_GAS,
          data,
          value: kind === "ethToToken" ? amountIn : 0n,
        });
        fromBlock ??= (await ctx.client.getBlockNumber({ cacheTime: 0 })) + 1n;
        planned.push({
          user,
          tokenIn: kind === "ethToToken" ? zeroAddress : tokenIn.address,
          tokenOut: kind === "tokenToEth" ? zeroAddress : tokenOut.address,
          amountIn,
          amountOut: route.quote,
        });
        ctx.counts.trades++;
      },

      async finish() {
        if (!aggregator || fromBlock === undefined) return;
        const logs = await ctx.client.getContractEvents({
          address: aggregator,
          abi: sofiAggregatorAbi,
          eventName: "Trade",
          fromBlock,
        });
        const row = (user?: Address, tokenIn?: Address, tokenOut?: Address, amountIn?: bigint, amountOut?: bigint) =>
          [user, tokenIn, tokenOut, amountIn, amountOut].map((x) => String(x).toLowerCase()).join(":");
        const got = logs.map((l) =>
          row(l.args.user, l.args.tokenIn, l.args.tokenOut, l.args.amountIn, l.args.amountOut),
        );
        const want = planned.map((p) => row(p.user, p.tokenIn, p.tokenOut, p.amountIn, p.amountOut));
        if (got.join("\n") !== want.join("\n"))
          throw new Error(
            `seed: ${logs.length} aggregator trades on chain, ${planned.length} planned, or other amounts`,
          );
        ctx.log(`${planned.length} aggregator trades`);
      },
    };
  },
};
