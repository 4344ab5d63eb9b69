import { chainById, type Deployment } from "@sofi/protocol";
import { useState } from "react";
import { NATIVE_BALANCE_KEY } from "../../kernel/balances.ts";
import { chainConfig, useAppConfig, useChainSuffix } from "../../kernel/config.ts";
import { useContract } from "../../kernel/contracts.ts";
import { useSettings } from "../../kernel/settings-store.ts";

export type Hex = `0x${string}`;

/**
 * What a buy or a sell trades (the trade view's `TradeView` is one; the portfolio page builds one
 * from its detail with `useDetailTradeTarget`): the chain, who trades, the trading module, the
 * portfolio and its module state.
 */
export type TradeTarget = {
  chainId: number;
  /** The chain's API suffix (the reads refreshed after a trade). */
  chain: string;
  account: Hex | undefined;
  module: Hex | undefined;
  /** The portfolio (its set token). */
  address: Hex | undefined;
  d: { symbol: string; decimals: number } | undefined;
  moduleState: number | undefined;
  tradingEnabled: boolean;
  isManager: boolean;
  deployment: Deployment | null;
  nativeSymbol: string;
};

/**
 * The raw state of a buy or a sell (what the user typed and chose, and the write in progress);
 * `useTrade` derives everything else from it.
 */
export function useTradeInput() {
  const [tokenKey, setTokenKey] = useState<string>(NATIVE_BALANCE_KEY);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState<null | "approve" | "trade">(null);
  return { tokenKey, setTokenKey, text, setText, busy, setBusy };
}

/** The trade target of a portfolio page's detail (the API's module state and buy/sell flag). */
export function useDetailTradeTarget(
  d: { address: string; symbol: string; decimals: number; module_state: number; trading_enabled: boolean },
  account: string | undefined,
  isManager: boolean,
): TradeTarget {
  const chainId = useSettings((s) => s.chainId);
  const config = useAppConfig();
  return {
    chainId,
    chain: useChainSuffix(),
    account: account as Hex | undefined,
    module: useContract("portfolioTradingModule")?.address,
    address: d.address as Hex,
    d,
    moduleState: d.module_state,
    tradingEnabled: d.trading_enabled,
    isManager,
    deployment: chainConfig(config, chainId)?.deployment ?? null,
    nativeSymbol: chainById(chainId)?.nativeSymbol ?? "ETH",
  };
}
