import { useTranslation } from "react-i18next";
import { useApi } from "../../kernel/api.ts";
import type { ProfileTabProps } from "../../kernel/feature.ts";
import { PROFILE_PORTFOLIOS_MAX } from "../profile/index.ts";
import { PortfolioList } from "./PortfolioList.tsx";

/** Tab 2 (spec 001 §2 "participated"): the portfolios this address holds. */
export function ParticipatedTab({ address, account, chain }: ProfileTabProps) {
  const { t } = useTranslation("portfolio-profile");
  // The same read as the overview's (one cache entry).
  const q = useApi("portfolios", { chain, query: { buyer: address, address: account, limit: PROFILE_PORTFOLIOS_MAX } });
  return <PortfolioList kind="participated" label={t("participatedList")} q={q} emptyText={t("noParticipated")} />;
}

/** Tab 3 (spec 001 §2 "created"): the portfolios this address manages; the owner's list has the manager's menu. */
export function CreatedTab({ address, account, own, chain }: ProfileTabProps) {
  const { t } = useTranslation("portfolio-profile");
  const q = useApi("portfoliosV2", {
    chain,
    query: { manager: address, address: account, limit: PROFILE_PORTFOLIOS_MAX },
  });
  return (
    <PortfolioList
      kind="created"
      label={t("createdList")}
      q={q}
      emptyText={t("noCreated")}
      manage={own && account ? { chain, account } : undefined}
    />
  );
}
