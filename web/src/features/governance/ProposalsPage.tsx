import { ExportOutlined, PlusOutlined, QuestionCircleOutlined } from "@ant-design/icons";
import { PROPOSAL_THRESHOLD } from "@sofi/core";
import { Button, Empty, Pagination, Result, Skeleton, Tooltip } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSettings } from "../../kernel/settings-store.ts";
import { useGovernorSettings } from "./chain.ts";
import { formatAmount } from "./format.ts";
import { GOVERNANCE_DOCS_URL } from "./links.ts";
import { ProposalCard } from "./ProposalCard.tsx";
import { useProposalsState } from "./useProposalsState.ts";
import "./governance.css";

/** `/proposals` (spec 002 §2): the proposal cards, a create button, a help tooltip and a docs link. */
export default function ProposalsPage() {
  const { t, i18n } = useTranslation("governance");
  const navigate = useNavigate();
  const s = useProposalsState();
  const chainId = useSettings((x) => x.chainId);
  const { settings } = useGovernorSettings(chainId);
  useEffect(() => {
    document.title = `${t("title")} · SoFi`;
  }, [t]);

  const help = t("help", {
    stake: formatAmount(settings?.threshold ?? PROPOSAL_THRESHOLD, 18, i18n.language),
    days: Math.round((settings?.pendingS ?? 5 * 86_400) / 86_400),
    quorum: formatAmount(settings?.quorum ?? 2_000_000n * 10n ** 18n, 18, i18n.language),
  });

  let body: React.ReactNode;
  if (s.q.isPending) {
    body = (
      <ul className="gv-list" aria-busy="true" aria-label={t("list")} data-testid="proposals-loading">
        {[0, 1, 2].map((i) => (
          <li key={i} className="gv-card gv-card-skeleton">
            <Skeleton active paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  } else if (s.q.isError) {
    body = (
      <Result
        status="warning"
        title={t("listError")}
        data-testid="proposals-error"
        extra={<Button onClick={() => void s.q.refetch()}>{t("retry")}</Button>}
      />
    );
  } else if (s.proposals.length === 0) {
    body = <Empty description={t("empty")} data-testid="proposals-empty" />;
  } else {
    body = (
      <>
        <ul className="gv-list" aria-label={t("list")} data-testid="proposals-list">
          {s.proposals.map((p) => (
            <ProposalCard key={`${p.contract}-${p.proposalId}`} p={p} />
          ))}
        </ul>
        {s.total > s.pageSize && (
          <Pagination
            className="gv-pagination"
            current={s.page}
            pageSize={s.pageSize}
            total={s.total}
            onChange={s.setPage}
            showSizeChanger={false}
            size="small"
          />
        )}
      </>
    );
  }

  return (
    <section className="gv-page" aria-labelledby="page-title">
      <div className="gv-head">
        <div className="gv-head-title">
          <h1 id="page-title" className="page-title">
            {t("title")}
          </h1>
          <Tooltip title={help} trigger={["hover", "focus", "click"]}>
            <Button
              type="text"
              shape="circle"
              icon={<QuestionCircleOutlined />}
              aria-label={t("helpLabel")}
              data-testid="proposals-help"
            />
          </Tooltip>
        </div>
        <div className="gv-head-actions">
          <a href={GOVERNANCE_DOCS_URL} target="_blank" rel="noopener noreferrer" data-testid="proposals-docs">
            {t("docs")} <ExportOutlined aria-hidden />
          </a>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate("/proposals/select")}
            data-testid="proposals-create"
          >
            {t("create")}
          </Button>
        </div>
      </div>
      <p className="gv-intro">{t("intro")}</p>
      {body}
    </section>
  );
}
