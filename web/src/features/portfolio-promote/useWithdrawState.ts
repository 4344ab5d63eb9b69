import {
  formatDisplayAmount,
  formatUnitsExact,
  isAddress,
  PROMOTE_DECIMALS,
  parseWithdrawAmount,
  sanitizeAmountInput,
  type WithdrawProblem,
  withdrawProblem,
} from "@sofi/core";
import { erc20Abi, portfolioPromotionAbi } from "@sofi/protocol";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Address, isAddress as isChecksummed, zeroAddress } from "viem";
import { useConnection, useReadContract, useSimulateContract } from "wagmi";
import { chainConfig, useAppConfig } from "../../kernel/config.ts";
import { useDebouncedValue } from "../../kernel/hooks.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { failureMessage, sendWrite, txExplorerUrl, useTransactorContext } from "../transactions/index.ts";
import { promotionOf } from "./rules.ts";
import type { PromoteTx } from "./usePromoteState.ts";
import { isPromotionOwner, WITHDRAW_ABI, type WithdrawRefusal, withdrawRefusal } from "./withdraw.ts";

/** How long typing settles before the contract is asked (ms). */
export const WITHDRAW_CHECK_DEBOUNCE_MS = 300;

/** The promotion contract, its owner and what it holds, read on chain (the account panel's entry and the dialog). */
export function usePromotionTreasury(o: { readHeld: boolean }) {
  const chainId = useSettings((s) => s.chainId);
  const info = promotionOf(chainConfig(useAppConfig(), chainId)?.deployment);
  const { address } = useConnection();
  const owner = useReadContract({
    address: info?.promotion,
    abi: portfolioPromotionAbi,
    functionName: "owner",
    chainId,
    query: { enabled: !!info },
  });
  const isOwner = isPromotionOwner(owner.data, address);
  const held = useReadContract({
    address: info?.sofi.address,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [info?.promotion ?? zeroAddress],
    chainId,
    query: { enabled: !!info && isOwner && o.readHeld },
  });
  return { chainId, info, account: address, isOwner, held: held.data };
}

/**
 * What the dialog finds wrong itself: core's problems, and `checksum` (a mixed-case address whose
 * capitals do not match its EIP-55 checksum: a typo, which viem would not send).
 */
export type WithdrawLocalProblem = WithdrawProblem | "checksum";

/** The first local problem of a withdrawal of `text` SOFI to `to`, or null. */
export function withdrawLocalProblem(text: string, to: string, held?: bigint): WithdrawLocalProblem | null {
  return withdrawProblem(text, to, held) ?? (isChecksummed(to.trim()) ? null : "checksum");
}

/** Why the withdraw cannot be sent yet; null when it can. */
export type WithdrawBlock =
  | { key: "local"; problem: WithdrawLocalProblem }
  | { key: "checking" }
  | { key: "refused"; refusal: WithdrawRefusal }
  | { key: "notOwner" };

/**
 * The owner's withdraw dialog (issue 21 §4): what the contract holds, the amount (Max: all of it)
 * and the recipient (the owner's own address unless changed), the contract asked by a simulation
 * from the owner's account once typing settles, then `withdraw(to, amount)` through the transactor;
 * the receipt refreshes what the contract holds.
 */
export function useWithdrawState(open: boolean) {
  const { t } = useTranslation("portfolio-promote");
  const { chainId, info, account, isOwner, held } = usePromotionTreasury({ readHeld: open });
  const { status, chainId: walletChainId } = useConnection();
  const ctx = useTransactorContext(chainId);
  const [amountText, setAmountText] = useState("");
  const [toTyped, setToTyped] = useState<string | null>(null);
  const [tx, setTx] = useState<PromoteTx>({ stage: "idle" });
  const to = toTyped ?? account ?? "";
  const amount = parseWithdrawAmount(amountText);
  const problem = withdrawLocalProblem(amountText, to, held);

  const typed = `${amountText}|${to}`;
  const settled = useDebouncedValue(typed, WITHDRAW_CHECK_DEBOUNCE_MS) === typed;
  const canAsk = open && !!info && !!account && isOwner && problem === null && amount !== null;
  const simulation = useSimulateContract({
    address: info?.promotion,
    abi: WITHDRAW_ABI,
    functionName: "withdraw",
    args: [(isAddress(to.trim()) ? to.trim() : zeroAddress) as Address, amount ?? 0n],
    account,
    chainId,
    query: { enabled: canAsk && settled, retry: false, gcTime: 0 },
  });
  const fallback = (e: unknown) => failureMessage(e) ?? t("failed");
  const refusal =
    canAsk && settled && simulation.error ? withdrawRefusal(simulation.error, fallback(simulation.error)) : null;
  const block: WithdrawBlock | null = !isOwner
    ? { key: "notOwner" }
    : problem !== null
      ? { key: "local", problem }
      : refusal
        ? { key: "refused", refusal }
        : !settled || simulation.isFetching || !simulation.data
          ? { key: "checking" }
          : null;

  const withdraw = async () => {
    if (!info || !ctx || amount === null || block !== null) return;
    setTx({ stage: "wallet" });
    try {
      const sent = await sendWrite(ctx, {
        call: {
          address: info.promotion,
          abi: WITHDRAW_ABI,
          functionName: "withdraw",
          args: [to.trim() as Address, amount],
        },
        info: {
          kind: "promotionWithdraw",
          amount: formatUnitsExact(amount, PROMOTE_DECIMALS),
          symbol: info.sofi.symbol,
        },
      });
      const url = txExplorerUrl(chainId, sent.hash);
      setTx({ stage: "pending", hash: sent.hash, url });
      if (await sent.done) {
        setTx({ stage: "done", hash: sent.hash, url });
        setAmountText("");
      } else setTx({ stage: "failed", text: t("failed"), hash: sent.hash, url });
    } catch (e) {
      const message = failureMessage(e);
      const text = message === null ? t("cancelled_transaction") : withdrawRefusalText(t, withdrawRefusal(e, message));
      setTx({ stage: "failed", text });
    }
  };

  return {
    info,
    connected: status === "connected" && !!account,
    wrongNetwork: status === "connected" && walletChainId !== chainId,
    isOwner,
    held,
    heldText: held === undefined ? null : formatDisplayAmount(held, PROMOTE_DECIMALS),
    amountText,
    setAmountText: (raw: string) => {
      const v = sanitizeAmountInput(raw, PROMOTE_DECIMALS);
      if (v === null) return;
      setAmountText(v);
      if (tx.stage === "done" || tx.stage === "failed") setTx({ stage: "idle" });
    },
    /** Max: everything the contract holds. */
    max: () => held !== undefined && setAmountText(formatUnitsExact(held, PROMOTE_DECIMALS)),
    to,
    setTo: (v: string) => setToTyped(v),
    block,
    tx,
    withdraw,
    reset: () => {
      setAmountText("");
      setToTyped(null);
      setTx({ stage: "idle" });
    },
  };
}
export type WithdrawState = ReturnType<typeof useWithdrawState>;

type T = (key: string, values?: Record<string, unknown>) => string;

/** A refusal in the user's language (`withdraw.refusal.*`). */
export function withdrawRefusalText(t: T, r: WithdrawRefusal): string {
  return t(`withdraw.refusal.${r.key}`, r);
}
