import { combineListTokens, isAddress, type ListState, sortByListPriority, type TokenList } from "@sofi/core";
import { nativeToken, toUiToken, type UiToken } from "./types.ts";

/** The server's token list of a chain: the default list URL (spec 000 §4). */
export function defaultListUrl(origin: string, suffix: string): string {
  return `${origin}/api/${suffix}/sofi/tokens?format=tokenlist`;
}

export type CustomTokens = Record<string, { address: string; decimals: number; symbol?: string; name?: string }>;

export type ChainTokensInput = {
  chainId: number;
  byUrl: Readonly<Record<string, ListState>>;
  activeListUrls: readonly string[];
  /** Priority order of lists (the default lists); unknown lists come after them. */
  priority: readonly string[];
  /** This chain's default list URL and the list built from its deployment, used until the server's list loads. */
  defaultUrl?: string;
  fallbackList?: TokenList | null;
  custom?: CustomTokens;
};

/**
 * All tokens of one chain: the native coin first, then the active lists' tokens in list priority
 * order (first list wins an address), then the user's custom tokens not already listed.
 */
export function buildChainTokens(input: ChainTokensInput): UiToken[] {
  const ordered = sortByListPriority(input.activeListUrls, input.priority);
  const lists = ordered.map((u) => {
    const current = input.byUrl[u]?.current ?? null;
    return current ?? (u === input.defaultUrl ? (input.fallbackList ?? null) : null);
  });
  const listed = combineListTokens(lists, input.chainId)
    .filter((t) => isAddress(t.address))
    .map(toUiToken);
  const seen = new Set(listed.map((t) => t.address.toLowerCase()));
  const custom: UiToken[] = [];
  for (const c of Object.values(input.custom ?? {})) {
    if (!isAddress(c.address) || seen.has(c.address.toLowerCase())) continue;
    seen.add(c.address.toLowerCase());
    custom.push({
      chainId: input.chainId,
      address: c.address,
      decimals: c.decimals,
      symbol: c.symbol ?? "UNKNOWN",
      name: c.name ?? "Unknown Token",
    });
  }
  return [nativeToken(input.chainId), ...listed, ...custom];
}

/** Addresses (lowercase) of the active lists' tokens on one chain. */
export function listedAddresses(input: ChainTokensInput): Set<string> {
  const ordered = sortByListPriority(input.activeListUrls, input.priority);
  const out = new Set<string>();
  for (const u of ordered) {
    const list = input.byUrl[u]?.current ?? (u === input.defaultUrl ? input.fallbackList : null);
    for (const t of list?.tokens ?? []) if (t.chainId === input.chainId) out.add(t.address.toLowerCase());
  }
  return out;
}
