import {
  favoriteReplySchema,
  managerListSchema,
  type PortfolioOrder,
  portfolioDetailSchema,
  portfolioHistorySchema,
  portfolioListSchema,
  portfolioTransactionsSchema,
} from "@sofi/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useConnection } from "wagmi";
import { apiQueryKey, useApiQuery } from "../../kernel/api.ts";
import { useChainSuffix } from "../../kernel/config.ts";
import { useSignedRequest } from "../wallet/index.ts";

export { useChainSuffix };

/** The connected account (lists then carry its favourite flags), or undefined. */
export function useAccount(): string | undefined {
  const { address, status } = useConnection();
  return status === "connected" ? address : undefined;
}

/** `GET /v2/sofi/portfolios`: one ordered page, or search results (spec 001 §7). */
export function usePortfolioList(q: {
  order?: PortfolioOrder;
  search?: string;
  limit: number;
  offset?: number;
  enabled?: boolean;
}) {
  const chain = useChainSuffix();
  const address = useAccount();
  return useApiQuery({
    chain,
    path: "/v2/sofi/portfolios",
    params: {
      orderby: q.search ? undefined : q.order,
      search: q.search || undefined,
      limit: q.limit,
      offset: q.offset || undefined,
      address,
    },
    schema: portfolioListSchema,
    enabled: q.enabled ?? true,
  });
}

/** `GET /sofi/managers`: one page of managers, largest market cap first (spec 001 §7). */
export function useManagerList(q: { limit: number; offset?: number; enabled?: boolean }) {
  const chain = useChainSuffix();
  const address = useAccount();
  return useApiQuery({
    chain,
    path: "/sofi/managers",
    params: { limit: q.limit, offset: q.offset || undefined, address },
    schema: managerListSchema,
    enabled: q.enabled ?? true,
  });
}

/** `GET /sofi/portfolios/{id}` (the server counts a view). */
export function usePortfolioDetail(id: string | undefined) {
  const chain = useChainSuffix();
  const address = useAccount();
  return useApiQuery({
    chain,
    path: `/sofi/portfolios/${id ?? ""}`,
    params: { address },
    schema: portfolioDetailSchema,
    enabled: !!id,
    staleTimeMs: 30_000,
  });
}

export type HistoryRange = "1d" | "1w";
export const HISTORY_RANGES: HistoryRange[] = ["1d", "1w"];

/** `GET /sofi/portfolios/{id}/history?type=1d|1w`: points ts, value. */
export function usePortfolioHistory(id: string, type: HistoryRange) {
  const chain = useChainSuffix();
  return useApiQuery({
    chain,
    path: `/sofi/portfolios/${id}/history`,
    params: { type },
    schema: portfolioHistorySchema,
  });
}

export const TRANSACTIONS_REFRESH_MS = 10_000;

/** `GET /sofi/transactions?address=`: the account's buys and sells (newest first). */
export function useAccountTransactions(account: string | undefined, portfolio: string | undefined, limit: number) {
  const chain = useChainSuffix();
  return useApiQuery({
    chain,
    path: "/sofi/transactions",
    params: { address: account, portfolio, limit },
    schema: portfolioTransactionsSchema,
    enabled: !!account && !!portfolio,
    // A buy's row appears once the indexer has its block, after the receipt: asked again every 10 s.
    refetchIntervalMs: TRANSACTIONS_REFRESH_MS,
  });
}

/**
 * The signed `POST /sofi/favorite` (spec 001 §7): the headers from the wallet's signed-request
 * helper; on success every list and detail of this chain is read again (spec 001 §4).
 */
export function useFavoriteToggle() {
  const chain = useChainSuffix();
  const { getHeaders } = useSignedRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { portfolio: string; favorite: boolean }) => {
      const headers = await getHeaders();
      const res = await fetch(`/api/${encodeURIComponent(chain)}/sofi/favorite`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ portfolio: v.portfolio, favorite: v.favorite }),
      });
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const err = (body as { error?: unknown } | null)?.error;
        throw new Error(typeof err === "string" ? err : `HTTP ${res.status}`);
      }
      const parsed = favoriteReplySchema.safeParse(body);
      if (!parsed.success) throw new Error(parsed.error.message);
      return parsed.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey(chain, "").slice(0, 2) }),
  });
}
