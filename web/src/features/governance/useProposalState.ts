import { isAddress, proposalLabel } from "@sofi/core";
import type { MessageInstance } from "antd/es/message/interface";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useConnection } from "wagmi";
import { useApi } from "../../kernel/api.ts";
import { useChainSuffix } from "../../kernel/config.ts";
import { useContract } from "../../kernel/contracts.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import type { Sent } from "../transactions/index.ts";
import { useTransactorContext } from "../transactions/index.ts";
import { useNetworkSwitch, useWalletUi } from "../wallet/index.ts";
import { useChainTime, useChainTokens, useContractNames, useSimulation } from "./chain.ts";
import {
  dialogAfterFailure,
  listedTokens,
  PROPOSAL_POLL_MS,
  proposalButtons,
  simulatesActions,
  VOTES_PAGE_SIZE,
  type VoteDialog,
  type VoteMethod,
  votePanelState,
} from "./rules.ts";
import { failureOf, type ProposalStep, proposalStep, useRelayStatus, voteGasless, voteWithWallet } from "./writes.ts";

/**
 * Everything `/proposals/{contract}/{proposalId}` shows (spec 002 §2, §3, §4): the proposal (read
 * with the account's address every 10 s while shown and after each receipt), the tally, each
 * action's simulation while it may still run, the vote panel and its dialog (gasless or with the
 * wallet), Queue/Execute/Cancel/Claim, the state history, the all-votes drawer, and the executed
 * allow-list change's tokens (linked to the create wizard).
 */
