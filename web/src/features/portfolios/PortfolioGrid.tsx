import type { PortfolioListItem } from "@sofi/core";
import { useTranslation } from "react-i18next";
import { ListStates } from "./ListStates.tsx";
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
  showRisk?: boolean;
  label: string;
}) {
  const { t } = useTranslation("portfolios");
  return (
    <ListStates
      kind="portfolio"
      label={props.label}
      className="pf-grid"
      itemClassName="pf-card pf-card-skeleton"
      count={props.items?.length}
      loading={props.loading}
      error={props.error}
      errorTitle={t("loadError")}
      onRetry={props.onRetry}
      emptyText={props.emptyText}
      skeletons={props.skeletons ?? 4}
      skeletonRows={2}
    >
      {props.items?.map((p) => (
        <PortfolioCard
          key={p.address}
          p={p}
          showCreated={props.showCreated}
          showChart={props.showChart}
          showRisk={props.showRisk}
        />
      ))}
    </ListStates>
  );
}
