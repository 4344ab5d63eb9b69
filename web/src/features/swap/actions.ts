import { type SwapMessage, swapDeadline, swapErrorMessage, swapMessageText, wrapErrorMessage } from "@sofi/core";
import { sofiAggregatorAbi, weth9Abi } from "@sofi/protocol";
import {
  type ContractCall,
  type Described,
  type Sent,
  sendApprove,
  sendWrite,
  type TransactionInfo,
  type TransactorContext,
  WriteError,
} from "../transactions/index.ts";

/**
 * The swap's writes (approve, trade, wrap/unwrap), each through the transactions feature's one
 * transactor (estimate, send, track, popup, refresh after the receipt); this file only builds the
 * calls and turns failures into the spec's texts (000 §8).
 */
type Ctx = TransactorContext;

/** What the tracker shows for a write: data rendered in the language of the moment, or a plain text. */
export type Summary = TransactionInfo | string;

const described = (s: Summary): Described => (typeof s === "string" ? { summary: s } : { info: s });

/** A failure the page shows: `swapMessage` for the user's language, the spec's English text (000 §8) as `message`. */
export class SwapError extends Error {
  constructor(readonly swapMessage: SwapMessage) {
    super(swapMessageText(swapMessage));
  }
}

/**
 * The wallet is on another chain than the write's (viem's `ChainMismatchError`, wagmi's
 * `ConnectorChainMismatchError`): the page says so in its own words, never the library's text.
 */
export function isChainMismatch(e: unknown): boolean {
  let x: unknown = e;
  for (let depth = 0; x && typeof x === "object" && depth < 10; depth++) {
    const name = (x as { name?: unknown }).name;
    if (name === "ChainMismatchError" || name === "ConnectorChainMismatchError") return true;
    x = (x as { cause?: unknown }).cause;
  }
  return false;
}

/** A transactor failure as the swap path's message (000 §8 "estimate" / "send" texts). */
function asSwapError(e: unknown): unknown {
  if (isChainMismatch(e)) {
    console.error("The wallet is on another network", e);
    return new SwapError({ key: "wrongNetwork" });
  }
  return e instanceof WriteError ? new SwapError(swapErrorMessage(e.stage, e.cause)) : e;
}

/**
 * Spec 000 §4 approve: an unlimited approval first; the exact amount when estimating the
 * unlimited one fails. Resolves once the approval is mined (true when it succeeded).
 */
export async function approveToken(
  ctx: Ctx,
  token: `0x${string}`,
  spender: `0x${string}`,
  amount: bigint,
  summary: Summary,
): Promise<boolean> {
  let sent: Sent;
  try {
    sent = await sendApprove(ctx, { token, spender, amount, ...described(summary) });
  } catch (e) {
    throw asSwapError(e);
  }
  return sent.done;
}

export type TradeArgs = {
  aggregator: `0x${string}`;
  router: `0x${string}`;
  path: `0x${string}`[];
  amountIn: bigint;
  amountOutMin: bigint;
  recipient: `0x${string}`;
  deadlineSeconds: number;
  inputNative: boolean;
  outputNative: boolean;
};

/** The aggregator call for a trade: native in → tradeTokenByExactETH, native out → tradeETHByExactToken. */
export function tradeCall(a: TradeArgs, deadline: bigint) {
  if (a.inputNative) {
    return {
      address: a.aggregator,
      abi: sofiAggregatorAbi,
      functionName: "tradeTokenByExactETH" as const,
      args: [a.router, a.path, a.amountOutMin, a.recipient, deadline] as const,
      value: a.amountIn,
    };
  }
  return {
    address: a.aggregator,
    abi: sofiAggregatorAbi,
    functionName: a.outputNative ? ("tradeETHByExactToken" as const) : ("tradeTokenByExactToken" as const),
    args: [a.router, a.path, a.amountIn, a.amountOutMin, a.recipient, deadline] as const,
  };
}

/** Estimates (the revert reason gives the spec's text), sends with padded gas (core's padGas), tracks. */
export async function sendTrade(ctx: Ctx, a: TradeArgs, summary: Summary): Promise<Sent> {
  const block = await ctx.client.getBlock();
  const deadline = swapDeadline(block.timestamp, a.deadlineSeconds, Date.now() / 1000);
  try {
    return await sendWrite(ctx, { call: tradeCall(a, deadline) as ContractCall, ...described(summary) });
  } catch (e) {
    throw asSwapError(e);
  }
}

/** WETH9 deposit (wrap) or withdraw (unwrap), gas left to the wallet. Resolves once sent; `done` once mined. */
export async function sendWrap(
  ctx: Ctx,
  weth: `0x${string}`,
  kind: "wrap" | "unwrap",
  amount: bigint,
  summary: Summary,
): Promise<Sent> {
  const call: ContractCall =
    kind === "wrap"
      ? { address: weth, abi: weth9Abi, functionName: "deposit", value: amount }
      : { address: weth, abi: weth9Abi, functionName: "withdraw", args: [amount] };
  try {
    return await sendWrite(ctx, { call, ...described(summary), estimate: false });
  } catch (e) {
    // Spec 000 §8: wrap failures are logged as "Could not deposit" / "Could not withdraw".
    const cause = e instanceof WriteError ? e.cause : e;
    console.error(kind === "wrap" ? "Could not deposit" : "Could not withdraw", cause);
    throw new SwapError(isChainMismatch(cause) ? { key: "wrongNetwork" } : wrapErrorMessage(kind, cause));
  }
}
