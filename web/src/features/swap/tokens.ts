import type { Deployment } from "@sofi/protocol";

/** A token as the swap page handles it: the tokens feature's `UiToken` (native coin: "native"). */
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
