import { PORTFOLIO_TRADE_TEXTS, parseTradeAmount, type TradeButtonInput, tradeButton } from "@sofi/core";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { boundLegs, payTokensOf, type TradeState } from "../portfolios/index.ts";
import dictionaries from "./i18n.ts";
import { ManagePanel } from "./ManagePanel.tsx";
import { RebalanceForm } from "./RebalanceForm.tsx";
import { TradeForm } from "./TradeForm.tsx";
import type { ManageState } from "./useManage.ts";

const E18 = 10n ** 18n;
const DAI = {
  key: "0xdai",
  symbol: "DAI",
  decimals: 18,
  address: "0x00000000000000000000000000000000000000da" as const,
};
const ETH = { key: "native", symbol: "ETH", decimals: 18, address: null };

const base: TradeButtonInput = {
  side: "buy",
  connected: true,
  moduleState: 2,
  tradingEnabled: true,
  isManager: false,
  amount: { ok: true, amount: E18 },
  amountDecimals: 18,
  spendSymbol: "DAI",
  payToken: true,
  quoting: false,
  quoted: true,
  cost: 110n * E18,
  spendBalance: 1000n * E18,
  approval: "approved",
};

/** A buy/sell state as the hook returns it, its button computed by core's rule from `i`. */
function state(i: Partial<TradeButtonInput> = {}, extra: Partial<TradeState> = {}): TradeState {
  const input = { ...base, ...i };
  return {
    side: input.side,
    tokens: [ETH, DAI],
    token: DAI,
    setTokenKey: vi.fn(),
    text: "1",
    setText: vi.fn(),
    amount: input.amount,
    quantity: input.amount.ok ? input.amount.amount : null,
    tokenBalance: input.spendBalance,
    setBalance: 2n * E18,
    buyQuote: input.side === "buy" ? { amountIn: 99n * E18, tradeFee: 297n * 10n ** 15n } : null,
    sellQuote: input.side === "sell" ? { net: 95n * E18, tradeFee: 3n * 10n ** 17n, exitFee: E18 } : null,
    cost: input.cost,
    minimum: input.side === "sell" ? 855n * 10n ** 17n : null,
    approval: input.approval,
    button: tradeButton(input),
    busy: null,
    max: vi.fn(),
    canMax: true,
    approve: vi.fn(),
    trade: vi.fn(),
    ...extra,
  } as TradeState;
}

function form(s: TradeState) {
  const onApprove = vi.fn();
  const onTrade = vi.fn();
  render(<TradeForm s={s} symbol="BLUE" decimals={18} exitFeePercent={0.75} onApprove={onApprove} onTrade={onTrade} />);
  return { onApprove, onTrade, button: screen.getByTestId("trade-button") };
}

