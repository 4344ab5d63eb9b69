import { MANAGER_ORDERS, type ManagerOrder } from "@sofi/core";
import { useMemo, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import {
  isMoreType,
  isPortfolioOrder,
  MORE_PAGE_SIZE,
  matchesFilter,
  matchesManagerFilter,
  pageOffset,
  parsePage,
} from "./format.ts";
import { useAccount, useManagerList, usePortfolioList } from "./usePortfolioApi.ts";

/**
 * `/sts/more/{type}` (spec 001 §2): one ordering, a page of MORE_PAGE_SIZE at `?page=` (limit and
 * offset go to the API, which pages in SQL), and the spec's client-side text filter over the page.
 * `managers` lists managers the same way (`GET /sofi/managers`), in the order at `?order=` (market
 * cap, return, risk-adjusted return, lowest risk: issue 21 §3).
 */
export function useMoreState() {
  const { type } = useParams();
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get("page"));
  const [filter, setFilter] = useState("");
  const order = isPortfolioOrder(type) ? type : undefined;
  const managerOrder = parseManagerOrder(params.get("order"));
  const query = usePortfolioList({
    order,
    limit: MORE_PAGE_SIZE,
    offset: pageOffset(page, MORE_PAGE_SIZE),
    enabled: !!order,
  });
  const managersQuery = useManagerList({
    limit: MORE_PAGE_SIZE,
    offset: pageOffset(page, MORE_PAGE_SIZE),
    order: managerOrder,
    enabled: type === "managers",
  });
  const items = useMemo(() => query.data?.portfolios.filter((p) => matchesFilter(p, filter)), [query.data, filter]);
  const managers = useMemo(
    () => managersQuery.data?.managers.filter((m) => matchesManagerFilter(m, filter)),
    [managersQuery.data, filter],
  );
  return {
    type: isMoreType(type) ? type : null,
    order,
    account: useAccount(),
    page,
    pageSize: MORE_PAGE_SIZE,
    total: (type === "managers" ? managersQuery.data?.total : query.data?.total) ?? 0,
    setPage: (p: number) => {
      const next: Record<string, string> = {};
      if (p > 1) next.page = String(p);
      if (managerOrder !== "market_cap") next.order = managerOrder;
      setParams(next);
      window.scrollTo({ top: 0 });
    },
    managerOrder,
    /** A new order starts again at page 1. */
    setManagerOrder: (o: ManagerOrder) => setParams(o === "market_cap" ? {} : { order: o }),
    filter,
    setFilter,
    items,
    query,
    managers,
    managersQuery,
  };
}

/** The managers list's order from the URL (`?order=`), market cap when missing or unknown. */
export function parseManagerOrder(v: string | null): ManagerOrder {
  return (MANAGER_ORDERS as readonly string[]).includes(v ?? "") ? (v as ManagerOrder) : "market_cap";
}
