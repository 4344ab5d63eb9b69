import { Button, Empty, Result, Switch, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatUsd } from "../portfolios/index.ts";
import type { WalletRow } from "./rules.ts";
import type { ProfileState } from "./useProfileState.ts";
import { useWalletTable, type WalletTableState } from "./useWalletTable.ts";

function amountText(v: number | undefined): string {
  if (v === undefined) return "--";
  return v.toLocaleString("en-US", { maximumFractionDigits: v >= 1 ? 4 : 8 });
}

/** The table itself, rendering a wallet table state (tested without a wallet). */
export function WalletTableView({ w }: { w: WalletTableState }) {
  const { t } = useTranslation("profile");
  const columns: ColumnsType<WalletRow> = [
    {
      title: t("token"),
      key: "token",
      render: (_, r) => (
        <span className="pr-token">
          <strong>{r.symbol}</strong>
          <span className="pr-hint">{r.name}</span>
        </span>
      ),
    },
    { title: t("amount"), key: "amount", align: "right", render: (_, r) => amountText(r.amount) },
    {
      title: t("price"),
      key: "price",
      align: "right",
      responsive: ["sm"],
      render: (_, r) => (r.price === null ? "--" : formatUsd(r.price)),
    },
    { title: t("value"), key: "value", align: "right", render: (_, r) => formatUsd(r.value) },
    {
      title: t("trade"),
      key: "trade",
      align: "right",
      render: (_, r) => (
        <Link to={r.tradeHref} aria-label={t("tradeAria", { symbol: r.symbol })}>
          {t("trade")}
        </Link>
      ),
    },
  ];
  let body: React.ReactNode;
  if (!w.onChain) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("wrongChain")} />;
  else if (w.error)
    body = (
      <Result
        status="warning"
        title={t("walletError")}
        data-testid="wallet-error"
        extra={<Button onClick={w.retry}>{t("retry")}</Button>}
      />
    );
  else
    body = (
      <Table<WalletRow>
        rowKey="key"
        size="middle"
        columns={columns}
        dataSource={w.rows}
        loading={w.loading}
        locale={{ emptyText: t("noTokens") }}
        pagination={false}
        scroll={{ x: "max-content" }}
        onRow={() => ({ "data-testid": "wallet-row" }) as React.HTMLAttributes<HTMLElement>}
        data-testid="wallet-table"
      />
    );
  return (
    <section className="pr-panel" aria-labelledby="pr-wallet" data-testid="wallet-section">
      <div className="pr-section-head">
        <h2 id="pr-wallet" className="pr-section-title">
          {t("wallet")}
        </h2>
        {w.onChain && !w.loading && !w.error && (
          <span className="pr-wallet-total" data-testid="wallet-total">
            {t("walletTotal", { value: formatUsd(w.total) })}
          </span>
        )}
        <span className="pr-switch">
          <Switch
            size="small"
            checked={w.showZero}
            onChange={w.setShowZero}
            aria-label={t("showZero")}
            data-testid="show-zero"
          />
          <span aria-hidden="true">{t("showZero")}</span>
        </span>
      </div>
      {body}
    </section>
  );
}

/** The own profile's wallet table (spec 001 §2). */
export function WalletTable({ s }: { s: ProfileState }) {
  const w = useWalletTable(s);
  return <WalletTableView w={w} />;
}
