/**
 * Transaction tracking rules (spec 000 §4 "Transaction tracking", "Block number"). Pure: the
 * caller passes the clock and the latest block, so every boundary is testable.
 */
import { BLOCK_UPDATE_DEBOUNCE_MS } from "./constants.ts";

/** The fields of a transaction record (spec 000 §3) the tracker needs. */
export type TrackedTransaction = {
  addedTime: number;
  lastCheckedBlockNumber?: number;
  receipt?: unknown;
};

export const TX_RECENT_MS = 86_400_000;
export const TX_FRESH_MS = 5 * 60_000;
export const TX_STALE_MS = 60 * 60_000;
/** "After a submitted action elsewhere, receipts are polled with a random 2.5 to 3.5 s wait." */
export const RECEIPT_RETRY_MIN_MS = 2_500;
export const RECEIPT_RETRY_MAX_MS = 3_500;

/**
 * Whether a pending transaction should be checked for a receipt at `lastBlockNumber`:
 * never checked → check; under 5 minutes old → at least 1 block since the last check;
 * 5 to 60 minutes (both inclusive) → more than 2 blocks; over 60 minutes → more than 9 blocks.
 * A transaction with a receipt is never checked again.
 */
export function shouldCheck(tx: TrackedTransaction, lastBlockNumber: number, now: number): boolean {
  if (tx.receipt) return false;
  if (tx.lastCheckedBlockNumber === undefined || tx.lastCheckedBlockNumber === null) return true;
  const blocksSinceCheck = lastBlockNumber - tx.lastCheckedBlockNumber;
  if (blocksSinceCheck < 1) return false;
  const age = now - tx.addedTime;
  if (age > TX_STALE_MS) return blocksSinceCheck > 9;
  if (age >= TX_FRESH_MS) return blocksSinceCheck > 2;
  return true;
}

/** Entries count as recent for 24 hours after they were added. */
export function isRecent(tx: Pick<TrackedTransaction, "addedTime">, now: number): boolean {
  return now - tx.addedTime < TX_RECENT_MS;
}

/** Recent entries, newest first. */
export function recentTransactions<T extends Pick<TrackedTransaction, "addedTime">>(
  txs: Iterable<T>,
  now: number,
): T[] {
  return [...txs].filter((tx) => isRecent(tx, now)).sort((a, b) => b.addedTime - a.addedTime);
}

/** A wait in [min, max] ms; `random` returns a number in [0, 1). */
export function randomWaitMs(min: number, max: number, random: () => number = Math.random): number {
  if (!(min <= max)) throw new Error(`randomWait: min ${min} is above max ${max}`);
  return Math.round(min + (max - min) * random());
}

/** Resolves after a random wait in [min, max] ms; rejects with the signal's reason when aborted. */
export function randomWait(
  min: number,
  max: number,
  opts: { random?: () => number; signal?: AbortSignal } = {},
): Promise<void> {
  const ms = randomWaitMs(min, max, opts.random);
  const { signal } = opts;
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(id);
      reject(signal?.reason);
    };
    const id = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Block numbers per chain only move forward (a late, lower reply never rolls the number back). */
export function nextBlockNumber(prev: number | undefined, next: number): number {
  return prev === undefined || next > prev ? next : prev;
}

export type BlockNumberDebouncer = {
  /** Feed a new head; `onUpdate` gets the highest one once `waitMs` pass without another. */
  push(blockNumber: number): void;
  cancel(): void;
};

/** Block-number updates debounced 100 ms (spec 000 §4), keeping the highest number seen. */
export function debounceBlockNumber(
  onUpdate: (blockNumber: number) => void,
  waitMs: number = BLOCK_UPDATE_DEBOUNCE_MS,
): BlockNumberDebouncer {
  let id: ReturnType<typeof setTimeout> | undefined;
  let pending: number | undefined;
  return {
    push(blockNumber) {
      pending = nextBlockNumber(pending, blockNumber);
      if (id !== undefined) clearTimeout(id);
      id = setTimeout(() => {
        id = undefined;
        const n = pending;
        pending = undefined;
        if (n !== undefined) onUpdate(n);
      }, waitMs);
    },
    cancel() {
      if (id !== undefined) clearTimeout(id);
      id = undefined;
      pending = undefined;
    },
  };
}
