import { describe, expect, it } from "vitest";
import type { Quote } from "./quote.ts";
import { answered } from "./useSwapQuote.ts";

const ROUTER = "0x00000000000000000000000000000000000000b1" as const;
const quote = (amountOut: bigint): Quote => ({
  amountIn: 10n,
  amountOut,
  router: ROUTER,
  routerName: "Uniswap",
  path: ["0x00000000000000000000000000000000000000a1", "0x00000000000000000000000000000000000000a2"],
  exact: "in",
});
const inView = {
  quote: quote(7n),
  quoted: true,
  loading: true,
  impactBps: 120,
  impactReady: true,
  error: null,
  insufficientLiquidity: false,
  key: "10|in|a|b|false|0",
  id: "10|in|a|b|false",
};

describe("a quote answering the request in view", () => {
  it("the same quote again (a refresh) keeps the one in view and its known impact: no flicker", () => {
    const next = answered(inView, inView.id, quote(7n));
    expect(next.quote).toBe(inView.quote);
    expect(next).toMatchObject({ impactBps: 120, impactReady: true });
  });
  it("a different quote waits for its own impact", () => {
    expect(answered(inView, inView.id, quote(8n))).toEqual({ quote: quote(8n), impactBps: null, impactReady: false });
  });
  it("another request's quote does not inherit the impact, even if equal", () => {
    expect(answered(inView, "11|in|a|b|false", quote(7n))).toMatchObject({ impactBps: null, impactReady: false });
  });
  it("no route: nothing to wait for", () => {
    expect(answered(inView, inView.id, null)).toEqual({ quote: null, impactBps: null, impactReady: true });
  });
});
