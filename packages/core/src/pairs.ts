/**
 * Pair symbols of the product API (spec 000 §7): `BASE-QUOTE`, e.g. `RAI-USDT`, `ETH-USDT`.
 * Native coin symbols map to their wrapped token (`ETH` → `WETH`); a pair of a native coin and
 * its own wrapped token (`ETH-WETH`, `WETH-ETH`, `WETH-WETH`) is "identical wrapped" and its price is forced to 1.
 */
export type PairSymbol = { base: string; quote: string };

export type NativeMapping = { nativeSymbol: string; wrappedSymbol: string };

const SYMBOL_PART = /^[A-Za-z0-9.$+_]{1,32}$/;

/** Parses `BASE-QUOTE`; returns null when the text is not exactly two non-empty symbol parts. */
export function parsePairSymbol(symbol: string): PairSymbol | null {
  const parts = symbol.trim().split("-");
  if (parts.length !== 2) return null;
  const [base, quote] = parts as [string, string];
  if (!SYMBOL_PART.test(base) || !SYMBOL_PART.test(quote)) return null;
  return { base: base.toUpperCase(), quote: quote.toUpperCase() };
}

/** `ETH` → `WETH` on a chain whose native coin is ETH; any other symbol unchanged (upper-cased). */
export function toWrappedSymbol(symbol: string, chain: NativeMapping): string {
  const s = symbol.toUpperCase();
  return s === chain.nativeSymbol.toUpperCase() ? chain.wrappedSymbol.toUpperCase() : s;
}

/** The pair with both sides mapped native → wrapped. */
export function wrapPair(pair: PairSymbol, chain: NativeMapping): PairSymbol {
  return { base: toWrappedSymbol(pair.base, chain), quote: toWrappedSymbol(pair.quote, chain) };
}

/** True when both sides name the same asset once native coins are mapped to wrapped: price is 1. */
export function isIdenticalWrappedPair(pair: PairSymbol, chain: NativeMapping): boolean {
  const w = wrapPair(pair, chain);
  return w.base === w.quote;
}

export function formatPairSymbol(pair: PairSymbol): string {
  return `${pair.base}-${pair.quote}`;
}
