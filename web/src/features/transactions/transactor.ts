import { padGas, writeFailure } from "@sofi/core";
import { erc20Abi } from "@sofi/protocol";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { type Abi, type ContractFunctionArgs, type ContractFunctionName, maxUint256, type PublicClient } from "viem";
import type { Config } from "wagmi";
import { writeContract } from "wagmi/actions";
import { BALANCES_QUERY_KEY } from "../../kernel/balances.ts";
import { trackTransaction, waitForTrackedReceipt } from "./receipts.ts";
import type { TransactionInfo } from "./store.ts";
import { englishSummary } from "./TxSummary.tsx";

/**
 * The one way a screen writes to the chain (spec 000 §4): estimate the gas (core's padGas), send
 * through the connected wallet, hand the hash to the tracker (which checks the receipt at the
 * spec's cadence and shows the one popup), and once the receipt is in, refresh the reads the write
 * changed. `approve` is the spec's approval step (unlimited first, the exact amount when the
 * unlimited one cannot be estimated).
 *
 *   const tx = useTransactor(chainId);   // in a component inside the wallet slice; null until connected
 *   await (await tx.approveIfNeeded({ token, spender, amount, summary }))?.done; // reads the allowance
 *   const { hash, done } = await tx.send({ call, info, invalidate: [["api", suffix, "/sofi/trades"]] });
 *   done.then((ok) => …);                // true: mined with status 1; chain reads refreshed by then
 *
 * Failures before the hash exist are thrown as `WriteError` with their stage ("estimate" or
 * "send") and the wallet's or node's error as `cause`; each feature turns them into its own text.
 */

/** Where and as whom writes go. `signal` stops the waits (the screen left); the transactions go on. */
export type TransactorContext = {
  config: Config;
  client: PublicClient;
  chainId: number;
  account: `0x${string}`;
  signal?: AbortSignal | undefined;
  /** When given, queries are refreshed after each receipt (see `WriteRequest.invalidate`). */
  queryClient?: QueryClient;
};

/** A contract call as viem/wagmi type it (address, abi, functionName, args, value). */
export type ContractCall<
  abi extends Abi = Abi,
  name extends ContractFunctionName<abi, "nonpayable" | "payable"> = ContractFunctionName<
    abi,
    "nonpayable" | "payable"
  >,
> = {
  address: `0x${string}`;
  abi: abi;
  functionName: name;
  args?: ContractFunctionArgs<abi, "nonpayable" | "payable", name>;
  value?: bigint;
};

/**
 * What the recent-transactions list and the popup say: `info` (kind, symbols, amounts), rendered
 * in the language of the moment, with its English text stored as `summary`; or a plain `summary`.
 */
export type Described = { info: TransactionInfo; summary?: string } | { info?: undefined; summary: string };

export type WriteRequest = Described & {
  call: ContractCall;
  /** Estimate first and send with the padded estimate (default); false leaves the gas to the wallet. */
  estimate?: boolean;
  /** Marks the record as an approval (the swap shows "Approving…" while it is pending). */
  approval?: { tokenAddress: string; spender: string };
  /**
   * Query keys (prefixes) to refresh once the receipt is in, beside the chain reads that always
   * are (wagmi's balance and contract reads). Use it for API replies the write changes.
   */
  invalidate?: QueryKey[];
};

export type Sent = {
  hash: `0x${string}`;
  /** Resolves once the tracker stored the receipt and the reads were refreshed: true when it succeeded. */
  done: Promise<boolean>;
};

export type WriteStage = "estimate" | "send";

/** A write that failed before it had a hash: at estimation (a revert) or at sending (rejected, …). */
export class WriteError extends Error {
  constructor(
    readonly stage: WriteStage,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "WriteError";
  }
}

/**
 * What a failed write says (spec 001 §8), the one reading of write errors for every feature: null
 * for the wallet's refusal (4001: the caller shows "User cancelled the transaction."), else the
 * contract's revert reason or the wallet's or node's short message (core's `writeFailure`, read
 * through the transactor's WriteError, whose own message is the long one).
 */
export function failureMessage(e: unknown): string | null {
  const f = writeFailure(e instanceof WriteError ? e.cause : e);
  return f.key === "cancelled" ? null : f.message;
}

/**
 * Query keys of chain reads a write's receipt makes stale: the app's one balances source
 * (src/kernel/balances.ts) and wagmi's own reads (allowances, token metadata, …).
 */
export const CHAIN_READ_QUERY_KEYS: readonly string[] = [
  BALANCES_QUERY_KEY,
  "balance",
  "readContract",
  "readContracts",
];

function refreshChainReads(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === "string" && CHAIN_READ_QUERY_KEYS.includes(q.queryKey[0]),
  });
}

