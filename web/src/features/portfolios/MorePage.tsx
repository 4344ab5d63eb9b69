import { ArrowLeftOutlined } from "@ant-design/icons";
import { MANAGER_ORDERS } from "@sofi/core";
import { Button, Input, Pagination, Result, Segmented } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ManagerList } from "./ManagerList.tsx";
import { PortfolioGrid } from "./PortfolioGrid.tsx";
import { useMoreState } from "./useMoreState.ts";
import "./portfolios.css";

/** `/sts/more/{type}`: the full list of one ordering, paged (spec 001 §2). */
export default function MorePage() {
  const { t } = useTranslation("portfolios");
  const navigate = useNavigate();
  const s = useMoreState();
  const title = s.type ? t(`orders.${s.type}`) : t("unknownList");
  useEffect(() => {
    document.title = `${title} · SoFi`;
  }, [title]);

  return (
    <section className="pf-page" aria-labelledby="page-title">
      <div className="pf-section-head">
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t("back")} onClick={() => navigate("/sts")} />
        <h1 id="page-title" className="page-title pf-more-title">
          {title}
        </h1>
      </div>
      {!s.type ? (
        <Result status="404" title={t("unknownList")} className="pf-state" />
      ) : (
        <>
          <div className="pf-more-tools">
            <Input
              aria-label={t("filter")}
              placeholder={t("filter")}
              value={s.filter}
              onChange={(e) => s.setFilter(e.target.value)}
              allowClear
              className="pf-filter"
            />
            {s.type === "managers"
              ? s.managersQuery.data && <span className="pf-total">{t("managersTotal", { count: s.total })}</span>
              : s.query.data && <span className="pf-total">{t("total", { total: s.total })}</span>}
          </div>
          {s.type === "managers" && (
            <Segmented
              className="pf-manager-order"
              aria-label={t("managerOrder")}
              value={s.managerOrder}
              onChange={(v) => s.setManagerOrder(v)}
              options={MANAGER_ORDERS.map((o) => ({ value: o, label: t(`managerOrders.${o}`) }))}
              data-testid="manager-order"
            />
          )}
          {s.type === "managers" ? (
            <ManagerList
              label={title}
              items={s.managers}
              loading={s.managersQuery.isPending}
              error={s.managersQuery.isError}
              onRetry={() => void s.managersQuery.refetch()}
              emptyText={s.filter ? t("emptyManagerFilter") : t("noManagers")}
              skeletons={8}
            />
          ) : (
            <PortfolioGrid
              label={title}
              items={s.items}
              loading={s.query.isPending}
              error={s.query.isError}
              onRetry={() => void s.query.refetch()}
              emptyText={
                s.filter
                  ? t("emptySearch")
                  : s.order === "favorited"
                    ? s.account
                      ? t("emptyFavorites")
                      : t("connectForFavorites")
                    : t("empty")
              }
              skeletons={8}
              showCreated={s.order === "new"}
              showRisk={s.order === "risk"}
            />
          )}
          {s.total > s.pageSize && (
            <Pagination
              className="pf-pagination"
              current={s.page}
              pageSize={s.pageSize}
              total={s.total}
              showSizeChanger={false}
              onChange={s.setPage}
            />
          )}
        </>
      )}
    </section>
  );
}
