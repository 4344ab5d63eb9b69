import { type ApiMarket, predictButton } from "@sofi/core";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18next, initI18n } from "../../i18n/index.ts";
import { WriteError } from "../transactions/index.ts";
import { MarketHeader, QuestionStatus } from "./MarketHeader.tsx";
import { useFailureDialog } from "./parts.tsx";
import { amountIssue } from "./rules.ts";
import { TradePanel } from "./TradePanel.tsx";
import type { MarketPageState } from "./useMarketPage.ts";
import type { TradePanelState } from "./useTradePanel.ts";

const E18 = 10n ** 18n;
const M = "0x00000000000000000000000000000000000000aa";

const market = (over: Partial<ApiMarket> = {}): ApiMarket => ({
  market: M,
  title: "Will ETH close above $4,000?",
  description: "Resolves Yes when it does.",
  photo: "/tokens/eth.svg",
  outcomeNames: ["Yes", "No"],
  outcomePrice: [0.62, 0.38],
  resolutionTime: 2_000_000_000,
  expiration: 2_000_000_000,
  volume: 1234.5,
  liquidity: 500,
  status: "active",
  conditionId: "0x01",
  redeem: false,
  fee: 0.02,
  createdAt: 1_000,
  question: { answer: null, invalid: false, bond: 0, finalizeTime: null, arbitrationPending: false, minBond: 10 },
  payouts: null,
  ...over,
});

function page(over: Partial<MarketPageState> = {}, m: ApiMarket = market()): MarketPageState {
  return {
    id: M,
    market: M,
    chainId: 31337,
    chain: "local",
    account: "0x00000000000000000000000000000000000000bb",
    now: 1_900_000_000,
    m,
    user: undefined,
    status: m.status,
    prices: [0.62, 0.38],
    active: true,
    notFound: false,
    loading: false,
    error: false,
    refetch: vi.fn(),
    ...over,
  } as unknown as MarketPageState;
}

function trade(over: Partial<TradePanelState> = {}): TradePanelState {
  const side = over.side ?? "buy";
  return {
    mode: 0,
    setMode: vi.fn(),
    side,
    setSide: vi.fn(),
    liquidityMode: false,
    outcome: 0,
    text: "",
    setText: vi.fn(),
    setMax: vi.fn(),
    issue: null,
    inputDisabled: false,
    holdings: 3n * E18,
    poolShares: 0n,
    wallet: 50n * E18,
    units: null,
    quoting: false,
    figures: null,
    sellReturn: null,
    sellAverage: null,
    addShares: null,
    removeBack: null,
    button: predictButton({ connected: true, active: true, side, approved: true, balance: 50, shares: 3 }),
    busy: null,
    onButton: vi.fn(),
    confirmOpen: false,
    closeConfirm: vi.fn(),
    terms: false,
    setTerms: vi.fn(),
    termsError: false,
    confirm: vi.fn(),
    connected: true,
    hasMarketContract: true,
    ...over,
  } as TradePanelState;
}

const panel = (p: MarketPageState, s: TradePanelState) =>
  render(
    <MemoryRouter>
      <TradePanel p={p} s={s} />
    </MemoryRouter>,
  );

