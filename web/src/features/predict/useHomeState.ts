import { chainById } from "@sofi/protocol";
import { useAccount, useChainId, useMarkets, useOpenPositions } from "./hooks.ts";
import { newlyAdded, showsTipBanner } from "./rules.ts";

/**
 * Everything /predict shows (spec 002 §2): the markets (every 5 s), the region text when the list is
 * empty, the tip banner off the production chains, the balance card and up to 3 open positions of the
 * connected account, the newly added carousel (newest first) and the all events grid.
 */
export function useHomeState() {
  const chainId = useChainId();
  const account = useAccount();
  const markets = useMarkets();
  const positions = useOpenPositions(account);
  const list = markets.data ?? [];
  return {
    chainId,
    account,
    network: chainById(chainId)?.name ?? String(chainId),
    tip: showsTipBanner(chainId),
    markets,
    loading: markets.isPending,
    error: markets.isError && !markets.data,
    /** §2: an empty list is 'The service is not available in your region'. */
    unavailable: !!markets.data && list.length === 0,
    newest: newlyAdded(list),
    all: list,
    positions,
    open: positions.data?.positions ?? [],
  };
}
export type HomeState = ReturnType<typeof useHomeState>;
