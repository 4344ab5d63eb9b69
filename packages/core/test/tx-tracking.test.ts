import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  debounceBlockNumber,
  isRecent,
  nextBlockNumber,
  RECEIPT_RETRY_MAX_MS,
  RECEIPT_RETRY_MIN_MS,
  randomWait,
  randomWaitMs,
  recentTransactions,
  shouldCheck,
  TX_RECENT_MS,
} from "../src/index.ts";

const MIN = 60_000;
const NOW = 1_800_000_000_000;

/** A record added `ageMs` ago and last checked at `checked`. */
const tx = (ageMs: number, checked?: number, receipt?: unknown) => ({
  addedTime: NOW - ageMs,
  ...(checked === undefined ? {} : { lastCheckedBlockNumber: checked }),
  ...(receipt === undefined ? {} : { receipt }),
});

describe("shouldCheck (spec 000 §4 cadence)", () => {
  it("checks a never-checked transaction whatever its age or the block", () => {
    expect(shouldCheck(tx(0), 0, NOW)).toBe(true);
    expect(shouldCheck(tx(2 * 60 * MIN), 1, NOW)).toBe(true);
  });

  it("never checks a transaction that has a receipt", () => {
    expect(shouldCheck(tx(0, undefined, { status: 1 }), 100, NOW)).toBe(false);
    expect(shouldCheck(tx(0, 1, { status: 0 }), 100, NOW)).toBe(false);
  });

  it("never checks twice at the same block, or at an older one", () => {
    expect(shouldCheck(tx(0, 10), 10, NOW)).toBe(false);
    expect(shouldCheck(tx(0, 10), 9, NOW)).toBe(false);
    expect(shouldCheck(tx(30 * MIN, 10), 10, NOW)).toBe(false);
    expect(shouldCheck(tx(2 * 60 * MIN, 10), 10, NOW)).toBe(false);
  });

  it("under 5 minutes old: when at least 1 block has passed", () => {
    expect(shouldCheck(tx(0, 10), 11, NOW)).toBe(true);
    expect(shouldCheck(tx(5 * MIN - 1, 10), 11, NOW)).toBe(true);
  });

  it("5 to 60 minutes old (both ends included): when more than 2 blocks have passed", () => {
    for (const age of [5 * MIN, 30 * MIN, 60 * MIN]) {
      expect(shouldCheck(tx(age, 10), 11, NOW)).toBe(false);
      expect(shouldCheck(tx(age, 10), 12, NOW)).toBe(false);
      expect(shouldCheck(tx(age, 10), 13, NOW)).toBe(true);
    }
  });

  it("over 60 minutes old: when more than 9 blocks have passed", () => {
    for (const age of [60 * MIN + 1, 24 * 60 * MIN]) {
      expect(shouldCheck(tx(age, 10), 13, NOW)).toBe(false);
      expect(shouldCheck(tx(age, 10), 19, NOW)).toBe(false);
      expect(shouldCheck(tx(age, 10), 20, NOW)).toBe(true);
    }
  });

  it("checks at block 0 history too (lastCheckedBlockNumber 0 counts as checked)", () => {
    expect(shouldCheck(tx(0, 0), 0, NOW)).toBe(false);
    expect(shouldCheck(tx(0, 0), 1, NOW)).toBe(true);
  });
});

describe("isRecent and recentTransactions (24 h)", () => {
  it("is recent strictly under 24 hours", () => {
    expect(isRecent(tx(0), NOW)).toBe(true);
    expect(isRecent(tx(TX_RECENT_MS - 1), NOW)).toBe(true);
    expect(isRecent(tx(TX_RECENT_MS), NOW)).toBe(false);
    expect(TX_RECENT_MS).toBe(24 * 60 * MIN);
  });

  it("lists recent ones newest first", () => {
    const a = { id: "a", ...tx(10) };
    const b = { id: "b", ...tx(5) };
    const old = { id: "old", ...tx(TX_RECENT_MS + 1) };
    const c = { id: "c", ...tx(20) };
    expect(recentTransactions([a, old, b, c], NOW).map((t) => t.id)).toEqual(["b", "a", "c"]);
  });
});

describe("randomWait (receipt polling 2.5 to 3.5 s)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("picks a wait inside the bounds", () => {
    expect(randomWaitMs(RECEIPT_RETRY_MIN_MS, RECEIPT_RETRY_MAX_MS, () => 0)).toBe(2_500);
    expect(randomWaitMs(RECEIPT_RETRY_MIN_MS, RECEIPT_RETRY_MAX_MS, () => 0.5)).toBe(3_000);
    expect(randomWaitMs(RECEIPT_RETRY_MIN_MS, RECEIPT_RETRY_MAX_MS, () => 0.999_999)).toBe(3_500);
    for (let i = 0; i < 200; i++) {
      const ms = randomWaitMs(RECEIPT_RETRY_MIN_MS, RECEIPT_RETRY_MAX_MS);
      expect(ms).toBeGreaterThanOrEqual(2_500);
      expect(ms).toBeLessThanOrEqual(3_500);
    }
    expect(() => randomWaitMs(10, 5)).toThrow();
  });

  it("resolves after exactly the chosen wait", async () => {
    let done = false;
    void randomWait(2_500, 3_500, { random: () => 0.25 }).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(2_749);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it("rejects when aborted, before or during the wait", async () => {
    const c = new AbortController();
    const p = randomWait(2_500, 3_500, { signal: c.signal });
    c.abort(new Error("stop"));
    await expect(p).rejects.toThrow("stop");
    await expect(randomWait(1, 2, { signal: c.signal })).rejects.toThrow("stop");
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("block number per chain (100 ms debounce, never backwards)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("nextBlockNumber keeps the highest", () => {
    expect(nextBlockNumber(undefined, 5)).toBe(5);
    expect(nextBlockNumber(5, 7)).toBe(7);
    expect(nextBlockNumber(7, 6)).toBe(7);
  });

  it("emits the highest number once 100 ms pass without a new one", () => {
    const seen: number[] = [];
    const d = debounceBlockNumber((n) => seen.push(n));
    d.push(1);
    vi.advanceTimersByTime(99);
    d.push(3);
    d.push(2);
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([3]);
    d.push(4);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([3, 4]);
  });

  it("cancel drops the pending update", () => {
    const seen: number[] = [];
    const d = debounceBlockNumber((n) => seen.push(n), 100);
    d.push(9);
    d.cancel();
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual([]);
  });
});
