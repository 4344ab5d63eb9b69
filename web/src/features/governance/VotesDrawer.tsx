import { Button, Drawer, Empty, Pagination, Result, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMediaQuery } from "../../kernel/hooks.ts";
import { shortenAddress } from "../wallet/index.ts";
import { formatDateTime, formatVotes } from "./format.ts";
import { VOTES_PAGE_SIZE } from "./rules.ts";
import type { ProposalState } from "./useProposalState.ts";

/** §2 the drawer listing all votes, largest first, a page at a time. */
export function VotesDrawer({ s }: { s: ProposalState }) {
  const { t, i18n } = useTranslation("governance");
  const narrow = useMediaQuery("(max-width: 500px)");
  const q = s.votes;
  const list = q.data?.votes ?? [];
  let body: React.ReactNode;
  if (q.isPending) body = <Skeleton active paragraph={{ rows: 4 }} data-testid="votes-loading" />;
  else if (q.isError)
    body = (
      <Result
        status="warning"
        title={t("votesError")}
        data-testid="votes-error"
        extra={<Button onClick={() => void q.refetch()}>{t("retry")}</Button>}
      />
    );
  else if (list.length === 0) body = <Empty description={t("noVotesYet")} data-testid="votes-empty" />;
  else
    body = (
      <>
        <ul className="gv-votes" aria-label={t("allVotes")} data-testid="votes-list">
          {list.map((v) => (
            <li key={`${v.voter}-${v.txid}`} className="gv-vote-row" data-testid="vote-row">
              <Link to={`/sts/profile/${v.voter}`} className="mono" title={v.voter}>
                {shortenAddress(v.voter)}
              </Link>
              <span className={v.support ? "gv-for" : "gv-against"}>{v.support ? t("for") : t("against")}</span>
              <span className="gv-vote-weight">{formatVotes(v.votes, i18n.language)}</span>
              <span className="gv-muted gv-vote-time">{formatDateTime(v.timestamp)}</span>
            </li>
          ))}
        </ul>
        {(q.data?.total ?? 0) > VOTES_PAGE_SIZE && (
          <Pagination
            className="gv-pagination"
            size="small"
            current={s.votesPage}
            pageSize={VOTES_PAGE_SIZE}
            total={q.data?.total ?? 0}
            onChange={s.setVotesPage}
            showSizeChanger={false}
          />
        )}
      </>
    );
  return (
    <Drawer
      open={s.votesOpen}
      onClose={() => s.setVotesOpen(false)}
      title={t("allVotesCount", { count: q.data?.total ?? 0 })}
      size={narrow ? "100%" : 480}
      data-testid="votes-drawer"
    >
      {body}
    </Drawer>
  );
}
