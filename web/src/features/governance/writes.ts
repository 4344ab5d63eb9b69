import type { sofiGovernorAbi } from "@sofi/protocol";
import type { QueryKey } from "@tanstack/react-query";
import type { Hex } from "viem";
import { signTypedData } from "wagmi/actions";
import { create } from "zustand";
import { ApiWriteError, apiWrite } from "../../kernel/api.ts";
import {
  englishSummary,
  failureMessage,
  refreshForReceipt,
  type Sent,
  sendWrite,
  type TextSummaryInfo,
  type TransactorContext,
  trackTransaction,
  waitForTrackedReceipt,
} from "../transactions/index.ts";
import type { Failure } from "./rules.ts";

/**
 * The governance writes (spec 002 §4, §7 chain calls): every one through the transactions feature,
 * so each is tracked, shows the popup and refreshes the reads after its receipt. The gasless vote
 * (beyond the spec's admin-signed `castVoteBySig`, docs/decisions.md) is the voter's own EIP-712
 * ballot, posted to the server's relay; the relayed transaction is tracked like the voter's own.
 */

export type Governor = { address: `0x${string}`; abi: typeof sofiGovernorAbi };

/**
 * What a governance transaction says in the recent transactions and the popup: a text of this
 * namespace's `tx`, which the transactions feature renders in the language of the moment (and
 * stores in English).
 */
export const txInfo = (key: string, values?: Record<string, string>): TextSummaryInfo => ({
  kind: "text",
  ns: "governance",
  key: `tx.${key}`,
  ...(values ? { values } : {}),
});

/** A vote's summary: for or against the proposal `label` (e.g. SOFIP-009), from the wallet or gasless. */
export const voteInfo = (o: { label: string; support: boolean; gasless: boolean }): TextSummaryInfo =>
  txInfo(`vote${o.gasless ? "Gasless" : ""}${o.support ? "For" : "Against"}`, { label: o.label });

type VoteRequest = { chain: string; governor: Governor; proposalId: string; support: boolean; label: string };

/** §4 create: `propose(targets, values, calldatas, description, endTime)`, summarised by its title. */
export function propose(
  ctx: TransactorContext,
  o: {
    chain: string;
    governor: Governor;
    calls: { target: `0x${string}`; calldata: Hex }[];
    description: string;
    endTime: number;
    title: string;
  },
): Promise<Sent> {
  return sendWrite(ctx, {
    call: {
      ...o.governor,
      functionName: "propose",
      args: [
        o.calls.map((c) => c.target),
        o.calls.map(() => 0n),
        o.calls.map((c) => c.calldata),
        o.description,
        BigInt(o.endTime),
      ],
    },
    info: txInfo("propose", { title: o.title.trim() }),
    invalidate: apiKeys(o.chain),
  });
}

/** What the API replies change: every read of the chain's API (the proposal, its votes, the lists). */
export const apiKeys = (chain: string): QueryKey[] => [["api", chain]];

/** The EIP-712 ballot SofiGovernor verifies (docs/decisions.md "Ballots are signed by the voters"). */
export const BALLOT_TYPES = {
  Ballot: [
    { name: "proposalId", type: "uint256" },
    { name: "support", type: "uint8" },
    { name: "voter", type: "address" },
    { name: "nonce", type: "uint256" },
  ],
} as const;

/** The governor's EIP-712 domain, read from the contract (its ERC-5267 `eip712Domain`). */
export async function ballotDomain(ctx: TransactorContext, governor: Governor) {
  let name = "SofiGovernor";
  let version = "1";
  try {
    const d = await ctx.client.readContract({ ...governor, functionName: "eip712Domain" });
    name = d[1];
    version = d[2];
  } catch {
    // the documented domain
  }
  return { name, version, chainId: ctx.chainId, verifyingContract: governor.address };
}

/** The voter's signature of a ballot (the wallet asks; 4001 when refused). */
export async function signBallot(
  ctx: TransactorContext,
  governor: Governor,
  proposalId: bigint,
  support: boolean,
): Promise<Hex> {
  const [domain, nonce] = await Promise.all([
    ballotDomain(ctx, governor),
    ctx.client.readContract({ ...governor, functionName: "nonces", args: [ctx.account] }),
  ]);
  return signTypedData(ctx.config, {
    account: ctx.account,
    domain,
    types: BALLOT_TYPES,
    primaryType: "Ballot",
    message: { proposalId, support: support ? 1 : 0, voter: ctx.account, nonce },
  });
}

/** Chains whose server said the gasless relay is not available (404), for this session. */
export const useRelayStatus = create<{ unavailable: Record<string, true>; markUnavailable: (chain: string) => void }>()(
  (set) => ({
    unavailable: {},
    markUnavailable: (chain) => set((s) => ({ unavailable: { ...s.unavailable, [chain]: true } })),
  }),
);

/**
 * A gasless vote: the ballot signed by the voter, posted to `POST /sofi/vote`, whose relayer sends
 * it; the relayed transaction goes to the tracker as the voter's (it shows among their recent
 * transactions, with its popup), and the reads are refreshed after its receipt.
 */
export async function voteGasless(ctx: TransactorContext, o: VoteRequest): Promise<Sent> {
  const signature = await signBallot(ctx, o.governor, BigInt(o.proposalId), o.support);
  const reply = await apiWrite("vote", {
    chain: o.chain,
    body: { proposalId: o.proposalId, support: o.support, voter: ctx.account, signature },
  });
  const hash = reply.txid as `0x${string}`;
  const info = voteInfo({ label: o.label, support: o.support, gasless: true });
  trackTransaction({ hash, from: ctx.account, chainId: ctx.chainId, summary: englishSummary(info), info });
  const done = waitForTrackedReceipt(ctx.chainId, hash, ctx.signal).then(async (receipt) => {
    const qc = ctx.queryClient;
    if (qc) {
      await Promise.all([
        refreshForReceipt(qc, ctx.chainId, hash),
        ...apiKeys(o.chain).map((queryKey) => qc.invalidateQueries({ queryKey })),
      ]);
    }
    return receipt.status === 1;
  });
  return { hash, done };
}

/** A vote sent from the voter's wallet (`castVote(id, support)`, 1 for and 0 against). */
export function voteWithWallet(ctx: TransactorContext, o: VoteRequest): Promise<Sent> {
  return sendWrite(ctx, {
    call: { ...o.governor, functionName: "castVote", args: [BigInt(o.proposalId), o.support ? 1 : 0] },
    info: voteInfo({ label: o.label, support: o.support, gasless: false }),
    invalidate: apiKeys(o.chain),
  });
}

export type ProposalStep = "queue" | "execute" | "cancel" | "claim";

/** Queue, execute, cancel or claim a proposal by its id (§4). */
export function proposalStep(
  ctx: TransactorContext,
  o: { chain: string; governor: Governor; proposalId: string; step: ProposalStep; label: string },
): Promise<Sent> {
  return sendWrite(ctx, {
    call: { ...o.governor, functionName: o.step, args: [BigInt(o.proposalId)] },
    info: txInfo(o.step, { label: o.label }),
    invalidate: apiKeys(o.chain),
  });
}

/** A failed write read (§8): the wallet's refusal (4001), the relay's absence (404), else its message. */
export function failureOf(e: unknown): Failure {
  if (e instanceof ApiWriteError) {
    if (e.status === 404) return { kind: "relayUnavailable" };
    return { kind: "message", message: e.message };
  }
  const message = failureMessage(e);
  if (message === null) return { kind: "cancelled" };
  return { kind: "message", message };
}
