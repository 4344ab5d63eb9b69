import {
  type ConvertButtonState,
  convertApprovalAmount,
  convertButtonState,
  convertOutput,
  formatUnitsExact,
  parseAmount,
  sanitizeAmountInput,
} from "@sofi/core";
import { erc20Abi, sofiConverterAbi } from "@sofi/protocol";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zeroAddress } from "viem";
import { useConnection, useReadContract } from "wagmi";
import { balanceTokenKey, useBalances } from "../../kernel/balances.ts";
import { chainConfig, useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import {
  failureMessage,
  sendApprove,
  sendWrite,
  type TransactorContext,
  useTransactorContext,
} from "../transactions/index.ts";
import { type ConverterInfo, converterOf } from "./rules.ts";

/** What the dialog shows after a write: the converted amount, or the failure's text. */
export type ConvertResult = { kind: "success"; amount: string } | { kind: "error"; text: string } | null;

export type ConvertState = {
  info: ConverterInfo | null;
  input: string;
  setInput: (raw: string) => void;
  setMax: () => void;
  /** The typed amount in base units (null: empty or not a number). */
  amount: bigint | null;
  /** What the conversion pays, as typed (1 RAI = 1 SOFI). */
  receive: string;
  raiBalance: bigint | undefined;
  sofiBalance: bigint | undefined;
  balancesFailed: boolean;
  reserve: bigint | undefined;
  button: ConvertButtonState;
  result: ConvertResult;
  clearResult: () => void;
  /** Approves or converts, as the button says. */
  submit: () => Promise<void>;
};

/** The failure's text in the user's language (spec 001 §8: cancelled_transaction, else the message). */
function failureText(e: unknown, t: (k: string, o?: Record<string, unknown>) => string): string {
  const message = failureMessage(e);
  return message === null ? t("cancelled_transaction") : t("error", { message });
}

/** The Convert to SOFI dialog's state (spec 001 §2, §7, §9) on the app's network. */
export function useConvertState(): ConvertState {
  const { t } = useTranslation("sofi-convert");
  const chainId = useSettings((s) => s.chainId);
  const config = useAppConfig();
  const info = converterOf(chainConfig(config, chainId)?.deployment);
  const { address, status, chainId: walletChainId } = useConnection();
  const connected = status === "connected" && !!address;
  const ctx: TransactorContext | null = useTransactorContext(chainId);
  const [input, setRawInput] = useState("");
  const [busy, setBusy] = useState<"approving" | "converting" | null>(null);
  const [result, setResult] = useState<ConvertResult>(null);

  const tokens = info ? [info.rai.address, info.sofi.address] : [];
  const { balances, failed } = useBalances({ chainId, account: address, tokens, enabled: !!info });
  const raiBalance = info ? balances[balanceTokenKey(info.rai.address)] : undefined;
  const sofiBalance = info ? balances[balanceTokenKey(info.sofi.address)] : undefined;
  const allowance = useReadContract({
    address: info?.rai.address,
    abi: erc20Abi,
    functionName: "allowance",
    args: [address ?? zeroAddress, info?.converter ?? zeroAddress],
    chainId,
    query: { enabled: !!info && connected },
  });
  const reserve = useReadContract({
    address: info?.converter,
    abi: sofiConverterAbi,
    functionName: "reserve",
    chainId,
    query: { enabled: !!info },
  });

  const decimals = info?.rai.decimals ?? 18;
  const amount = parseAmount(input, decimals);
  const button = convertButtonState({
    connected,
    wrongNetwork: connected && walletChainId !== chainId,
    amount,
    raiBalance,
    allowance: allowance.data,
    reserve: reserve.data,
    approving: busy === "approving",
    converting: busy === "converting",
  });

  const setInput = (raw: string) => {
    const v = sanitizeAmountInput(raw, decimals);
    if (v === null) return;
    setRawInput(v);
    setResult(null);
  };

  const submit = async () => {
    if (!info || !ctx || amount === null) return;
    setResult(null);
    if (button === "approve") {
      setBusy("approving");
      try {
        // Spec 001 §9: the conversion's approval is 1e20 base units (never unlimited).
        const sent = await sendApprove(ctx, {
          token: info.rai.address,
          spender: info.converter,
          amount: convertApprovalAmount(amount),
          exact: true,
          info: { kind: "approve", symbol: info.rai.symbol },
        });
        if (!(await sent.done)) setResult({ kind: "error", text: t("failed") });
        await allowance.refetch();
      } catch (e) {
        setResult({ kind: "error", text: failureText(e, t) });
      } finally {
        setBusy(null);
      }
      return;
    }
    if (button !== "convert") return;
    setBusy("converting");
    const shown = formatUnitsExact(amount, decimals);
    try {
      const sent = await sendWrite(ctx, {
        call: { address: info.converter, abi: sofiConverterAbi, functionName: "convert", args: [amount] },
        info: {
          kind: "swap",
          amountIn: shown,
          symbolIn: info.rai.symbol,
          amountOut: formatUnitsExact(convertOutput(amount), info.sofi.decimals),
          symbolOut: info.sofi.symbol,
        },
      });
      if (await sent.done) {
        setResult({ kind: "success", amount: shown });
        setRawInput("");
      } else setResult({ kind: "error", text: t("failed") });
      await Promise.all([reserve.refetch(), allowance.refetch()]);
    } catch (e) {
      setResult({ kind: "error", text: failureText(e, t) });
    } finally {
      setBusy(null);
    }
  };

  return {
    info,
    input,
    setInput,
    setMax: () => {
      if (raiBalance !== undefined) setInput(formatUnitsExact(raiBalance, decimals));
    },
    amount,
    receive: amount === null ? "0" : formatUnitsExact(convertOutput(amount), info?.sofi.decimals ?? 18),
    raiBalance,
    sofiBalance,
    balancesFailed:
      !!info && (!!failed[balanceTokenKey(info.rai.address)] || !!failed[balanceTokenKey(info.sofi.address)]),
    reserve: reserve.data,
    button,
    result,
    clearResult: () => setResult(null),
    submit,
  };
}
