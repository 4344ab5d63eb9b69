import { debounceBlockNumber, nextBlockNumber } from "@sofi/core";
import { LOCAL_CHAIN_ID } from "@sofi/protocol";
import { useEffect, useState } from "react";
import type { Client } from "viem";
import { watchBlockNumber } from "viem/actions";
import { create } from "zustand";
import { SharedPollers } from "./shared-pollers.ts";

/**
 * The one head-block source of the app (spec 000 §3 "block number per chain", §4 "Block number").
 * Whoever needs the head (the header's indicator, the transaction tracker while a transaction is
 * pending, later screens) calls `useWatchBlockNumber` and reads `useLatestBlockNumber`: however
 * many watch one chain, one poller runs for it, at that chain's interval, paused while the tab is
 * hidden, updates debounced 100 ms. Not persisted.
 */

/**
 * How often the head is asked for: never slower than the chain makes blocks, never faster than
 * 1 s (docs/decisions.md). Ethereum and Taiko: 12 s; Polygon, Base, Blast: 2 s; the local anvil
 * chain: 1 s (the spec's "1 s refresh feel").
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

type BlockNumbersState = { byChain: Record<number, number> };

export const useBlockNumbers = create<BlockNumbersState>()(() => ({ byChain: {} }));

/** Stores a head block; a lower number than the one known is ignored. */
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

/** The running poller per chain, shared by every watcher of that chain. */
const pollers = new SharedPollers<number>();
/** When each chain's head was last read, so a restarted poller does not ask again too soon. */
const lastPolledAt = new Map<number, number>();

/**
 * Adds one watcher of `chainId`'s head and returns its release. The first watcher starts the
 * poller with its client and interval; later ones share it; the last release stops it.
 */
export function watchHead(client: Client, chainId: number, intervalMs: number): () => void {
  return pollers.acquire(chainId, () => {
    const last = lastPolledAt.get(chainId);
    const debounced = debounceBlockNumber((n) => updateBlockNumber(chainId, n));
    const unwatch = watchBlockNumber(client, {
      // A remount (the shell mounts again once the wallet has loaded) or a second watcher must not
      // ask again for a block read less than one interval ago; viem's first poll still reports it.
      emitOnBegin: last === undefined || Date.now() - last >= intervalMs,
      emitMissed: false,
      poll: true,
      pollingInterval: intervalMs,
      onBlockNumber: (n) => {
        lastPolledAt.set(chainId, Date.now());
        debounced.push(Number(n));
      },
      onError: (e) => console.debug("block number update failed", chainId, e),
    });
    return () => {
      unwatch();
      debounced.cancel();
    };
  });
}

/** How many pollers run (one per watched chain); for tests. */
export function runningHeadPollers(): number {
  return pollers.size;
}

/**
 * Watches the head of `chainId` while `enabled` and the tab is visible (see `watchHead`).
 * Read the value with `useLatestBlockNumber`. `pollingIntervalMs` defaults to the chain's
 * `blockPollIntervalMs`; tests may pass a shorter one.
 */
export function useWatchBlockNumber(
  client: Client | undefined | null,
  chainId: number,
  enabled: boolean,
  pollingIntervalMs: number = blockPollIntervalMs(chainId),
): void {
  const visible = useDocumentVisible();
  useEffect(() => {
    if (!client || !enabled || !visible) return;
    return watchHead(client, chainId, pollingIntervalMs);
  }, [client, chainId, pollingIntervalMs, enabled, visible]);
}
