import { ArrowLeftOutlined, TeamOutlined } from "@ant-design/icons";
import { Button, message, Result, Skeleton } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../kernel/api.ts";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { Actions, Content, Details, History } from "./ProposalSections.tsx";
import { KindLabel, OnChainBadge, StateTag } from "./parts.tsx";
import { StepButtons } from "./StepButtons.tsx";
import { Tally } from "./Tally.tsx";
import { useProposalState } from "./useProposalState.ts";
import { VotePanel } from "./VotePanel.tsx";
import { VotesDrawer } from "./VotesDrawer.tsx";
import "./governance.css";

/**
 * `/proposals/{contract}/{proposalId}` (spec 002 §2): back, the type label, the on-chain badge, the
 * state tag, the tally, details, content, the actions with their simulation, the vote panel, the
 * proposal's steps, the state history and the all-votes drawer.
 */
export default function ProposalPage() {
  const { t } = useTranslation("governance");
  const navigate = useNavigate();
  const [toast, holder] = message.useMessage();
  const s = useProposalState(toast);
  const p = s.p;
  useEffect(() => {
    document.title = `${p ? `${s.label} ${p.title}` : t("proposalTitle")} · SoFi`;
  }, [p, s.label, t]);

  const back = (
    <Button
      type="text"
      icon={<ArrowLeftOutlined />}
      onClick={() => navigate("/proposals")}
      className="gv-back"
      data-testid="proposal-back"
    >
      {t("backToList")}
    </Button>
  );
  if (!p && s.valid && s.q.isPending) {
    return (
      <section className="gv-page" aria-busy="true" aria-label={t("proposalTitle")} data-testid="proposal-loading">
        {back}
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    );
  }
  if (!p) {
    const missing = !s.valid || (s.q.error instanceof ApiError && [400, 404].includes(s.q.error.status));
    return (
      <section className="gv-page" aria-labelledby="page-title">
        {back}
        <Result
          status={missing ? "404" : "warning"}
          title={<h1 id="page-title">{missing ? t("notFound") : t("loadError")}</h1>}
          data-testid="proposal-error"
          extra={missing ? undefined : <Button onClick={() => void s.q.refetch()}>{t("retry")}</Button>}
        />
      </section>
    );
  }
  return (
    <section className="gv-page" aria-labelledby="page-title" data-testid="proposal-page" data-state={p.state}>
      {holder}
      {back}
      <header className="gv-detail-head">
        <div className="gv-detail-tags">
          <span className="gv-label">{s.label}</span>
          <KindLabel kind={p.kind} />
          {p.actions.trim() !== "" && <OnChainBadge />}
          <StateTag state={p.state} />
        </div>
        <h1 id="page-title" className="page-title">
          <OnChainText>{p.title || t("untitled")}</OnChainText>
        </h1>
      </header>
      <div className="gv-detail">
        <div className="gv-detail-main">
          <section className="gv-panel" aria-labelledby="gv-tally-title">
            <div className="gv-section-head">
              <h2 id="gv-tally-title" className="gv-section-title">
                {t("tally")}
              </h2>
              <Button icon={<TeamOutlined />} onClick={() => s.setVotesOpen(true)} data-testid="votes-open">
                {t("allVotes")}
              </Button>
            </div>
            <Tally forVotes={p.forVotes} againstVotes={p.againstVotes} quorum={p.quorum} />
          </section>
          <Content p={p} />
          {p.calls.length > 0 && <Actions p={p} s={s} />}
        </div>
        <div className="gv-detail-side">
          <VotePanel s={s} />
          <StepButtons s={s} />
          <Details p={p} s={s} />
          <History p={p} s={s} />
        </div>
      </div>
      <VotesDrawer s={s} />
    </section>
  );
}
