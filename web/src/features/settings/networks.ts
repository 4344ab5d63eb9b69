import { CHAINS, type ChainInfo, LOCAL_CHAIN_ID } from "@sofi/protocol";

/** The settings drawer's network choices (spec 000 §2), in the spec's order. */
export const SELECTABLE_CHAIN_IDS = [1, 137, 8453, 167000, 168587773] as const;
export const POLYGON_CHAIN_ID = 137;

/** A network in the drawer; `served` is false when this deployment's `/api/config` does not list it. */
export type NetworkChoice = ChainInfo & { served: boolean };

/**
 * Networks offered in the drawer: the spec's five, plus Local when this deployment serves the
 * local chain; Polygon is hidden on the proposals pages. A network the server does not serve is
 * listed but not selectable (issue 9 #22): choosing it would reload into an empty app whose
 * browser reads a public RPC.
 */
export function selectableNetworks(opts: { configChainIds: number[]; pathname: string }): NetworkChoice[] {
  const ids: number[] = [...SELECTABLE_CHAIN_IDS];
  if (opts.configChainIds.includes(LOCAL_CHAIN_ID)) ids.push(LOCAL_CHAIN_ID);
  const onProposals = opts.pathname === "/proposals" || opts.pathname.startsWith("/proposals/");
  return ids
    .filter((id) => !(onProposals && id === POLYGON_CHAIN_ID))
    .map((id) => CHAINS.find((c) => c.id === id))
    .filter((c): c is ChainInfo => !!c)
    .map((c) => ({ ...c, served: opts.configChainIds.includes(c.id) }));
}

/** True when this deployment serves `chainId` (it is in `/api/config`'s chains). */
export function isServedChain(config: { chains: { id: number }[] }, chainId: number): boolean {
  return config.chains.some((c) => c.id === chainId);
}

/**
 * Called once with the server config before the first render, after the kernel's defaults: a
 * stored network this deployment does not serve (chosen on another deployment, or before this
 * one stopped serving it) falls back to the deployment's default (or its first chain), so the app never starts on a
 * chain it has no data and no RPC for. Returns true when it changed the network.
 */
export function fallBackToServedNetwork(
  config: { chains: { id: number }[] },
  store: { chainId: number; setDefault: (chainId: number) => void },
  defaultChainId: number,
): boolean {
  if (config.chains.length === 0 || isServedChain(config, store.chainId)) return false;
  store.setDefault(isServedChain(config, defaultChainId) ? defaultChainId : (config.chains[0] as { id: number }).id);
  return true;
}
