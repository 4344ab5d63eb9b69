// Transaction tracking (spec 000 §4). The lead mounts <TransactionUpdater /> once inside the
// wallet provider and places <RecentTransactions /> in the account panel.
export { RecentTransactions, type RecentTransactionsProps, txExplorerUrl } from "./RecentTransactions.tsx";
export {
  type ReceiptClient,
  type ReceiptInfo,
  recordReceipt,
  TransactionUntrackedError,
  toReceiptInfo,
  trackTransaction,
  waitForReceiptWithRetry,
  waitForTrackedReceipt,
} from "./receipts.ts";
export {
  type NewTransaction,
  pendingTransactions,
  type TransactionReceiptInfo,
  type TransactionRecord,
  useTransactions,
} from "./store.ts";
export { TransactionUpdater, type TransactionUpdaterProps } from "./TransactionUpdater.tsx";
export { useRecentTransactions } from "./useRecentTransactions.ts";
