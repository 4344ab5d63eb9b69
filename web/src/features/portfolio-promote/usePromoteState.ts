import {
  PROMOTE_MAX_INPUT_DECIMALS,
  PROMOTE_MIN_AMOUNT,
  type PromoteAmountProblem,
  type PromoteStep,
  parsePromoteAmount,
  promoteAmountProblem,
  promoteApprovalAmount,
  promoteEndAfter,
  promoteFirstStep,
  promoteHours,
  sanitizeAmountInput,
} from "@sofi/core";
import { erc20Abi, portfolioPromotionAbi } from "@sofi/protocol";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, zeroAddress } from "viem";
import { useConnection, useReadContract } from "wagmi";
import { apiQueryKey } from "../../kernel/api.ts";
import { balanceTokenKey, useBalances } from "../../kernel/balances.ts";
import { chainConfig, useAppConfig, useChainSuffix } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { failureMessage, sendApprove, sendWrite, txExplorerUrl, useTransactorContext } from "../transactions/index.ts";
import { type PromotionInfo, promotionOf } from "./rules.ts";

/** One write of the dialog: waiting for the wallet, pending with its hash, then done or failed. */
export type PromoteTx =
  | { stage: "idle" }
  | { stage: "wallet" }
  | { stage: "pending"; hash: `0x${string}`; url: string | null }
  | { stage: "done"; hash: `0x${string}`; url: string | null }
  | { stage: "failed"; text: string; hash?: `0x${string}`; url?: string | null };

/** The promotion's end: the later of the API's (indexed) and the contract's (read on chain). */
export function usePromotionEnd(portfolio: string, apiEnd: number): number {
  const chainId = useSettings((s) => s.chainId);
  const info = promotionOf(chainConfig(useAppConfig(), chainId)?.deployment);
  const onChain = useReadContract({
    address: info?.promotion,
    abi: portfolioPromotionAbi,
    functionName: "promoteEndAt",
    args: [portfolio as Address],
    chainId,
    query: { enabled: !!info },
  });
  return Math.max(apiEnd, Number(onChain.data ?? 0n));
}

export type PromoteState = {
  info: PromotionInfo | null;
  connected: boolean;
  wrongNetwork: boolean;
  step: PromoteStep;
  setStep: (s: PromoteStep) => void;
  allowance: bigint | undefined;
  /** What the approval step asks for (1e20, or the budget when larger). */
  approvalAmount: bigint;
  approvalDone: boolean;
  balance: bigint | undefined;
  input: string;
  setInput: (raw: string) => void;
  amount: bigint | null;
  /** The budget's problem, shown once the user typed or pressed Next. */
  problem: PromoteAmountProblem | null;
  shownProblem: PromoteAmountProblem | null;
  hours: number;
  currentEnd: number;
  newEnd: number | null;
  /** The start step's end: the new end until the promotion is sent, then the one it announced. */
  startEnd: number | null;
  approveTx: PromoteTx;
  promoteTx: PromoteTx;
  approve: () => Promise<void>;
  next: () => void;
  start: () => Promise<void>;
  minAmount: string;
};

/**
 * The promote dialog's state (spec 001 §2, §4, §5, §9): step 1 approves 1e20 SOFI base units to
 * the promotion contract when the allowance is short, step 2 takes the budget (hours it buys and
 * the new end), step 3 sends `promote(portfolio, amount)` through the transactor. Failures are
 * reported with `onFailure` (the page's browser alert, as sell and manage failures) and kept inline.
 */
