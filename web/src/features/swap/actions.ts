import {
  padGas,
  type SwapMessage,
  swapDeadline,
  swapErrorMessage,
  swapMessageText,
  wrapErrorMessage,
} from "@sofi/core";
import { erc20Abi, sofiAggregatorAbi, weth9Abi } from "@sofi/protocol";
import { maxUint256, type PublicClient } from "viem";
import type { Config } from "wagmi";
import { writeContract } from "wagmi/actions";
import { trackTransaction, waitForTrackedReceipt } from "../transactions/index.ts";

/** `signal` stops waiting for receipts (the page unmounts or changes network); the transaction goes on. */
type Ctx = { config: Config; client: PublicClient; chainId: number; account: `0x${string}`; signal?: AbortSignal };

/** A failure the page shows: `swapMessage` for the user's language, the spec's English text (000 §8) as `message`. */
export class SwapError extends Error {
  constructor(readonly swapMessage: SwapMessage) {
    super(swapMessageText(swapMessage));
  }
}

/**
 * Hands the sent transaction to the tracker and resolves once its receipt is stored (true when it
 * succeeded). The TransactionUpdater checks the receipt and shows the popup: one checker, one toast.
 */
async function track(
  ctx: Ctx,
  hash: `0x${string}`,
  summary: string,
  approval?: { tokenAddress: string; spender: string },
): Promise<boolean> {
  trackTransaction({ hash, from: ctx.account, chainId: ctx.chainId, summary, ...(approval ? { approval } : {}) });
  const receipt = await waitForTrackedReceipt(ctx.chainId, hash, ctx.signal);
  return receipt.status === 1;
}

/**
 * Spec 000 §4 approve: an unlimited approval first; the exact amount when estimating the
 * unlimited one fails. Resolves once the approval is mined.
 */
export async function approveToken(
  ctx: Ctx,
  token: `0x${string}`,
  spender: `0x${string}`,
  amount: bigint,
  summary: string,
): Promise<boolean> {
  let value = maxUint256;
  let gas: bigint;
  try {
    gas = await ctx.client.estimateContractGas({
      address: token,
      abi: erc20Abi,
      functionName: "approve",
      args: [spender, maxUint256],
      account: ctx.account,
    });
  } catch {
    value = amount;
    try {
      gas = await ctx.client.estimateContractGas({
        address: token,
        abi: erc20Abi,
        functionName: "approve",
        args: [spender, amount],
        account: ctx.account,
      });
    } catch (e) {
      throw new SwapError(swapErrorMessage("estimate", e));
    }
  }
  let hash: `0x${string}`;
  try {
    hash = await writeContract(ctx.config, {
      address: token,
      abi: erc20Abi,
      functionName: "approve",
      args: [spender, value],
      chainId: ctx.chainId,
      account: ctx.account,
      gas: padGas(gas),
    });
  } catch (e) {
    throw new SwapError(swapErrorMessage("send", e));
  }
  return track(ctx, hash, summary, { tokenAddress: token, spender });
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

/** Estimates (the revert reason gives the spec's text), sends with 10 % padded gas, tracks. */
export async function sendTrade(
  ctx: Ctx,
  a: TradeArgs,
  summary: string,
): Promise<{ hash: `0x${string}`; done: Promise<boolean> }> {
  const block = await ctx.client.getBlock();
  const deadline = swapDeadline(block.timestamp, a.deadlineSeconds, Date.now() / 1000);
  const call = tradeCall(a, deadline);
  let gas: bigint;
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the call is one of three typed aggregator calls
    gas = await ctx.client.estimateContractGas({ ...(call as any), account: ctx.account });
  } catch (e) {
    throw new SwapError(swapErrorMessage("estimate", e));
  }
  let hash: `0x${string}`;
  try {
    hash = await writeContract(ctx.config, {
      // biome-ignore lint/suspicious/noExplicitAny: as above
      ...(call as any),
      chainId: ctx.chainId,
      account: ctx.account,
      gas: padGas(gas),
    });
  } catch (e) {
    throw new SwapError(swapErrorMessage("send", e));
  }
  return { hash, done: track(ctx, hash, summary) };
}

/** WETH9 deposit (wrap) or withdraw (unwrap). Resolves once sent; `done` once mined. */
export async function sendWrap(
  ctx: Ctx,
  weth: `0x${string}`,
  kind: "wrap" | "unwrap",
  amount: bigint,
  summary: string,
): Promise<{ hash: `0x${string}`; done: Promise<boolean> }> {
  let hash: `0x${string}`;
  try {
    hash =
      kind === "wrap"
        ? await writeContract(ctx.config, {
            address: weth,
            abi: weth9Abi,
            functionName: "deposit",
            value: amount,
            chainId: ctx.chainId,
            account: ctx.account,
          })
        : await writeContract(ctx.config, {
            address: weth,
            abi: weth9Abi,
            functionName: "withdraw",
            args: [amount],
            chainId: ctx.chainId,
            account: ctx.account,
          });
  } catch (e) {
    // Spec 000 §8: wrap failures are logged as "Could not deposit" / "Could not withdraw".
    console.error(kind === "wrap" ? "Could not deposit" : "Could not withdraw", e);
    throw new SwapError(wrapErrorMessage(kind, e));
  }
  return { hash, done: track(ctx, hash, summary) };
}
