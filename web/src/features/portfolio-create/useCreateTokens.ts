import { portfolioFactoryAbi } from "@sofi/protocol";
import { useMemo } from "react";
import { useReadContract } from "wagmi";
import { useApi } from "../../kernel/api.ts";
import { joinTokens } from "./tokens.ts";

/** Prices move; the list is read again after a minute on screen. */
const TOKENS_STALE_MS = 60_000;

/**
 * The components the wizard offers: `PortfolioFactory.getAllowedTokens()` on chain, with symbol,
 * decimals and USD price from `GET /api/{chain}/sofi/tokens`.
 */
export function useCreateTokens(chain: string, chainId: number, factory: `0x${string}` | undefined) {
  const allowed = useReadContract({
    address: factory,
    abi: portfolioFactoryAbi,
    functionName: "getAllowedTokens",
    chainId,
    query: { enabled: !!factory },
  });
  const api = useApi("tokens", { chain, staleTimeMs: TOKENS_STALE_MS, refetchIntervalMs: TOKENS_STALE_MS });
  const list = api.data ? (Array.isArray(api.data) ? api.data : api.data.tokens) : undefined;
  const tokens = useMemo(() => joinTokens(allowed.data, list), [allowed.data, list]);
  return {
    tokens,
    loading: (!!factory && allowed.isPending) || api.isPending,
    error: allowed.isError || api.isError,
    retry: () => {
      void allowed.refetch();
      void api.refetch();
    },
  };
}
