import { exitFeePercentText, isAddress, MAX_EXIT_FEE_BPS, parseExitFeePercent } from "@sofi/core";
import { portfolioTradingModuleAbi } from "@sofi/protocol";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zeroAddress } from "viem";
import { useReadContract, useSimulateContract } from "wagmi";
import { useDebouncedValue } from "../../kernel/hooks.ts";
import type { TradeOutcome } from "../portfolios/index.ts";
import { type ContractCall, failureMessage } from "../transactions/index.ts";
import { type ExitFeeRefusal, exitFeeBlock, exitFeeRefusal } from "./exit-fee.ts";
import type { Hex, TradeView } from "./useTradeView.ts";

/** How long typing settles before the contract is asked (ms). */
export const EXIT_FEE_CHECK_DEBOUNCE_MS = 300;

/** The manage page's one write path (useManage's `run`): sends, waits for the receipt, rereads the module. */
export type RunManageWrite = (
  action: "exitFee",
  call: ContractCall,
  /** Words for a failure the contract explains (its refusal), else null to keep the wallet's or node's. */
  describe: (e: unknown) => string | null,
) => Promise<TradeOutcome>;

/**
 * Changing the exit fee of an initialised portfolio (issue 21 §4, the module's `setExitFee`): the
 * current fee and recipient read from the chain, the new ones typed (prefilled with the current
 * ones), the contract's bound read from the contract (`MAX_EXIT_FEE_BPS`), a simulation from the
 * manager's account once typing settles, and the write through the manage page's transactor.
 */
export function useExitFee(v: TradeView, run: RunManageWrite) {
  const { t } = useTranslation("portfolio-trade");
  const { module, chainId, account } = v;
  const set = v.address;
  const maxRead = useReadContract({
    address: module,
    abi: portfolioTradingModuleAbi,
    functionName: "MAX_EXIT_FEE_BPS",
    chainId,
    query: { enabled: !!module },
  });
  const maxBps = maxRead.data !== undefined ? Number(maxRead.data) : MAX_EXIT_FEE_BPS;
  const ready = v.moduleState === 2;
  const currentBps = ready ? v.exitFeeBps : undefined;
  const currentRecipient = ready ? v.exitFeeRecipient : undefined;

  // null: not typed, so the field shows what the chain holds now (and follows it after a change).
  const [feeTyped, setFeeTyped] = useState<string | null>(null);
  const [recipientTyped, setRecipientTyped] = useState<string | null>(null);
  const feeText = feeTyped ?? (currentBps !== undefined ? exitFeePercentText(currentBps) : "");
  const recipient = recipientTyped ?? currentRecipient ?? "";
  const feeBps = parseExitFeePercent(feeText, maxBps);

  const local = exitFeeBlock({
    feeBps,
    maxBps,
    recipient,
    currentBps,
    currentRecipient,
    checking: false,
    refusal: null,
  });
  const typed = `${feeText}|${recipient}`;
  const settled = useDebouncedValue(typed, EXIT_FEE_CHECK_DEBOUNCE_MS) === typed;
  const canAsk = ready && local === null && !!module && !!set && !!account;
  const simulation = useSimulateContract({
    address: module,
    abi: portfolioTradingModuleAbi,
    functionName: "setExitFee",
    args: [
      set ?? zeroAddress,
      BigInt(feeBps ?? 0),
      (isAddress(recipient.trim()) ? recipient.trim() : zeroAddress) as Hex,
    ],
    account,
    chainId,
    query: { enabled: canAsk && settled, retry: false, gcTime: 0 },
  });
  const fallback = (e: unknown) => failureMessage(e) ?? t("failed");
  const refusal: ExitFeeRefusal | null =
    canAsk && settled && simulation.error ? exitFeeRefusal(simulation.error, maxBps, fallback(simulation.error)) : null;
  const checking = canAsk && (!settled || simulation.isFetching || (!simulation.data && !simulation.error));
  const block = exitFeeBlock({ feeBps, maxBps, recipient, currentBps, currentRecipient, checking, refusal });

  const save = async (): Promise<TradeOutcome> => {
    if (block !== null || !module || !set || feeBps === null) return { ok: false, cancelled: false, message: null };
    const out = await run(
      "exitFee",
      {
        address: module,
        abi: portfolioTradingModuleAbi,
        functionName: "setExitFee",
        args: [set, BigInt(feeBps), recipient.trim() as Hex],
      },
      (e) => refusalText(t, exitFeeRefusal(e, maxBps, fallback(e))),
    );
    if (out.ok) {
      // The fields follow the chain again: they show the fee just set.
      setFeeTyped(null);
      setRecipientTyped(null);
    }
    return out;
  };

  return {
    maxBps,
    currentBps,
    currentRecipient,
    feeText,
    setFeeText: (text: string) => setFeeTyped(text),
    recipient,
    setRecipient: (text: string) => setRecipientTyped(text),
    block,
    save,
  };
}
export type ExitFeeState = ReturnType<typeof useExitFee>;

type T = (key: string, values?: Record<string, unknown>) => string;

/** A refusal in the user's language (`manage.refusal.*`). */
export function refusalText(t: T, r: ExitFeeRefusal): string {
  return t(`manage.refusal.${r.key}`, r);
}
