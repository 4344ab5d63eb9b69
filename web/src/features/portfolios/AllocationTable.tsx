import type { PortfolioDetail } from "@sofi/core";
import { Empty, Progress, Table } from "antd";
import { useTranslation } from "react-i18next";
import { componentShares, displaySymbol, formatUnitsShort, formatUsd } from "./format.ts";

/** A component's share of the set's value: a ring and the percent. */
function Share({ v }: { v: number }) {
  return (
    <>
      <Progress type="circle" percent={v} size={22} showInfo={false} aria-hidden />
      {v.toFixed(1)}%
    </>
  );
}

/** Asset distribution (spec 001 §2): per component its symbol, USD price, value per set and share. */
export function AllocationTable({ d }: { d: PortfolioDetail }) {
  const { t } = useTranslation("portfolios");
  const shares = componentShares(d.components);
  const rows = d.components.map((c, i) => ({ ...c, share: shares[i] ?? 0 }));
  return (
    <section className="pf-panel" aria-labelledby="pf-alloc-title">
      <h2 id="pf-alloc-title" className="pf-section-title">
        {t("allocation")}
      </h2>
      <Table
        className="pf-table"
        data-testid="allocation-table"
        rowKey="address"
        size="small"
        pagination={false}
        scroll={{ x: "max-content" }}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t("noComponents")} /> }}
        columns={[
          {
            title: t("component"),
            dataIndex: "symbol",
            render: (s: string, c) => (
              <>
                <strong>{displaySymbol(s)}</strong>
                {/* phones: the share column is hidden, its ring and percent stand under the symbol */}
                <span className="pf-share pf-share-inline">
                  <Share v={c.share} />
                </span>
              </>
            ),
          },
          { title: t("price"), dataIndex: "price_usd", align: "right", render: (v: number) => formatUsd(v) },
          {
            title: t("amountPerSet"),
            key: "amount",
            align: "right",
            responsive: ["md"],
            render: (_: unknown, c) => formatUnitsShort(c.amount, c.decimals),
          },
          { title: t("valuePerSet"), dataIndex: "value_per_set", align: "right", render: (v: number) => formatUsd(v) },
          {
            title: t("share"),
            dataIndex: "share",
            align: "right",
            responsive: ["sm"],
            render: (v: number) => (
              <span className="pf-share">
                <Share v={v} />
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
