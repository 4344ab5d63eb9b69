import { priceImpactBps, QUOTE_DEBOUNCE_MS } from "@sofi/core";
import type { Deployment } from "@sofi/protocol";
import { useEffect, useState } from "react";
import type { PublicClient } from "viem";
import { contractAddress } from "../../kernel/contracts.ts";
import { useDebouncedValue } from "../../kernel/hooks.ts";
import { InsufficientLiquidityError, type Quote, quoteExactIn, quoteExactOut, routeReserves } from "./quote.ts";
import { sameQuote } from "./rules.ts";

export type QuoteRequest = {
  amount: bigint;
  independent: "in" | "out";
  tokenIn: `0x${string}`;
  tokenOut: `0x${string}`;
  singleHop: boolean;
  refresh: number;
};

export type QuoteState = {
  quote: Quote | null;
  /** True once the request in view was answered (a null quote then means no route). */
  quoted: boolean;
  loading: boolean;
  impactBps: number | null;
  /**
   * True once the price impact of the quote in view is known (or cannot be). The quote shows
   * first; the main button waits for this so a high-impact trade is never offered as a plain swap.
   */
  impactReady: boolean;
  error: string | null;
  /** The typed output exceeds what the route's pools hold (exact output only). */
  insufficientLiquidity: boolean;
};

const EMPTY: QuoteState = {
  quote: null,
  quoted: false,
  loading: false,
  impactBps: null,
  impactReady: false,
  error: null,
  insufficientLiquidity: false,
};

/** What is asked, without the refresh count: a refresh asks the same again. */
function identity(r: QuoteRequest | null): string {
  return r ? `${r.amount}|${r.independent}|${r.tokenIn}|${r.tokenOut}|${r.singleHop}` : "";
}

function key(r: QuoteRequest | null): string {
  return r ? `${identity(r)}|${r.refresh}` : "";
}

/**
 * The state once `quote` answers the request `id`: a quote equal to the one in view (a refresh, or
 * the same request asked again) keeps it and its known impact, so the button and an open confirm
 * dialog do not flicker to "loading" or "price updated" and back while nothing changed.
 */
export function answered(
  s: QuoteState & { id: string },
  id: string,
  quote: Quote | null,
): Pick<QuoteState, "quote" | "impactBps" | "impactReady"> {
  if (quote && s.quote && s.id === id && sameQuote(s.quote, quote))
    return { quote: s.quote, impactBps: s.impactBps, impactReady: s.impactReady };
  return { quote, impactBps: null, impactReady: !quote };
}

/**
 * Asks the aggregator QUOTE_DEBOUNCE_MS after the request stops changing; clears at once when the
 * request goes away (empty input). Price impact comes from the route's reserves right after.
 */
export function useSwapQuote(
  client: PublicClient | undefined,
  deployment: Deployment | null | undefined,
  request: QuoteRequest | null,
): QuoteState {
  const requestKey = key(request);
  const debouncedKey = useDebouncedValue(requestKey, QUOTE_DEBOUNCE_MS);
  const requestId = identity(request);
  const [state, setState] = useState<QuoteState & { key: string; id: string }>({ ...EMPTY, key: "", id: "" });
  const aggregator = contractAddress(deployment, "aggregator");

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the request
  useEffect(() => {
    if (!request || !client || !deployment || !aggregator) {
      setState({ ...EMPTY, key: "", id: "" });
      return;
    }
    if (debouncedKey !== requestKey) return;
    let cancelled = false;
    const r = request;
    setState((s) => ({ ...s, loading: true }));
    (async () => {
      try {
        const quote =
          r.independent === "in"
            ? await quoteExactIn(client, deployment, aggregator, r.amount, r.tokenIn, r.tokenOut, r.singleHop)
            : await quoteExactOut(client, deployment, aggregator, r.amount, r.tokenIn, r.tokenOut, r.singleHop);
        if (cancelled) return;
        setState((s) => ({
          ...answered(s, requestId, quote),
          quoted: true,
          loading: false,
          error: null,
          insufficientLiquidity: false,
          key: requestKey,
          id: requestId,
        }));
        if (!quote) return;
        let impact: number | null = null;
        try {
          const reserves = await routeReserves(client, deployment, quote.router, quote.path);
          impact = reserves ? priceImpactBps(quote.amountIn, quote.amountOut, reserves) : null;
        } catch (e) {
          console.debug("price impact unavailable", e);
        }
        if (cancelled) return;
        setState((s) => (s.key === requestKey ? { ...s, impactBps: impact, impactReady: true } : s));
      } catch (e) {
        if (cancelled) return;
        if (e instanceof InsufficientLiquidityError) {
          setState({
            ...EMPTY,
            quoted: true,
            impactReady: true,
            insufficientLiquidity: true,
            key: requestKey,
            id: requestId,
          });
          return;
        }
        // The details are for developers; the page says in plain words that the price is unavailable.
        console.warn("swap quote failed", e);
        setState({
          quote: null,
          quoted: true,
          loading: false,
          impactBps: null,
          impactReady: true,
          insufficientLiquidity: false,
          // viem's short message ("HTTP request failed."), not the multi-line details.
          error: (e as { shortMessage?: string }).shortMessage ?? (e instanceof Error ? e.message : String(e)),
          key: requestKey,
          id: requestId,
        });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [debouncedKey, requestKey, client, deployment, aggregator]);

  if (!request) return EMPTY;
  // a refresh of the quote in view keeps showing it while the new one loads (as Uniswap does)
  if (state.key !== requestKey)
    return state.id === requestId && state.quote ? { ...state, loading: true } : { ...EMPTY, loading: true };
  return state;
}
