// Transaction tracking (spec 000 §4) and the one transactor every write goes through
// (transactor.ts, useTransactor). The lead mounts <TransactionUpdater /> once inside the
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
  type TextSummaryInfo,
  type TransactionInfo,
  type TransactionReceiptInfo,
  type TransactionRecord,
  useTransactions,
} from "./store.ts";
export { TransactionUpdater, type TransactionUpdaterProps } from "./TransactionUpdater.tsx";
export {
  englishSummary,
  parseLegacySummary,
  TransactionSummary,
  transactionInfo,
  useTransactionSummary,
} from "./TxSummary.tsx";
export {
  type ApproveRequest,
  approveIfNeeded,
  CHAIN_READ_QUERY_KEYS,
  type ContractCall,
  createTransactor,
  type Described,
  failureMessage,
  needsApproval,
  refreshAfterReceipt,
  refreshForReceipt,
  type Sent,
  sendApprove,
  sendWrite,
  type Transactor,
  type TransactorContext,
  WriteError,
  type WriteRequest,
  type WriteStage,
} from "./transactor.ts";
export { useRecentTransactions } from "./useRecentTransactions.ts";
export { useTransactor, useTransactorContext } from "./useTransactor.ts";
