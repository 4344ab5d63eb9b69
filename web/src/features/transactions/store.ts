import { ERRORS } from "@sofi/core";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** Spec 000 §3 "Transaction record". The swap issue extends the tracking (receipt polling, popups). */
export type TransactionReceiptInfo = {
  blockHash: string;
  blockNumber: number;
  contractAddress?: string | null;
  from: string;
  status: 0 | 1;
  to?: string | null;
  transactionHash: string;
  transactionIndex: number;
};

/**
 * What a transaction did, as data (issue 9 #21): the lists and popups render it in the language of
 * the moment. Amounts are the decimal strings shown when it was sent (e.g. "2990.12"), symbols as
 * the tokens had them.
 */
export type TransactionInfo =
  | { kind: "swap"; amountIn: string; symbolIn: string; amountOut: string; symbolOut: string }
  | { kind: "approve"; symbol: string }
  | { kind: "wrap" | "unwrap"; amount: string; from: string; to: string }
  /** A portfolio bought with or sold for `token` (issue 10). */
  | { kind: "portfolioBuy" | "portfolioSell"; amount: string; symbol: string; token: string }
  | { kind: "portfolioCreate"; name: string; symbol: string }
  /** The manager's steps on a portfolio: trading module added, initialised, buy/sell opened or closed, a rebalance, a new exit fee. */
  | {
      kind: "portfolioManage";
      action: "add" | "initialize" | "enable" | "disable" | "rebalance" | "exitFee";
      symbol: string;
    }
  /** The promotion contract's owner withdrew collected SOFI (issue 21 §4). */
  | { kind: "promotionWithdraw"; amount: string; symbol: string }
  | TextSummaryInfo;

/**
 * Any capability's summary without a kind here: a key of the capability's own i18n namespace
 * (`ns`: its folder's name), rendered as `t(key, { ns, ...values, ...amounts })` in the language of
 * the moment, and stored in English from the namespace's `en` texts. `values` are shown as given
 * (names, ids, labels); `amounts` are decimal strings, shown with thousands separators like the
 * other kinds' amounts.
 */
export type TextSummaryInfo = {
  kind: "text";
  ns: string;
  key: string;
  values?: Record<string, string>;
  amounts?: Record<string, string>;
};

export type TransactionRecord = {
  hash: string;
  from: string;
  chainId: number;
  approval?: { tokenAddress: string; spender: string };
  /** The English text (spec 000 §3); records of older versions have only this. */
  summary?: string;
  /** The summary as data, rendered in the current language (preferred over `summary`). */
  info?: TransactionInfo;
  claim?: { recipient: string };
  addedTime: number;
  lastCheckedBlockNumber?: number;
  confirmedTime?: number;
  receipt?: TransactionReceiptInfo;
};

export type NewTransaction = Omit<
  TransactionRecord,
  "addedTime" | "confirmedTime" | "receipt" | "lastCheckedBlockNumber"
>;

type State = {
  /** chainId -> hash -> record */
  byChain: Record<number, Record<string, TransactionRecord>>;
  add: (tx: NewTransaction) => void;
  checked: (chainId: number, hash: string, blockNumber: number) => void;
  finalize: (chainId: number, hash: string, receipt: TransactionReceiptInfo) => void;
  clearAll: (chainId: number) => void;
};

export const useTransactions = create<State>()(
  persist(
    (set, get) => ({
      byChain: {},
      add(tx) {
        if (!tx.hash) throw new Error(ERRORS.noTransactionHash);
        const existing = get().byChain[tx.chainId]?.[tx.hash];
        if (existing) throw new Error(ERRORS.duplicateTransaction);
        set((s) => ({
          byChain: {
            ...s.byChain,
            [tx.chainId]: { ...s.byChain[tx.chainId], [tx.hash]: { ...tx, addedTime: Date.now() } },
          },
        }));
      },
      checked(chainId, hash, blockNumber) {
        const tx = get().byChain[chainId]?.[hash];
        if (!tx) return;
        const last = tx.lastCheckedBlockNumber ?? 0;
        set((s) => ({
          byChain: {
            ...s.byChain,
            [chainId]: {
              ...s.byChain[chainId],
              [hash]: { ...tx, lastCheckedBlockNumber: Math.max(last, blockNumber) },
            },
          },
        }));
      },
      finalize(chainId, hash, receipt) {
        const tx = get().byChain[chainId]?.[hash];
        if (!tx) return;
        set((s) => ({
          byChain: {
            ...s.byChain,
            [chainId]: { ...s.byChain[chainId], [hash]: { ...tx, receipt, confirmedTime: Date.now() } },
          },
        }));
      },
      clearAll(chainId) {
        set((s) => ({ byChain: { ...s.byChain, [chainId]: {} } }));
      },
    }),
    {
      name: "sofi_transactions",
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ byChain: s.byChain }),
    },
  ),
);

/** Pending = no receipt yet (spec 000 §4 "Transaction tracking"). */
export function pendingTransactions(
  byChain: State["byChain"],
  chainId: number | undefined,
  from: string | undefined,
): TransactionRecord[] {
  if (chainId === undefined || !from) return [];
  return Object.values(byChain[chainId] ?? {}).filter(
    (tx) => !tx.receipt && tx.from.toLowerCase() === from.toLowerCase(),
  );
}
