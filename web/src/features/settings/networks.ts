import { CHAINS, type ChainInfo, LOCAL_CHAIN_ID } from "@sofi/protocol";

/** The settings drawer's network choices (spec 000 §2), in the spec's order. */
export const SELECTABLE_CHAIN_IDS = [1, 137, 8453, 167000, 168587773] as const;
export const POLYGON_CHAIN_ID = 137;

/**
 * Networks offered in the drawer: the spec's five, plus Local when this deployment serves the
 * local chain; Polygon is hidden on the proposals pages.
 */
export function selectableNetworks(opts: { configChainIds: number[]; pathname: string }): ChainInfo[] {
  const ids: number[] = [...SELECTABLE_CHAIN_IDS];
  if (opts.configChainIds.includes(LOCAL_CHAIN_ID)) ids.push(LOCAL_CHAIN_ID);
  const onProposals = opts.pathname === "/proposals" || opts.pathname.startsWith("/proposals/");
  return ids
    .filter((id) => !(onProposals && id === POLYGON_CHAIN_ID))
    .map((id) => CHAINS.find((c) => c.id === id))
    .filter((c): c is ChainInfo => !!c);
}
