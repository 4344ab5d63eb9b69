import {
  canRemoveList,
  initialListsState,
  type ListState,
  type ListsAction,
  type ListsState,
  listsReducer,
  TOKEN_LIST_ERRORS,
  type TokenList,
} from "@sofi/core";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

export const LISTS_STORAGE_KEY = "sofi_lists";
export const LISTS_VERSION = 1;

export type ListsStore = ListsState & {
  /** Default list URLs already added once: a default the user removed stays removed. */
  initializedDefaults: string[];
  dispatch: (action: ListsAction) => void;
};

/** The spec's list state (000 §3/§4), persisted under `sofi_lists`; loading ids are not persisted. */
export const useListsStore = create<ListsStore>()(
  persist(
    (set) => ({
      ...initialListsState([]),
      initializedDefaults: [],
      dispatch: (action) => set((s) => listsReducer(s, action)),
    }),
    {
      name: LISTS_STORAGE_KEY,
      version: LISTS_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        byUrl: Object.fromEntries(
          Object.entries(s.byUrl).map(([u, l]): [string, ListState] => [u, { ...l, loadingRequestId: null }]),
        ),
        activeListUrls: s.activeListUrls,
        initializedDefaults: s.initializedDefaults,
      }),
    },
  ),
);

export function dispatchList(action: ListsAction): void {
  useListsStore.getState().dispatch(action);
}

/** Adds and activates default lists the user has not seen before. */
export function ensureDefaultLists(urls: readonly string[]): void {
  const s = useListsStore.getState();
  const fresh = urls.filter((u) => !s.initializedDefaults.includes(u));
  if (fresh.length === 0) return;
  for (const u of fresh) s.dispatch({ type: "enableList", url: u });
  useListsStore.setState((st) => ({ initializedDefaults: [...st.initializedDefaults, ...fresh] }));
}

let requestCounter = 0;
export function nextRequestId(): string {
  requestCounter += 1;
  return `${Date.now().toString(36)}-${requestCounter}`;
}

/**
 * Loads `url` with `load` through the reducer: pending, then fulfilled or rejected. Resolves with
 * the list, or rejects with the error the state now holds.
 */
export async function fetchListInto(url: string, load: (url: string) => Promise<TokenList>): Promise<TokenList> {
  const requestId = nextRequestId();
  dispatchList({ type: "fetchPending", url, requestId });
  try {
    const list = await load(url);
    dispatchList({ type: "fetchFulfilled", url, requestId, tokenList: list });
    return list;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    dispatchList({ type: "fetchRejected", url, requestId, errorMessage: message });
    throw e instanceof Error ? e : new Error(message);
  }
}

/** Removes a list unless it is the last one (spec 000 §5). */
export function removeList(url: string): void {
  const s = useListsStore.getState();
  if (!canRemoveList(s, url)) throw new Error(TOKEN_LIST_ERRORS.lastList);
  s.dispatch({ type: "removeList", url });
}
