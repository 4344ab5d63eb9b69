import type { Deployment } from "@sofi/protocol";
import { chainById } from "@sofi/protocol";

/**
 * The token shape of web/src/features/tokens (`UiToken`). Until that feature lands this folder
 * builds its own list from the chain's deployment (stand-in, replaced by `useChainTokens`).
 */
export type SwapToken = {
  chainId: number;
  address: `0x${string}` | "native";
  decimals: number;
  symbol: string;
  name: string;
  logoURI?: string;
  tags?: string[];
};

export const isNative = (t: SwapToken | null | undefined): boolean => t?.address === "native";

/** The address the aggregator and pairs use: WETH for the native coin. */
export function routeAddress(t: SwapToken, deployment: Deployment): `0x${string}` {
  return t.address === "native" ? deployment.weth : t.address;
}

export function sameToken(a: SwapToken | null | undefined, b: SwapToken | null | undefined): boolean {
  return !!a && !!b && a.address.toLowerCase() === b.address.toLowerCase();
}

/** Native coin first, then the deployment's tokens. */
export function deploymentTokens(chainId: number, deployment: Deployment | null | undefined): SwapToken[] {
  const info = chainById(chainId);
  const native: SwapToken = {
    chainId,
    address: "native",
    decimals: 18,
    symbol: info?.nativeSymbol ?? "ETH",
    name: info?.name ? `${info.nativeSymbol} (${info.name})` : "Ether",
  };
  const rest = (deployment?.tokens ?? []).map<SwapToken>((t) => ({
    chainId,
    address: t.address,
    decimals: t.decimals,
    symbol: t.symbol,
    name: t.name,
    tags: t.tags,
  }));
  return [native, ...rest];
}

/** Wrap/unwrap: native ↔ the chain's wrapped native (WETH9 deposit / withdraw). */
export function wrapKind(
  input: SwapToken | null,
  output: SwapToken | null,
  deployment: Deployment | null | undefined,
): "wrap" | "unwrap" | null {
  if (!input || !output || !deployment) return null;
  const weth = deployment.weth.toLowerCase();
  if (input.address === "native" && output.address !== "native" && output.address.toLowerCase() === weth) return "wrap";
  if (output.address === "native" && input.address !== "native" && input.address.toLowerCase() === weth)
    return "unwrap";
  return null;
}

/** Token from a URL parameter: a listed token by address or symbol, or the native symbol. */
export function findToken(tokens: SwapToken[], id: string | null): SwapToken | null {
  if (!id) return null;
  const low = id.toLowerCase();
  return (
    tokens.find((t) => t.address.toLowerCase() === low) ??
    tokens.find((t) => t.symbol.toLowerCase() === low) ??
    (low === "eth" ? (tokens.find((t) => t.address === "native") ?? null) : null)
  );
}
