import { CheckCircleFilled, CloseCircleFilled, ExportOutlined, LoadingOutlined } from "@ant-design/icons";
import { chainById } from "@sofi/protocol";
import { Button, Flex, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useConnection } from "wagmi";
import type { SlotContribution } from "../../kernel/feature.ts";
import { renderContribution, useSlot } from "../../kernel/Slot.tsx";
import { useSettings } from "../../kernel/settings-store.ts";
import { type TransactionRecord, useTransactions } from "./store.ts";
import { transactionInfo, useTransactionSummary } from "./TxSummary.tsx";
import { useRecentTransactions } from "./useRecentTransactions.ts";

const shortHash = (hash: string) => `${hash.slice(0, 6)}…${hash.slice(-4)}`;

/** The explorer page of a transaction, or null when the chain has no explorer (the local chain). */
export function txExplorerUrl(chainId: number, hash: string): string | null {
  const url = chainById(chainId)?.explorerUrl;
  return url ? `${url.replace(/\/$/, "")}/tx/${hash}` : null;
}

function StatusIcon({ tx }: { tx: TransactionRecord }) {
  const { t } = useTranslation("transactions");
  const { token } = theme.useToken();
  if (!tx.receipt) {
    return <LoadingOutlined spin role="img" aria-label={t("pending")} style={{ color: token.colorPrimary }} />;
  }
  if (tx.receipt.status === 1) {
    return <CheckCircleFilled role="img" aria-label={t("succeeded")} style={{ color: token.colorSuccess }} />;
  }
  return <CloseCircleFilled role="img" aria-label={t("failed")} style={{ color: token.colorError }} />;
}

function Row({ tx, rows }: { tx: TransactionRecord; rows: SlotContribution<"activity.rows">[] }) {
  const { t } = useTranslation("transactions");
  const href = txExplorerUrl(tx.chainId, tx.hash);
  const explorer = chainById(tx.chainId)?.explorerName;
  const state = !tx.receipt ? "pending" : tx.receipt.status === 1 ? "success" : "failure";
  // From the record's data, in the language of the moment (issue 9 #21).
  const summary = useTransactionSummary()(tx);
  // A capability that renders its own kind of transaction (the `activity.rows` slot) shows it.
  const info = transactionInfo(tx);
  const own = info ? rows.find((c) => c.kinds.includes(info.kind)) : undefined;
  return (
    <li data-testid={`recent-tx-${tx.hash}`} data-state={state} style={{ listStyle: "none", minHeight: 32 }}>
      <Flex align="center" gap={8}>
        <StatusIcon tx={tx} />
        <Typography.Text
          style={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
          title={summary}
        >
          {own && info
            ? renderContribution("activity.rows", own, { info })
            : (summary ?? t("noSummary", { hash: shortHash(tx.hash) }))}
        </Typography.Text>
        {href && (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("viewTxOnExplorer", { hash: shortHash(tx.hash), explorer })}
            title={t("viewOnExplorer", { explorer })}
          >
            <ExportOutlined aria-hidden />
          </a>
        )}
      </Flex>
    </li>
  );
}

export type RecentTransactionsProps = {
  /** Whose transactions; default: the connected account. */
  account?: string;
};

/**
 * Account panel list: the last 24 hours of transactions, pending first by recency, with a clear-all
 * action. A row's summary is the `activity.rows` contribution that declares its kind (of a capability
 * that is on), else the transactions feature's own text for the kind, else the stored text.
 */
export function RecentTransactions({ account }: RecentTransactionsProps) {
  const { t } = useTranslation("transactions");
  const connection = useConnection();
  const who = account ?? connection.address;
  const txs = useRecentTransactions(who);
  const chainId = useSettings((s) => s.chainId);
  const clearAll = useTransactions((s) => s.clearAll);
  const rows = useSlot("activity.rows");
  return (
    <section aria-labelledby="recent-tx-title" data-testid="recent-transactions">
      <Flex align="center" justify="space-between" gap={8} wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong id="recent-tx-title">
          {t("recent")}
        </Typography.Text>
        {txs.length > 0 && (
          <Button type="link" size="small" onClick={() => clearAll(chainId)} data-testid="recent-tx-clear">
            {t("clearAll")}
          </Button>
        )}
      </Flex>
      {txs.length === 0 ? (
        <Typography.Text type="secondary" data-testid="recent-tx-empty">
          {t("empty")}
        </Typography.Text>
      ) : (
        <ul
          aria-label={t("list")}
          style={{ margin: 0, padding: 0, display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 4 }}
        >
          {txs.map((tx) => (
            <Row key={tx.hash} tx={tx} rows={rows} />
          ))}
        </ul>
      )}
    </section>
  );
}