/** Refreshes the chain reads and the `extra` keys (prefix match) after a receipt. */
export async function refreshAfterReceipt(queryClient: QueryClient, extra: QueryKey[] = []): Promise<void> {
  await Promise.all([
    refreshChainReads(queryClient),
    ...extra.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

/** The chain-read refresh of each receipt, so the tracker and the sender's wait share one refetch. */
const refreshes = new WeakMap<QueryClient, Map<string, Promise<void>>>();
const REMEMBERED_REFRESHES = 100;

/**
 * Refreshes the chain reads once for the receipt of `hash`: the tracker calls it when it stores
 * any receipt (so every balance on screen follows, whoever sent the transaction and whether or
 * not the sending screen still waits), and the transactor's `done` awaits the same refresh.
 */
export function refreshForReceipt(queryClient: QueryClient, chainId: number, hash: string): Promise<void> {
  let byHash = refreshes.get(queryClient);
  if (!byHash) {
    byHash = new Map();
    refreshes.set(queryClient, byHash);
  }
  const id = `${chainId}:${hash.toLowerCase()}`;
  const known = byHash.get(id);
  if (known) return known;
  const p = refreshChainReads(queryClient);
  byHash.set(id, p);
  if (byHash.size > REMEMBERED_REFRESHES) {
    const oldest = byHash.keys().next().value;
    if (oldest !== undefined) byHash.delete(oldest);
  }
  return p;
}

async function estimateGas(ctx: TransactorContext, call: ContractCall): Promise<bigint> {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: a generic call; its type is checked where it is built
    return await ctx.client.estimateContractGas({ ...(call as any), account: ctx.account });
  } catch (e) {
    throw new WriteError("estimate", e);
  }
}

/** Sends with `gas` (padded) or the wallet's own, hands the hash to the tracker, refreshes after the receipt. */
async function sendAndTrack(
  ctx: TransactorContext,
  call: ContractCall,
  gas: bigint | undefined,
  record: Described & { approval?: { tokenAddress: string; spender: string }; invalidate?: QueryKey[] },
): Promise<Sent> {
  let hash: `0x${string}`;
  try {
    hash = await writeContract(ctx.config, {
      // biome-ignore lint/suspicious/noExplicitAny: as above
      ...(call as any),
      chainId: ctx.chainId,
      account: ctx.account,
      ...(gas !== undefined ? { gas: padGas(gas) } : {}),
    });
  } catch (e) {
    throw new WriteError("send", e);
  }
  trackTransaction({
    hash,
    from: ctx.account,
    chainId: ctx.chainId,
    summary: record.summary ?? (record.info ? englishSummary(record.info) : ""),
    ...(record.info ? { info: record.info } : {}),
    ...(record.approval ? { approval: record.approval } : {}),
  });
  // The tracker checks the receipt (one checker, one popup); this only waits for what it stores.
  const done = waitForTrackedReceipt(ctx.chainId, hash, ctx.signal).then(async (receipt) => {
    const qc = ctx.queryClient;
    if (qc) {
      await Promise.all([
        refreshForReceipt(qc, ctx.chainId, hash),
        ...(record.invalidate ?? []).map((queryKey) => qc.invalidateQueries({ queryKey })),
      ]);
    }
    return receipt.status === 1;
  });
  return { hash, done };
}

/** Estimates (unless told not to), sends and tracks one write; see the module comment. */
export async function sendWrite(ctx: TransactorContext, req: WriteRequest): Promise<Sent> {
  const gas = req.estimate === false ? undefined : await estimateGas(ctx, req.call);
  return sendAndTrack(ctx, req.call, gas, req);
}

export type ApproveRequest = Described & {
  token: `0x${string}`;
  spender: `0x${string}`;
  /** What the coming write needs: approved exactly when the unlimited approval cannot be estimated. */
  amount: bigint;
  /** Approve exactly `amount`, never unlimited (spec 001 §9: promotion and conversion approve 1e20). */
  exact?: boolean;
  invalidate?: QueryKey[];
};

/**
 * Spec 000 §4 approve: an unlimited approval first; the exact amount when estimating the
 * unlimited one fails (UNI/COMP-style tokens), or at once when the request says `exact`. Tracked as
 * an approval of `token` for `spender`.
 */
export async function sendApprove(ctx: TransactorContext, req: ApproveRequest): Promise<Sent> {
  const call = (value: bigint): ContractCall => ({
    address: req.token,
    abi: erc20Abi,
    functionName: "approve",
    args: [req.spender, value],
  });
  let chosen = call(req.exact ? req.amount : maxUint256);
  let gas: bigint;
  try {
    gas = await estimateGas(ctx, chosen);
  } catch (e) {
    if (req.exact) throw e;
    chosen = call(req.amount);
    gas = await estimateGas(ctx, chosen);
  }
  const described: Described = req.info ? { info: req.info, summary: req.summary } : { summary: req.summary ?? "" };
  return sendAndTrack(ctx, chosen, gas, {
    ...described,
    approval: { tokenAddress: req.token, spender: req.spender },
    ...(req.invalidate ? { invalidate: req.invalidate } : {}),
  });
}

/** Whether `amount` needs an approval first: an ERC-20 whose known allowance is below it. */
export function needsApproval(opts: { isNative: boolean; allowance: bigint | undefined; amount: bigint }): boolean {
  if (opts.isNative) return false;
  return opts.allowance === undefined || opts.allowance < opts.amount;
}

/**
 * "Approve when needed": reads the account's allowance of `token` for `spender` and sends the
 * approval (see `sendApprove`) only when it is below `amount`. Null when none was needed.
 */
export async function approveIfNeeded(ctx: TransactorContext, req: ApproveRequest): Promise<Sent | null> {
  const allowance = await ctx.client.readContract({
    address: req.token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [ctx.account, req.spender],
  });
  if (!needsApproval({ isNative: false, allowance, amount: req.amount })) return null;
  return sendApprove(ctx, req);
}

export type Transactor = {
  send(req: WriteRequest): Promise<Sent>;
  approve(req: ApproveRequest): Promise<Sent>;
  approveIfNeeded(req: ApproveRequest): Promise<Sent | null>;
};

export function createTransactor(ctx: TransactorContext): Transactor {
  return {
    send: (req) => sendWrite(ctx, req),
    approve: (req) => sendApprove(ctx, req),
    approveIfNeeded: (req) => approveIfNeeded(ctx, req),
  };
}
