import type { PortfolioDetail, TradeButton } from "@sofi/core";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { BuyModal, SellModal } from "./TradeModals.tsx";
import type { TradeTarget } from "./trade-state.ts";
import type { TradeOutcome, TradeState } from "./useTrade.ts";

// The portfolio page's Buy and Sell modals over the one trade stack (issue 17): the page's texts for
// the stack's button states, approve-then-sell in one click, the modal closing once the wallet sent
// the trade, and failures read through the transactor (cancelled, or the reason).

const state = vi.hoisted(() => ({ current: null as unknown }));
vi.mock("./useTrade.ts", () => ({ useTrade: () => state.current }));

if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const d = {
  address: "0x00000000000000000000000000000000000000a1",
  symbol: "DEFI",
  decimals: 18,
  fee: 1,
} as PortfolioDetail;
const target = {} as TradeTarget;

function trade(over: Partial<TradeState> & { button: TradeButton }): TradeState {
  return {
    side: "buy",
    tokens: [],
    token: null,
    setTokenKey: () => {},
    text: "",
    setText: vi.fn(),
    amount: { ok: false, reason: "enterAmount" },
    quantity: null,
    tokenBalance: undefined,
    setBalance: undefined,
    buyQuote: null,
    sellQuote: null,
    cost: null,
    minimum: null,
    approval: "approved",
    busy: null,
    max: vi.fn(async () => {}),
    canMax: false,
    approve: vi.fn(async (): Promise<TradeOutcome> => ({ ok: true })),
    trade: vi.fn(async (): Promise<TradeOutcome> => ({ ok: true })),
    ...over,
  } as TradeState;
}

beforeAll(async () => {
  await initI18n("en");
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("Buy modal", () => {
  it("says why it cannot buy in the page's words, then Buy with the cost at most", () => {
    const blocks: [TradeButton, string][] = [
      [{ kind: "disabled", block: { key: "connectWallet" } }, "Connect wallet"],
      [{ kind: "disabled", block: { key: "enterAmount" } }, "Enter an amount"],
      [{ kind: "disabled", block: { key: "quoting" } }, "Fetching the price…"],
      [{ kind: "disabled", block: { key: "noQuote" } }, "No price for this amount"],
      [{ kind: "disabled", block: { key: "insufficientBalance", symbol: "ETH" } }, "Insufficient balance"],
      [{ kind: "disabled", block: { key: "notEnabled" } }, "Not enabled to trading"],
      [{ kind: "disabled", block: { key: "notInitialized" } }, "Set up trading in Manage first"],
    ];
    for (const [button, text] of blocks) {
      state.current = trade({ button });
      render(<BuyModal d={d} target={target} open onClose={() => {}} onFailure={() => {}} />);
      const confirm = screen.getByTestId("buy-confirm") as HTMLButtonElement;
      expect(confirm.textContent).toBe(text);
      expect(confirm.disabled).toBe(true);
      cleanup();
    }
    state.current = trade({ button: { kind: "trade" }, cost: 1_100_000_000_000_000n, tokenBalance: 10n ** 19n });
    render(<BuyModal d={d} target={target} open onClose={() => {}} onFailure={() => {}} />);
    expect(screen.getByTestId("buy-confirm").textContent).toBe("Buy");
    expect(screen.getByTestId("buy-cost").textContent).toBe("0.001100 ETH");
  });

  it("closes once the wallet sent the buy; a refusal reports the cancelled text", async () => {
    const onClose = vi.fn();
    const onFailure = vi.fn();
    const s = trade({
      button: { kind: "trade" },
      trade: vi.fn(async (o?: { onSent?: () => void }) => {
        o?.onSent?.();
        return { ok: true } as TradeOutcome;
      }),
    });
    state.current = s;
    render(<BuyModal d={d} target={target} open onClose={onClose} onFailure={onFailure} />);
    await act(async () => fireEvent.click(screen.getByTestId("buy-confirm")));
    expect(onClose).toHaveBeenCalled();
    expect(onFailure).not.toHaveBeenCalled();
    cleanup();
    state.current = trade({
      button: { kind: "trade" },
      trade: vi.fn(async () => ({ ok: false, cancelled: true, message: null }) as TradeOutcome),
    });
    render(<BuyModal d={d} target={target} open onClose={onClose} onFailure={onFailure} />);
    await act(async () => fireEvent.click(screen.getByTestId("buy-confirm")));
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith("User cancelled the transaction."));
  });
});

describe("Sell modal", () => {
  it("the sell texts: too many decimals, insufficient DEFI, approve and sell", () => {
    for (const [button, text] of [
      [{ kind: "disabled", block: { key: "tooManyDecimals", decimals: 18 } }, "At most 18 decimals"],
      [{ kind: "disabled", block: { key: "insufficientBalance", symbol: "DEFI" } }, "Insufficient DEFI balance"],
      [{ kind: "approve", status: "not_approved", disabled: false }, "Approve DEFI and sell"],
      [{ kind: "trade" }, "Sell"],
    ] as [TradeButton, string][]) {
      state.current = trade({ side: "sell", button, setBalance: 2n * 10n ** 16n });
      render(<SellModal d={d} target={target} open onClose={() => {}} />);
      expect(screen.getByTestId("sell-confirm").textContent).toBe(text);
      expect(screen.getByTestId("sell-balance").textContent).toBe("Balance: 0.02 DEFI");
      cleanup();
    }
  });

  it("one click approves, then sells; a failed sell is a browser alert with the reason", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const s = trade({
      side: "sell",
      button: { kind: "approve", status: "not_approved", disabled: false },
      trade: vi.fn(
        async () => ({ ok: false, cancelled: false, message: "execution reverted: too little" }) as TradeOutcome,
      ),
    });
    state.current = s;
    render(<SellModal d={d} target={target} open onClose={() => {}} />);
    await act(async () => fireEvent.click(screen.getByTestId("sell-confirm")));
    expect(s.approve).toHaveBeenCalled();
    expect(s.trade).toHaveBeenCalled();
    await waitFor(() => expect(alert).toHaveBeenCalledWith("execution reverted: too little"));
  });

  it("a failed approval stops before the sell", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const s = trade({
      side: "sell",
      button: { kind: "approve", status: "not_approved", disabled: false },
      approve: vi.fn(async () => ({ ok: false, cancelled: false, message: null }) as TradeOutcome),
    });
    state.current = s;
    render(<SellModal d={d} target={target} open onClose={() => {}} />);
    await act(async () => fireEvent.click(screen.getByTestId("sell-confirm")));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("The transaction failed!"));
    expect(s.trade).not.toHaveBeenCalled();
  });
});
