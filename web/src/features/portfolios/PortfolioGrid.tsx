import type { PortfolioListItem } from "@sofi/core";
import { Button, Empty, Result, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { PortfolioCard } from "./PortfolioCard.tsx";

/** A list's body in each of its states: loading skeletons, error with retry, empty, or the cards. */
export function PortfolioGrid(props: {
  items: PortfolioListItem[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  emptyText: string;
  skeletons?: number;
  showCreated?: boolean;
  showChart?: boolean;
  label: string;
}) {
  const { t } = useTranslation("portfolios");
  if (props.loading) {
    return (
      <ul className="pf-grid" aria-label={props.label} aria-busy="true" data-testid="portfolio-loading">
        {Array.from({ length: props.skeletons ?? 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={i} className="pf-card pf-card-skeleton">
            <Skeleton avatar active paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  }
  if (props.error) {
    return (
      <Result
        status="warning"
        className="pf-state"
        title={t("loadError")}
        data-testid="portfolio-error"
        extra={<Button onClick={props.onRetry}>{t("retry")}</Button>}
      />
    );
  }
  if (!props.items || props.items.length === 0) {
    return <Empty className="pf-state" description={props.emptyText} data-testid="portfolio-empty" />;
  }
  return (
    <ul className="pf-grid" aria-label={props.label}>
      {props.items.map((p) => (
        <PortfolioCard key={p.address} p={p} showCreated={props.showCreated} showChart={props.showChart} />
      ))}
    </ul>
  );
}
