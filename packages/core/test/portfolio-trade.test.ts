import { describe, expect, it } from "vitest";
import {
  approvalState,
  approveDisabled,
  bestRoute,
  canTradePortfolio,
  exitFeePercentText,
  hasPendingApprovalOf,
  MAX_EXIT_FEE_BPS,
  maxAffordableSets,
  maxBuyCost,
  maximumAmountIn,
  minimumReceived,
  minReceiveUnit,
  nextManageStep,
  parseExitFeePercent,
  parseTradeAmount,
  rebalanceBlock,
  type TradeButtonInput,
  tradeBlockText,
  tradeButton,
  tradeFeeOf,
} from "../src/index.ts";

const E18 = 10n ** 18n;

describe("slippage bounds (spec 001 §2: 10 %)", () => {
  it("the maximum input is the quote plus 10 %, rounded up", () => {
    expect(maximumAmountIn(1000n)).toBe(1100n);
    expect(maximumAmountIn(1001n)).toBe(1102n); // 1101.1 up
    expect(maximumAmountIn(0n)).toBe(0n);
  });
  it("the minimum output is the quote less 10 %, rounded down", () => {
    expect(minimumReceived(1000n)).toBe(900n);
    expect(minimumReceived(1001n)).toBe(900n); // 900.9 down
    expect(minReceiveUnit(E18)).toBe((E18 * 9n) / 10n);
  });
  it("the trade fee is 0.30 % (spec 001 §9) and the buy's cap covers it", () => {
    expect(tradeFeeOf(10_000n)).toBe(30n);
    expect(tradeFeeOf(333n)).toBe(0n);
    expect(maxBuyCost(10_000n, 30n)).toBe(11_033n);
  });
});

describe("amounts (spec 001 §5)", () => {
  it("0, nothing and a lone point ask for an amount", () => {
    for (const t of ["", ".", "0", "0.000", "abc"])
      expect(parseTradeAmount(t, 18)).toEqual({ ok: false, reason: "enterAmount" });
  });
  it("more decimals than the token has are refused", () => {
    expect(parseTradeAmount("0.1234567", 6)).toEqual({ ok: false, reason: "tooManyDecimals" });
  });
  it("above the balance is insufficient; the balance itself is fine", () => {
    expect(parseTradeAmount("1.5", 18, E18)).toEqual({ ok: false, reason: "insufficient" });
    expect(parseTradeAmount("1", 18, E18)).toEqual({ ok: true, amount: E18 });
    expect(parseTradeAmount(".5", 6)).toEqual({ ok: true, amount: 500_000n });
  });
  it("the buy Max: sets the budget pays at the probe's price, 1 % under, 4 significant digits", () => {
    // 1 set costs at most 110 (cost with slippage); a budget of 1000 buys 9.0 sets (1 % under 9.09).
    expect(maxAffordableSets(1000n * E18, E18, 110n * E18)).toBe(9_000_000_000_000_000_000n);
    expect(maxAffordableSets(0n, E18, 110n)).toBe(0n);
    expect(maxAffordableSets(100n, E18, 0n)).toBe(0n);
  });
});

describe("token approval (spec 001 §3, §4)", () => {
  const base = { isNative: false, amount: 10n, spender: "0xs", allowance: 5n, pendingApproval: false };
  it("unknown without amount or spender; approved for the native coin; allowance vs amount; pending", () => {
    expect(approvalState({ ...base, amount: null })).toBe("unknown");
    expect(approvalState({ ...base, spender: null })).toBe("unknown");
    expect(approvalState({ ...base, isNative: true })).toBe("approved");
    expect(approvalState(base)).toBe("not_approved");
    expect(approvalState({ ...base, allowance: 10n })).toBe("approved");
    expect(approvalState({ ...base, pendingApproval: true })).toBe("pending");
  });
  it("the approve button is disabled while pending or unknown", () => {
    expect(approveDisabled("pending")).toBe(true);
    expect(approveDisabled("unknown")).toBe(true);
    expect(approveDisabled("not_approved")).toBe(false);
  });
  it("a pending approval is an unconfirmed record of that token and spender", () => {
    const rec = { approval: { tokenAddress: "0xAA", spender: "0xBB" } };
    expect(hasPendingApprovalOf([rec], "0xaa", "0xbb")).toBe(true);
    expect(hasPendingApprovalOf([{ ...rec, receipt: {} }], "0xaa", "0xbb")).toBe(false);
    expect(hasPendingApprovalOf([rec], "0xaa", "0xcc")).toBe(false);
    expect(hasPendingApprovalOf([{}], "0xaa", "0xbb")).toBe(false);
  });
});

