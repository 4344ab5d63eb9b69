/**
 * Swap routes on the exact reserve model, the way the router costs them: exact outputs for buys
 * (`getAmountsIn`), exact inputs for sells and rebalances, on paths of at most three hops (direct,
 * or through WETH or USDT) that avoid the pairs this block already trades through. An `Overlay`
 * holds the reserves a trade would leave until the trade is kept.
 */
import type { Address } from "viem";
import { getAmountOut, type PairModel, type SeedContext } from "../kit.ts";

export const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase();

/** Reserves a trade would leave, over the model, without touching it until the trade is kept. */
export class Overlay {
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

/** Uniswap V2's getAmountIn (0.3 % fee); undefined when the pair cannot pay `amountOut`. */
export function getAmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint | undefined {
  if (amountOut <= 0n || amountOut >= reserveOut) return undefined;
  return (reserveIn * amountOut * 1000n) / ((reserveOut - amountOut) * 997n) + 1n;
}

/** The candidate paths from `a` to `b` on a DEX (direct, or through WETH or USDT). */
export function paths(ctx: SeedContext, dexIndex: number, a: Address, b: Address): Address[][] {
  const out: Address[][] = [];
  if (ctx.pairOf(dexIndex, a, b)) out.push([a, b]);
  for (const mid of [ctx.weth, ctx.usdt.address])
    if (!same(mid, a) && !same(mid, b) && ctx.pairOf(dexIndex, a, mid) && ctx.pairOf(dexIndex, mid, b))
      out.push([a, mid, b]);
  return out;
}

/** The pair models along `path` on a DEX. */
export function hops(ctx: SeedContext, dexIndex: number, path: readonly Address[]): PairModel[] {
  return path.slice(1).map((b, i) => ctx.pairOf(dexIndex, path[i] as Address, b) as PairModel);
}

/** Whether no pair of `ms` is traded through yet in this block. */
export function free(ms: readonly PairModel[], used: Set<string>): boolean {
  return ms.every((m) => !used.has(m.pair.address.toLowerCase()));
}

export type Route = { dexIndex: number; path: Address[]; ms: PairModel[] };

/** The cheapest exact-output route for `amountOut` of `to` paid in `from`, applied to `o`. */
export function buyRoute(
  ctx: SeedContext,
  o: Overlay,
  used: Set<string>,
  from: Address,
  to: Address,
  amountOut: bigint,
): (Route & { amountIn: bigint }) | undefined {
  let best: (Route & { amountIn: bigint }) | undefined;
  for (let d = 0; d < ctx.deployment.dexes.length; d++)
    for (const path of paths(ctx, d, from, to)) {
      const ms = hops(ctx, d, path);
      if (!free(ms, used)) continue;
      let amount: bigint | undefined = amountOut;
      for (let i = ms.length - 1; i >= 0 && amount !== undefined; i--) {
        const [rIn, rOut] = o.reserves(ms[i] as PairModel, path[i] as Address);
        amount = getAmountIn(amount, rIn, rOut);
      }
      if (amount !== undefined && (!best || amount < best.amountIn)) best = { dexIndex: d, path, amountIn: amount, ms };
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
}

/** The best exact-input route for `amountIn` of `from` into `to`, applied to `o`. */
export function sellRoute(
  ctx: SeedContext,
  o: Overlay,
  used: Set<string>,
  from: Address,
  to: Address,
  amountIn: bigint,
): (Route & { amountOut: bigint }) | undefined {
  let best: (Route & { amountOut: bigint }) | undefined;
  for (let d = 0; d < ctx.deployment.dexes.length; d++)
    for (const path of paths(ctx, d, from, to)) {
      const ms = hops(ctx, d, path);
      if (!free(ms, used)) continue;
      const out = exactIn(o, ms, path, amountIn, false);
      if (out > 0n && (!best || out > best.amountOut)) best = { dexIndex: d, path, amountOut: out, ms };
    }
  if (best) exactIn(o, best.ms, best.path, amountIn, true);
  return best;
}

/** Output of an exact-input swap along `path` (0 when a hop pays nothing); `apply` moves `o`. */
export function exactIn(
  o: Overlay,
  ms: readonly PairModel[],
  path: readonly Address[],
  amountIn: bigint,
  apply: boolean,
): bigint {
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
}
