import { render } from "@testing-library/react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next, initI18n } from "../../i18n/index.ts";

// The transactor is the one way to the chain; here it records what the prediction asks of it.
const sendWrite = vi.fn();
vi.mock("../transactions/index.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../transactions/index.ts")>()),
  sendWrite: (...a: unknown[]) => sendWrite(...a),
}));

const { predictRound, predictSummary } = await import("./writes.ts");
const { englishSummary, TransactionSummary } = await import("../transactions/index.ts");

beforeAll(async () => {
  await initI18n("en");
});
afterAll(async () => {
  await i18next.changeLanguage("en");
});

const RACES = "0x00000000000000000000000000000000000000c1";
const invalidate = [["api", "local"]];

beforeEach(() => {
  sendWrite.mockReset();
  sendWrite.mockImplementation(async () => ({ hash: "0x1", done: Promise.resolve(true) }));
});

describe("the prediction (spec 002 §4, §7)", () => {
  it("predict(roundId, side) on HeadTailRaces through the shared transactor, estimated first, the API refreshed after", async () => {
    const ctx = { chainId: 31337 } as never;
    const info = predictSummary({ kind: "price", side: 2, roundId: "43", teamA: "", teamB: "" });
    const sent = await predictRound(ctx, { contract: RACES, roundId: "43", side: 2, info, invalidate });
    expect(await sent.done).toBe(true);
    expect(sendWrite).toHaveBeenCalledTimes(1);
    const [c, req] = sendWrite.mock.calls[0] as [unknown, Record<string, unknown>];
    expect(c).toBe(ctx);
    expect(req.call).toMatchObject({ address: RACES, functionName: "predict", args: [43n, 2] });
    // estimated (the contract's refusal arrives before the wallet is asked)
    expect(req.estimate).toBeUndefined();
    // the summary as data (never English-only), shown in the language of the moment
    expect(req.info).toEqual(info);
    expect(req.summary).toBeUndefined();
    expect(req.invalidate).toEqual(invalidate);
  });

  it("the tracked summary names the side: head or tail, or the team, in English and in Korean", async () => {
    const o = { roundId: "1043", teamA: "Seoul Dragons", teamB: "Busan Sharks" };
    const all = [
      predictSummary({ ...o, kind: "price", side: 1 }),
      predictSummary({ ...o, kind: "price", side: 2 }),
      predictSummary({ ...o, kind: "event", side: 1 }),
      predictSummary({ ...o, kind: "event", side: 2 }),
    ];
    // the round id is shown as given (no thousands separator)
    expect(all.map((i) => englishSummary(i))).toEqual([
      "Predict head in round 1043",
      "Predict tail in round 1043",
      "Predict Seoul Dragons in round 1043",
      "Predict Busan Sharks in round 1043",
    ]);
    await i18next.changeLanguage("ko");
    const shown = all.map((info) => {
      const { container, unmount } = render(<TransactionSummary info={info} fallback="(stored)" />);
      const text = container.textContent ?? "";
      unmount();
      return text;
    });
    expect(shown).toEqual([
      "1043번 라운드 헤드 예측",
      "1043번 라운드 테일 예측",
      "1043번 라운드 Seoul Dragons 예측",
      "1043번 라운드 Busan Sharks 예측",
    ]);
  });
});
