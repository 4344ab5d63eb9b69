import { type ApiProposal, proposalLabel } from "@sofi/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { shortenAddress } from "../wallet/index.ts";
import { formatDateTime } from "./format.ts";
import { KindLabel, StateTag } from "./parts.tsx";
import { Tally } from "./Tally.tsx";

/** When the card's date is: voting starts (review), ends (active) or ended (the rest). */
function when(p: ApiProposal): { key: "starts" | "ends" | "ended" | "canceledOn"; ts: number } {
  if (p.state === 0) return { key: "starts", ts: p.startTime };
  if (p.state === 1) return { key: "ends", ts: p.endTime };
  if (p.state === 2)
    return { key: "canceledOn", ts: p.state_history.find((h) => h.state === 2)?.start_time ?? p.endTime };
  return { key: "ended", ts: p.endTime };
}

/** §2: a proposal link card labelled SOFIP- and the 3-digit index, with its state tag. */
export function ProposalCard({ p }: { p: ApiProposal }) {
  const { t } = useTranslation("governance");
  const label = proposalLabel(p.index);
  const w = when(p);
  return (
    <li className="gv-card">
      <Link
        to={`/proposals/${p.contract}/${p.proposalId}`}
        className="gv-card-link"
        aria-label={t("cardLink", { label, title: p.title })}
        data-testid="proposal-card"
        data-proposal={p.proposalId}
      >
        <div className="gv-card-top">
          <span className="gv-label" data-testid="proposal-label">
            {label}
          </span>
          <KindLabel kind={p.kind} />
          <StateTag state={p.state} />
        </div>
        <OnChainText className="gv-card-title">{p.title || t("untitled")}</OnChainText>
        <div className="gv-card-meta">
          <span>
            {t("by")} <span className="mono">{shortenAddress(p.proposer)}</span>
          </span>
          <span>{t(`when.${w.key}`, { date: formatDateTime(w.ts) })}</span>
        </div>
        {p.state !== 0 && p.state !== 2 && (
          <Tally forVotes={p.forVotes} againstVotes={p.againstVotes} quorum={p.quorum} compact />
        )}
      </Link>
    </li>
  );
}
