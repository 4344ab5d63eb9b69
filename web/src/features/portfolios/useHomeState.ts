import { MANAGERS_HOME_SIZE } from "@sofi/core";
import { useSearchParams } from "react-router";
import { HOME_PAGE_SIZE } from "./format.ts";
import { useAccount, useManagerList, usePortfolioList } from "./usePortfolioApi.ts";

/**
 * The social-trading home (spec 001 §2 /sts): the three lists of 4 (favourites, featured, new), the
 * managers list of 5 and, when the URL carries `?search=`, the search results instead (the back
 * arrow clears it).
 */
export function useHomeState() {
  const [params, setParams] = useSearchParams();
  const account = useAccount();
  const search = (params.get("search") ?? "").trim();
  const favorited = usePortfolioList({ order: "favorited", limit: HOME_PAGE_SIZE });
  const best = usePortfolioList({ order: "best", limit: HOME_PAGE_SIZE });
  const created = usePortfolioList({ order: "new", limit: HOME_PAGE_SIZE });
  const managers = useManagerList({ limit: MANAGERS_HOME_SIZE, enabled: !search });
  const results = usePortfolioList({ search, limit: 100, enabled: !!search });
  return {
    account,
    search,
    setSearch: (text: string) => {
      const v = text.trim();
      setParams(v ? { search: v } : {});
    },
    lists: { favorited, best, new: created },
    managers,
    results: search ? results : null,
  };
}
