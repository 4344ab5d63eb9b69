import type { SwapMessage } from "@sofi/core";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** A swap-path message (core's SwapMessage) in the user's language; English is the spec's text. */
export function useSwapMessage(): (m: SwapMessage) => string {
  const { t } = useTranslation("swap");
  return useCallback((m: SwapMessage) => t(`errors.${m.key}`, m), [t]);
}
