import type { SwapButtonState, SwapMessage } from "@sofi/core";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useSwapMessage } from "./useSwapMessage.ts";

/** The main button of the swap card, in the spec's priority (the state comes from `swapButtonState`). */
export function SwapButton(props: {
  state: SwapButtonState;
  wrap: "wrap" | "unwrap" | null;
  wrapError: SwapMessage | null;
  busy: null | "approve" | "swap" | "wrap";
  inputSymbol: string;
  onClick: () => void;
}) {
  const { t } = useTranslation("swap");
  const message = useSwapMessage();
  const { state, wrap, wrapError, busy } = props;
  let label: string;
  let disabled = false;
  let loading = false;
  let danger = false;
  if (wrap) {
    label = wrapError ? message(wrapError) : busy === "wrap" ? t(wrap === "wrap" ? "wrapping" : "unwrapping") : t(wrap);
    disabled = !!wrapError || busy === "wrap";
    loading = busy === "wrap";
  } else {
    switch (state.kind) {
      case "error":
        label = message(state.message);
        disabled = true;
        break;
      case "loading":
        label = t("fetchingQuote");
        disabled = true;
        loading = true;
        break;
      case "approve":
        label = t("approve", { symbol: props.inputSymbol });
        disabled = busy !== null;
        break;
      case "approving":
        label = t("approving", { symbol: props.inputSymbol });
        disabled = true;
        loading = true;
        break;
      case "quoteFailed":
        label = t("priceUnavailable");
        disabled = true;
        break;
      case "readFailed":
        label = t("readFailed");
        disabled = true;
        break;
      case "resolving":
        label = t("resolvingRecipient");
        disabled = true;
        loading = true;
        break;
      case "checking":
        label = t("checking");
        disabled = true;
        loading = true;
        break;
      case "impactTooHigh":
        label = t("impactTooHigh");
        disabled = true;
        danger = true;
        break;
      case "swap":
        label = busy === "swap" ? t("swapping") : state.anyway ? t("swapAnyway") : t("swap");
        danger = state.anyway;
        disabled = busy !== null;
        loading = busy === "swap";
        break;
    }
  }
  return (
    <Button
      type="primary"
      size="large"
      block
      className="swap-main-button"
      data-testid="swap-main-button"
      data-state={wrap ? `wrap-${wrapError ? "error" : "ready"}` : state.kind}
      disabled={disabled}
      loading={loading}
      danger={danger}
      onClick={props.onClick}
    >
      {label}
    </Button>
  );
}
