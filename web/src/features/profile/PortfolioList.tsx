import type { PortfolioList as PortfolioListReply } from "@sofi/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate, formatPercent, formatUsd, PortfolioIcon, trend } from "../portfolios/index.ts";
import { ListStates } from "./ListStates.tsx";

/** Tabs 2 and 3 (spec 001 §2): participated or created portfolios, each opening its page. */
export function PortfolioList(props: {
  kind: "participated" | "created";
  label: string;
  q: UseQueryResult<PortfolioListReply, Error>;
  emptyText: string;
}) {
  const { t } = useTranslation("profile");
  const items = props.q.data?.portfolios ?? [];
  const id = `pr-${props.kind}`;
  return (
    <section className="pr-panel" aria-labelledby={id}>
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
            <li key={p.address}>
              <Link to={`/sts/portfolio/${p.address}`} className="pr-item" data-testid="profile-portfolio">
                <PortfolioIcon uri={p.avatar_uri} symbol={p.symbol} size={36} />
                <span className="pr-item-main">
                  <strong className="pr-item-name">{p.name}</strong>
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
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
