import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from "@ant-design/icons";
import { Alert, Button, Modal, Radio, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { formatVotes } from "./format.ts";
import type { ProposalState, VoteMethod } from "./useProposalState.ts";

function Choice({ support }: { support: boolean }) {
  const { t } = useTranslation("governance");
  return support ? (
    <span className="gv-for">
      <CheckCircleFilled aria-hidden /> {t("for")}
    </span>
  ) : (
    <span className="gv-against">
      <CloseCircleFilled aria-hidden /> {t("against")}
    </span>
  );
}

/**
 * §4 the vote panel: only in state 1; connect wallet without one; the user's choice once voted;
 * For/Against and Vote with available votes above 0 and no earlier vote. The dialog offers the
 * gasless vote (a signed ballot the server's relayer sends) and the wallet's own (paying gas); when
 * the relay is not available only the wallet's shows. A failure stops the dialog's loading (§8).
 */
export function VotePanel({ s }: { s: ProposalState }) {
  const { t, i18n } = useTranslation("governance");
  const panel = s.panel;
  if (panel.kind === "hidden") return null;
  let body: React.ReactNode;
  switch (panel.kind) {
    case "connect":
      body = (
        <Button type="primary" block onClick={s.connect} data-testid="vote-connect">
          {t("connectWallet")}
        </Button>
      );
      break;
    case "loading":
      body = <Skeleton active paragraph={{ rows: 1 }} title={false} />;
      break;
    case "voted":
      body = (
        <p className="gv-voted" data-testid="vote-mine" data-support={String(panel.support)}>
          {t("youVoted")} <Choice support={panel.support} /> · {formatVotes(panel.votes, i18n.language)} {t("votes")}
        </p>
      );
      break;
    case "sent":
      body = (
        <p className="gv-voted" data-testid="vote-sent" data-support={String(panel.support)}>
          <LoadingOutlined aria-hidden /> {t("voteRecording")} <Choice support={panel.support} />
        </p>
      );
      break;
    case "noVotes":
      body = (
        <p className="gv-muted" data-testid="vote-none">
          {t("noVotes")}
        </p>
      );
      break;
    case "votesUnreadable":
      body = <Alert type="warning" showIcon message={t("votesUnreadable")} data-testid="vote-unreadable" />;
      break;
    case "vote":
      body = s.wrongNetwork ? (
        <Button
          type="primary"
          block
          onClick={() => void s.switchNetwork()}
          loading={s.switching}
          data-testid="vote-network"
        >
          {t("switchNetwork")}
        </Button>
      ) : (
        <>
          <p className="gv-muted">{t("availableVotes", { votes: formatVotes(panel.votes, i18n.language) })}</p>
          <Radio.Group
            className="gv-vote-choice"
            value={s.support}
            onChange={(e) => s.setSupport(e.target.value as boolean)}
            aria-label={t("yourChoice")}
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: true, label: <span data-testid="vote-for">{t("for")}</span> },
              { value: false, label: <span data-testid="vote-against">{t("against")}</span> },
            ]}
          />
          <Button type="primary" block disabled={s.support === null} onClick={s.openVote} data-testid="vote-open">
            {t("vote")}
          </Button>
        </>
      );
      break;
  }
  return (
    <section
      className="gv-panel gv-vote"
      aria-labelledby="gv-vote-title"
      data-testid="vote-panel"
      data-kind={panel.kind}
    >
      <h2 id="gv-vote-title" className="gv-section-title">
        {t("castVote")}
      </h2>
      {body}
      <VoteDialog s={s} votes={panel.kind === "vote" ? panel.votes : 0n} />
    </section>
  );
}

function VoteDialog({ s, votes }: { s: ProposalState; votes: bigint }) {
  const { t, i18n } = useTranslation("governance");
  const d = s.dialog;
  if (!d.open) return null;
  return (
    <Modal
      open
      title={t("voteTitle", { label: s.label })}
      onCancel={s.closeVote}
      onOk={() => void s.sendVote()}
      okText={t("confirmVote")}
      cancelText={t("cancel")}
      confirmLoading={d.sending}
      cancelButtonProps={{ disabled: d.sending }}
      closable={!d.sending}
      mask={{ closable: !d.sending }}
      okButtonProps={{ "data-testid": "vote-confirm" } as Record<string, string>}
      data-testid="vote-dialog"
    >
      <p>
        {t("voteSummary", { votes: formatVotes(votes, i18n.language) })} <Choice support={d.support} />
      </p>
      {s.relayOff ? (
        <Alert type="info" showIcon title={t("relayUnavailable")} data-testid="vote-relay-off" />
      ) : (
        <Radio.Group
          className="gv-vote-methods"
          value={d.method}
          onChange={(e) => s.setMethod(e.target.value as VoteMethod)}
          aria-label={t("voteMethod")}
          disabled={d.sending}
        >
          <Radio value="gasless" data-testid="vote-method-gasless">
            <strong>{t("gasless")}</strong>
            <span className="gv-muted gv-block">{t("gaslessHint")}</span>
          </Radio>
          <Radio value="wallet" data-testid="vote-method-wallet">
            <strong>{t("withWallet")}</strong>
            <span className="gv-muted gv-block">{t("withWalletHint")}</span>
          </Radio>
        </Radio.Group>
      )}
      {d.error && <Alert type="error" showIcon title={d.error} className="gv-dialog-error" data-testid="vote-error" />}
    </Modal>
  );
}
