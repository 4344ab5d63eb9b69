import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import type { PublicClient } from "viem";
import { useConfig, useConnection, usePublicClient } from "wagmi";
import { createTransactor, type Transactor, type TransactorContext } from "./transactor.ts";

/**
 * Where the connected account's writes on `chainId` go (for calls built by a feature's own helpers,
 * like the swap's actions.ts), or null while no account is connected. Waits stop when the
 * component unmounts or the network changes (the transactions go on in the tracker); after each
 * receipt the chain reads, and the keys a write names, are refreshed through the app's TanStack
 * Query client.
 */
export function useTransactorContext(chainId: number): TransactorContext | null {
  const config = useConfig();
  const client = usePublicClient({ chainId }) as PublicClient | undefined;
  const queryClient = useQueryClient();
  const { address, status } = useConnection();
  const waits = useRef<AbortController | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new network starts a new controller
  useEffect(() => {
    const controller = new AbortController();
    waits.current = controller;
    return () => controller.abort();
  }, [chainId]);
  return useMemo(() => {
    if (status !== "connected" || !address || !client) return null;
    return {
      config,
      client,
      chainId,
      account: address,
      queryClient,
      // read at send time: the controller of the current network
      get signal() {
        return waits.current?.signal;
      },
    };
  }, [config, client, chainId, address, status, queryClient]);
}

/** The transactor (see transactor.ts) for the connected account on `chainId`, or null while none is. */
export function useTransactor(chainId: number): Transactor | null {
  const ctx = useTransactorContext(chainId);
  return useMemo(() => (ctx ? createTransactor(ctx) : null), [ctx]);
}
