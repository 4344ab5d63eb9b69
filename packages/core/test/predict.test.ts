import { describe, expect, it } from "vitest";
import {
  type ApiPosition,
  amountProblem,
  binaryAnswer,
  boundWithSlippage,
  buyFigures,
  marketQuerySchema,
  marketStatus,
  nextStatusChange,
  openPositions,
  poolPrices,
  poolValue,
  predictButton,
  sampleTimes,
} from "../src/predict.ts";

const E18 = 10n ** 18n;

describe("the amount form (§5)", () => {
  it("required, pattern and limit messages for a buy (SOFI amount, 2 decimals)", () => {
    expect(amountProblem("buy", " ", 100)).toBe("Please input SOFI amount!");
    for (const bad of ["0", "0.00", "1.234", "-1", "1e3", "abc", "1."])
      expect(amountProblem("buy", bad, 100), bad).toBe("Please input right SOFI amount");
    expect(amountProblem("buy", "100.01", 100)).toBe("SOFI amount must less than 100.00");
    for (const ok of ["1", "0.5", "0.01", "100", "99.99"]) expect(amountProblem("buy", ok, 100), ok).toBeNull();
  });
  it("sell: whole shares without a leading zero, at most those held", () => {
    expect(amountProblem("sell", "", 5)).toBe("Please input share amount!");
    for (const bad of ["0", "01", "1.5", "-2"])
      expect(amountProblem("sell", bad, 5), bad).toBe("Please input right share amount");
    expect(amountProblem("sell", "6", 5.7)).toBe("share amount must less than 5");
    expect(amountProblem("sell", "5", 5.7)).toBeNull();
  });
  it("the button: connect wallet, ended, approve, insufficient balance, place order", () => {
    const base = { connected: true, active: true, side: "buy" as const, approved: true, balance: 10, shares: 0 };
    expect(predictButton({ ...base, connected: false })).toBe("connectWallet");
    expect(predictButton({ ...base, active: false })).toBe("ended");
    expect(predictButton({ ...base, approved: false })).toBe("approve");
    expect(predictButton({ ...base, balance: 0 })).toBe("insufficientBalance");
    expect(predictButton(base)).toBe("placeOrder");
    expect(predictButton({ ...base, side: "sell", shares: 0.5 })).toBe("insufficientBalance");
    expect(predictButton({ ...base, side: "sell", approved: false, shares: 2 })).toBe("placeOrder");
  });
});

describe("prices and figures", () => {
  it("binary pool prices sum to 1; the rarer outcome is dearer", () => {
    expect(poolPrices(100n * E18, 100n * E18)).toEqual([0.5, 0.5]);
    const [p0, p1] = poolPrices(50n * E18, 150n * E18);
    expect(p0).toBeCloseTo(0.75, 9);
    expect(p0 + p1).toBeCloseTo(1, 12);
    expect(poolPrices(0n, 0n)).toEqual([0.5, 0.5]);
    expect(poolValue(100n * E18, 100n * E18)).toBeCloseTo(100, 9);
  });
  it("a buy's cost per share, max ROI and potential returns", () => {
    expect(buyFigures(10, 16)).toEqual({
      costPerShare: 0.625,
      totalShares: 16,
      potentialReturns: 16,
      maxRoiPercent: 60,
    });
  });
  it("bounds from slippage are never 0", () => {
    expect(boundWithSlippage(10_000n, 50, "min")).toBe(9_950n);
    expect(boundWithSlippage(10_000n, 50, "max")).toBe(10_050n);
    expect(boundWithSlippage(1n, 50, "min")).toBe(1n);
    expect(boundWithSlippage(0n, 50, "max")).toBe(1n);
  });
  it("history ranges: weekly by default", () => {
    expect(marketQuerySchema.parse({})).toEqual({ type: "1w" });
    expect(marketQuerySchema.safeParse({ type: "2w" }).success).toBe(false);
  });
});

describe("when a market's status next changes by time alone", () => {
  // every kind of market at every time around its thresholds: the status is constant from `now`
  // until the change (none: constant forever) and differs at it
  const markets = [false, true].flatMap((resolved) =>
    [false, true].flatMap((arbitrationPending) =>
      [null, 500, 1000, 2000].map((finalizeTime) => ({
        resolved,
        arbitrationPending,
        finalizeTime,
        resolutionTime: 1000,
      })),
    ),
  );
  const times = [0, 499, 500, 501, 999, 1000, 1001, 1999, 2000, 2001, 9999];
  it("is the first time the status differs from now's", () => {
    for (const m of markets)
      for (const now of times) {
        const next = nextStatusChange(m, now);
        const later = [...times, 100_000].filter((t) => t > now);
        for (const t of later) {
          const same = next === null || t < next;
          expect(marketStatus(m, t) === marketStatus(m, now), JSON.stringify({ m, now, t, next })).toBe(same);
        }
        if (next !== null) expect(next).toBeGreaterThan(now);
      }
  });
  it("resolution time for an unanswered market, finalize time for an answered one, none once resolved or disputed", () => {
    const base = { resolved: false, arbitrationPending: false, finalizeTime: null, resolutionTime: 1000 };
    expect(nextStatusChange(base, 10)).toBe(1000);
    expect(nextStatusChange(base, 1000)).toBeNull();
    expect(nextStatusChange({ ...base, finalizeTime: 2000 }, 1500)).toBe(2000);
    expect(nextStatusChange({ ...base, finalizeTime: 2000, arbitrationPending: true }, 1500)).toBeNull();
    expect(nextStatusChange({ ...base, resolved: true }, 10)).toBeNull();
  });
});

