import { RECEIPT_RETRY_MAX_MS, RECEIPT_RETRY_MIN_MS, randomWait } from "@sofi/core";
import { type Hash, type PublicClient, type TransactionReceipt, TransactionReceiptNotFoundError } from "viem";
import { addPopup } from "../shell/popups.ts";
import { type TransactionRecord, useTransactions } from "../wallet/transactions.ts";

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
    content: { kind: "tx", hash, success: info.status === 1, ...(tx.summary ? { summary: tx.summary } : {}) },
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
