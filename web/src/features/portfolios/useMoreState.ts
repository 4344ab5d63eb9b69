import { useMemo, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { isMoreType, isPortfolioOrder, MORE_PAGE_SIZE, matchesFilter, pageOffset, parsePage } from "./format.ts";
import { useAccount, usePortfolioList } from "./usePortfolioApi.ts";

/**
 * `/sts/more/{type}` (spec 001 §2): one ordering, a page of MORE_PAGE_SIZE at `?page=` (limit and
 * offset go to the API, which pages in SQL), and the spec's client-side text filter over the page.
 */
export function useMoreState() {
  const { type } = useParams();
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get("page"));
  const [filter, setFilter] = useState("");
  const order = isPortfolioOrder(type) ? type : undefined;
  const query = usePortfolioList({
    order,
    limit: MORE_PAGE_SIZE,
    offset: pageOffset(page, MORE_PAGE_SIZE),
    enabled: !!order,
  });
  const items = useMemo(() => query.data?.portfolios.filter((p) => matchesFilter(p, filter)), [query.data, filter]);
  return {
    type: isMoreType(type) ? type : null,
    order,
    account: useAccount(),
    page,
    pageSize: MORE_PAGE_SIZE,
    total: query.data?.total ?? 0,
    setPage: (p: number) => {
      setParams(p > 1 ? { page: String(p) } : {});
      window.scrollTo({ top: 0 });
    },
    filter,
    setFilter,
    items,
    query,
  };
}
