import { PREDICT_APPROVAL_AMOUNT } from "@sofi/core";
import { conditionalTokensAbi, fixedProductMarketMakerAbi, marketLensAbi } from "@sofi/protocol";
import type { QueryKey } from "@tanstack/react-query";
import { zeroHash } from "viem";
import {
  type Sent,
  sendApprove,
  sendWrite,
  type TextSummaryInfo,
  type TransactorContext,
} from "../transactions/index.ts";
import { type AmountIssue, sellLiquidityIssue } from "./rules.ts";

/**
 * The market's chain writes (spec 002 §4, §7), each through the shared transactor (estimate, send,
 * track with the spec's summary, refresh the chain reads and `invalidate` after the receipt). The
 * bounds of a buy and a sell are read from the lens at the moment of sending, from the user's
 * slippage, and are never 0.
 */

type Hex = `0x${string}`;

const tx = (key: string): TextSummaryInfo => ({ kind: "text", ns: "predict", key: `tx.${key}` });

/**
 * §4 the summaries recorded with the transactions: texts of this namespace's `tx` (in English the
 * spec's words, e.g. 'Buy Success'), which the transactions feature renders in the language of the
 * moment and stores in English.
 */
export const SUMMARIES = {
  buy: tx("buy"),
  sell: tx("sell"),
  redeem: tx("redeem"),
  addFunding: tx("addFunding"),
  removeFunding: tx("removeFunding"),
  approveShares: tx("approveShares"),
} as const;

/** §4 approve: exactly 1e20 base units of SOFI to the market. */
export function approveSofi(
  ctx: TransactorContext,
  o: { sofi: Hex; market: Hex; invalidate: QueryKey[] },
): Promise<Sent> {
  return sendApprove(ctx, {
    token: o.sofi,
    spender: o.market,
    amount: PREDICT_APPROVAL_AMOUNT,
    exact: true,
    info: { kind: "approve", symbol: "SOFI" },
    invalidate: o.invalidate,
  });
}

export async function buy(
  ctx: TransactorContext,
  o: { lens: Hex; market: Hex; amount: bigint; outcome: number; slippageBps: number; invalidate: QueryKey[] },
): Promise<Sent> {
  const [, minTokens] = await ctx.client.readContract({
    address: o.lens,
    abi: marketLensAbi,
    functionName: "buyBounds",
    args: [o.market, o.amount, BigInt(o.outcome), BigInt(o.slippageBps)],
  });
  return sendWrite(ctx, {
    call: {
      address: o.market,
      abi: fixedProductMarketMakerAbi,
      functionName: "buy",
      args: [o.amount, BigInt(o.outcome), minTokens],
    },
    info: SUMMARIES.buy,
    invalidate: o.invalidate,
  });
}

/**
 * §5 a sell: the bounds for the typed shares, then the liquidity check (cancelled with the spec's
 * message when the pool cannot take them), the Conditional Tokens' approval of the market when it is
 * missing, then the sell.
 */
export async function sell(
  ctx: TransactorContext,
  o: {
    lens: Hex;
    market: Hex;
    conditionalTokens: Hex;
    tokens: bigint;
    holdings: bigint;
    outcome: number;
    slippageBps: number;
    approvedForAll: boolean;
    invalidate: QueryKey[];
  },
): Promise<{ issue: AmountIssue } | { sent: Sent }> {
  const [returnAmount, maxTokens] = await ctx.client.readContract({
    address: o.lens,
    abi: marketLensAbi,
    functionName: "sellBounds",
    args: [o.market, o.tokens, BigInt(o.outcome), BigInt(o.slippageBps)],
  });
  const issue = sellLiquidityIssue({ returnAmount, maxOutcomeTokensToSell: maxTokens, holdings: o.holdings });
  if (issue) return { issue };
  if (!o.approvedForAll) {
    const approval = await sendWrite(ctx, {
      call: {
        address: o.conditionalTokens,
        abi: conditionalTokensAbi,
        functionName: "setApprovalForAll",
        args: [o.market, true],
      },
      info: SUMMARIES.approveShares,
    });
    if (!(await approval.done)) throw new Error("The transaction failed!");
  }
  const sent = await sendWrite(ctx, {
    call: {
      address: o.market,
      abi: fixedProductMarketMakerAbi,
      functionName: "sell",
      args: [returnAmount, BigInt(o.outcome), maxTokens],
    },
    info: SUMMARIES.sell,
    invalidate: o.invalidate,
  });
  return { sent };
}

export function addFunding(ctx: TransactorContext, o: { market: Hex; amount: bigint; invalidate: QueryKey[] }) {
  return sendWrite(ctx, {
    call: { address: o.market, abi: fixedProductMarketMakerAbi, functionName: "addFunding", args: [o.amount, []] },
    info: SUMMARIES.addFunding,
    invalidate: o.invalidate,
  });
}

export function removeFunding(ctx: TransactorContext, o: { market: Hex; shares: bigint; invalidate: QueryKey[] }) {
  return sendWrite(ctx, {
    call: { address: o.market, abi: fixedProductMarketMakerAbi, functionName: "removeFunding", args: [o.shares] },
    info: SUMMARIES.removeFunding,
    invalidate: o.invalidate,
  });
}

/** §4 redeem: `redeemPositions(SOFI, 0x0, conditionId, [1, 2])` on the Conditional Tokens. */
export function redeem(
  ctx: TransactorContext,
  o: { conditionalTokens: Hex; sofi: Hex; conditionId: Hex; invalidate: QueryKey[] },
) {
  return sendWrite(ctx, {
    call: {
      address: o.conditionalTokens,
      abi: conditionalTokensAbi,
      functionName: "redeemPositions",
      args: [o.sofi, zeroHash, o.conditionId, [1n, 2n]],
    },
    info: SUMMARIES.redeem,
    invalidate: o.invalidate,
  });
}
