import { MULTICALL_CHUNK, RPC_BATCH_WAIT_MS, WALLET_POLLING_INTERVAL_MS } from "@sofi/core";
import { erc20Abi } from "@sofi/protocol";
import { type QueryClient, useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { type Address, multicall3Abi, type PublicClient } from "viem";
import { usePublicClient } from "wagmi";
import { useDocumentVisible } from "./block-number.ts";
import { SharedPollers } from "./shared-pollers.ts";

/**
 * The one source of the connected account's token balances (issue 9 #14). Every view that shows
 * a balance (the swap card, the token selector's rows, later screens) reads `useBalances`; each
 * balance is one TanStack query keyed by chain, account and token, so two views of one token read
 * one cache entry and can never disagree. The reads of one moment (every query started within the
 * spec's 50 ms RPC batch wait) go out as one multicall (Multicall3 `balanceOf` + `getEthBalance`,
 * at most 500 calls a chunk);
 * the transactions feature invalidates the whole key after every receipt, and one poller per
 * chain and account refreshes what is on screen every 15 s (the spec's wallet polling interval)
 * while the tab is visible. Not persisted.
 *
 *   const { balances, failed, refetch } = useBalances({ chainId, account, tokens: ["native", usdt] });
 *   balances[balanceTokenKey(usdt)]     // bigint, or undefined while unknown
 */

/** The first element of every balance query key (the transactor refreshes keys starting with it). */
export const BALANCES_QUERY_KEY = "sofi.balances";
/** The token key of the chain's native coin. */
export const NATIVE_BALANCE_KEY = "native";

/** `native`, or the token's lowercase address. */
export function balanceTokenKey(token: string): string {
  return token === NATIVE_BALANCE_KEY ? NATIVE_BALANCE_KEY : token.toLowerCase();
}

export function balanceQueryKey(chainId: number, account: string, token: string) {
  return [BALANCES_QUERY_KEY, chainId, account.toLowerCase(), balanceTokenKey(token)] as const;
}

/** Every balance query of `chainId` (and `account` when given). */
export function balancesQueryPrefix(chainId?: number, account?: string): readonly unknown[] {
  if (chainId === undefined) return [BALANCES_QUERY_KEY];
  return account ? [BALANCES_QUERY_KEY, chainId, account.toLowerCase()] : [BALANCES_QUERY_KEY, chainId];
}

/** Refreshes the balances on screen (and marks the others stale): after a receipt, the refresh button, the poller. */
export function invalidateBalances(queryClient: QueryClient, chainId?: number, account?: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: balancesQueryPrefix(chainId, account) });
}

// ------------------------------------------------------------------ batched reads

type BalanceClient = Pick<PublicClient, "multicall" | "getBalance" | "readContract"> & {
  chain?: { contracts?: { multicall3?: { address: Address } } } | undefined;
};

type Waiter = { resolve: (v: bigint) => void; reject: (e: unknown) => void };
type Batch = { client: BalanceClient; account: Address; tokens: Map<string, Waiter[]> };

const batches = new Map<string, Batch>();

/**
 * One balance through the batcher: every read asked for within the spec's RPC batch wait (50 ms)
 * for the same chain and account joins one multicall. Rejects when that token's call fails (the
 * others still resolve).
 */
export function readBalance(client: BalanceClient, chainId: number, account: Address, token: string): Promise<bigint> {
  const id = `${chainId}:${account.toLowerCase()}`;
  let batch = batches.get(id);
  // Keyed by chain and account only: wagmi hands each caller its own client object of one chain.
  if (!batch) {
    batch = { client, account, tokens: new Map() };
    batches.set(id, batch);
    const b = batch;
    setTimeout(() => {
      if (batches.get(id) === b) batches.delete(id);
      void flush(b);
    }, RPC_BATCH_WAIT_MS);
  }
  const key = balanceTokenKey(token);
  const b = batch;
  return new Promise<bigint>((resolve, reject) => {
    const waiters = b.tokens.get(key) ?? [];
    waiters.push({ resolve, reject });
    b.tokens.set(key, waiters);
  });
}

async function flush(batch: Batch): Promise<void> {
  const keys = [...batch.tokens.keys()];
  if (keys.length === 0) return;
  const settle = (key: string, outcome: { value: bigint } | { error: unknown }) => {
    for (const w of batch.tokens.get(key) ?? []) {
      if ("value" in outcome) w.resolve(outcome.value);
      else w.reject(outcome.error);
    }
  };
  try {
    const results = await readBalances(batch.client, batch.account, keys);
    keys.forEach((k, i) => {
      settle(k, results[i] ?? { error: new Error(`No balance read for ${k}`) });
    });
  } catch (error) {
    for (const k of keys) settle(k, { error });
  }
}

/**
 * The balances of `tokens` (keys: `native` or an address) in one multicall per 500 calls, or, on a
 * chain without Multicall3, as single reads (the RPC transport batches them into one request).
 */
