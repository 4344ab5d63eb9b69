import type { SwapButtonState, SwapMessage } from "@sofi/core";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { mainButtonView } from "./rules.ts";
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
  const { state, wrap, wrapError } = props;
  const view = mainButtonView(state, wrap, wrapError, props.busy);
  const label =
    "message" in view.label ? message(view.label.message) : t(view.label.key, { symbol: props.inputSymbol });
  const { disabled, loading, danger } = view;
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
