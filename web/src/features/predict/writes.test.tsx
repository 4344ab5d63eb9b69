import { PREDICT_APPROVAL_AMOUNT } from "@sofi/core";
import { render } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next, initI18n } from "../../i18n/index.ts";
import type { TransactionInfo } from "../transactions/index.ts";

// The transactor is the one way to the chain; here it records what the market's writes ask of it.
const sendWrite = vi.fn();
const sendApprove = vi.fn();
vi.mock("../transactions/index.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../transactions/index.ts")>()),
  sendWrite: (...a: unknown[]) => sendWrite(...a),
  sendApprove: (...a: unknown[]) => sendApprove(...a),
}));

const { englishSummary, TransactionSummary } = await import("../transactions/index.ts");
const { approveSofi, buy, redeem, sell, SUMMARIES, addFunding, removeFunding } = await import("./writes.ts");

/** A summary as the transactions feature renders it in the language of the moment. */
function rendered(info: TransactionInfo): string {
  const { container, unmount } = render(<TransactionSummary info={info} fallback="(stored)" />);
  const text = container.textContent ?? "";
  unmount();
  return text;
}

/** The request recorded the summary as the market's text (rendered in the language of the moment), in English the spec's words. */
function expectSummary(req: { info?: TransactionInfo; summary?: string }, key: string, english: string) {
  expect(req.summary).toBeUndefined();
  expect(req.info).toEqual({ kind: "text", ns: "predict", key: `tx.${key}` });
  expect(englishSummary(req.info as TransactionInfo)).toBe(english);
}

beforeAll(async () => {
  await initI18n("en");
});

const E18 = 10n ** 18n;
const LENS = "0x00000000000000000000000000000000000000a1";
const MARKET = "0x00000000000000000000000000000000000000a2";
const CT = "0x00000000000000000000000000000000000000a3";
const SOFI = "0x00000000000000000000000000000000000000a4";
const invalidate = [["api", "local"]];

function ctx(reads: Record<string, unknown>) {
  const readContract = vi.fn(async (o: { functionName: string }) => reads[o.functionName]);
  return { ctx: { client: { readContract } } as never, readContract };
}

beforeEach(() => {
  sendWrite.mockReset();
  sendApprove.mockReset();
  sendWrite.mockImplementation(async () => ({ hash: "0x1", done: Promise.resolve(true) }));
});

describe("the market's writes (spec 002 §4, §7)", () => {
  it("approve: exactly 1e20 SOFI to the market", async () => {
    await approveSofi({} as never, { sofi: SOFI, market: MARKET, invalidate });
    expect(PREDICT_APPROVAL_AMOUNT).toBe(10n ** 20n);
    expect(sendApprove.mock.calls[0]?.[1]).toMatchObject({
      token: SOFI,
      spender: MARKET,
      amount: 10n ** 20n,
      exact: true,
    });
  });

  it("buy: the lens' minimum from the user's slippage (never 0), 'Buy Success'", async () => {
    const { ctx: c, readContract } = ctx({ buyBounds: [20n * E18, 19n * E18] });
    await buy(c, { lens: LENS, market: MARKET, amount: 10n * E18, outcome: 1, slippageBps: 50, invalidate });
    expect(readContract.mock.calls[0]?.[0]).toMatchObject({
      functionName: "buyBounds",
      args: [MARKET, 10n * E18, 1n, 50n],
    });
    const req = sendWrite.mock.calls[0]?.[1];
    expect(req.call).toMatchObject({ address: MARKET, functionName: "buy", args: [10n * E18, 1n, 19n * E18] });
    expectSummary(req, "buy", "Buy Success");
    expect(req.invalidate).toEqual(invalidate);
  });

  it("sell: insufficient liquidity is cancelled before anything is sent", async () => {
    const { ctx: c } = ctx({ sellBounds: [0n, 5n * E18] });
    const r = await sell(c, {
      lens: LENS,
      market: MARKET,
      conditionalTokens: CT,
      tokens: 5n * E18,
      holdings: 5n * E18,
      outcome: 0,
      slippageBps: 50,
      approvedForAll: true,
      invalidate,
    });
    expect(r).toEqual({ issue: { kind: "liquidity" } });
    expect(sendWrite).not.toHaveBeenCalled();
  });

  it("sell: the Conditional Tokens' approval first when missing, then the sell with its bounds, 'Sell Success'", async () => {
    const { ctx: c } = ctx({ sellBounds: [3n * E18, 5n * E18] });
    const r = await sell(c, {
      lens: LENS,
      market: MARKET,
      conditionalTokens: CT,
      tokens: 5n * E18,
      holdings: 6n * E18,
      outcome: 0,
      slippageBps: 100,
      approvedForAll: false,
      invalidate,
    });
    expect("sent" in r).toBe(true);
    expect(sendWrite.mock.calls[0]?.[1].call).toMatchObject({
      address: CT,
      functionName: "setApprovalForAll",
      args: [MARKET, true],
    });
    expect(sendWrite.mock.calls[1]?.[1].call).toMatchObject({
      address: MARKET,
      functionName: "sell",
      args: [3n * E18, 0n, 5n * E18],
    });
    expectSummary(sendWrite.mock.calls[0]?.[1], "approveShares", "Approve outcome shares");
    expectSummary(sendWrite.mock.calls[1]?.[1], "sell", "Sell Success");
  });

  it("funding: addFunding(amount, []) and removeFunding(shares)", async () => {
    await addFunding({} as never, { market: MARKET, amount: 7n * E18, invalidate });
    await removeFunding({} as never, { market: MARKET, shares: 2n * E18, invalidate });
    expect(sendWrite.mock.calls[0]?.[1].call).toMatchObject({ functionName: "addFunding", args: [7n * E18, []] });
    expect(sendWrite.mock.calls[1]?.[1].call).toMatchObject({ functionName: "removeFunding", args: [2n * E18] });
    expectSummary(sendWrite.mock.calls[0]?.[1], "addFunding", "Add Liquidity Success");
    expectSummary(sendWrite.mock.calls[1]?.[1], "removeFunding", "Remove Liquidity Success");
  });

  it("redeem: redeemPositions(SOFI, 0x0, conditionId, [1, 2]), 'Redeem Success'", async () => {
    const cond = `0x${"ab".repeat(32)}` as const;
    await redeem({} as never, { conditionalTokens: CT, sofi: SOFI, conditionId: cond, invalidate });
    const req = sendWrite.mock.calls[0]?.[1];
    expect(req.call).toMatchObject({
      address: CT,
      functionName: "redeemPositions",
      args: [SOFI, `0x${"0".repeat(64)}`, cond, [1n, 2n]],
    });
    expectSummary(req, "redeem", "Redeem Success");
  });

  it("the summaries render in the language of the moment: the spec's English words, and Korean", async () => {
    const english = Object.values(SUMMARIES).map(rendered);
    expect(english).toEqual([
      "Buy Success",
      "Sell Success",
      "Redeem Success",
      "Add Liquidity Success",
      "Remove Liquidity Success",
      "Approve outcome shares",
    ]);
    await i18next.changeLanguage("ko");
    try {
      expect(Object.values(SUMMARIES).map(rendered)).toEqual([
        "매수 성공",
        "매도 성공",
        "상환 성공",
        "유동성 추가 성공",
        "유동성 회수 성공",
        "결과 지분 승인",
      ]);
    } finally {
      await i18next.changeLanguage("en");
    }
  });
});
