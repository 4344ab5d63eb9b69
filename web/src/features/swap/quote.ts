import {
  type Deployment,
  sofiAggregatorAbi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2Router02Abi,
} from "@sofi/protocol";
import { type PublicClient, zeroAddress } from "viem";

export type Quote = {
  /** Exact input trade: what is sold and the expected output. */
  amountIn: bigint;
  amountOut: bigint;
  router: `0x${string}`;
  routerName: string;
  path: `0x${string}`[];
  /** "in": the input was typed; "out": the output was typed and the input derived. */
  exact: "in" | "out";
};

export function routerName(deployment: Deployment, router: string): string {
  return deployment.dexes.find((d) => d.router.toLowerCase() === router.toLowerCase())?.name ?? router;
}

/** Best router for an exact input: the aggregator's `getUniV2Routers` (max hops 1 when single-hop only). */
export async function quoteExactIn(
  client: PublicClient,
  deployment: Deployment,
  aggregator: `0x${string}`,
  amountIn: bigint,
  tokenIn: `0x${string}`,
  tokenOut: `0x${string}`,
  singleHop: boolean,
): Promise<Quote | null> {
  const [routers, amounts, paths] = singleHop
    ? await client.readContract({
        address: aggregator,
        abi: sofiAggregatorAbi,
        functionName: "getUniV2RoutersWithMaxHops",
        args: [amountIn, tokenIn, tokenOut, 1n],
      })
    : await client.readContract({
        address: aggregator,
        abi: sofiAggregatorAbi,
        functionName: "getUniV2Routers",
        args: [amountIn, tokenIn, tokenOut],
      });
  let best = -1;
  for (let i = 0; i < routers.length; i++) {
    if ((amounts[i] ?? 0n) > 0n && (best < 0 || (amounts[i] ?? 0n) > (amounts[best] ?? 0n))) best = i;
  }
  if (best < 0) return null;
  const router = routers[best] as `0x${string}`;
  return {
    amountIn,
    amountOut: amounts[best] ?? 0n,
    router,
    routerName: routerName(deployment, router),
    path: [...(paths[best] ?? [])] as `0x${string}`[],
    exact: "in",
  };
}

/**
 * An exact output that routes exist for, but that no pool on them can provide (every router's
 * `getAmountsIn` refuses it): the page says insufficient liquidity, not "no route".
 */
export class InsufficientLiquidityError extends Error {
  constructor() {
    super("Insufficient liquidity for this trade");
    this.name = "InsufficientLiquidityError";
  }
}

/**
 * Best router for an exact output: the aggregator's best paths of the reverse direction give the
 * candidate routes, each router's `getAmountsIn` prices them (one multicall), the smallest input wins.
 * The trade itself is exact-input with that amount.
 */
export async function quoteExactOut(
  client: PublicClient,
  deployment: Deployment,
  aggregator: `0x${string}`,
  amountOut: bigint,
  tokenIn: `0x${string}`,
  tokenOut: `0x${string}`,
  singleHop: boolean,
): Promise<Quote | null> {
  const [routers, , paths] = await client.readContract({
    address: aggregator,
    abi: sofiAggregatorAbi,
    functionName: "getUniV2RoutersWithMaxHops",
    args: [amountOut, tokenOut, tokenIn, singleHop ? 1n : 3n],
  });
  const candidates = routers
    .map((r, i) => ({ router: r as `0x${string}`, path: [...(paths[i] ?? [])].reverse() as `0x${string}`[] }))
    .filter((c) => c.path.length >= 2);
  if (candidates.length === 0) return null;
  const results = await client.multicall({
    allowFailure: true,
    contracts: candidates.map((c) => ({
      address: c.router,
      abi: uniswapV2Router02Abi,
      functionName: "getAmountsIn" as const,
      args: [amountOut, c.path] as const,
    })),
  });
  let best: { amountIn: bigint; i: number } | null = null;
  results.forEach((r, i) => {
    if (r.status !== "success") return;
    const amountIn = (r.result as readonly bigint[])[0] ?? 0n;
    if (amountIn > 0n && (!best || amountIn < best.amountIn)) best = { amountIn, i };
  });
  // Routes exist but none can give this much: too little liquidity, not a missing route.
  if (!best) throw new InsufficientLiquidityError();
  const { amountIn, i } = best as { amountIn: bigint; i: number };
  const c = candidates[i] as (typeof candidates)[number];
  return {
    amountIn,
    amountOut,
    router: c.router,
    routerName: routerName(deployment, c.router),
    path: c.path,
    exact: "out",
  };
}

/**
 * [reserveIn, reserveOut] of every hop of a route through a router the deployment lists. Pairs
 * come from the deployment record, and from that router's factory for pairs the record does not
 * list (real networks have far more pairs than the record). null when the router is not listed or
 * a hop has no pair: the page then treats the impact as unmeasurable.
 */
export async function routeReserves(
  client: PublicClient,
  deployment: Deployment,
  router: string,
  path: readonly `0x${string}`[],
): Promise<[bigint, bigint][] | null> {
  const dex = deployment.dexes.find((d) => d.router.toLowerCase() === router.toLowerCase());
  if (!dex) return null;
  const hops: { a: `0x${string}`; b: `0x${string}`; pair: `0x${string}` | null }[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i] as `0x${string}`;
    const b = path[i + 1] as `0x${string}`;
    const known = deployment.pairs.find(
      (p) =>
        p.dex === dex.name &&
        ((p.token0.toLowerCase() === a.toLowerCase() && p.token1.toLowerCase() === b.toLowerCase()) ||
          (p.token0.toLowerCase() === b.toLowerCase() && p.token1.toLowerCase() === a.toLowerCase())),
    );
    hops.push({ a, b, pair: known?.address ?? null });
  }
  const unknown = hops.filter((h) => h.pair === null);
  if (unknown.length > 0) {
    const found = await client.multicall({
      allowFailure: false,
      contracts: unknown.map((h) => ({
        address: dex.factory,
        abi: uniswapV2FactoryAbi,
        functionName: "getPair" as const,
        args: [h.a, h.b] as const,
      })),
    });
    unknown.forEach((h, i) => {
      const pair = found[i] as `0x${string}`;
      h.pair = pair && pair !== zeroAddress ? pair : null;
    });
    if (hops.some((h) => h.pair === null)) return null;
  }
  // Uniswap V2 orders a pair's tokens by address: token0 is the lower one.
  const results = await client.multicall({
    allowFailure: false,
    contracts: hops.map((h) => ({
      address: h.pair as `0x${string}`,
      abi: uniswapV2PairAbi,
      functionName: "getReserves" as const,
    })),
  });
  return results.map((r, i) => {
    const [r0, r1] = r as readonly [bigint, bigint, number];
    const h = hops[i] as (typeof hops)[number];
    return BigInt(h.a) < BigInt(h.b) ? [r0, r1] : [r1, r0];
  });
}
