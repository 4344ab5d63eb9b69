import { storableText } from "@sofi/core";
import { erc20Abi } from "@sofi/protocol";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useReadContracts } from "wagmi";
import { useIsListed } from "../tokens/index.ts";
import { unlistedUrlTokens } from "./rules.ts";
import type { SwapToken } from "./tokens.ts";

export type UnlistedTokens = {
  /** URL token addresses no active list holds, with their on-chain symbol when it could be read. */
  tokens: { address: string; symbol: string | null }[];
  /** The warning is open: there are some and the user has not accepted them yet. */
  warning: boolean;
  /** Accepts them: each becomes the token of the side its URL parameter named. */
  accept: () => void;
};

/** The import warning for `?inputCurrency=` / `?outputCurrency=` addresses that no active list holds. */
export function useUnlistedTokens(
  params: URLSearchParams,
  chainId: number,
  apply: (side: "in" | "out", tk: SwapToken) => void,
): UnlistedTokens {
  const { t } = useTranslation("swap");
  const isListed = useIsListed();
  const unlisted = useMemo(() => unlistedUrlTokens(params, isListed), [params, isListed]);
  const [accepted, setAccepted] = useState(false);
  const meta = useReadContracts({
    allowFailure: true,
    contracts: unlisted.flatMap((a) => [
      { address: a as `0x${string}`, abi: erc20Abi, functionName: "symbol" as const, chainId },
      { address: a as `0x${string}`, abi: erc20Abi, functionName: "decimals" as const, chainId },
    ]),
    query: { enabled: unlisted.length > 0 },
  });
  const symbolAt = (i: number): string | null => {
    const r = meta.data?.[i * 2];
    // a stranger's text: shown through the storable-text rule, bounded like a symbol
    return r?.status === "success" ? storableText(String(r.result), { max: 16 }) : null;
  };
  const accept = () => {
    unlisted.forEach((a, i) => {
      const decimals = meta.data?.[i * 2 + 1];
      const tk: SwapToken = {
        chainId,
        address: a as `0x${string}`,
        decimals: decimals?.status === "success" ? Number(decimals.result) : 18,
        symbol: symbolAt(i) ?? "UNKNOWN",
        name: t("unknownToken"),
      };
      apply(params.get("inputCurrency") === a ? "in" : "out", tk);
    });
    setAccepted(true);
  };
  return {
    tokens: unlisted.map((address, i) => ({ address, symbol: symbolAt(i) })),
    warning: unlisted.length > 0 && !accepted,
    accept,
  };
}