describe("buy and sell buttons (spec 001 §2, §5, §8)", () => {
  const ready: TradeButtonInput = {
    side: "buy",
    connected: true,
    moduleState: 2,
    tradingEnabled: true,
    isManager: false,
    amount: { ok: true, amount: E18 },
    amountDecimals: 18,
    spendSymbol: "USDT",
    payToken: true,
    quoting: false,
    quoted: true,
    cost: 100n,
    spendBalance: 1000n,
    approval: "approved",
  };
  const text = (i: Partial<TradeButtonInput>) => {
    const b = tradeButton({ ...ready, ...i });
    return b.kind === "disabled" ? tradeBlockText(b.block) : b.kind;
  };
  it("non-managers see Not enabled to trading until buy/sell is initialised and enabled", () => {
    expect(text({ moduleState: 0 })).toBe("Not enabled to trading");
    expect(text({ moduleState: 1 })).toBe("Not enabled to trading");
    expect(text({ tradingEnabled: false })).toBe("Not enabled to trading");
  });
  it("the manager trades once initialised, enabled or not (as the module's canTrade)", () => {
    expect(canTradePortfolio({ moduleState: 2, tradingEnabled: false, isManager: true })).toBe(true);
    expect(text({ isManager: true, tradingEnabled: false })).toBe("trade");
    expect(text({ isManager: true, moduleState: 1 })).toBe("Set up trading in Manage first");
  });
  it("connect, select a token, enter an amount, decimals", () => {
    expect(text({ connected: false })).toBe("Connect wallet");
    expect(text({ payToken: false })).toBe("Select a token");
    expect(text({ amount: { ok: false, reason: "enterAmount" } })).toBe("Enter an amount");
    expect(text({ amount: { ok: false, reason: "tooManyDecimals" } })).toBe("At most 18 decimals");
  });
  it("a buy whose maximum cost exceeds the pay token's balance is insufficient", () => {
    expect(text({ cost: 1001n })).toBe("Insufficient USDT balance");
    expect(text({ cost: 1000n })).toBe("trade");
  });
  it("a sell above the balance is insufficient", () => {
    expect(text({ side: "sell", spendSymbol: "DEFI", amount: { ok: false, reason: "insufficient" } })).toBe(
      "Insufficient DEFI balance",
    );
  });
  it("quoting and no quote", () => {
    expect(text({ quoting: true })).toBe("Fetching the price…");
    expect(text({ quoted: false })).toBe("No price for this amount");
  });
  it("approve before the trade; disabled while pending or unknown", () => {
    expect(tradeButton({ ...ready, approval: "not_approved" })).toEqual({
      kind: "approve",
      status: "not_approved",
      disabled: false,
    });
    expect(tradeButton({ ...ready, approval: "pending" })).toEqual({
      kind: "approve",
      status: "pending",
      disabled: true,
    });
    expect(tradeButton({ ...ready, approval: "unknown" })).toEqual({
      kind: "approve",
      status: "unknown",
      disabled: true,
    });
  });
});

describe("manage (spec 001 §3, §4, §6)", () => {
  it("steps follow the module state: add, initialise, then enable or disable", () => {
    expect(nextManageStep(0, false)).toBe("add");
    expect(nextManageStep(1, false)).toBe("initialize");
    expect(nextManageStep(2, false)).toBe("enable");
    expect(nextManageStep(2, true)).toBe("disable");
  });
  it("the exit fee: percent with at most 2 decimals, 0 to the module's 5 %", () => {
    expect(parseExitFeePercent("0.5")).toBe(50);
    expect(parseExitFeePercent("5")).toBe(MAX_EXIT_FEE_BPS);
    expect(parseExitFeePercent("0")).toBe(0);
    expect(parseExitFeePercent("1,25")).toBe(125);
    expect(parseExitFeePercent("5.01")).toBeNull();
    expect(parseExitFeePercent("0.125")).toBeNull();
    expect(parseExitFeePercent("")).toBeNull();
    expect(parseExitFeePercent("-1")).toBeNull();
  });
  it("the exit fee against the bound read from the contract; its text round-trips (issue 21 §4)", () => {
    expect(parseExitFeePercent("3", 300)).toBe(300);
    expect(parseExitFeePercent("3.01", 300)).toBeNull();
    expect(parseExitFeePercent("0", 0)).toBe(0);
    expect(parseExitFeePercent("99999999")).toBeNull();
    expect(parseExitFeePercent(" 2.5 ")).toBe(250);
    for (const bps of [0, 1, 50, 125, 250, 500]) expect(parseExitFeePercent(exitFeePercentText(bps))).toBe(bps);
    expect(exitFeePercentText(150)).toBe("1.5");
    expect(exitFeePercentText(500)).toBe("5");
  });
  const ok = {
    connected: true,
    isManager: true,
    sendSymbol: "WETH",
    receiveSame: false,
    amount: { ok: true as const, amount: 5n },
    amountDecimals: 18,
    supply: E18,
    quoting: false,
    quoted: true,
  };
  it("the manage swap is disabled on an insufficient component balance, and says why otherwise", () => {
    expect(rebalanceBlock(ok)).toBeNull();
    const t = (i: Partial<typeof ok> | Record<string, unknown>) => {
      const b = rebalanceBlock({ ...ok, ...i } as typeof ok);
      return b ? tradeBlockText(b) : null;
    };
    expect(t({ amount: { ok: false, reason: "insufficient" } })).toBe("Insufficient WETH balance");
    expect(t({ isManager: false })).toBe("Only the portfolio's manager can manage it");
    expect(t({ connected: false })).toBe("Connect wallet");
    expect(t({ sendSymbol: null })).toBe("Select a token");
    expect(t({ receiveSame: true })).toBe("Choose a different token to receive");
    expect(t({ supply: 0n })).toBe("Nobody holds this portfolio yet: nothing to rebalance");
    expect(t({ amount: { ok: false, reason: "enterAmount" } })).toBe("Enter an amount");
    expect(t({ quoted: false })).toBe("No price for this amount");
  });
  it("the best route is the router paying most over a path of at most 3 hops", () => {
    const a = { router: "A", path: ["x", "y"], receiveTotal: 10n };
    const b = { router: "B", path: ["x", "w", "y"], receiveTotal: 12n };
    const tooLong = { router: "C", path: ["x", "1", "2", "3", "y"], receiveTotal: 99n };
    expect(bestRoute([a, b, tooLong, null])?.router).toBe("B");
    expect(bestRoute([a])?.router).toBe("A");
    expect(bestRoute([{ ...a, receiveTotal: 0n }])).toBeNull();
    expect(bestRoute([])).toBeNull();
  });
});
