/** How wide each getLogs request of a backfill is (engine.ts `requestWidth`). */
import { describe, expect, it } from "vitest";
import { MIN_SPLIT_WIDTH, requestWidth, TAIL_SPLIT } from "../src/indexer/engine.ts";

describe("request width", () => {
  it("splits the rest of a backfill so no single request covers it all", () => {
    // Sized on sparse blocks (800 wide) with 600 blocks left: a quarter of them, not all 600.
    expect(requestWidth(800, 600)).toBe(150);
    expect(requestWidth(800, 600)).toBeLessThan(600);
    expect(TAIL_SPLIT).toBeGreaterThanOrEqual(2);
  });

  it("keeps the density-sized width when it is narrower", () => {
    expect(requestWidth(40, 600)).toBe(40);
    expect(requestWidth(20_000, 10_000_000)).toBe(20_000);
  });

  it("does not split small tails below MIN_SPLIT_WIDTH, and never passes the rest", () => {
    expect(requestWidth(1_000, 100)).toBe(MIN_SPLIT_WIDTH);
    expect(requestWidth(1_000, 10)).toBe(10);
    expect(requestWidth(1_000, 1)).toBe(1);
  });
});
