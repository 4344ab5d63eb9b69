import type { PortfolioListItem } from "@sofi/core";
import { Button, Result, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { formatCompactUsd, formatDate, formatPercent, formatUsd, PortfolioIcon, trend } from "../portfolios/index.ts";
import { MAX_CHARTED } from "./performance.ts";
import type { ManagerState } from "./useManagerState.ts";

/** Spec 001 §9 "Manager table page size 5". */
export const MANAGER_TABLE_PAGE_SIZE = 5;

/**
 * Every portfolio the manager runs (spec 001 §2): sortable columns, 5 rows a page, a checkbox per
 * row choosing what the chart shows (at most five), and a click on a row opening the portfolio.
 */
export function PortfolioTable({ s }: { s: ManagerState }) {
  const { t } = useTranslation("manager");
  const navigate = useNavigate();
  const columns: ColumnsType<PortfolioListItem> = [
    {
      title: t("name"),
      key: "name",
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, p) => (
        <span className="mg-name">
          <PortfolioIcon uri={p.avatar_uri} symbol={p.symbol} size={28} />
          <span>
            <strong>
              <OnChainText>{p.name}</OnChainText>
            </strong>{" "}
            <OnChainText className="mg-symbol">{p.symbol}</OnChainText>
          </span>
        </span>
      ),
    },
    {
      title: t("value"),
      dataIndex: "value_per_set",
      align: "right",
      sorter: (a, b) => a.value_per_set - b.value_per_set,
      render: (v: number) => formatUsd(v),
    },
    {
      title: t("change24h"),
      dataIndex: "price_changed_24hr",
      align: "right",
      responsive: ["md"],
      sorter: (a, b) => a.price_changed_24hr - b.price_changed_24hr,
      render: (v: number) => <span className={trend(v)}>{formatPercent(v)}</span>,
    },
    {
      title: t("apy"),
      dataIndex: "apy",
      align: "right",
      sorter: (a, b) => a.apy - b.apy,
      render: (v: number) => <span className={trend(v)}>{formatPercent(v)}</span>,
    },
    {
      title: t("marketCap"),
      dataIndex: "total_value",
      align: "right",
      responsive: ["md"],
      sorter: (a, b) => a.total_value - b.total_value,
      render: (v: number) => formatCompactUsd(v),
    },
    {
      title: t("holders"),
      dataIndex: "holders_count",
      align: "right",
      responsive: ["lg"],
      sorter: (a, b) => a.holders_count - b.holders_count,
    },
    {
      title: t("created"),
      dataIndex: "created_at",
      align: "right",
      responsive: ["lg"],
      sorter: (a, b) => a.created_at - b.created_at,
      render: (v: number) => formatDate(v),
    },
  ];
  if (s.portfolios.isError)
    return (
      <Result
        status="warning"
        title={t("loadError")}
        extra={<Button onClick={() => void s.portfolios.refetch()}>{t("retry")}</Button>}
      />
    );
  return (
    <Table<PortfolioListItem>
      rowKey="address"
      size="middle"
      columns={columns}
      dataSource={s.rows}
      loading={s.portfolios.isPending}
      locale={{ emptyText: t("noPortfolios") }}
      pagination={{ pageSize: MANAGER_TABLE_PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
      rowSelection={{
        selectedRowKeys: s.selected,
        onChange: (keys) => s.select(keys.map(String)),
        getCheckboxProps: (p) => ({
          disabled: !s.selected.includes(p.address) && s.selected.length >= MAX_CHARTED,
          "aria-label": t("select", { symbol: p.symbol }),
        }),
        hideSelectAll: true,
      }}
      onRow={(p) => ({
        onClick: (e) => {
          // the checkbox cell selects; the rest of the row opens the portfolio
          if ((e.target as HTMLElement).closest(".ant-table-selection-column")) return;
          navigate(`/sts/portfolio/${p.address}`);
        },
        className: "mg-row",
        "data-testid": "manager-portfolio-row",
      })}
      scroll={{ x: "max-content" }}
      data-testid="manager-portfolios"
    />
  );
}
