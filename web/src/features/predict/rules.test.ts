import { type ApiMarket, type ApiPosition, PREDICT_MESSAGES } from "@sofi/core";
import { describe, expect, it } from "vitest";
import { safePhoto } from "./parts.tsx";
import {
  amountIssue,
  barParts,
  bigOf,
  CAROUSEL,
  formatCountdown,
  formatExpiration,
  formatPercent,
  formatResolutionDate,
  fromUnits,
  isActive,
  issueText,
  newlyAdded,
  questionView,
  redeemButton,
  removeFundingIssue,
  resolutionYear,
  sellLiquidityIssue,
  showsTipBanner,
  slidesAt,
  toUnits,
  trendClass,
  wholeShares,
} from "./rules.ts";

const E18 = 10n ** 18n;
const text = (side: "buy" | "sell", v: string, limit: number) => {
  const i = amountIssue(side, v, limit);
  return i ? issueText(i) : null;
};

describe("the amount form (spec 002 §5)", () => {
  it("required: 'Please input {label}!', the label by side", () => {
    expect(text("buy", "", 10)).toBe("Please input SOFI amount!");
    expect(text("buy", "  ", 10)).toBe("Please input SOFI amount!");
    expect(text("sell", "", 10)).toBe("Please input share amount!");
  });

  it("buy pattern: positive, at most 2 decimals, a non-zero digit; else 'Please input right SOFI amount'", () => {
    for (const ok of ["1", "0.5", "10.25", "0.01", "100"]) expect(text("buy", ok, 1000), ok).toBeNull();
    for (const bad of ["0", "0.00", "1.234", "-1", "abc", "1e3", ".5", "1."])
      expect(text("buy", bad, 1000), bad).toBe("Please input right SOFI amount");
  });

  it("sell pattern: a positive whole number without a leading zero; else 'Please input right share amount'", () => {
    for (const ok of ["1", "25", "100"]) expect(text("sell", ok, 1000), ok).toBeNull();
    for (const bad of ["0", "01", "1.5", "-2", "x"])
      expect(text("sell", bad, 1000), bad).toBe("Please input right share amount");
  });

  it("buy limit: '{SOFI amount} must less than {limit with 2 decimals}'", () => {
    expect(text("buy", "12.5", 12.345)).toBe("SOFI amount must less than 12.35");
    expect(text("buy", "12.3", 12.345)).toBeNull();
  });

  it("sell limit: '{share amount} must less than {shares held}'", () => {
    expect(text("sell", "8", 7)).toBe("share amount must less than 7");
    expect(text("sell", "7", 7)).toBeNull();
  });

  it("issues read back as data give exactly core's messages", () => {
    expect(amountIssue("buy", "5", 2)).toEqual({ kind: "tooMuch", label: "SOFI amount", limit: "2.00" });
    expect(issueText({ kind: "liquidity" })).toBe(PREDICT_MESSAGES.liquidity);
    expect(PREDICT_MESSAGES.liquidity).toBe("Due to insufficient liquidity, please reduce the selling shares");
  });

  it("removing funding: pool shares up to 2 decimals, at most those held (floored to cents)", () => {
    expect(issueText(removeFundingIssue("", 3) ?? { kind: "liquidity" })).toBe("Please input pool shares!");
    expect(issueText(removeFundingIssue("1.234", 3) ?? { kind: "liquidity" })).toBe("Please input right pool shares");
    expect(issueText(removeFundingIssue("3.5", 3.456) ?? { kind: "liquidity" })).toBe(
      "pool shares must less than 3.45",
    );
    expect(removeFundingIssue("3.45", 3.456)).toBeNull();
  });

  it("§5 sell check: nothing returned, or more tokens needed than held, is insufficient liquidity", () => {
    expect(sellLiquidityIssue({ returnAmount: 0n, maxOutcomeTokensToSell: E18, holdings: 2n * E18 })).toEqual({
      kind: "liquidity",
    });
    expect(sellLiquidityIssue({ returnAmount: E18, maxOutcomeTokensToSell: 3n * E18, holdings: 2n * E18 })).toEqual({
      kind: "liquidity",
    });
    expect(sellLiquidityIssue({ returnAmount: E18, maxOutcomeTokensToSell: 2n * E18, holdings: 2n * E18 })).toBeNull();
  });

  it("amounts to base units and back", () => {
    expect(toUnits("1.25")).toBe(1_250_000_000_000_000_000n);
    expect(toUnits("7")).toBe(7n * E18);
    expect(toUnits("1.")).toBeNull();
    expect(toUnits("abc")).toBeNull();
    expect(fromUnits(1_500_000_000_000_000_000n)).toBe(1.5);
    expect(wholeShares(7_999_999_999_999_999_999n)).toBe(7);
    expect(bigOf("123")).toBe(123n);
    expect(bigOf("1.5")).toBe(0n);
  });
});