describe("the trade panel (spec 002 §2, §4, §5)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(async () => {
    cleanup();
    await act(() => i18next.changeLanguage("en"));
  });

  it("the outcome selector shows Buy Yes and Buy No with their prices, and the liquidity mode", () => {
    const s = trade();
    panel(page(), s);
    expect(screen.getByTestId("outcome-0").textContent).toBe("Buy Yes0.62");
    expect(screen.getByTestId("outcome-1").textContent).toBe("Buy No0.38");
    expect(screen.getByTestId("outcome-0").getAttribute("aria-checked")).toBe("true");
    fireEvent.click(screen.getByTestId("outcome--1"));
    expect(s.setMode).toHaveBeenCalledWith(-1);
    expect(screen.getByRole("radiogroup", { name: "Choose an outcome" })).toBeTruthy();
  });

  it("shares held, the wallet's SOFI, and a buy's figures: cost per share to 4 decimals, shares, max ROI, returns", () => {
    panel(
      page(),
      trade({
        text: "10",
        figures: { costPerShare: 10 / 15.873, totalShares: 15.873, maxRoiPercent: 58.73, potentialReturns: 15.873 },
      }),
    );
    expect(screen.getByTestId("shares-held").textContent).toBe("3");
    expect(screen.getByTestId("wallet-balance").textContent).toBe("50 SOFI");
    expect(screen.getByTestId("cost-per-share").textContent).toBe("0.6300");
    expect(screen.getByTestId("total-shares").textContent).toBe("15.873");
    expect(screen.getByTestId("max-roi").textContent).toBe("58.73%");
    expect(screen.getByTestId("potential-returns").textContent).toBe("15.873 SOFI");
  });

  it("every §5 message under the field, in English exactly and in Korean", async () => {
    const cases: [TradePanelState["issue"], string, string][] = [
      [amountIssue("buy", "", 10), "Please input SOFI amount!", "SOFI 수량을(를) 입력해 주세요!"],
      [amountIssue("buy", "1.234", 10), "Please input right SOFI amount", "올바른 SOFI 수량을(를) 입력해 주세요"],
      [amountIssue("buy", "20", 12.5), "SOFI amount must less than 12.50", "SOFI 수량은(는) 12.50보다 작아야 합니다"],
      [amountIssue("sell", "", 3), "Please input share amount!", "지분 수량을(를) 입력해 주세요!"],
      [amountIssue("sell", "1.5", 3), "Please input right share amount", "올바른 지분 수량을(를) 입력해 주세요"],
      [amountIssue("sell", "4", 3), "share amount must less than 3", "지분 수량은(는) 3보다 작아야 합니다"],
      [
        { kind: "liquidity" },
        "Due to insufficient liquidity, please reduce the selling shares",
        "유동성이 부족합니다. 매도할 지분을 줄여 주세요",
      ],
    ];
    for (const [issue, en, ko] of cases) {
      await act(() => i18next.changeLanguage("en"));
      panel(page(), trade({ issue }));
      expect(screen.getByTestId("amount-error").textContent).toBe(en);
      cleanup();
      await act(() => i18next.changeLanguage("ko"));
      panel(page(), trade({ issue }));
      expect(screen.getByTestId("amount-error").textContent).toBe(ko);
      cleanup();
    }
  });

  it("§4 button: connect wallet, approve, Place Order, insufficient balance, ended", () => {
    const states: [TradePanelState["button"], string, boolean][] = [
      ["connectWallet", "Connect wallet", false],
      ["approve", "Approve SOFI", false],
      ["placeOrder", "Place Order", false],
      ["insufficientBalance", "Insufficient balance", true],
      ["ended", "Ended", true],
    ];
    for (const [button, label, disabled] of states) {
      const s = trade({ button });
      panel(page(), s);
      const b = screen.getByTestId("trade-button") as HTMLButtonElement;
      expect(b.textContent?.replace(/\s/g, "")).toBe(label.replace(/\s/g, ""));
      expect(b.disabled, button).toBe(disabled);
      if (!disabled) {
        fireEvent.click(b);
        expect(s.onButton).toHaveBeenCalled();
      }
      cleanup();
    }
  });

  it("the input is disabled when the balance or shares are zero", () => {
    panel(page(), trade({ inputDisabled: true }));
    expect((screen.getByTestId("amount-input") as HTMLInputElement).disabled).toBe(true);
  });

  it("liquidity mode: Add/Remove, pool shares, the Add liquidity button", () => {
    panel(page(), trade({ mode: -1, liquidityMode: true, poolShares: 12n * E18 + E18 / 2n }));
    expect(screen.getByTestId("pool-shares").textContent).toBe("12.5");
    expect(screen.getByTestId("pool-liquidity").textContent).toBe("500 SOFI");
    expect(screen.getByTestId("trade-button").textContent).toBe("Add liquidity");
    expect(screen.getByText("Add")).toBeTruthy();
    expect(screen.getByText("Remove")).toBeTruthy();
  });

  it("the confirm modal: outcome, amount, average price, the terms checkbox; 'Should accept the Terms of Use'", () => {
    const s = trade({
      confirmOpen: true,
      text: "10",
      figures: { costPerShare: 0.63, totalShares: 15.87, maxRoiPercent: 58.7, potentialReturns: 15.87 },
      termsError: true,
    });
    panel(page(), s);
    const modal = screen.getByRole("dialog");
    expect(within(modal).getByText("Confirm Transaction")).toBeTruthy();
    expect(within(modal).getByTestId("confirm-outcome").textContent).toBe("Yes");
    expect(within(modal).getByTestId("confirm-amount").textContent).toBe("10 SOFI");
    expect(within(modal).getByTestId("confirm-average").textContent).toBe("0.6300");
    expect(within(modal).getByTestId("terms-error").textContent).toBe("Should accept the Terms of Use");
    const link = within(modal).getByRole("link", { name: "Terms of Use" });
    expect(link.getAttribute("href")).toBe("/terms.txt");
    fireEvent.click(within(modal).getByRole("checkbox"));
    expect(s.setTerms).toHaveBeenCalledWith(true);
    fireEvent.click(within(modal).getByTestId("confirm-trade"));
    expect(s.confirm).toHaveBeenCalled();
  });
});

