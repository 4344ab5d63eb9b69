/**
 * The DEXes' market: liquidity for every pair on both DEXes (different depths and slightly
 * different prices per DEX, so the routers quote differently), then in every history block a
 * seeded random walk of every token's USD price and the swaps that move the pairs toward it, from
 * the seed traders. An exact model of the reserves chooses the amounts (`ctx.pairs`).
 */
import { type Address, encodeFunctionData } from "viem";
import { testTokenAbi, uniswapV2Router02Abi } from "../../../packages/protocol/src/abis/index.ts";
import { DEX_SPECS } from "../tokens.ts";
import {
  DEADLINE,
  GAS,
  gaussian,
  getAmountOut,
  MAX_UINT,
  type PairModel,
  SECONDS_PER_YEAR,
  type SeedStep,
  units,
  verifyReserves,
} from "./kit.ts";

export const dexesSeed: SeedStep = {
  name: "dexes",
  start(ctx) {
    const { deployment, tokens, priceUsd, rand } = ctx;
    // Each DEX gets its own fixed skew per token (the first draws of the market's stream).
    const skew = new Map<string, number>();
    for (const t of tokens)
      for (let d = 0; d < deployment.dexes.length; d++)
        skew.set(`${d}:${t.symbol}`, d === 0 ? 0 : (rand() - 0.5) * (t.volatility < 0.05 ? 0.004 : 0.016));
    const pairsOf = new Map<string, PairModel[]>();

    return {
      async setup() {
        const byAddress = new Map(tokens.map((t) => [t.address.toLowerCase(), t]));
        const usdt = ctx.usdt.address;
        const seeders = [ctx.lp, ...ctx.traders];
        for (const a of seeders)
          for (const t of tokens)
            for (const d of deployment.dexes)
              ctx.sender.add({
                from: a,
                to: t.address,
                gas: GAS.approve,
                data: encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [d.router, MAX_UINT] }),
              });
        for (const pair of deployment.pairs) {
          const a = byAddress.get(pair.token0.toLowerCase());
          const b = byAddress.get(pair.token1.toLowerCase());
          const dexIndex = deployment.dexes.findIndex((d) => d.name === pair.dex);
          const dex = deployment.dexes[dexIndex];
          if (!a || !b || !dex) throw new Error(`seed: unknown pair ${pair.address}`);
          // The quote is WETH, else USDT (the WETH/USDT pair quotes WETH in USDT).
          const isQuote = (t: { address: Address }) =>
            t.address === ctx.weth ? !(a.address === usdt || b.address === usdt) : t.address === usdt;
          const [token, quote] = isQuote(b) ? [a, b] : [b, a];
          const depth = DEX_SPECS[dexIndex]?.depthUsd ?? 100_000;
          const sideUsd = quote.address === ctx.weth ? depth : token.address === ctx.weth ? depth * 4 : depth / 2;
          const pTok = (priceUsd.get(token.symbol) ?? 0) * (1 + (skew.get(`${dexIndex}:${token.symbol}`) ?? 0));
          const pQuote = priceUsd.get(quote.symbol) ?? 0;
          const m: PairModel = {
            pair,
            dexIndex,
            router: dex.router,
            token,
            quote,
            rToken: units(sideUsd / pTok, token.decimals),
            rQuote: units(sideUsd / pQuote, quote.decimals),
          };
          ctx.pairs.push(m);
          const list = pairsOf.get(token.symbol) ?? [];
          list.push(m);
          pairsOf.set(token.symbol, list);
          ctx.sender.add({
            from: ctx.lp,
            to: dex.router,
            gas: GAS.addLiquidity,
            data: encodeFunctionData({
              abi: uniswapV2Router02Abi,
              functionName: "addLiquidity",
              args: [token.address, quote.address, m.rToken, m.rQuote, 0n, 0n, ctx.lp, DEADLINE],
            }),
          });
        }
        ctx.log(`liquidity on ${ctx.pairs.length} pairs`);
      },

      async block({ interval, used }) {
        const dt = interval / SECONDS_PER_YEAR;
        for (const t of tokens) {
          if (t.symbol === "USDT") continue;
          const p = priceUsd.get(t.symbol) ?? t.priceUsd;
          const shock = gaussian(rand) * t.volatility * Math.sqrt(dt);
          // Pegged tokens revert to their starting price; others drift freely.
          const next =
            t.volatility < 0.05 ? t.priceUsd * (1 + shock * 20) : p * Math.exp(shock - (t.volatility ** 2 * dt) / 2);
          priceUsd.set(t.symbol, next);
        }
        for (const t of tokens) {
          if (t.symbol === "USDT") continue;
          const prob = t.symbol === "WETH" ? Math.min(1, 2 * ctx.tradeProbability) : ctx.tradeProbability;
          if (rand() >= prob) continue;
          const options =
            (t.symbol === "WETH" ? ctx.pairs.filter((m) => m.token.symbol === "WETH") : pairsOf.get(t.symbol)) ?? [];
          const m = options[Math.floor(rand() * options.length)];
          const key = m?.pair.address.toLowerCase();
          if (!m || !key || used.has(key)) continue;
          used.add(key);
          const trader = ctx.traders[Math.floor(rand() * ctx.traders.length)] ?? ctx.lp;
          const swap = planSwap(m, priceUsd, skew, rand);
          if (!swap) continue;
          ctx.sender.add({
            from: trader,
            to: m.router,
            gas: GAS.swap,
            data: encodeFunctionData({
              abi: uniswapV2Router02Abi,
              functionName: "swapExactTokensForTokens",
              args: [swap.amountIn, swap.amountOut, swap.path, trader, DEADLINE],
            }),
          });
          ctx.counts.swaps++;
        }
      },

      verify: () => verifyReserves(ctx.client, ctx.pairs),
    };
  },
};

