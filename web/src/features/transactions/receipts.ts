import { RECEIPT_RETRY_MAX_MS, RECEIPT_RETRY_MIN_MS, randomWait } from "@sofi/core";
import { type Hash, type PublicClient, type TransactionReceipt, TransactionReceiptNotFoundError } from "viem";
import { addPopup } from "../shell/index.ts";
import { type NewTransaction, type TransactionRecord, useTransactions } from "./store.ts";
import { popupSummary } from "./TxSummary.tsx";

export type ReceiptInfo = NonNullable<TransactionRecord["receipt"]>;

/** The stored form of a receipt (spec 000 §3 transaction record). */
export function toReceiptInfo(r: TransactionReceipt): ReceiptInfo {
  return {
    blockHash: r.blockHash,
    blockNumber: Number(r.blockNumber),
    contractAddress: r.contractAddress ?? null,
    from: r.from,
    status: r.status === "success" ? 1 : 0,
    to: r.to ?? null,
    transactionHash: r.transactionHash,
    transactionIndex: r.transactionIndex,
  };
}

/**
 * Stores the receipt of a tracked transaction and shows the success (status 1) or failure
 * popup with its summary. Returns false (and shows nothing) when the record is unknown or
 * already has a receipt, so two trackers of one transaction never show two popups.
 */
export function recordReceipt(chainId: number, receipt: TransactionReceipt): boolean {
  const hash = receipt.transactionHash;
  const store = useTransactions.getState();
  const tx = store.byChain[chainId]?.[hash];
  if (!tx || tx.receipt) return false;
  const info = toReceiptInfo(receipt);
  store.finalize(chainId, hash, info);
  addPopup({
    key: hash,
    content: {
      kind: "tx",
      hash,
      success: info.status === 1,
      ...(tx.summary || tx.info ? { summary: popupSummary(tx) } : {}),
    },
  });
  return true;
}

export type ReceiptClient = Pick<PublicClient, "getTransactionReceipt">;

/**
 * After a submitted action: polls the receipt with a random 2.5 to 3.5 s wait between tries and
 * no retry limit (spec 000 §4). The first try is immediate. Failed tries are logged only.
 * Rejects only when `signal` aborts.
 */
export async function waitForReceiptWithRetry(
  client: ReceiptClient,
  hash: Hash,
  opts: { signal?: AbortSignal; random?: () => number } = {},
): Promise<TransactionReceipt> {
  for (;;) {
    opts.signal?.throwIfAborted();
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (e) {
      if (!(e instanceof TransactionReceiptNotFoundError)) console.debug("receipt check failed", hash, e);
    }
    await randomWait(RECEIPT_RETRY_MIN_MS, RECEIPT_RETRY_MAX_MS, {
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.random ? { random: opts.random } : {}),
    });
  }
}

/**
 * Hands a sent transaction to the tracker (spec 000 §4): the TransactionUpdater checks its
 * receipt at the spec's cadence and shows the popup. A hash already tracked stays as it is.
 */
export function trackTransaction(tx: NewTransaction): void {
  if (useTransactions.getState().byChain[tx.chainId]?.[tx.hash]) return;
  useTransactions.getState().add(tx);
}

/** The record a screen was waiting on left the tracker (the user cleared the list) before its receipt came. */
export class TransactionUntrackedError extends Error {
  constructor(hash: string) {
    super(`Transaction ${hash} is no longer tracked`);
  }
}

/**
 * Resolves with the receipt the tracker stores for `hash`, so a screen waiting for its own
 * transaction asks the chain nothing itself (one checker, one popup). Rejects when the record
 * leaves the store, or when `signal` aborts (the screen unmounts or changes network).
 */
export function waitForTrackedReceipt(chainId: number, hash: string, signal?: AbortSignal): Promise<ReceiptInfo> {
  return new Promise((resolve, reject) => {
    let done = false;
    const settle = (outcome: { receipt: ReceiptInfo } | { error: unknown }) => {
      if (done) return;
      done = true;
      unsubscribe();
      signal?.removeEventListener("abort", onAbort);
      if ("receipt" in outcome) resolve(outcome.receipt);
      else reject(outcome.error);
    };
    const check = (s: ReturnType<typeof useTransactions.getState>) => {
      const tx = s.byChain[chainId]?.[hash];
      if (!tx) settle({ error: new TransactionUntrackedError(hash) });
      else if (tx.receipt) settle({ receipt: tx.receipt });
    };
    const onAbort = () => settle({ error: signal?.reason ?? new Error("aborted") });
    const unsubscribe = useTransactions.subscribe(check);
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener("abort", onAbort);
    check(useTransactions.getState());
  });
}
