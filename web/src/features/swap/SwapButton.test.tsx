import {
  checkRecipient,
  QUOTE_DEBOUNCE_MS,
  type SwapButtonInput,
  type SwapMessage,
  swapButtonState,
  swapMessageText,
} from "@sofi/core";
import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { useDebouncedValue } from "../../kernel/hooks.ts";
import { SwapButton } from "./SwapButton.tsx";
import { useSwapMessage } from "./useSwapMessage.ts";

const ready: SwapButtonInput = {
  connected: true,
  inputSymbol: "USDT",
  outputSymbol: "DAI",
  amountIn: 10n,
  amountOut: 9n,
  quoted: true,
  balanceIn: 100n,
  approval: "approved",
  impactLevel: 0,
  expertMode: false,
};

function renderButton(input: Partial<SwapButtonInput>, extra: Partial<Parameters<typeof SwapButton>[0]> = {}) {
  const onClick = vi.fn();
  render(
    <SwapButton
      state={swapButtonState({ ...ready, ...input })}
      wrap={null}
      wrapError={null}
      busy={null}
      inputSymbol="USDT"
      onClick={onClick}
      {...extra}
    />,
  );
  return { button: screen.getByTestId("swap-main-button"), onClick };
}

describe("main swap button", () => {
  beforeAll(async () => {
    await initI18n("en");
  });

  it.each<[string, Partial<SwapButtonInput>]>([
    ["Connect wallet", { connected: false }],
    ["Enter an amount", { amountIn: null, amountOut: null }],
    ["Select a token", { outputSymbol: null }],
    ["Enter a recipient", { recipient: checkRecipient(" ") }],
    ["Invalid recipient", { recipient: checkRecipient("0x12") }],
    ["Insufficient USDT balance", { balanceIn: 1n }],
    ["Invalid pair", { amountOut: 0n }],
  ])("shows the input error %s disabled", (text, input) => {
    const { button, onClick } = renderButton(input);
    expect(button.textContent).toBe(text);
    expect(button).toHaveProperty("disabled", true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("checking (balance or allowance not read yet) and a failed quote offer nothing", () => {
    const checking = renderButton({ approval: "unknown" });
    expect(checking.button.textContent).toContain("Checking balance and approval");
    expect(checking.button).toHaveProperty("disabled", true);
    cleanup();
    const failed = renderButton({ quoteFailed: true, amountOut: null });
    expect(failed.button.textContent).toBe("Price unavailable");
    expect(failed.button).toHaveProperty("disabled", true);
  });

  it("approve is enabled and clickable", () => {
    const { button, onClick } = renderButton({ approval: "not_approved" });
    expect(button.textContent).toBe("Approve USDT");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("approving is disabled", () => {
    const { button } = renderButton({ approval: "pending" });
    expect(button.textContent).toContain("Approving USDT");
    expect(button).toHaveProperty("disabled", true);
  });

  it("swap is enabled and clickable (it opens the confirm dialog)", () => {
    const first = renderButton({});
    expect(first.button.textContent).toBe("Swap");
    fireEvent.click(first.button);
    expect(first.onClick).toHaveBeenCalledTimes(1);
  });

  it("level 3 swaps anyway", () => {
    expect(renderButton({ impactLevel: 3 }).button.textContent).toBe("Swap anyway");
  });

  it("level 4 is blocked without expert mode", () => {
    const { button } = renderButton({ impactLevel: 4 });
    expect(button.textContent).toBe("Price impact too high");
    expect(button).toHaveProperty("disabled", true);
  });

  it("wrap mode shows the wrap error or the wrap action", () => {
    const a = renderButton({}, { wrap: "wrap", wrapError: { key: "insufficientBalance", symbol: "ETH" } });
    expect(a.button.textContent).toBe("Insufficient ETH balance");
    expect(a.button).toHaveProperty("disabled", true);
  });

  it("on a wrong network it offers the switch, enabled, whatever else the state says (issue 9 #15)", () => {
    for (const input of [{}, { connected: false }, { balanceIn: 1n }, { approval: "not_approved" as const }]) {
      const { button, onClick } = renderButton(input, { switchNetwork: { name: "Local", switching: false } });
      expect(button.textContent).toBe("Switch to Local");
      expect(button.dataset.state).toBe("switchNetwork");
      expect(button).toHaveProperty("disabled", false);
      fireEvent.click(button);
      expect(onClick).toHaveBeenCalledTimes(1);
      cleanup();
    }
    const wrapping = renderButton({}, { wrap: "wrap", switchNetwork: { name: "Local", switching: false } });
    expect(wrapping.button.textContent).toBe("Switch to Local");
    cleanup();
    const busy = renderButton({}, { switchNetwork: { name: "Local", switching: true } });
    expect(busy.button.textContent).toContain("Switching network");
    expect(busy.button).toHaveProperty("disabled", true);
  });

  it("unwrap is offered when the amount is covered", () => {
    expect(renderButton({}, { wrap: "unwrap", wrapError: null }).button.textContent).toBe("Unwrap");
  });
});

describe("quote debounce", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it(`waits ${QUOTE_DEBOUNCE_MS} ms after the last keystroke`, () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, QUOTE_DEBOUNCE_MS), {
      initialProps: { v: "" },
    });
    rerender({ v: "1" });
    act(() => {
      vi.advanceTimersByTime(100);
    });
    rerender({ v: "12" });
    act(() => {
      vi.advanceTimersByTime(QUOTE_DEBOUNCE_MS - 1);
    });
    expect(result.current).toBe("");
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe("12");
  });
});

describe("swap messages in both languages", () => {
  const every: SwapMessage[] = [
    { key: "connectWallet" },
    { key: "enterAmount" },
    { key: "selectToken" },
    { key: "enterRecipient" },
    { key: "invalidRecipient" },
    { key: "invalidPair" },
    { key: "gasEstimation" },
    { key: "slippage" },
    { key: "rejected" },
    { key: "missingDependencies" },
    { key: "couldNotDeposit" },
    { key: "couldNotWithdraw" },
    { key: "insufficientBalance", symbol: "USDT" },
    { key: "revert", reason: "SofiAggregator: EXPIRED" },
    { key: "swapFailed", message: "nonce too low" },
    { key: "recipientZeroAddress" },
    { key: "recipientIsToken", symbol: "USDT" },
    { key: "insufficientLiquidity" },
    { key: "amountTooLarge" },
    { key: "wrongNetwork" },
  ];
  afterEach(async () => {
    await i18next.changeLanguage("en");
  });

  it("English is exactly the spec's text for every message", async () => {
    await initI18n("en");
    const { result } = renderHook(() => useSwapMessage());
    for (const m of every) expect(result.current(m)).toBe(swapMessageText(m));
  });

  it("Korean translates every message and keeps its parameters", async () => {
    await initI18n("en");
    await i18next.changeLanguage("ko");
    const { result } = renderHook(() => useSwapMessage());
    for (const m of every) {
      const ko = result.current(m);
      expect(ko).not.toBe(swapMessageText(m));
      expect(ko).toMatch(/[\uac00-\ud7a3]/);
    }
    expect(result.current({ key: "insufficientBalance", symbol: "USDT" })).toBe("USDT 잔액 부족");
    expect(result.current({ key: "revert", reason: "X: Y" })).toContain("X: Y");
  });
});