export function usePromoteState(o: {
  portfolio: string;
  apiEnd: number;
  open: boolean;
  onFailure: (text: string) => void;
}): PromoteState {
  const { t } = useTranslation("portfolio-promote");
  const chainId = useSettings((s) => s.chainId);
  const config = useAppConfig();
  const chain = useChainSuffix();
  const info = promotionOf(chainConfig(config, chainId)?.deployment);
  const { address, status, chainId: walletChainId } = useConnection();
  const connected = status === "connected" && !!address;
  const ctx = useTransactorContext(chainId);
  const currentEnd = usePromotionEnd(o.portfolio, o.apiEnd);

  const allowanceRead = useReadContract({
    address: info?.sofi.address,
    abi: erc20Abi,
    functionName: "allowance",
    args: [address ?? zeroAddress, info?.promotion ?? zeroAddress],
    chainId,
    query: { enabled: o.open && !!info && connected },
  });
  const allowance = allowanceRead.data;
  const { balances } = useBalances({
    chainId,
    account: address,
    tokens: info ? [info.sofi.address] : [],
    enabled: o.open && !!info,
  });
  const balance = info ? balances[balanceTokenKey(info.sofi.address)] : undefined;

  const [step, setStep] = useState<PromoteStep>(0);
  const [placed, setPlaced] = useState(false);
  const [input, setRawInput] = useState("");
  const [touched, setTouched] = useState(false);
  const [approveTx, setApproveTx] = useState<PromoteTx>({ stage: "idle" });
  const [promoteTx, setPromoteTx] = useState<PromoteTx>({ stage: "idle" });
  /** The end the start step announced when it sent the promotion (its summary stays as it was). */
  const [plannedEnd, setPlannedEnd] = useState<number | null>(null);

  // Each opening starts over, at the approval or (allowance already there) at the budget.
  useEffect(() => {
    if (!o.open) {
      setPlaced(false);
      setRawInput("");
      setTouched(false);
      setApproveTx({ stage: "idle" });
      setPromoteTx({ stage: "idle" });
      setPlannedEnd(null);
      return;
    }
    if (!placed && allowance !== undefined) {
      setStep(promoteFirstStep(allowance));
      setPlaced(true);
    }
  }, [o.open, placed, allowance]);

  const amount = parsePromoteAmount(input);
  const problem = promoteAmountProblem(input, balance);
  const approvalAmount = promoteApprovalAmount(amount);
  const newEnd =
    amount !== null && problem !== "required" ? promoteEndAfter(currentEnd, Date.now() / 1000, amount) : null;

  /** A failure: the text inline and through `onFailure`; a thrown error's message or a reverted receipt. */
  const fail = (e: unknown, set: (tx: PromoteTx) => void, hash?: `0x${string}`) => {
    const message = e === null ? undefined : failureMessage(e);
    const text =
      message === undefined ? t("failed") : message === null ? t("cancelled_transaction") : t("error", { message });
    set({ stage: "failed", text, ...(hash ? { hash, url: txExplorerUrl(chainId, hash) } : {}) });
    o.onFailure(text);
  };

  const approve = async () => {
    if (!info || !ctx) return;
    setApproveTx({ stage: "wallet" });
    try {
      // Spec 001 §9: the promotion's approval is 1e20 base units (never unlimited).
      const sent = await sendApprove(ctx, {
        token: info.sofi.address,
        spender: info.promotion,
        amount: approvalAmount,
        exact: true,
        info: { kind: "approve", symbol: info.sofi.symbol },
      });
      const url = txExplorerUrl(chainId, sent.hash);
      setApproveTx({ stage: "pending", hash: sent.hash, url });
      const ok = await sent.done;
      const after = await allowanceRead.refetch();
      if (!ok) return fail(null, setApproveTx, sent.hash);
      setApproveTx({ stage: "done", hash: sent.hash, url });
      if ((after.data ?? 0n) >= approvalAmount) setStep(1);
    } catch (e) {
      fail(e, setApproveTx);
    }
  };

  const next = () => {
    setTouched(true);
    if (problem !== null || amount === null) return;
    if (allowance === undefined || allowance < amount) {
      setApproveTx({ stage: "idle" });
      setStep(0);
      return;
    }
    setStep(2);
  };

  const start = async () => {
    if (!info || !ctx || amount === null) return;
    setPlannedEnd(newEnd);
    setPromoteTx({ stage: "wallet" });
    try {
      const sent = await sendWrite(ctx, {
        call: {
          address: info.promotion,
          abi: portfolioPromotionAbi,
          functionName: "promote",
          args: [o.portfolio as Address, amount],
        },
        summary: `Promote ${input} SOFI`,
        // the detail's promote_end_at and the featured list change once the indexer has the event
        invalidate: [apiQueryKey(chain, "").slice(0, 2)],
      });
      const url = txExplorerUrl(chainId, sent.hash);
      setPromoteTx({ stage: "pending", hash: sent.hash, url });
      if (await sent.done) setPromoteTx({ stage: "done", hash: sent.hash, url });
      else fail(null, setPromoteTx, sent.hash);
    } catch (e) {
      fail(e, setPromoteTx);
    }
  };

  return {
    info,
    connected,
    wrongNetwork: connected && walletChainId !== chainId,
    step,
    setStep,
    allowance,
    approvalAmount,
    approvalDone: allowance !== undefined && allowance >= approvalAmount,
    balance,
    input,
    setInput: (raw: string) => {
      const v = sanitizeAmountInput(raw, PROMOTE_MAX_INPUT_DECIMALS);
      if (v === null) return;
      setRawInput(v);
      setTouched(true);
    },
    amount,
    problem,
    shownProblem: touched ? problem : null,
    hours: amount === null ? 0 : promoteHours(amount),
    currentEnd,
    newEnd,
    startEnd: promoteTx.stage === "idle" ? newEnd : plannedEnd,
    approveTx,
    promoteTx,
    approve,
    next,
    start,
    minAmount: PROMOTE_MIN_AMOUNT,
  };
}
