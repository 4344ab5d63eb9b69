import { useEffect, useRef, useState } from "react";
import { useChainTokens } from "../tokens/index.ts";
import { keepOnChain, type Selection } from "./rules.ts";
import { findToken, type SwapToken } from "./tokens.ts";

/**
 * The two tokens and the typed side. Starts from `?inputCurrency=` / `?outputCurrency=` (applied
 * once the lists that hold them are loaded) or the native coin; a new network starts over.
 */
export function useTokenSelection(
  params: URLSearchParams,
  chainId: number,
): [Selection, (update: Selection | ((s: Selection) => Selection)) => void] {
  const tokens: SwapToken[] = useChainTokens();
  const [sel, setSel] = useState<Selection>(() => ({
    input: findToken(tokens, params.get("inputCurrency")) ?? tokens[0] ?? null,
    output: findToken(tokens, params.get("outputCurrency")),
    independent: "in",
  }));
  const urlIn = params.get("inputCurrency");
  const urlOut = params.get("outputCurrency");
  const urlApplied = useRef({ in: false, out: false });
  useEffect(() => {
    const fromUrl = (side: "in" | "out", id: string | null) => {
      if (!id || urlApplied.current[side]) return;
      const tk = findToken(tokens, id);
      if (!tk) return;
      urlApplied.current[side] = true;
      setSel((s) => (side === "in" ? { ...s, input: tk } : { ...s, output: tk }));
    };
    fromUrl("in", urlIn);
    fromUrl("out", urlOut);
  }, [tokens, urlIn, urlOut]);
  useEffect(() => {
    // another network: start over with its native coin
    setSel((s) => {
      const input = keepOnChain(s.input, chainId, tokens[0] ?? null);
      const output = keepOnChain(s.output, chainId, null);
      return input === s.input && output === s.output ? s : { ...s, input, output };
    });
  }, [chainId, tokens]);
  return [sel, setSel];
}