export async function readBalances(
  client: BalanceClient,
  account: Address,
  tokens: readonly string[],
): Promise<({ value: bigint } | { error: unknown })[]> {
  const multicall3 = client.chain?.contracts?.multicall3?.address;
  if (!multicall3) {
    return Promise.all(
      tokens.map(async (t) => {
        try {
          const value =
            t === NATIVE_BALANCE_KEY
              ? await client.getBalance({ address: account })
              : await client.readContract({
                  address: t as Address,
                  abi: erc20Abi,
                  functionName: "balanceOf",
                  args: [account],
                });
          return { value: value as bigint };
        } catch (error) {
          return { error };
        }
      }),
    );
  }
  const calls = tokens.map((t) =>
    t === NATIVE_BALANCE_KEY
      ? { address: multicall3, abi: multicall3Abi, functionName: "getEthBalance" as const, args: [account] as const }
      : { address: t as Address, abi: erc20Abi, functionName: "balanceOf" as const, args: [account] as const },
  );
  const out: ({ value: bigint } | { error: unknown })[] = [];
  for (let i = 0; i < calls.length; i += MULTICALL_CHUNK) {
    const chunk = calls.slice(i, i + MULTICALL_CHUNK);
    const results = await client.multicall({
      contracts: chunk as never,
      allowFailure: true,
      multicallAddress: multicall3,
      // One aggregate call per chunk of the spec's size (viem would otherwise split by bytes).
      batchSize: 0,
    });
    for (const r of results as { status: "success" | "failure"; result?: unknown; error?: unknown }[]) {
      out.push(r.status === "success" ? { value: r.result as bigint } : { error: r.error });
    }
  }
  return out;
}

// ------------------------------------------------------------------ polling

const pollers = new SharedPollers<string>();

/**
 * One refresh timer per chain and account, however many views read their balances: every
 * `intervalMs` it invalidates that chain and account's balances (the ones on screen refetch, in
 * one multicall). Returns the release.
 */
export function watchBalances(
  queryClient: QueryClient,
  chainId: number,
  account: string,
  intervalMs = WALLET_POLLING_INTERVAL_MS,
): () => void {
  return pollers.acquire(`${chainId}:${account.toLowerCase()}`, () => {
    const timer = setInterval(() => void invalidateBalances(queryClient, chainId, account), intervalMs);
    return () => clearInterval(timer);
  });
}

/** How many balance pollers run (one per chain and account on screen); for tests. */
export function runningBalancePollers(): number {
  return pollers.size;
}

// ------------------------------------------------------------------ the hook

export type Balances = {
  /** By `balanceTokenKey`: the balance, or undefined while unknown (or when the read failed). */
  balances: Record<string, bigint | undefined>;
  /** By `balanceTokenKey`: the last read of this token failed and nothing is known. */
  failed: Record<string, boolean>;
  isLoading: boolean;
  /** Reads every balance of this chain and account again (every view showing one follows). */
  refetch: () => Promise<void>;
};

/**
 * Balances of `tokens` (`native` or addresses) for `account` on `chainId`, from the one balances
 * source (see the module comment). Nothing is read while `account` is undefined or `enabled` is false.
 */
export function useBalances(a: {
  chainId: number;
  account: Address | undefined;
  tokens: readonly string[];
  enabled?: boolean;
  /** Tests only: a shorter refresh interval. */
  pollingIntervalMs?: number;
}): Balances {
  const { chainId, account, pollingIntervalMs } = a;
  const client = usePublicClient({ chainId }) as BalanceClient | undefined;
  const queryClient = useQueryClient();
  const visible = useDocumentVisible();
  const enabled = (a.enabled ?? true) && !!account && !!client;
  const tokenList = a.tokens.map(balanceTokenKey);
  const tokensId = [...new Set(tokenList)].join(",");
  const keys = useMemo(() => (tokensId ? tokensId.split(",") : []), [tokensId]);

  useEffect(() => {
    if (!enabled || !account || !visible || keys.length === 0) return;
    return watchBalances(queryClient, chainId, account, pollingIntervalMs);
  }, [enabled, account, visible, keys.length, queryClient, chainId, pollingIntervalMs]);

  const results = useQueries({
    queries: keys.map((token) => ({
      queryKey: balanceQueryKey(chainId, account ?? "", token),
      queryFn: () => {
        if (!client || !account) throw new Error("No account");
        return readBalance(client, chainId, account, token);
      },
      enabled,
      // Fresh until something says otherwise (a receipt, the refresh button, the poller): a view
      // mounting later shows the cached value instead of asking again.
      staleTime: WALLET_POLLING_INTERVAL_MS,
    })),
  });

  const balances: Record<string, bigint | undefined> = {};
  const failed: Record<string, boolean> = {};
  keys.forEach((k, i) => {
    const r = results[i];
    balances[k] = enabled ? r?.data : undefined;
    failed[k] = enabled && !!r?.isError && r?.data === undefined;
  });
  const isLoading = enabled && results.some((r) => r.isLoading);
  const refetch = useCallback(
    () => (account ? invalidateBalances(queryClient, chainId, account) : Promise.resolve()),
    [queryClient, chainId, account],
  );
  return { balances, failed, isLoading, refetch };
}
