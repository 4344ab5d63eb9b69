import { minimumAmountOut, parseAmount } from "@sofi/core";
import { portfolioTradingModuleAbi } from "@sofi/protocol";
import { BUY_DEADLINE_SECONDS, BUY_SLIPPAGE_BPS, type Leg } from "./buy.ts";

/** How long a signed sell stays valid (as a buy). */
export const SELL_DEADLINE_SECONDS = BUY_DEADLINE_SECONDS;

/** `x` lowered by the slippage tolerance (spec 001 §2: 10 %), rounded down. */
export function lessSlippage(x: bigint, bps: bigint = BUY_SLIPPAGE_BPS): bigint {
  return minimumAmountOut(x, Number(bps));
}

/** What the seller receives at least: the module's net quote (after both fees) less the slippage tolerance. */
export function minReceived(quotedNet: bigint): bigint {
  return lessSlippage(quotedNet);
}

/** Why an amount of portfolio tokens cannot be sold, or its base units. */
export type SellAmount =
  | { ok: true; amount: bigint }
  | { ok: false; reason: "enterAmount" | "tooManyDecimals" | "insufficient" };

/**
 * The sell amount rules: digits with at most one point, at most `decimals` decimals, above 0 and
 * (when the balance is known) at most the balance.
 */
export function parseSellAmount(text: string, decimals: number, balance: bigint | undefined): SellAmount {
  if ((text.split(".")[1]?.length ?? 0) > decimals) return { ok: false, reason: "tooManyDecimals" };
  const amount = parseAmount(text, decimals);
  if (amount === null || amount <= 0n) return { ok: false, reason: "enterAmount" };
  if (balance !== undefined && amount > balance) return { ok: false, reason: "insufficient" };
  return { ok: true, amount };
}

/** Why the sell button is disabled (spec 001 §2 "disabled when no amount or amount exceeds balance"), or null. */
export type SellBlock = "connect" | "enterAmount" | "tooManyDecimals" | "insufficient" | "quoting" | "noQuote" | null;
export function sellBlock(s: { connected: boolean; amount: SellAmount; quoting: boolean; quoted: boolean }): SellBlock {
  if (!s.connected) return "connect";
  if (!s.amount.ok) return s.amount.reason;
  if (s.quoting) return "quoting";
  if (!s.quoted) return "noQuote";
  return null;
}

/** The module call: sell exactly `quantity` of `set` for the native coin, at least `minAmountOut`, every leg's minimum lowered. */
export function sellForEthCall(a: {
  module: `0x${string}`;
  set: `0x${string}`;
  quantity: bigint;
  minAmountOut: bigint;
  legs: readonly Leg[];
  nowSeconds: number;
}) {
  return {
    address: a.module,
    abi: portfolioTradingModuleAbi,
    functionName: "sellExactSetForETH" as const,
    args: [
      a.set,
      a.quantity,
      a.minAmountOut,
      a.legs.map((l) => ({ router: l.router, path: [...l.path], limit: lessSlippage(l.limit) })),
      BigInt(a.nowSeconds + SELL_DEADLINE_SECONDS),
    ] as const,
  };
}
