import { debounceBlockNumber, nextBlockNumber } from "@sofi/core";
import { useEffect, useState } from "react";
import type { PublicClient } from "viem";
import { watchBlockNumber } from "viem/actions";
import { create } from "zustand";

/** Application state "block number per chain" (spec 000 §3); not persisted. */
type BlockNumbersState = { byChain: Record<number, number> };

export const useBlockNumbers = create<BlockNumbersState>()(() => ({ byChain: {} }));

export function updateBlockNumber(chainId: number, blockNumber: number): void {
  useBlockNumbers.setState((s) => {
    const next = nextBlockNumber(s.byChain[chainId], blockNumber);
    return next === s.byChain[chainId] ? s : { byChain: { ...s.byChain, [chainId]: next } };
  });
}

/** The latest known block of a chain, or undefined before the first one arrives. */
export function useLatestBlockNumber(chainId: number): number | undefined {
  return useBlockNumbers((s) => s.byChain[chainId]);
}

export function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== "hidden");
  useEffect(() => {
    const on = () => setVisible(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", on);
    return () => document.removeEventListener("visibilitychange", on);
  }, []);
  return visible;
}

/**
 * Follows the head of `chainId` into the per-chain store while `enabled` and the tab is visible
 * (spec 000 §4 "Block number": paused while hidden, updates debounced 100 ms). Failures are
 * logged only.
 */
export function useWatchBlockNumber(
  client: PublicClient | undefined,
  chainId: number,
  pollingIntervalMs: number,
  enabled: boolean,
): void {
  const visible = useDocumentVisible();
  useEffect(() => {
    if (!client || !enabled || !visible) return;
    const debounced = debounceBlockNumber((n) => updateBlockNumber(chainId, n));
    const unwatch = watchBlockNumber(client, {
      emitOnBegin: true,
      emitMissed: false,
      poll: true,
      pollingInterval: pollingIntervalMs,
      onBlockNumber: (n) => debounced.push(Number(n)),
      onError: (e) => console.debug("block number update failed", chainId, e),
    });
    return () => {
      unwatch();
      debounced.cancel();
    };
  }, [client, chainId, pollingIntervalMs, enabled, visible]);
}
