import { useSearchParams } from "react-router";
import { useApi } from "../../kernel/api.ts";
import { LIST_PAGE_SIZE, PROPOSAL_POLL_MS } from "./rules.ts";

/**
 * `/proposals` (spec 002 §2): the newest proposals first, a page at a time (`?page=` in the URL, so
 * back returns to it), read again every 10 s while shown (a proposal created a moment ago appears
 * once the indexer has it).
 */
export function useProposalsState() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const q = useApi("proposals", {
    query: { limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE },
    refetchIntervalMs: PROPOSAL_POLL_MS,
  });
  return {
    q,
    page,
    pageSize: LIST_PAGE_SIZE,
    proposals: q.data?.proposals ?? [],
    total: q.data?.total ?? 0,
    setPage: (n: number) => {
      const next = new URLSearchParams(params);
      if (n <= 1) next.delete("page");
      else next.set("page", String(n));
      setParams(next);
      window.scrollTo?.({ top: 0 });
    },
  };
}

export type ProposalsState = ReturnType<typeof useProposalsState>;
