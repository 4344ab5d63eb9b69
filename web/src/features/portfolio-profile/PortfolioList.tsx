import { BellOutlined, EditOutlined, MoreOutlined } from "@ant-design/icons";
import type { PortfolioListItem, PortfolioList as PortfolioListReply } from "@sofi/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { Button, Dropdown, message } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCapabilities } from "../../kernel/config.ts";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { formatDate, formatPercent, formatUsd, PortfolioIcon, trend } from "../portfolios/index.ts";
import { ListStates } from "../profile/index.ts";
import { EditPortfolioModal } from "./EditPortfolioModal.tsx";
import { PriceAlertDrawer } from "./PriceAlertDrawer.tsx";

/** The manager's menu of one created portfolio (spec 001 §2): edit portfolio info, price alert. */
function ManagerMenu(props: { p: PortfolioListItem; onEdit: () => void; onAlert: () => void }) {
  const { t } = useTranslation("portfolio-profile");
  // The price alert is the alerts capability's: off, its entry is not offered.
  const alerts = useCapabilities().has("alerts");
  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: "edit",
            icon: <EditOutlined />,
            label: <span data-testid="menu-edit-portfolio">{t("editPortfolio")}</span>,
          },
          ...(alerts
            ? [
                {
                  key: "alert",
                  icon: <BellOutlined />,
                  label: <span data-testid="menu-price-alert">{t("priceAlert")}</span>,
                },
              ]
            : []),
        ],
        onClick: ({ key }) => (key === "edit" ? props.onEdit() : props.onAlert()),
      }}
    >
      <Button
        type="text"
        icon={<MoreOutlined />}
        aria-label={t("portfolioMenu", { name: props.p.name })}
        className="pr-item-menu"
        data-testid="portfolio-menu"
      />
    </Dropdown>
  );
}

/**
 * Tabs 2 and 3 (spec 001 §2): participated or created portfolios, each opening its page; on one's own
 * created list each has the manager's menu (edit portfolio info, price alert).
 */
export function PortfolioList(props: {
  kind: "participated" | "created";
  label: string;
  q: UseQueryResult<PortfolioListReply, Error>;
  emptyText: string;
  /** The owner's created list: a menu per portfolio (spec 001 §2 "Menu per created portfolio"). */
  manage?: { chain: string; account: string };
}) {
  const { t } = useTranslation("portfolio-profile");
  const [toast, holder] = message.useMessage();
  const [editing, setEditing] = useState<PortfolioListItem | null>(null);
  const [alerting, setAlerting] = useState<PortfolioListItem | null>(null);
  const items = props.q.data?.portfolios ?? [];
  const id = `pr-${props.kind}`;
  const manage = props.manage;
  const saved = (close: () => void) => () => {
    void toast.success(t("setting_success"));
    close();
  };
  return (
    <section className="pr-panel" aria-labelledby={id}>
      {holder}
      <h2 id={id} className="pr-section-title">
        {props.label}
      </h2>
      <ListStates
        kind={props.kind}
        loading={props.q.isPending}
        error={props.q.isError}
        errorTitle={t("portfoliosError")}
        onRetry={() => void props.q.refetch()}
        empty={items.length === 0}
        emptyText={props.emptyText}
      >
        <ul className="pr-list" aria-label={props.label} data-testid={`${props.kind}-list`}>
          {items.map((p) => (
            <li key={p.address} className={manage ? "pr-managed" : undefined}>
              <Link to={`/sts/portfolio/${p.address}`} className="pr-item" data-testid="profile-portfolio">
                <PortfolioIcon uri={p.avatar_uri} symbol={p.symbol} size={36} />
                <span className="pr-item-main">
                  <strong className="pr-item-name">
                    <OnChainText>{p.name}</OnChainText>
                  </strong>
                  <span className="pr-hint">
                    {p.symbol} · {t("createdAt", { date: formatDate(p.created_at) })}
                  </span>
                </span>
                <span className="pr-item-figures">
                  <span>
                    <span className="pr-label">{t("valuePerSet")}</span> {formatUsd(p.value_per_set)}
                  </span>
                  <span className={trend(p.apy)}>
                    <span className="pr-label">{t("apy")}</span> {formatPercent(p.apy)}
                  </span>
                </span>
              </Link>
              {manage && <ManagerMenu p={p} onEdit={() => setEditing(p)} onAlert={() => setAlerting(p)} />}
            </li>
          ))}
        </ul>
      </ListStates>
      {manage && editing && (
        <EditPortfolioModal
          chain={manage.chain}
          manager={manage.account}
          portfolio={editing}
          onClose={() => setEditing(null)}
          onSaved={saved(() => setEditing(null))}
        />
      )}
      {manage && alerting && (
        <PriceAlertDrawer
          chain={manage.chain}
          account={manage.account}
          portfolio={alerting}
          onClose={() => setAlerting(null)}
          onSaved={saved(() => setAlerting(null))}
        />
      )}
    </section>
  );
}
