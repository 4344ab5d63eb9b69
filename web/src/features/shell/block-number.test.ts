import { afterEach, describe, expect, it, vi } from "vitest";
import { blockExplorerUrl, blockPollIntervalMs, debounce } from "./block-number.ts";

describe("block-number indicator helpers", () => {
  afterEach(() => vi.useRealTimers());

  it("links to the explorer's block page, none for the local chain", () => {
    expect(blockExplorerUrl("https://basescan.org", 123n)).toBe("https://basescan.org/block/123");
    expect(blockExplorerUrl("https://etherscan.io/", 5)).toBe("https://etherscan.io/block/5");
    expect(blockExplorerUrl("", 5n)).toBeNull();
    expect(blockExplorerUrl(undefined, 5n)).toBeNull();
  });

  it("polls no slower than each chain's block time and no faster than 1 s", () => {
    const blockTimeMs: Record<number, number> = { 1: 12_000, 137: 2_000, 8453: 2_000, 167000: 12_000, 31337: 1_000 };
    for (const [id, bt] of Object.entries(blockTimeMs)) {
      const ms = blockPollIntervalMs(Number(id));
      expect(ms).toBeLessThanOrEqual(bt);
      expect(ms).toBeGreaterThanOrEqual(1_000);
    }
  });

  it("debounces updates by 100 ms, delivering the last value", () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const d = debounce((n: number) => seen.push(n), 100);
    d(1);
    vi.advanceTimersByTime(50);
    d(2);
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([2]);
    d(3);
    d.cancel();
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([2]);
  });
});