describe("the market header and the question (spec 002 §2, issue 19)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(cleanup);

  it("title, description, the bar by prices, expiration, max volume and liquidity", () => {
    render(<MarketHeader p={page()} />);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Will ETH close above $4,000?");
    expect(screen.getByTestId("market-description").textContent).toBe("Resolves Yes when it does.");
    expect(screen.getByTestId("price-bar").getAttribute("data-yes")).toBe("62");
    expect(screen.getByTestId("market-expiration").textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(screen.getByTestId("market-volume").textContent).toBe("1,234.5 SOFI");
    expect(screen.getByTestId("market-liquidity").textContent).toBe("500 SOFI");
  });

  const redeem = { stateOf: () => undefined, ready: true, run: vi.fn() };

  it("answered: the bond and the time left to dispute; disputed: arbitration pending", () => {
    const q = {
      answer: 0,
      invalid: false,
      bond: 20,
      finalizeTime: 1_900_000_000 + 3 * 3600 + 60,
      arbitrationPending: false,
      minBond: 10,
    };
    const answered = market({ status: "answered", question: q });
    render(<QuestionStatus p={page({ status: "answered" }, answered)} redeem={redeem} />);
    expect(screen.getByTestId("question-status").textContent).toContain(
      "Answered Yes with a bond of 20 SOFI. Final in 3h 1m unless disputed.",
    );
    cleanup();
    const disputed = market({ status: "disputed", question: { ...q, arbitrationPending: true } });
    render(<QuestionStatus p={page({ status: "disputed" }, disputed)} redeem={redeem} />);
    expect(screen.getByTestId("question-status").textContent).toContain("Disputed: arbitration pending");
  });

  it("resolved: Redeem for the account's winnings", () => {
    const resolved = market({ status: "resolved", payouts: [1, 0] });
    const run = vi.fn();
    render(
      <QuestionStatus
        p={page({ status: "resolved", user: { redeemable: 5n * E18 } } as Partial<MarketPageState>, resolved)}
        redeem={{ ...redeem, run }}
      />,
    );
    expect(screen.getByTestId("question-status").textContent).toContain("Resolved: Yes.");
    expect(screen.getByText("Redeemable: 5 SOFI")).toBeTruthy();
    fireEvent.click(screen.getByTestId("market-redeem"));
    expect(run).toHaveBeenCalledWith(M, "0x01");
  });
});

describe("failures in the product's own dialog (spec 002 §4, §8; issue 19: no browser alert)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(cleanup);

  function Host({ error }: { error: unknown }) {
    const f = useFailureDialog();
    return (
      <>
        {f.holder}
        <button type="button" onClick={() => f.show(error)}>
          fail
        </button>
      </>
    );
  }

  it("a refusal says 'User cancelled the transaction.', a revert its reason; window.alert is never used", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    render(
      <Host error={new WriteError("send", Object.assign(new Error("User rejected the request."), { code: 4001 }))} />,
    );
    fireEvent.click(screen.getByText("fail"));
    expect((await screen.findByTestId("predict-failure")).textContent).toBe("User cancelled the transaction.");
    expect(screen.getAllByText("Transaction failed").length).toBeGreaterThan(0);
    cleanup();
    render(<Host error={new WriteError("estimate", new Error("execution reverted: Not enough liquidity"))} />);
    fireEvent.click(screen.getByText("fail"));
    expect((await screen.findByTestId("predict-failure")).textContent).toContain("Not enough liquidity");
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });
});
