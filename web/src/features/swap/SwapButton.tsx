import type { SwapButtonState, SwapMessage } from "@sofi/core";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { mainButtonView } from "./rules.ts";
import { useSwapMessage } from "./useSwapMessage.ts";

/**
 * The main button of the swap card, in the spec's priority (the state comes from `swapButtonState`).
 * A wallet on another network than the page's comes first: the button offers the switch (issue 9
 * #15, the spec's chain switching), enabled, whatever the amounts say.
 */
export function SwapButton(props: {
  state: SwapButtonState;
  wrap: "wrap" | "unwrap" | null;
  wrapError: SwapMessage | null;
  busy: null | "approve" | "swap" | "wrap";
  inputSymbol: string;
  /** The wallet is on another network: the page's network name, and whether the switch is under way. */
  switchNetwork?: { name: string; switching: boolean } | null;
  onClick: () => void;
}) {
  const { t } = useTranslation("swap");
  const message = useSwapMessage();
  const { state, wrap, wrapError, switchNetwork } = props;
  if (switchNetwork) {
    return (
      <Button
        type="primary"
        size="large"
        block
        className="swap-main-button"
        data-testid="swap-main-button"
        data-state="switchNetwork"
        loading={switchNetwork.switching}
        disabled={switchNetwork.switching}
        onClick={props.onClick}
      >
        {switchNetwork.switching ? t("switchingNetwork") : t("switchNetwork", { name: switchNetwork.name })}
      </Button>
    );
  }
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
