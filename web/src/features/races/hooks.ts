import { RACES_HOME, TICKER_REFRESH_MS } from "@sofi/core";
import { chainById, headTailRacesAbi } from "@sofi/protocol";
import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { formatUnits, type PublicClient, zeroAddress } from "viem";
import { useConnection, usePublicClient, useReadContracts } from "wagmi";
import { apiQueryKey, useApi } from "../../kernel/api.ts";
import { useChainSuffix } from "../../kernel/config.ts";
import { useContract } from "../../kernel/contracts.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { CATCH_UP_MS, type ChainRound, POINTS_POLL_MS, RACE_POLL_MS } from "./rules.ts";

/** The races' reads: the API by name (core's table), the contract on chain, and the clocks. */

/** The connected account, or undefined. */
export function useAccount(): `0x${string}` | undefined {
  const { address, status } = useConnection();
  return status === "connected" ? address : undefined;
}

export function useChainId(): number {
  return useSettings((s) => s.chainId);
}

/** The chosen chain's name (the testnet banner). */
export function useNetworkName(chainId: number): string {
  return chainById(chainId)?.name ?? String(chainId);
}

/** Every API read of the chain: refreshed after a prediction's receipt. */
export function useApiPrefix(): readonly unknown[] {
  return apiQueryKey(useChainSuffix(), "").slice(0, 2);
}

// ------------------------------------------------------------------ clocks

const nowS = () => Math.floor(Date.now() / 1000);
let wall = nowS();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  wall = nowS();
  timer ??= setInterval(() => {
    wall = nowS();
    for (const l of listeners) l();
  }, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The wall clock in seconds, one tick a second for every countdown on screen (one timer). */
export function useWallClock(): number {
  return useSyncExternalStore(subscribe, () => wall);
}

/**
 * The chain's clock in seconds (what the contract checks the window against): the latest block's
 * time moved on by the wall's since it was read, or the wall clock when that is later (an idle
 * chain). The block is read every 10 s; a chain that travelled in time (a local one) is followed.
 */
export function useRaceClock(chainId: number): number {
  const client = usePublicClient({ chainId }) as PublicClient | undefined;
  const q = useQuery({
    queryKey: ["races.chainTime", chainId],
    queryFn: async () => Number((await (client as PublicClient).getBlock({ blockTag: "latest" })).timestamp),
    enabled: !!client,
    refetchInterval: RACE_POLL_MS,
    retry: false,
  });
  const now = useWallClock();
  const head = q.data === undefined ? 0 : q.data + Math.max(0, now - Math.floor(q.dataUpdatedAt / 1000));
  return Math.max(now, head);
}

// ------------------------------------------------------------------ the API

/** `GET /sofi/rounds?limit`: running races (3 on the home, 100 on the more page), every 10 s. */
export function useRunningRaces(limit: number = RACES_HOME) {
  return useApi("rounds", { query: { limit }, refetchIntervalMs: RACE_POLL_MS });
}

/**
 * `GET /sofi/rounds/{roundId}?address`: the round with the account's side, every 10 s, and every
 * 3 s while the chain has the account's prediction and the API not yet (`catchingUp`).
 */
export function useRound(roundId: string | null, account: string | undefined, catchingUp: boolean) {
  return useApi("round", {
    params: { roundId: roundId ?? undefined },
    query: { address: account },
    refetchIntervalMs: catchingUp ? CATCH_UP_MS : RACE_POLL_MS,
  });
}

/** `GET /sofi/points?address`: the leader board, and the account's points and history. */
export function usePoints(account: string | undefined, enabled = true) {
  return useApi("points", { query: { address: account }, enabled, refetchIntervalMs: POINTS_POLL_MS });
}

/** `GET /sofi/tickers?token`: the current price, every 10 s (§9 ticker refresh). */
export function useRaceTicker(token: string | undefined) {
  return useApi("raceTicker", {
    query: { token },
    enabled: !!token,
    refetchIntervalMs: TICKER_REFRESH_MS,
  });
}

// ------------------------------------------------------------------ the contract

const price18 = (v: bigint) => Number(formatUnits(v, 18));

/**
 * The round on chain (`roundInfo`, and `predicts` for the account) in one multicall, every 10 s and
 * after every receipt (the transactor refreshes contract reads): what the index may not have yet.
 */
export function useChainRound(
  roundId: string | null,
  account: `0x${string}` | undefined,
  chainId: number,
): { data: ChainRound | undefined; refetch: () => Promise<unknown> } {
  const races = useContract("headTailRaces", chainId);
  const address = races?.address ?? zeroAddress;
  const id = BigInt(roundId ?? "0");
  const q = useReadContracts({
    contracts: [
      { address, abi: headTailRacesAbi, functionName: "roundInfo", args: [id], chainId },
      { address, abi: headTailRacesAbi, functionName: "predicts", args: [id, account ?? zeroAddress], chainId },
    ],
    allowFailure: true,
    query: { enabled: !!races && roundId !== null, refetchInterval: RACE_POLL_MS },
  });
  const [info, mine] = q.data ?? [];
  let data: ChainRound | undefined;
  if (info?.status === "success" && info.result.roundId === id) {
    const r = info.result;
    data = {
      result: Number(r.result),
      joined: Number(r.joined),
      headCount: Number(r.headCount),
      tailCount: Number(r.tailCount),
      startPrice: price18(r.startPrice),
      endPrice: price18(r.endPrice),
      mine: account && mine?.status === "success" ? Number(mine.result) : undefined,
    };
  }
  return { data, refetch: q.refetch };
}
