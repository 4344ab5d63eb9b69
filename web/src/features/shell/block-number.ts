import { LOCAL_CHAIN_ID } from "@sofi/protocol";

/**
 * How often the indicator asks for the head block: never slower than the chain makes blocks,
 * never faster than 1 s (docs/decisions.md). Ethereum and Taiko: 12 s; Polygon, Base, Blast: 2 s;
 * the local anvil chain: 1 s (the spec's "1 s refresh feel").
 */
const BLOCK_TIME_MS: Record<number, number> = {
  1: 12_000,
  137: 2_000,
  8453: 2_000,
  167000: 12_000,
  168587773: 2_000,
  [LOCAL_CHAIN_ID]: 1_000,
};

export function blockPollIntervalMs(chainId: number): number {
  return BLOCK_TIME_MS[chainId] ?? 4_000;
}

/** The explorer's block page, or null when the chain has no explorer (local). */
export function blockExplorerUrl(explorerUrl: string | undefined, blockNumber: bigint | number): string | null {
  if (!explorerUrl) return null;
  return `${explorerUrl.replace(/\/$/, "")}/block/${blockNumber.toString()}`;
}

/** Trailing debounce: calls `fn` with the last value once `ms` pass without a new call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let id: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (id !== undefined) clearTimeout(id);
    id = setTimeout(() => {
      id = undefined;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (id !== undefined) clearTimeout(id);
    id = undefined;
  };
  return debounced;
}
