import { proposalLabel } from "@sofi/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useApi } from "../../kernel/api.ts";
import type { ProfileTabProps } from "../../kernel/feature.ts";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { ListStates } from "../profile/index.ts";
import { formatDateTime } from "./format.ts";
import { StateTag } from "./parts.tsx";
import { PROFILE_PROPOSALS_MAX } from "./rules.ts";
import "./governance.css";

/**
 * Profile tab 3's created proposals (spec 001 §2 "created portfolios plus created proposals (own
 * only)"): the governance module's `profile.tabs` contribution, `GET /sofi/proposals?proposer=`.
 */
export default function CreatedProposals({ address, chain }: ProfileTabProps) {
  const { t } = useTranslation("governance");
  const q = useApi("proposals", { chain, query: { proposer: address, limit: PROFILE_PROPOSALS_MAX } });
  const items = q.data?.proposals ?? [];
  return (
    <section className="pr-panel" aria-labelledby="gv-created-title" data-testid="created-proposals">
      <h2 id="gv-created-title" className="pr-section-title">
        {t("createdProposals")}
      </h2>
      <ListStates
        kind="created-proposals"
        loading={q.isPending}
        error={q.isError}
        errorTitle={t("listError")}
        onRetry={() => void q.refetch()}
        empty={items.length === 0}
        emptyText={t("noCreated")}
      >
        <ul className="gv-created" aria-label={t("createdProposals")} data-testid="created-proposals-list">
          {items.map((p) => (
            <li key={p.proposalId}>
              <Link
                to={`/proposals/${p.contract}/${p.proposalId}`}
                className="gv-created-item"
                data-testid="created-proposal"
              >
                <span className="gv-label">{proposalLabel(p.index)}</span>
                <OnChainText className="gv-created-title">{p.title || t("untitled")}</OnChainText>
                <span className="gv-muted gv-created-date">{formatDateTime(p.createTime)}</span>
                <StateTag state={p.state} />
              </Link>
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
