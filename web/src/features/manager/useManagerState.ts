import { API } from "@sofi/core";
import { useQueries } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useParams } from "react-router";
import { isAddress } from "viem";
import { apiQueryKey, apiUrl, fetchApi, filledPath, useApi } from "../../kernel/api.ts";
import { useAccount, useChainSuffix } from "../portfolios/index.ts";
import { defaultSelection, MAX_CHARTED, toPercentChange } from "./performance.ts";

/** The performance chart's range: a month of daily points (the history endpoint's `1m`). */
export const PERFORMANCE_RANGE = "1m";
/** Spec 001 §7 "up to 1000 on more pages": every portfolio the manager runs, in one read. */
export const MANAGER_PORTFOLIOS_MAX = 1000;

/**
 * `/sts/manager/{address}` (spec 001 §2): the manager's info, every portfolio they run, the rows
 * selected for the chart (the first five until the user picks; at most five) and their histories
 * as percent change, read with the same query keys as the portfolio page's chart.
 */
export function useManagerState() {
  const { address = "" } = useParams();
  const valid = isAddress(address);
  const chain = useChainSuffix();
  const me = useAccount();
  const info = useApi("manager", { chain, params: { address }, query: { address: me }, enabled: valid });
  const portfolios = useApi("portfoliosV2", {
    chain,
    query: { manager: address, limit: MANAGER_PORTFOLIOS_MAX, address: me },
    enabled: valid,
  });
  const rows = portfolios.data?.portfolios ?? [];
  const [picked, setPicked] = useState<string[] | null>(null);
  const selected = useMemo(
    () => (picked ?? defaultSelection(rows.map((r) => r.address))).slice(0, MAX_CHARTED),
    [picked, rows],
  );
  const histories = useQueries({
    queries: selected.map((a) => {
      // The portfolio page's chart reads the same keys (useApi("portfolioHistory")).
      const path = filledPath("portfolioHistory", { id: a }) ?? "";
      const params = { type: PERFORMANCE_RANGE };
      return {
        queryKey: apiQueryKey(chain, path, params),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          fetchApi(apiUrl(chain, path, params), API.portfolioHistory.reply, { signal }),
        retry: false,
      };
    }),
  });
  const series = selected.map((a, i) => ({
    address: a,
    symbol: rows.find((r) => r.address === a)?.symbol ?? "",
    points: toPercentChange(histories[i]?.data ?? []),
    loading: histories[i]?.isPending ?? true,
    error: histories[i]?.isError ?? false,
  }));
  return {
    address,
    valid,
    isSelf: !!me && me.toLowerCase() === address.toLowerCase(),
    info,
    portfolios,
    rows,
    selected,
    /** Replaces the chart's rows (the table's checkboxes); more than five keeps the first five. */
    select: (addresses: string[]) => setPicked(addresses.slice(0, MAX_CHARTED)),
    series,
  };
}
export type ManagerState = ReturnType<typeof useManagerState>;