describe("trade form (spec 001 §2 buy and sell)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(cleanup);

  it("buy: quote, maximum paid at 10 % slippage, 0.30 % trade fee, the exit fee; Buy trades", () => {
    const { button, onTrade } = form(state());
    expect(screen.getByTestId("slippage").textContent).toBe("10%");
    expect(screen.getByTestId("exit-fee").textContent).toBe("0.75%");
    expect(screen.getByTestId("limit").textContent).toBe("110 DAI");
    expect(screen.getByTestId("trade-fee").textContent).toBe("0.297 DAI");
    expect(screen.getByText("Trade fee (0.30%)")).toBeTruthy();
    expect(button.textContent).toBe("Buy BLUE");
    fireEvent.click(button);
    expect(onTrade).toHaveBeenCalled();
  });

  it("disabled with the spec's texts: enter an amount, insufficient balance, not enabled to trading", () => {
    form(state({ amount: { ok: false, reason: "enterAmount" } }));
    expect(screen.getByTestId("trade-button").textContent).toBe("Enter an amount");
    expect((screen.getByTestId("trade-button") as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    form(state({ cost: 2000n * E18 }));
    expect(screen.getByTestId("trade-button").textContent).toBe("Insufficient DAI balance");
    expect((screen.getByTestId("trade-button") as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    form(state({ tradingEnabled: false }));
    expect(screen.getByTestId("trade-button").textContent).toBe("Not enabled to trading");
    expect((screen.getByTestId("trade-button") as HTMLButtonElement).disabled).toBe(true);
  });

  it("approval: Approve when not approved; disabled while pending or unknown (spec 001 §4)", () => {
    const { button, onApprove } = form(state({ approval: "not_approved" }));
    expect(button.textContent).toBe("Approve DAI");
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(onApprove).toHaveBeenCalled();
    cleanup();
    form(state({ approval: "pending" }));
    expect(screen.getByTestId("trade-button").textContent).toBe("Approving DAI…");
    expect((screen.getByTestId("trade-button") as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    form(state({ approval: "unknown" }));
    expect((screen.getByTestId("trade-button") as HTMLButtonElement).disabled).toBe(true);
  });

  it("sell: balance, Max fills it, minimum received, fees in the token", () => {
    const s = state({ side: "sell", spendSymbol: "BLUE", cost: null });
    form(s);
    expect(screen.getByTestId("set-balance").textContent).toBe("Balance: 2 BLUE");
    fireEvent.click(screen.getByRole("button", { name: "Sell all my BLUE" }));
    expect(s.max).toHaveBeenCalled();
    expect(screen.getByTestId("quote").textContent).toBe("95 DAI");
    expect(screen.getByTestId("limit").textContent).toBe("85.5 DAI");
    expect(screen.getByTestId("exit-fee").textContent).toBe("1 DAI");
    expect(screen.getByTestId("trade-button").textContent).toBe("Sell BLUE");
    cleanup();
    form(state({ side: "sell", spendSymbol: "BLUE", amount: parseTradeAmount("3", 18, 2n * E18) }));
    expect(screen.getByTestId("trade-button").textContent).toBe("Insufficient BLUE balance");
  });

  it("the amount input keeps digits and one point (a comma becomes a point)", () => {
    const s = state();
    form(s);
    fireEvent.change(screen.getByTestId("amount"), { target: { value: "1,5" } });
    expect(s.setText).toHaveBeenCalledWith("1.5");
    fireEvent.change(screen.getByTestId("amount"), { target: { value: "1a" } });
    expect(s.setText).toHaveBeenCalledTimes(1);
  });
});

function manage(extra: Partial<ManageState> = {}): ManageState {
  return {
    step: "add",
    busy: null,
    feeText: "0.5",
    setFeeText: vi.fn(),
    feeBps: 50,
    addModule: vi.fn(),
    initialize: vi.fn(),
    setTrading: vi.fn(),
    components: [
      { address: "0x00000000000000000000000000000000000000e1", unit: E18 / 100n, symbol: "WETH", decimals: 18 },
    ],
    send: { address: "0x00000000000000000000000000000000000000e1", unit: E18 / 100n, symbol: "WETH", decimals: 18 },
    setSendKey: vi.fn(),
    receive: {
      symbol: "DAI",
      name: "Dai",
      decimals: 18,
      address: "0x00000000000000000000000000000000000000da",
      tags: [],
    },
    receiveTokens: [],
    setReceiveKey: vi.fn(),
    unitText: "",
    setUnitText: vi.fn(),
    maxUnit: vi.fn(),
    routes: [],
    best: null,
    bestAnywhere: null,
    minReceiveUnit: null,
    tradeModuleReady: true,
    block: { key: "enterAmount" },
    rebalance: vi.fn(),
    exitFee: {
      maxBps: 500,
      currentBps: 50,
      currentRecipient: "0x00000000000000000000000000000000000000e1",
      feeText: "0.5",
      setFeeText: vi.fn(),
      recipient: "0x00000000000000000000000000000000000000e1",
      setRecipient: vi.fn(),
      block: { key: "unchanged" },
      save: vi.fn(),
    },
    ...extra,
  } as ManageState;
}

describe("manage panel (spec 001 §2 manage, §4 trading module, §6 manager only)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(cleanup);
  const props = { moduleState: 0, tradingEnabled: false, connected: true, isManager: true };

  it("others see why they cannot manage", () => {
    render(<ManagePanel m={manage()} {...props} isManager={false} onAction={vi.fn()} />);
    expect(screen.getByTestId("manage-not-manager").textContent).toContain(
      "Only the portfolio's manager can manage it",
    );
    cleanup();
    render(<ManagePanel m={manage()} {...props} connected={false} onAction={vi.fn()} />);
    expect(screen.getByTestId("manage-connect")).toBeTruthy();
  });

  it("state 0: the module state and the add step", () => {
    const onAction = vi.fn();
    const m = manage();
    render(<ManagePanel m={m} {...props} onAction={onAction} />);
    expect(screen.getByTestId("module-state").textContent).toContain("0 · Not added");
    fireEvent.click(screen.getByTestId("module-add"));
    expect(onAction).toHaveBeenCalledWith(m.addModule, "add");
  });

  it("state 1: initialise with the exit fee; a fee above 5 % disables it", () => {
    render(<ManagePanel m={manage({ step: "initialize" })} {...props} moduleState={1} onAction={vi.fn()} />);
    expect(screen.getByTestId("module-state").textContent).toContain("1 · Added, not initialised");
    expect((screen.getByTestId("exit-fee-input") as HTMLInputElement).value).toBe("0.5");
    expect((screen.getByTestId("module-initialize") as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    render(
      <ManagePanel
        m={manage({ step: "initialize", feeText: "6", feeBps: null })}
        {...props}
        moduleState={1}
        onAction={vi.fn()}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe("An exit fee from 0 to 5 % with at most 2 decimals");
    expect((screen.getByTestId("module-initialize") as HTMLButtonElement).disabled).toBe(true);
  });

  it("state 2: enable, then disable buy and sell; a running step waits for its receipt", () => {
    const onAction = vi.fn();
    render(<ManagePanel m={manage({ step: "enable" })} {...props} moduleState={2} onAction={onAction} />);
    expect(screen.getByTestId("module-state").textContent).toContain("2 · Ready");
    expect(screen.getByTestId("module-toggle").textContent).toBe("Enable buy and sell");
    fireEvent.click(screen.getByTestId("module-toggle"));
    expect(onAction.mock.calls[0]?.[1]).toBe("enable");
    cleanup();
    render(
      <ManagePanel
        m={manage({ step: "disable", busy: "disable" })}
        {...props}
        moduleState={2}
        tradingEnabled
        onAction={vi.fn()}
      />,
    );
    expect(screen.getByTestId("module-toggle").textContent).toContain("Waiting for the receipt…");
  });

  it("rebalance: disabled on an insufficient component balance; routes with the best marked", () => {
    render(<RebalanceForm m={manage({ block: { key: "insufficientBalance", symbol: "WETH" } })} onAction={vi.fn()} />);
    expect(screen.getByTestId("rebalance-button").textContent).toBe("Insufficient WETH balance");
    expect((screen.getByTestId("rebalance-button") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("holds").textContent).toBe("Each set holds: 0.01 WETH");
    cleanup();
    const route = {
      dex: "uniswap-v2",
      router: "0x00000000000000000000000000000000000000a1" as const,
      path: ["0x00000000000000000000000000000000000000e1", "0x00000000000000000000000000000000000000da"] as const,
      receiveTotal: 30n * E18,
      receiveUnit: 30n * E18,
      data: "0x" as const,
      integration: "UniswapV2ExchangeAdapter",
    };
    const other = {
      ...route,
      dex: "sushiswap",
      router: "0x00000000000000000000000000000000000000a2" as const,
      integration: null,
    };
    const onAction = vi.fn();
    const m = manage({ block: null, routes: [route, other], best: route, minReceiveUnit: 27n * E18 });
    render(<RebalanceForm m={m} onAction={onAction} />);
    const items = screen.getAllByTestId("route");
    expect(items[0]?.textContent).toContain("Best");
    expect(items[1]?.textContent).toContain("TradeModule cannot trade here");
    expect(screen.getByTestId("min-unit").textContent).toBe("27 DAI");
    fireEvent.click(screen.getByTestId("rebalance-button"));
    expect(onAction).toHaveBeenCalledWith(m.rebalance, "rebalance");
  });
});

describe("helpers and texts", () => {
  it("the legs' limits move by the slippage: up on buys, down on sells", () => {
    const legs = [{ router: "0x01" as const, path: ["0x02" as const, "0x03" as const], limit: 1000n }];
    expect(boundLegs(legs, "buy")[0]?.limit).toBe(1100n);
    expect(boundLegs(legs, "sell")[0]?.limit).toBe(900n);
  });
  it("pay with: the native coin first, then the deployment's tokens", () => {
    const tokens = payTokensOf({
      nativeSymbol: "ETH",
      deployment: { tokens: [{ symbol: "DAI", name: "Dai", decimals: 18, address: "0xAB", tags: [] }] } as never,
    });
    expect(tokens.map((t) => t.symbol)).toEqual(["ETH", "DAI"]);
    expect(tokens[1]?.key).toBe("0xab");
  });
  it("the English blocks are core's texts, and Korean has every key", () => {
    const en = dictionaries.en.blocks;
    expect(en.connectWallet).toBe(PORTFOLIO_TRADE_TEXTS.connectWallet);
    expect(en.enterAmount).toBe(PORTFOLIO_TRADE_TEXTS.enterAmount);
    expect(en.notEnabled).toBe(PORTFOLIO_TRADE_TEXTS.notEnabled);
    expect(en.insufficientBalance.replace("{{symbol}}", "X")).toBe(PORTFOLIO_TRADE_TEXTS.insufficientBalance("X"));
    expect(en.noSupply).toBe(PORTFOLIO_TRADE_TEXTS.noSupply);
    const keys = (o: object, p = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === "object" ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(dictionaries.ko).sort()).toEqual(keys(dictionaries.en).sort());
  });
});
