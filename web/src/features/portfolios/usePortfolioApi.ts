import type { ManagerOrder, PortfolioOrder } from "@sofi/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useConnection } from "wagmi";
import { apiQueryKey, useApi } from "../../kernel/api.ts";
import { useChainSuffix } from "../../kernel/config.ts";
import { useSignedWrite } from "../../kernel/signed.ts";

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
  const address = useAccount();
  return useApi("portfoliosV2", {
    query: {
      orderby: q.search ? undefined : q.order,
      search: q.search || undefined,
      limit: q.limit,
      offset: q.offset || undefined,
      address,
    },
    enabled: q.enabled ?? true,
  });
}

/**
 * `GET /sofi/managers`: one page of managers, largest market cap first (spec 001 §7) or in `order`
 * (return, risk-adjusted return, lowest risk: issue 21 §3).
 */
export function useManagerList(q: { limit: number; offset?: number; order?: ManagerOrder; enabled?: boolean }) {
  const address = useAccount();
  return useApi("managers", {
    query: {
      limit: q.limit,
      offset: q.offset || undefined,
      orderby: q.order && q.order !== "market_cap" ? q.order : undefined,
      address,
    },
    enabled: q.enabled ?? true,
  });
}

/** `GET /sofi/portfolios/{id}` (the server counts a view). */
export function usePortfolioDetail(id: string | undefined) {
  const address = useAccount();
  return useApi("portfolio", { params: { id }, query: { address }, staleTimeMs: 30_000 });
}

export type HistoryRange = "1d" | "1w";
export const HISTORY_RANGES: HistoryRange[] = ["1d", "1w"];

/** `GET /sofi/portfolios/{id}/history?type=1d|1w`: points ts, value. */
export function usePortfolioHistory(id: string, type: HistoryRange) {
  return useApi("portfolioHistory", { params: { id }, query: { type } });
}

export const TRANSACTIONS_REFRESH_MS = 10_000;

/** `GET /sofi/transactions?address=`: the account's buys and sells (newest first). */
export function useAccountTransactions(account: string | undefined, portfolio: string | undefined, limit: number) {
  return useApi("portfolioTransactions", {
    query: { address: account, portfolio, limit },
    enabled: !!account && !!portfolio,
    // A buy's row appears once the indexer has its block, after the receipt: asked again every 10 s.
    refetchIntervalMs: TRANSACTIONS_REFRESH_MS,
  });
}

/**
 * The signed `POST /sofi/favorite` (spec 001 §7) through the kernel's signed write; on success
 * every list and detail of this chain is read again (spec 001 §4).
 */
export function useFavoriteToggle() {
  const chain = useChainSuffix();
  const write = useSignedWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { portfolio: string; favorite: boolean }) =>
      write("favorite", { chain, body: { portfolio: v.portfolio, favorite: v.favorite } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey(chain, "").slice(0, 2) }),
  });
}
