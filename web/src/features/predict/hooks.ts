import {
  type BalanceHistoryType,
  isAddress,
  type MarketHistoryType,
  PREDICT_HOME_POSITIONS,
  PREDICT_POLL_MS,
  PREDICT_POSITIONS_PAGE,
} from "@sofi/core";
import { marketLensAbi } from "@sofi/protocol";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { PublicClient } from "viem";
import { useConnection, usePublicClient, useReadContract } from "wagmi";
import { apiQueryKey, useApi } from "../../kernel/api.ts";
import { chainConfig, useAppConfig, useChainSuffix } from "../../kernel/config.ts";
import { useContract } from "../../kernel/contracts.ts";
import { useSettings } from "../../kernel/settings-store.ts";

/** The prediction market's reads: the API by name (core's table) and the lens on chain. */

/** The connected account, or undefined. */
export function useAccount(): `0x${string}` | undefined {
  const { address, status } = useConnection();
  return status === "connected" ? address : undefined;
}

export function useChainId(): number {
  return useSettings((s) => s.chainId);
}

/** Every API read of the chain (refreshed after each receipt). */
export function useApiPrefix(): readonly unknown[] {
  return apiQueryKey(useChainSuffix(), "").slice(0, 2);
}

/** The list refreshes with the pool prices (§4: every 5 s). */
export const useMarkets = () => useApi("markets", { refetchIntervalMs: PREDICT_POLL_MS });

/** `GET /sofi/markets/{market}`: polled every 5 s (§4) with the default history; `type` for the chart. */
export function useMarket(market: string | undefined, type?: MarketHistoryType, poll = true) {
  return useApi("market", {
    params: { market: market && isAddress(market) ? market : undefined },
    query: type ? { type } : {},
    ...(poll ? { refetchIntervalMs: PREDICT_POLL_MS } : { staleTimeMs: 30_000 }),
  });
}

/**
 * One page of `sender`'s positions (the transactions page's table, PREDICT_POSITIONS_PAGE a page,
 * `page` from 1) with their total, polled every 15 s; the page shown stays while the next is read.
 */
export function usePositionsPage(sender: string | undefined, page: number) {
  return useApi("marketsPositions", {
    query: { sender, limit: PREDICT_POSITIONS_PAGE, offset: (page - 1) * PREDICT_POSITIONS_PAGE },
    enabled: !!sender,
    refetchIntervalMs: 15_000,
    keepPrevious: true,
  });
}

/**
 * The balance and the open positions the home and the account panel show (at most
 * PREDICT_HOME_POSITIONS, largest value first: the server applies openPositions), polled every
 * 15 s: a few positions sent, not every one the sender holds.
 */
export function useOpenPositions(sender: string | undefined) {
  return useApi("marketsPositions", {
    query: { sender, top: PREDICT_HOME_POSITIONS },
    enabled: !!sender,
    refetchIntervalMs: 15_000,
  });
}

export function useMarketTxs(sender: string | undefined) {
  return useApi("marketsTxs", { query: { sender }, enabled: !!sender, refetchIntervalMs: 15_000 });
}

export function useBalanceHistory(sender: string | undefined, type: BalanceHistoryType) {
  return useApi("marketsBalances", { query: { sender, type }, enabled: !!sender, refetchIntervalMs: 15_000 });
}

export function useStaking(sender: string | undefined) {
  return useApi("staking", { query: { sender }, enabled: !!sender, refetchIntervalMs: 15_000 });
}

/** The deployment's SOFI (the markets' collateral). */
export function useSofi(chainId: number): { address: `0x${string}`; decimals: number } | null {
  const t = chainConfig(useAppConfig(), chainId)?.deployment?.tokens.find((x) => x.symbol === "SOFI");
  return t ? { address: t.address as `0x${string}`, decimals: t.decimals } : null;
}

/**
 * The chain's clock (the head block's time, never behind the wall's): the market closes at its
 * resolution time by the chain's time, which a local chain may have moved ahead.
 */
export function useChainNow(chainId: number): number {
  const client = usePublicClient({ chainId }) as PublicClient | undefined;
  const q = useQuery({
    queryKey: ["predict.chainTime", chainId],
    queryFn: async () => Number((await (client as PublicClient).getBlock({ blockTag: "latest" })).timestamp),
    enabled: !!client,
    refetchInterval: PREDICT_POLL_MS,
    retry: false,
  });
  const [wall, setWall] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setWall(Math.floor(Date.now() / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  // The head's time moved on by the wall's since it was read.
  const head = q.data === undefined ? 0 : q.data + Math.max(0, wall - Math.floor(q.dataUpdatedAt / 1000));
  return Math.max(wall, head);
}

/** MarketLens.getMarketState: pool balances, prices, status (0-5), every 5 s and after each receipt. */
export function useMarketState(market: `0x${string}` | undefined, chainId: number) {
  const lens = useContract("marketLens", chainId);
  return useReadContract({
    address: lens?.address,
    abi: marketLensAbi,
    functionName: "getMarketState",
    args: market ? [market] : undefined,
    chainId,
    query: { enabled: !!lens && !!market, refetchInterval: PREDICT_POLL_MS },
  });
}

/** MarketLens.getUserState: outcome balances, pool shares, SOFI balance and allowance, approval, redeemable. */
export function useUserState(market: `0x${string}` | undefined, account: `0x${string}` | undefined, chainId: number) {
  const lens = useContract("marketLens", chainId);
  return useReadContract({
    address: lens?.address,
    abi: marketLensAbi,
    functionName: "getUserState",
    args: market && account ? [market, account] : undefined,
    chainId,
    query: { enabled: !!lens && !!market && !!account, refetchInterval: PREDICT_POLL_MS },
  });
}
