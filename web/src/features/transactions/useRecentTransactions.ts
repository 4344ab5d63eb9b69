import { recentTransactions } from "@sofi/core";
import { useMemo } from "react";
import { useSettings } from "../../kernel/settings-store.ts";
import { type TransactionRecord, useTransactions } from "./store.ts";

/**
 * Transactions of the selected chain added in the last 24 hours, newest first; only `account`'s
 * when given (spec 000 §4: entries count as recent for 24 hours).
 */
export function useRecentTransactions(account?: string): TransactionRecord[] {
  const chainId = useSettings((s) => s.chainId);
  const txs = useTransactions((s) => s.byChain[chainId]);
  return useMemo(() => {
    const all = Object.values(txs ?? {});
    const mine = account ? all.filter((tx) => tx.from.toLowerCase() === account.toLowerCase()) : all;
    return recentTransactions(mine, Date.now());
  }, [txs, account]);
}
