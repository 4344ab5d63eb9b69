import { type ActionDraft, type ApiReply, actionAbiItem, actionArgs, actionProblem } from "@sofi/core";
import { sofiGovernorAbi } from "@sofi/protocol";
import { useQuery } from "@tanstack/react-query";
import { encodeFunctionData, type Hex, type PublicClient, zeroAddress } from "viem";
import { usePublicClient, useReadContracts } from "wagmi";
import { ApiWriteError, apiWrite } from "../../kernel/api.ts";
import { chainConfig, useAppConfig } from "../../kernel/config.ts";
import { useContract } from "../../kernel/contracts.ts";
import { PROPOSAL_POLL_MS } from "./rules.ts";

/**
 * The chain side of the governance screens: the chain's time, the governor's settings (§9: read
 * from the contract, overwriting the defaults), the SOFI token of the deployment, and the
 * simulation of actions (`POST /sofi/simulate`: each executed now from the timelock).
 */

/** The chain's time in seconds: its latest block's, or the wall clock when that is later (an idle chain). */
export function useChainTime(chainId: number): number {
  const client = usePublicClient({ chainId }) as PublicClient | undefined;
  const q = useQuery({
    queryKey: ["governance.chainTime", chainId],
    queryFn: async () => Number((await (client as PublicClient).getBlock({ blockTag: "latest" })).timestamp),
    enabled: !!client,
    refetchInterval: PROPOSAL_POLL_MS,
    retry: false,
  });
  return Math.max(Math.floor(Date.now() / 1000), q.data ?? 0);
}

/** The time the next block will have: the pending block's (the latest's when a node has none). */
export async function nextBlockTime(client: PublicClient): Promise<number> {
  try {
    return Number((await client.getBlock({ blockTag: "pending" })).timestamp);
  } catch {
    return Number((await client.getBlock({ blockTag: "latest" })).timestamp);
  }
}

export type GovernorSettings = {
  threshold: bigint;
  minDurationS: number;
  maxDurationS: number;
  pendingS: number;
  quorum: bigint;
};

/** The governor's stake, durations, publicity period and quorum (undefined while unread). */
export function useGovernorSettings(chainId: number): { settings: GovernorSettings | undefined; error: boolean } {
  const governor = useContract("sofiGovernor", chainId);
  const read = { address: governor?.address ?? zeroAddress, abi: sofiGovernorAbi, chainId } as const;
  const r = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...read, functionName: "proposalThresholdCount" },
      { ...read, functionName: "minDuration" },
      { ...read, functionName: "maxDuration" },
      { ...read, functionName: "globalPendingTime" },
      { ...read, functionName: "quorumVoteCount" },
    ],
    query: { enabled: !!governor },
  });
  const d = r.data;
  const settings = d
    ? {
        threshold: d[0],
        minDurationS: Number(d[1]),
        maxDurationS: Number(d[2]),
        pendingS: Number(d[3]),
        quorum: d[4],
      }
    : undefined;
  return { settings, error: r.isError };
}

/** The deployment's SOFI (§9: symbol SOFI, 18 decimals), or null. */
export function useSofiToken(chainId: number): { address: `0x${string}`; symbol: string; decimals: number } | null {
  const deployment = chainConfig(useAppConfig(), chainId)?.deployment;
  const t = deployment?.tokens.find((x) => x.symbol === "SOFI");
  return t ? { address: t.address as `0x${string}`, symbol: t.symbol, decimals: t.decimals } : null;
}

/** The deployment's contracts an action may call, by a readable name (the rest by token symbol or address). */
const NAMED_CONTRACTS = ["sofiGovernor", "timelock", "portfolioFactory"] as const;
export type NamedContract = (typeof NAMED_CONTRACTS)[number];

/** Lowercase address → the contract's name key (translated as `contracts.{name}`). */
export function useContractNames(chainId: number): ReadonlyMap<string, NamedContract> {
  const contracts = chainConfig(useAppConfig(), chainId)?.deployment?.contracts as
    | Record<string, string | undefined>
    | undefined;
  const out = new Map<string, NamedContract>();
  for (const n of NAMED_CONTRACTS) {
    const a = contracts?.[n];
    if (a) out.set(a.toLowerCase(), n);
  }
  return out;
}

/** The chain's tokens (address and symbol), to name the tokens in actions. */
export function useChainTokens(chainId: number): readonly { address: string; symbol: string; name: string }[] {
  return chainConfig(useAppConfig(), chainId)?.deployment?.tokens ?? [];
}

/** An action of the form as a call (target, value 0, calldata), or null when it is not valid yet. */
export function encodeAction(a: ActionDraft): { target: `0x${string}`; value: string; calldata: Hex } | null {
  if (actionProblem(a)) return null;
  try {
    const item = actionAbiItem(a);
    const calldata = encodeFunctionData({ abi: [item], functionName: item.name, args: actionArgs(a) });
    return { target: a.contract.trim() as `0x${string}`, value: "0", calldata };
  } catch {
    return null;
  }
}

export type Simulation = ApiReply<"simulate">["results"][number];

/**
 * Each action executed now from the timelock (`POST /sofi/simulate`): "would succeed" or the decoded
 * revert reason, in the actions' order. Waits while `actions` is empty.
 */
export function useSimulation(chain: string, actions: readonly { target: string; value: string; calldata: string }[]) {
  const key = actions.map((a) => `${a.target.toLowerCase()}:${a.value}:${a.calldata}`).join("|");
  return useQuery({
    queryKey: ["governance.simulate", chain, key],
    queryFn: async ({ signal }) =>
      (await apiWrite("simulate", { chain, body: { actions: [...actions] }, signal })).results,
    enabled: actions.length > 0 && actions.length <= 20,
    staleTime: 30_000,
    refetchInterval: PROPOSAL_POLL_MS * 3,
    retry: (count, e) => count < 1 && !(e instanceof ApiWriteError && e.status < 500),
  });
}