describe("market status (MarketLens' rule)", () => {
  const base = { resolved: false, arbitrationPending: false, finalizeTime: null, resolutionTime: 1000 };
  it("is active before the resolution time and closed after it without an answer", () => {
    expect(marketStatus(base, 999)).toBe("active");
    expect(marketStatus(base, 1000)).toBe("closed");
  });
  it("is answered until the finalize time, finalized from it", () => {
    expect(marketStatus({ ...base, finalizeTime: 2000 }, 1999)).toBe("answered");
    expect(marketStatus({ ...base, finalizeTime: 2000 }, 2000)).toBe("finalized");
  });
  it("puts a pending arbitration before the answer, and payouts before everything", () => {
    expect(marketStatus({ ...base, finalizeTime: 2000, arbitrationPending: true }, 5000)).toBe("disputed");
    expect(marketStatus({ ...base, finalizeTime: 2000, arbitrationPending: true, resolved: true }, 5000)).toBe(
      "resolved",
    );
  });
});

describe("binaryAnswer", () => {
  it("reads 0 and 1, and anything else as invalid", () => {
    expect(binaryAnswer(null)).toEqual({ answer: null, invalid: false });
    expect(binaryAnswer(`0x${"0".repeat(64)}`)).toEqual({ answer: 0, invalid: false });
    expect(binaryAnswer(`0x${"0".repeat(63)}1`)).toEqual({ answer: 1, invalid: false });
    expect(binaryAnswer(`0x${"f".repeat(64)}`)).toEqual({ answer: null, invalid: true });
    expect(binaryAnswer(`0x${"0".repeat(63)}2`)).toEqual({ answer: null, invalid: true });
  });
});

describe("sampleTimes", () => {
  const day = { seconds: 86_400, stepSeconds: 3600 };
  it("steps from the later of start and now - span, aligned, ending at now", () => {
    const t = sampleTimes(day, 0, 100_000);
    expect(t[0]).toBe(Math.ceil((100_000 - 86_400) / 3600) * 3600);
    expect(t.at(-1)).toBe(100_000);
    expect(t.length).toBe(25);
    expect(sampleTimes(day, 99_000, 100_000)).toEqual([100_000]);
  });
  it("widens the step instead of passing the cap", () => {
    const t = sampleTimes({ seconds: 1e9, stepSeconds: 1 }, 0, 1_000_000, 50);
    expect(t.length).toBeLessThanOrEqual(50);
    expect(t.at(-1)).toBe(1_000_000);
  });
  it("gives only now when the start is not before it", () => {
    expect(sampleTimes(day, 200, 100)).toEqual([100]);
  });
});

const position = (over: Partial<ApiPosition>): ApiPosition => ({
  market: "0x0000000000000000000000000000000000000001",
  market_title: "m",
  outcome: "Yes",
  outcome_index: 0,
  value_cur: 1,
  price_avg: 0.5,
  price_cur: 0.6,
  profit_loss_percentage: 20,
  quantity: 2,
  max_payout: 2,
  status: "active",
  redeem: false,
  redeemed: false,
  conditionId: "0x00",
  ...over,
});

describe("open positions (the home and the account panel, `?top=`)", () => {
  it("held and not redeemed, largest value first, at most the limit", () => {
    const list = [
      position({ market: "a", value_cur: 1 }),
      position({ market: "b", value_cur: 5 }),
      position({ market: "c", value_cur: 3, redeemed: true }),
      position({ market: "d", value_cur: 4, quantity: 0 }),
      position({ market: "e", value_cur: 2, status: "resolved" }),
      position({ market: "f", value_cur: 0.5 }),
    ];
    expect(openPositions(list, 3).map((p) => p.market)).toEqual(["b", "e", "a"]);
    expect(openPositions(list, 10).map((p) => p.market)).toEqual(["b", "e", "a", "f"]);
  });
  it("equal values keep the list's order", () => {
    const list = ["x", "y", "z"].map((market) => position({ market, value_cur: 2 }));
    expect(openPositions(list, 2).map((p) => p.market)).toEqual(["x", "y"]);
  });
});