const market = (over: Partial<ApiMarket> = {}): ApiMarket => ({
  market: "0x0000000000000000000000000000000000000001",
  title: "Will it rain?",
  description: "",
  photo: "",
  outcomeNames: ["Yes", "No"],
  outcomePrice: [0.6, 0.4],
  resolutionTime: 2_000,
  expiration: 2_000,
  volume: 0,
  liquidity: 100,
  status: "active",
  conditionId: "0x00",
  redeem: false,
  fee: 0.02,
  createdAt: 1_000,
  question: { answer: null, invalid: false, bond: 0, finalizeTime: null, arbitrationPending: false, minBond: 10 },
  payouts: null,
  ...over,
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

describe("/predict (spec 002 §2)", () => {
  it("the tip banner shows off chains 1 and 1101", () => {
    expect(showsTipBanner(1)).toBe(false);
    expect(showsTipBanner(1101)).toBe(false);
    expect(showsTipBanner(31337)).toBe(true);
    expect(showsTipBanner(8453)).toBe(true);
  });

  it("newly added: the markets in reverse order", () => {
    const list = [1, 2, 3].map((i) => market({ market: `0x${String(i).padStart(40, "0")}` }));
    expect(newlyAdded(list).map((m) => m.market.slice(-1))).toEqual(["3", "2", "1"]);
    expect(newlyAdded(list, 2)).toHaveLength(2);
  });

  it("the carousel: 3 slides, 2 under 600 px, 1 under 480 px; dots, infinite, speed 500", () => {
    expect(CAROUSEL).toEqual({ dots: true, infinite: true, speed: 500 });
    expect([1440, 600, 599, 480, 479, 360].map(slidesAt)).toEqual([3, 3, 2, 2, 1, 1]);
  });

  it("dates: 'On' D, MMM YY (Korean YY년 M월 D일), 'In' the year, expiration YYYY-MM-DD HH:mm:ss", () => {
    const ts = new Date(2026, 2, 5, 9, 7, 3).getTime() / 1000;
    expect(formatResolutionDate(ts, "en")).toBe("5, Mar 26");
    expect(formatResolutionDate(ts, "ko")).toBe("26년 3월 5일");
    expect(resolutionYear(ts)).toBe(2026);
    expect(formatExpiration(ts)).toBe("2026-03-05 09:07:03");
  });

  it("percentages: signed with 2 decimals, '-' without a cost basis", () => {
    expect(formatPercent(12.345)).toBe("+12.35%");
    expect(formatPercent("-3.1")).toBe("-3.10%");
    expect(formatPercent(null)).toBe("-");
    expect(trendClass("2")).toBe("is-up");
    expect(trendClass(-1)).toBe("is-down");
    expect(trendClass(null)).toBe("is-flat");
  });

  it("market photos: http(s), image data URLs and the app's paths only", () => {
    expect(safePhoto("/tokens/eth.svg")).toBe("/tokens/eth.svg");
    expect(safePhoto("https://x.test/a.png")).toBe("https://x.test/a.png");
    expect(safePhoto("data:image/svg+xml;utf8,<svg/>")).toBe("data:image/svg+xml;utf8,<svg/>");
    expect(safePhoto("javascript:alert(1)")).toBeNull();
    expect(safePhoto("//evil.test/x.png")).toBeNull();
    expect(safePhoto("data:text/html,<b>")).toBeNull();
  });
});

describe("/predict/{market} (spec 002 §2, §4)", () => {
  it("the two-part bar is sized by the outcome prices", () => {
    expect(barParts([0.62, 0.38])).toEqual([62, 38]);
    expect(barParts([0, 0])).toEqual([50, 50]);
    expect(barParts([1, 0])).toEqual([100, 0]);
  });

  it("a market takes trades while open and before its resolution time (the FPMM never closes)", () => {
    expect(isActive("active", 2_000, 1_999)).toBe(true);
    expect(isActive("active", 2_000, 2_000)).toBe(false);
    expect(isActive("closed", 2_000, 1_000)).toBe(false);
    expect(isActive(undefined, 2_000, 1_000)).toBe(false);
  });

  it("the question: awaiting, answered with its bond and time left to dispute, disputed, final, resolved", () => {
    expect(questionView(market(), 1_000)).toEqual({ kind: "open" });
    expect(questionView(market({ status: "closed" }), 3_000)).toEqual({ kind: "awaiting", minBond: 10 });
    const answered = market({
      status: "answered",
      question: { answer: 1, invalid: false, bond: 20, finalizeTime: 5_000, arbitrationPending: false, minBond: 10 },
    });
    expect(questionView(answered, 4_000)).toEqual({ kind: "answered", answer: "no", bond: 20, secondsLeft: 1_000 });
    expect(questionView({ ...answered, status: "disputed" }, 4_000)).toEqual({
      kind: "disputed",
      answer: "no",
      bond: 20,
    });
    const invalid = market({
      status: "finalized",
      question: { answer: null, invalid: true, bond: 10, finalizeTime: 3_000, arbitrationPending: false, minBond: 10 },
    });
    expect(questionView(invalid, 4_000)).toEqual({ kind: "final", answer: "invalid" });
    expect(questionView(market({ status: "resolved", payouts: [1, 0] }), 9_000)).toEqual({
      kind: "resolved",
      answer: "yes",
    });
  });

  it("countdown: days, hours, minutes", () => {
    expect(formatCountdown(86_400 + 2 * 3600 + 3 * 60 + 4)).toBe("1d 2h 3m");
    expect(formatCountdown(3 * 3600 + 60)).toBe("3h 1m");
    expect(formatCountdown(125)).toBe("2m");
    expect(formatCountdown(42)).toBe("42s");
    expect(formatCountdown(-5)).toBe("0s");
  });
});

describe("redeem (spec 002 §4)", () => {
  it("a Redeem button for a resolved market, disabled once redeemed (API flag or this session), a spinner while pending", () => {
    expect(redeemButton(position({ status: "active" }), undefined)).toEqual({ shown: false });
    expect(redeemButton(position({ status: "answered" }), undefined)).toEqual({ shown: false });
    expect(redeemButton(position({ status: "resolved", redeem: true }), undefined)).toEqual({
      shown: true,
      disabled: false,
      loading: false,
    });
    expect(redeemButton(position({ status: "resolved", redeemed: true }), undefined)).toMatchObject({ disabled: true });
    expect(redeemButton(position({ status: "resolved" }), "pending")).toMatchObject({ loading: true, disabled: false });
    expect(redeemButton(position({ status: "resolved" }), "done")).toMatchObject({ disabled: true });
  });
});
