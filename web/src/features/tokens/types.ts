import type { TokenInfo, TokenList } from "@sofi/core";
import { chainById, type Deployment } from "@sofi/protocol";

/** A token as the app shows it; the native coin is a pseudo-token with address `native`. */
export type UiToken = {
  chainId: number;
  address: `0x${string}` | "native";
  decimals: number;
  symbol: string;
  name: string;
  logoURI?: string;
  tags?: string[];
};

export const NATIVE = "native" as const;

export function isNative(token: Pick<UiToken, "address"> | null | undefined): boolean {
  return token?.address === NATIVE;
}

/** Stable key of a token: `native` or the lowercase address. */
export function tokenKey(token: Pick<UiToken, "address">): string {
  return token.address === NATIVE ? NATIVE : token.address.toLowerCase();
}

export function sameToken(a: UiToken | null | undefined, b: UiToken | null | undefined): boolean {
  return !!a && !!b && a.chainId === b.chainId && tokenKey(a) === tokenKey(b);
}

/** The chain's native coin (ETH on the local chain and Base). */
export function nativeToken(chainId: number): UiToken {
  const info = chainById(chainId);
  const symbol = info?.nativeSymbol ?? "ETH";
  return { chainId, address: NATIVE, decimals: 18, symbol, name: symbol === "ETH" ? "Ether" : symbol };
}

/** Spec 000 §3: an unknown token defaults to symbol UNKNOWN and name Unknown Token. */
export const UNKNOWN_SYMBOL = "UNKNOWN";
export const UNKNOWN_NAME = "Unknown Token";
/** Longest name and symbol shown of a token read from the chain (a stranger's text). */
export const ONCHAIN_NAME_MAX = 64;
export const ONCHAIN_SYMBOL_MAX = 16;

export function toUiToken(t: TokenInfo): UiToken {
  return {
    chainId: t.chainId,
    address: t.address as `0x${string}`,
    decimals: t.decimals,
    symbol: t.symbol || UNKNOWN_SYMBOL,
    name: t.name || UNKNOWN_NAME,
    ...(t.logoURI ? { logoURI: t.logoURI } : {}),
    ...(t.tags ? { tags: t.tags } : {}),
  };
}

/**
 * The chain's built-in default list (spec 000 §4: "built from the pair list of the current chain"):
 * the deployment's tokens that appear in at least one pair, or all of them when there are no pairs.
 */
export function deploymentTokenList(deployment: Deployment, chainName: string): TokenList {
  const inPairs = new Set(deployment.pairs.flatMap((p) => [p.token0.toLowerCase(), p.token1.toLowerCase()]));
  const tokens = deployment.tokens
    .filter((t) => inPairs.size === 0 || inPairs.has(t.address.toLowerCase()))
    .map((t) => ({
      chainId: deployment.chainId,
      address: t.address,
      name: t.name,
      symbol: t.symbol,
      decimals: t.decimals,
      ...(t.tags.length > 0 ? { tags: [...t.tags] } : {}),
    }));
  return {
    name: `SoFi ${chainName}`,
    timestamp: new Date(0).toISOString(),
    version: { major: 1, minor: 0, patch: 0 },
    tokens,
  };
}
