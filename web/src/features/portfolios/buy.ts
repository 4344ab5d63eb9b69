import { portfolioTradingModuleAbi } from "@sofi/protocol";

/** Spec 001 §2: the trading views show a slippage tolerance of 10 %. */
export const BUY_SLIPPAGE_BPS = 1_000n;
/** How long a signed buy stays valid. */
export const BUY_DEADLINE_SECONDS = 20 * 60;

/** `x` raised by the slippage tolerance, rounded up. */
export function withSlippage(x: bigint, bps: bigint = BUY_SLIPPAGE_BPS): bigint {
  return (x * (10_000n + bps) + 9_999n) / 10_000n;
}

export type Leg = { router: `0x${string}`; path: readonly `0x${string}`[]; limit: bigint };

/** What a buy needs at most: the quoted input plus the fee, with the slippage tolerance. */
export function maxBuyValue(amountIn: bigint, tradeFee: bigint): bigint {
  return withSlippage(amountIn + tradeFee);
}

/** Why the buy button is disabled (spec 001 §2), or null when it can be pressed. */
export type BuyBlock = "connect" | "enterAmount" | "quoting" | "noQuote" | "insufficient" | null;
export function buyBlock(s: {
  connected: boolean;
  quantity: bigint | null;
  value: bigint | null;
  quoting: boolean;
  balance: bigint | undefined;
}): BuyBlock {
  if (!s.connected) return "connect";
  if (!s.quantity || s.quantity <= 0n) return "enterAmount";
  if (s.quoting) return "quoting";
  if (s.value === null) return "noQuote";
  if (s.balance !== undefined && s.value > s.balance) return "insufficient";
  return null;
}

/** The module call: buy exactly `quantity` of `set` with the native coin, every leg's limit widened. */
export function buyWithEthCall(a: {
  module: `0x${string}`;
  set: `0x${string}`;
  quantity: bigint;
  legs: readonly Leg[];
  value: bigint;
  nowSeconds: number;
}) {
  return {
    address: a.module,
    abi: portfolioTradingModuleAbi,
    functionName: "buyExactSetWithETH" as const,
    args: [
      a.set,
      a.quantity,
      a.legs.map((l) => ({ router: l.router, path: [...l.path], limit: withSlippage(l.limit) })),
      BigInt(a.nowSeconds + BUY_DEADLINE_SECONDS),
    ] as const,
    value: a.value,
  };
}
