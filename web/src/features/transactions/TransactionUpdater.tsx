import { shouldCheck } from "@sofi/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { type Hash, TransactionReceiptNotFoundError } from "viem";
import { usePublicClient } from "wagmi";
import { useLatestBlockNumber, useWatchBlockNumber } from "../../kernel/block-number.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { recordReceipt } from "./receipts.ts";
import { useTransactions } from "./store.ts";
import { refreshForReceipt } from "./transactor.ts";

export type TransactionUpdaterProps = {
  /** Head polling interval; default: the chain's block time (the header's block indicator uses the same). */
  pollingIntervalMs?: number;
};

/**
 * Spec 000 §4 "Transaction tracking" for the selected chain. While the chain has pending
 * transactions it follows the head block; at each new block it asks for the receipt of every
 * pending transaction `shouldCheck` allows (the wallet transport batches them into one HTTP
 * request), marks the ones without a receipt as checked at that block, and stores the receipt
 * with a success or failure popup for the others, then refreshes the chain reads (every balance
 * on screen; issue 9 #14), whoever sent the transaction and whether its screen still waits. The
 * store is persisted, so pending transactions are followed again after a reload. Failed checks
 * are logged only.
 * Mount once, inside the wallet provider. Renders nothing.
 */
export function TransactionUpdater({ pollingIntervalMs }: TransactionUpdaterProps = {}) {
  const chainId = useSettings((s) => s.chainId);
  const client = usePublicClient({ chainId });
  const txs = useTransactions((s) => s.byChain[chainId]);
  const hasPending = useMemo(() => Object.values(txs ?? {}).some((tx) => !tx.receipt), [txs]);
  useWatchBlockNumber(client, chainId, hasPending, pollingIntervalMs);
  const blockNumber = useLatestBlockNumber(chainId);
  const inFlight = useRef(new Set<string>());
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!client || blockNumber === undefined || !txs) return;
    const now = Date.now();
    for (const tx of Object.values(txs)) {
      const key = `${chainId}:${tx.hash}`;
      if (inFlight.current.has(key) || !shouldCheck(tx, blockNumber, now)) continue;
      inFlight.current.add(key);
      client
        .getTransactionReceipt({ hash: tx.hash as Hash })
        .then((receipt) => {
          if (recordReceipt(chainId, receipt)) void refreshForReceipt(queryClient, chainId, tx.hash);
        })
        .catch((e: unknown) => {
          if (e instanceof TransactionReceiptNotFoundError) {
            useTransactions.getState().checked(chainId, tx.hash, blockNumber);
          } else {
            console.debug("receipt check failed", tx.hash, e);
          }
        })
        .finally(() => inFlight.current.delete(key));
    }
  }, [client, chainId, blockNumber, txs, queryClient]);

  return null;
}