/**
 * The swap that moves a pair toward its token's walked price on that DEX, plus a little noise;
 * when the pair is already there, a small random trade for volume. Updates the model.
 */
function planSwap(
  m: PairModel,
  priceUsd: Map<string, number>,
  skew: Map<string, number>,
  rand: () => number,
): { amountIn: bigint; amountOut: bigint; path: [Address, Address] } | undefined {
  const pToken = (priceUsd.get(m.token.symbol) ?? 0) * (1 + (skew.get(`${m.dexIndex}:${m.token.symbol}`) ?? 0));
  const pQuote = m.quote.symbol === "USDT" ? 1 : (priceUsd.get(m.quote.symbol) ?? 0);
  const target = (pToken / pQuote) * (1 + gaussian(rand) * 0.002);
  const scale = 10 ** (m.quote.decimals - m.token.decimals);
  const rT = Number(m.rToken);
  const rQ = Number(m.rQuote);
  const current = rQ / rT / scale;
  let buyToken: boolean;
  let amountIn: bigint;
  if (Math.abs(target / current - 1) > 0.0005) {
    const k = rT * rQ;
    buyToken = target > current;
    amountIn = buyToken
      ? BigInt(Math.floor((Math.sqrt(k * target * scale) - rQ) / 0.997))
      : BigInt(Math.floor((Math.sqrt(k / (target * scale)) - rT) / 0.997));
  } else {
    buyToken = rand() < 0.5;
    // 0.02 % to 0.4 % of the pool's quote side: volume without moving the price much.
    const sideUsd = (rQ / 10 ** m.quote.decimals) * pQuote;
    const usd = sideUsd * 0.0002 * Math.exp(rand() * 3);
    amountIn = buyToken ? units(usd / pQuote, m.quote.decimals) : units(usd / pToken, m.token.decimals);
  }
  if (amountIn <= 0n) return undefined;
  const [rIn, rOut] = buyToken ? [m.rQuote, m.rToken] : [m.rToken, m.rQuote];
  const amountOut = getAmountOut(amountIn, rIn, rOut);
  if (amountOut <= 0n || amountOut >= rOut) return undefined;
  if (buyToken) {
    m.rQuote += amountIn;
    m.rToken -= amountOut;
  } else {
    m.rToken += amountIn;
    m.rQuote -= amountOut;
  }
  const path: [Address, Address] = buyToken ? [m.quote.address, m.token.address] : [m.token.address, m.quote.address];
  return { amountIn, amountOut, path };
}
