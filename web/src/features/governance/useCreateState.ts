import { createButtonState, PROPOSAL_ERRORS, PROPOSAL_THRESHOLD, proposalDescription } from "@sofi/core";
import { erc20Abi, portfolioFactoryAbi } from "@sofi/protocol";
import type { MessageInstance } from "antd/es/message/interface";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { zeroAddress } from "viem";
import { useConnection, useReadContract } from "wagmi";
import { balanceTokenKey, useBalances } from "../../kernel/balances.ts";
import { useChainSuffix } from "../../kernel/config.ts";
import { useContract } from "../../kernel/contracts.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { sendApprove, useTransactorContext } from "../transactions/index.ts";
import { useNetworkSwitch, useWalletUi } from "../wallet/index.ts";
import {
  encodeAction,
  nextBlockTime,
  type Simulation,
  useChainTokens,
  useContractNames,
  useGovernorSettings,
  useSimulation,
  useSofiToken,
} from "./chain.ts";
import { kindFromRoute, proposeEndTime, votingDaysRange } from "./rules.ts";
import { useCreateForm } from "./useCreateForm.ts";
import { failureOf, propose } from "./writes.ts";

/**
 * Everything `/proposals/create` shows (spec 002 §2, §3, §4 creation flow, §5): the kind from the
 * route, the form, the side summary (voting days within the contract's durations, the SOFI balance
 * and the stake needed), the button sequence (connect wallet, insufficient balance, approve, create),
 * each action's simulation from the timelock before the stake is paid, the confirm modal and the
 * propose write: loading until the receipt, then `/proposals` (replace).
 */
export function useCreateState(toast: MessageInstance) {
  const { t } = useTranslation("governance");
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const location = useLocation();
  const kind = kindFromRoute(search.get("type"), location.state);

  const chainId = useSettings((s) => s.chainId);
  const chain = useChainSuffix();
  const governor = useContract("sofiGovernor", chainId);
  const factory = useContract("portfolioFactory", chainId)?.address;
  const sofi = useSofiToken(chainId);
  const tokens = useChainTokens(chainId);
  const names = useContractNames(chainId);
  const { settings } = useGovernorSettings(chainId);
  const range = useMemo(
    () => votingDaysRange(settings?.minDurationS, settings?.maxDurationS),
    [settings?.minDurationS, settings?.maxDurationS],
  );
  const form = useCreateForm(kind, factory, range);
  // The factory's allow-list: the token picker marks the tokens already on it.
  const allowedRead = useReadContract({
    address: factory,
    abi: portfolioFactoryAbi,
    functionName: "getAllowedTokens",
    chainId,
    query: { enabled: !!factory && form.modal.open },
  });
  const allowed = useMemo(() => new Set((allowedRead.data ?? []).map((a) => a.toLowerCase())), [allowedRead.data]);

  const { address, status } = useConnection();
  const account = status === "connected" ? address : undefined;
  const ctx = useTransactorContext(chainId);
  const network = useNetworkSwitch(chainId);

  const { balances } = useBalances({ chainId, account, tokens: sofi ? [sofi.address] : [], enabled: !!sofi });
  const balance = sofi && account ? (balances[balanceTokenKey(sofi.address)] ?? null) : null;
  const allowanceRead = useReadContract({
    address: sofi?.address,
    abi: erc20Abi,
    functionName: "allowance",
    args: [account ?? zeroAddress, governor?.address ?? zeroAddress],
    chainId,
    query: { enabled: !!sofi && !!account && !!governor },
  });
  const allowance = allowanceRead.data ?? null;
  const threshold = settings?.threshold ?? PROPOSAL_THRESHOLD;
  const button = createButtonState({ connected: !!account, balance, allowance, threshold });

  // Each valid action simulated from the timelock, before anyone pays the stake.
  const encoded = useMemo(() => form.actions.map(encodeAction), [form.actions]);
  const valid = useMemo(() => encoded.filter((x): x is NonNullable<typeof x> => x !== null), [encoded]);
  const sim = useSimulation(chain, valid);
  const simulations: (Simulation | "pending" | "error" | null)[] = encoded.map((e) => {
    if (!e) return null;
    const k = valid.indexOf(e);
    if (sim.isError) return "error";
    return sim.data?.[k] ?? "pending";
  });

  const [approving, setApproving] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [creating, setCreating] = useState(false);

  const fail = (e: unknown) => {
    const f = failureOf(e);
    void toast.error(f.kind === "cancelled" ? t("cancelled") : f.kind === "message" ? f.message : t("failed"));
  };

  const approve = async () => {
    if (!ctx || !sofi || !governor) return;
    setApproving(true);
    try {
      // The stake is taken by transferFrom: exactly the threshold, never an unlimited allowance.
      const sent = await sendApprove(ctx, {
        token: sofi.address,
        spender: governor.address,
        amount: threshold,
        exact: true,
        info: { kind: "approve", symbol: sofi.symbol },
      });
      await sent.done;
      await allowanceRead.refetch();
    } catch (e) {
      fail(e);
    } finally {
      setApproving(false);
    }
  };

  /** §4 "Create opens a confirm modal", after §5's checks (content, then an action). */
  const openConfirm = () => {
    if (!form.check()) {
      const problem = form.formProblem ?? form.rawTitleProblem;
      if (problem) void toast.warning(problemText(t, problem));
      return;
    }
    setConfirmOpen(true);
  };

  /** Confirming sends the propose transaction; loading lasts until the receipt, then /proposals (replace). */
  const create = async () => {
    if (!ctx || !governor || !settings) return;
    const calls = form.actions.map(encodeAction);
    if (calls.some((c) => c === null)) return;
    setCreating(true);
    try {
      const now = await nextBlockTime(ctx.client);
      const endTime = proposeEndTime(now, form.shownDays, settings);
      const list = calls as NonNullable<(typeof calls)[number]>[];
      const sent = await propose(ctx, {
        chain,
        governor,
        calls: list,
        description: proposalDescription(form.title, form.content),
        endTime,
        title: form.title,
      });
      const ok = await sent.done;
      if (!ok) {
        void toast.error(t("failed"));
        setCreating(false);
        return;
      }
      void toast.success(t("created"));
      navigate("/proposals", { replace: true });
    } catch (e) {
      fail(e);
      setCreating(false);
    }
  };

  return {
    kind,
    chainId,
    chain,
    governor,
    factory,
    sofi,
    tokens,
    names,
    allowed,
    settings,
    range,
    form,
    account,
    wrongNetwork: network.wrongNetwork,
    switchNetwork: network.switchNetwork,
    switching: network.switching,
    balance,
    threshold,
    button,
    approving,
    simulations,
    confirmOpen,
    creating,
    connect: () => useWalletUi.getState().openDialog(),
    approve,
    openConfirm,
    closeConfirm: () => {
      if (!creating) setConfirmOpen(false);
    },
    create,
    back: () => navigate("/proposals/select"),
  };
}

export type CreateState = ReturnType<typeof useCreateState>;

/** §5's messages in the language of the moment (the English ones are core's texts). */
export function problemText(t: (k: string) => string, problem: string): string {
  const key = Object.entries(PROPOSAL_ERRORS).find(([, v]) => v === problem)?.[0];
  return key ? t(`errors.${key}`) : problem;
}
