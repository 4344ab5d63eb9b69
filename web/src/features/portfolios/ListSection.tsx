import type { PortfolioList } from "@sofi/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MoreType } from "./format.ts";
import { PortfolioGrid } from "./PortfolioGrid.tsx";

/** A home list: its title, a "see more" link to `/sts/more/{type}` and its cards. */
export function ListSection(props: {
  order: MoreType;
  query: UseQueryResult<PortfolioList, Error>;
  emptyText: string;
}) {
  const { order, query } = props;
  const { t } = useTranslation("portfolios");
  const title = t(`orders.${order}`);
  return (
    <section className="pf-section" aria-labelledby={`pf-list-${order}`} data-testid={`list-${order}`}>
      <div className="pf-section-head">
        <h2 id={`pf-list-${order}`} className="pf-section-title">
          {title}
        </h2>
        <Link to={`/sts/more/${order}`} aria-label={t("seeMoreOf", { title })} className="pf-see-more">
          {t("seeMore")}
        </Link>
      </div>
      <PortfolioGrid
        label={title}
        items={query.data?.portfolios}
        loading={query.isPending}
        error={query.isError}
        onRetry={() => void query.refetch()}
        emptyText={props.emptyText}
        showCreated={order === "new"}
        showChart={order === "best"}
      />
    </section>
  );
}