export function useProposalState(toast: MessageInstance) {
  const { t } = useTranslation("governance");
  const params = useParams();
  const contract = params.contract ?? "";
  const proposalId = params.proposalId ?? "";
  const valid = isAddress(contract) && /^[1-9]\d{0,77}$/.test(proposalId);

  const chainId = useSettings((s) => s.chainId);
  const chain = useChainSuffix();
  const governor = useContract("sofiGovernor", chainId);
  const tokens = useChainTokens(chainId);
  const names = useContractNames(chainId);
  const { address, status } = useConnection();
  const account = status === "connected" ? address : undefined;
  const ctx = useTransactorContext(chainId);
  const network = useNetworkSwitch(chainId);
  const now = useChainTime(chainId);

  // The proposal with the account's votes when one is connected, else (and until that answers) without.
  const mineQ = useApi("proposal", {
    query: { proposalId, contract, address: account },
    enabled: valid && !!account,
    refetchIntervalMs: PROPOSAL_POLL_MS,
  });
  const own = account && mineQ.data ? mineQ.data : undefined;
  const publicQ = useApi("proposal", {
    query: { proposalId, contract },
    enabled: valid && !own,
    refetchIntervalMs: PROPOSAL_POLL_MS,
  });
  const q = own ? mineQ : publicQ;
  const p = own ?? publicQ.data;
  const mine = own ?? null;

  const calls = useMemo(
    () =>
      p && simulatesActions(p.state)
        ? p.calls.map((c) => ({ target: c.target, value: c.value, calldata: c.calldata }))
        : [],
    [p],
  );
  const sim = useSimulation(chain, calls);

  // ---------------------------------------------------------------- the vote
  const relayOff = useRelayStatus((s) => !!s.unavailable[chain]);
  const markRelayOff = useRelayStatus((s) => s.markUnavailable);
  const [sent, setSent] = useState<{ support: boolean; account: string } | null>(null);
  const [dialog, setDialog] = useState<VoteDialog>({ open: false });
  const [support, setSupport] = useState<boolean | null>(null);
  // A vote sent by another account (the wallet changed) is not this one's.
  const sentHere = sent && account && sent.account.toLowerCase() === account.toLowerCase() ? sent : null;
  const panel = p
    ? votePanelState({ state: p.state, connected: !!account, mine, sent: sentHere })
    : ({ kind: "hidden" } as const);
  useEffect(() => {
    // once the API has the vote, the pending note gives way to the choice
    if (mine?.approve !== null && mine?.approve !== undefined) setSent(null);
  }, [mine?.approve]);

  const label = p ? proposalLabel(p.index) : "";
  const sendVote = async () => {
    if (!dialog.open || !ctx || !governor || !p || dialog.sending) return;
    const method: VoteMethod = relayOff ? "wallet" : dialog.method;
    const choice = dialog.support;
    setDialog({ ...dialog, method, sending: true, error: null });
    let s: Sent;
    try {
      const o = { chain, governor, proposalId: p.proposalId, support: choice, label };
      s = method === "gasless" ? await voteGasless(ctx, o) : await voteWithWallet(ctx, o);
    } catch (e) {
      console.error("vote failed", e);
      const after = dialogAfterFailure({ support: choice, method }, failureOf(e), {
        cancelled: t("cancelled"),
        relayUnavailable: t("relayUnavailable"),
        failed: t("voteFailed"),
      });
      if (after.relayOff) markRelayOff(chain);
      if (after.toast) void toast.error(after.toast);
      setDialog(after.dialog);
      return;
    }
    setSent({ support: choice, account: ctx.account });
    setDialog({ open: false });
    void toast.success(t("voteSent"));
    const ok = await s.done.catch(() => false);
    if (!ok) {
      setSent(null);
      void toast.error(t("voteFailed"));
    }
    void q.refetch();
  };

  // ---------------------------------------------------------------- queue, execute, cancel, claim
  const buttons = p ? proposalButtons(p, account, now) : null;
  const [busy, setBusy] = useState<ProposalStep | null>(null);
  const step = async (which: ProposalStep) => {
    if (!p) return;
    if (!ctx || !governor) {
      useWalletUi.getState().openDialog();
      return;
    }
    setBusy(which);
    try {
      const s = await proposalStep(ctx, {
        chain,
        governor,
        proposalId: p.proposalId,
        step: which,
        label,
      });
      const ok = await s.done;
      if (!ok) void toast.error(t("failed"));
      else if (which === "cancel") void toast.success(t("toast.cancel_vote_success"));
      else if (which === "claim") void toast.success(t("toast.claim_success"));
      else void toast.success(t(which === "queue" ? "toast.queued" : "toast.executed"));
      void q.refetch();
    } catch (e) {
      const f = failureOf(e);
      void toast.error(f.kind === "cancelled" ? t("cancelled") : f.kind === "message" ? f.message : t("failed"));
    } finally {
      setBusy(null);
    }
  };

  // ---------------------------------------------------------------- the all-votes drawer
  const [votesOpen, setVotesOpen] = useState(false);
  const [votesPage, setVotesPage] = useState(1);
  const votes = useApi("votes", {
    query: { proposalId, limit: VOTES_PAGE_SIZE, offset: (votesPage - 1) * VOTES_PAGE_SIZE },
    enabled: valid && votesOpen,
    refetchIntervalMs: votesOpen ? PROPOSAL_POLL_MS : undefined,
  });

  return {
    valid,
    contract,
    proposalId,
    chainId,
    chain,
    account,
    q,
    p,
    label,
    now,
    tokens,
    names,
    listed: p ? listedTokens(p, tokens) : [],
    simulations: sim,
    panel,
    support,
    setSupport,
    relayOff,
    wrongNetwork: network.wrongNetwork,
    switchNetwork: network.switchNetwork,
    switching: network.switching,
    dialog,
    openVote: () => {
      if (support === null) return;
      setDialog({ open: true, support, method: relayOff ? "wallet" : "gasless", sending: false, error: null });
    },
    setMethod: (method: VoteMethod) => setDialog((d) => (d.open && !d.sending ? { ...d, method } : d)),
    closeVote: () => setDialog((d) => (d.open && d.sending ? d : { open: false })),
    sendVote,
    buttons,
    busy,
    step,
    connect: () => useWalletUi.getState().openDialog(),
    votesOpen,
    setVotesOpen,
    votes,
    votesPage,
    setVotesPage,
  };
}

export type ProposalState = ReturnType<typeof useProposalState>;
export type { VoteMethod };
