import {
  FAUCET_GRANTS,
  type FaucetKind,
  type FaucetMode,
  faucetCanSubmit,
  faucetModeAfter,
  faucetName,
} from "@sofi/core";
import { chainById, LOCAL_CHAIN_ID } from "@sofi/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { balanceTokenKey, invalidateBalances, NATIVE_BALANCE_KEY, useBalances } from "../../kernel/balances.ts";
import { chainConfig, useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { addPopup } from "../shell/index.ts";
import { claimFaucet } from "./api.ts";
import { faucetRefusalKey, faucetUsdt } from "./rules.ts";

export type FaucetState = {
  address: Address | undefined;
  network: string;
  nativeSymbol: string;
  usdtDecimals: number;
  mode: FaucetMode;
  opened: readonly [boolean, boolean];
  markOpened: (i: 0 | 1) => void;
  usernames: readonly [string, string];
  setUsername: (i: 0 | 1, v: string) => void;
  pending: boolean;
  canSubmit: boolean;
  /** The claim that went through in this dialog (its success message), or null. */
  granted: FaucetKind | null;
  usdtBalance: bigint | undefined;
  nativeBalance: bigint | undefined;
  balancesFailed: boolean;
  submit: () => Promise<void>;
};

/** The faucet dialog's state (spec 001 §2, §4, §8) for the connected address on the app's network. */
export function useFaucetState(): FaucetState {
  const { t } = useTranslation("faucet");
  const chainId = useSettings((s) => s.chainId);
  const config = useAppConfig();
  const chain = chainConfig(config, chainId);
  const usdt = faucetUsdt(chainId, chain?.deployment);
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<FaucetMode>("normal");
  const [opened, setOpened] = useState<readonly [boolean, boolean]>([false, false]);
  const [usernames, setUsernames] = useState<readonly [string, string]>(["", ""]);
  const [pending, setPending] = useState(false);
  const [granted, setGranted] = useState<FaucetKind | null>(null);
  const { balances, failed } = useBalances({
    chainId,
    account: address,
    tokens: usdt ? [NATIVE_BALANCE_KEY, usdt.address] : [],
    enabled: !!usdt,
  });
  const usdtKey = usdt ? balanceTokenKey(usdt.address) : "";
  const info = chainById(chainId);

  const submit = async () => {
    if (!address || !chain || !faucetCanSubmit({ mode, pending, opened, usernames })) return;
    setPending(true);
    try {
      const name = mode === "extra" ? faucetName(usernames[0], usernames[1]) : "";
      const out = await claimFaucet(chain.suffix, { address, name });
      if (out.ok) {
        setGranted(out.reply.kind);
        const g = FAUCET_GRANTS[out.reply.kind];
        const text =
          out.reply.kind === "extra"
            ? t("successExtra", { usdt: Number(g.usdt).toLocaleString("en-US") })
            : t("success", {
                usdt: Number(g.usdt).toLocaleString("en-US"),
                native: g.native,
                symbol: info?.nativeSymbol ?? "ETH",
              });
        addPopup({ content: text });
        await invalidateBalances(queryClient, chainId, address);
        return;
      }
      // Spec 001 §8: the server's text as a toast; faucet_count 1 switches to extra mode.
      setGranted(null);
      const key = out.error ? faucetRefusalKey(out.error) : null;
      addPopup({ content: key ? t(`refusal.${key}`) : (out.error ?? t("networkError")) });
      setMode((m) => faucetModeAfter(m, out.faucetCount));
    } finally {
      setPending(false);
    }
  };

  return {
    address,
    network: chainId === LOCAL_CHAIN_ID ? t("localChain") : (chain?.name ?? info?.name ?? String(chainId)),
    nativeSymbol: info?.nativeSymbol ?? "ETH",
    usdtDecimals: usdt?.decimals ?? 18,
    mode,
    opened,
    markOpened: (i) => setOpened((o) => (i === 0 ? [true, o[1]] : [o[0], true])),
    usernames,
    setUsername: (i, v) => setUsernames((u) => (i === 0 ? [v, u[1]] : [u[0], v])),
    pending,
    canSubmit: !!address && faucetCanSubmit({ mode, pending, opened, usernames }),
    granted,
    usdtBalance: usdt ? balances[usdtKey] : undefined,
    nativeBalance: balances[NATIVE_BALANCE_KEY],
    balancesFailed: !!usdt && (!!failed[usdtKey] || !!failed[NATIVE_BALANCE_KEY]),
    submit,
  };
}
