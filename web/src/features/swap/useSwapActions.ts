import { formatSignificant, minimumAmountOut, type SwapMessage } from "@sofi/core";
import { useState } from "react";
import type { TransactorContext } from "../transactions/index.ts";
import { approveToken, sendTrade, sendWrap } from "./actions.ts";
import type { Quote } from "./quote.ts";
import { failure, stoppedWaiting } from "./rules.ts";
import { isNative, type SwapToken } from "./tokens.ts";

export type Busy = null | "approve" | "swap" | "wrap";

export type SwapActions = {
  busy: Busy;
  /** The last failed approve, swap or wrap, in core's message form. */
  error: SwapMessage | null;
  setError: (e: SwapMessage | null) => void;
  /** Approves the aggregator for the input amount and waits for the receipt (the allowance is then re-read). */
  approve: (amountIn: bigint) => Promise<void>;
  /** Sends the trade of `quote`; true once it is sent (the tracker follows it from there). */
  swap: (quote: Quote, recipient: `0x${string}` | undefined) => Promise<boolean>;
  /** Sends the wrap or unwrap of `amount`; true once it is sent. */
  wrap: (kind: "wrap" | "unwrap", weth: `0x${string}`, amount: bigint) => Promise<boolean>;
};

/**
 * The swap's three writes through the transactions feature's transactor (estimate, send, track,
 * popup, refresh after the receipt), with the page's busy state and error message.
 */
export function useSwapActions(a: {
  txContext: TransactorContext | null;
  inputToken: SwapToken | null;
  outputToken: SwapToken | null;
  aggregator: `0x${string}` | undefined;
  slippageBps: number;
  deadlineSeconds: number;
  nativeSymbol: string;
  wrappedSymbol: string;
}): SwapActions {
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<SwapMessage | null>(null);
  const { txContext, inputToken, outputToken, aggregator } = a;

  const approve = async (amountIn: bigint) => {
    if (!txContext || !inputToken || isNative(inputToken) || !aggregator) return;
    setBusy("approve");
    setError(null);
    try {
      // Waits for the receipt (the transactor then refreshes the allowance): the swap needs it.
      await approveToken(
        txContext,
        inputToken.address as `0x${string}`,
        aggregator,
        amountIn,
        // Data, not text: the lists and popups render it in the language of the moment (issue 9 #21).
        { kind: "approve", symbol: inputToken.symbol },
      );
    } catch (e) {
      if (!stoppedWaiting(e)) setError(failure(e));
    } finally {
      setBusy(null);
    }
  };

  const swap = async (quote: Quote, recipient: `0x${string}` | undefined): Promise<boolean> => {
    if (!txContext) return false;
    // Spec 000 §8 "swap callback invalid": the button rules make these unreachable, but a send
    // never goes out half-specified.
    if (!inputToken || !outputToken || !aggregator) {
      setError({ key: "missingDependencies" });
      return false;
    }
    if (!recipient) {
      setError({ key: "invalidRecipient" });
      return false;
    }
    setBusy("swap");
    setError(null);
    const summary = {
      kind: "swap" as const,
      amountIn: formatSignificant(quote.amountIn, inputToken.decimals),
      symbolIn: inputToken.symbol,
      amountOut: formatSignificant(quote.amountOut, outputToken.decimals),
      symbolOut: outputToken.symbol,
    };
    try {
      const { done } = await sendTrade(
        txContext,
        {
          aggregator,
          router: quote.router,
          path: quote.path,
          amountIn: quote.amountIn,
          amountOutMin: minimumAmountOut(quote.amountOut, a.slippageBps),
          recipient,
          deadlineSeconds: a.deadlineSeconds,
          inputNative: isNative(inputToken),
          outputNative: isNative(outputToken),
        },
        summary,
      );
      // The tracker shows the popup; the transactor refreshes the balances after the receipt.
      done.catch(() => undefined);
      return true;
    } catch (e) {
      setError(failure(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const wrap = async (kind: "wrap" | "unwrap", weth: `0x${string}`, amount: bigint): Promise<boolean> => {
    if (!txContext) return false;
    setBusy("wrap");
    setError(null);
    const shown = formatSignificant(amount, 18);
    const summary =
      kind === "wrap"
        ? { kind, amount: shown, from: a.nativeSymbol, to: a.wrappedSymbol }
        : { kind, amount: shown, from: a.wrappedSymbol, to: a.nativeSymbol };
    try {
      const { done } = await sendWrap(txContext, weth, kind, amount, summary);
      done.catch(() => undefined);
      return true;
    } catch (e) {
      setError(failure(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  return { busy, error, setError, approve, swap, wrap };
}
