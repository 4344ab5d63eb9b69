import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addPopup, clearPopups, removePopup, usePopups } from "./popups.ts";

const keys = () => usePopups.getState().popups.map((p) => p.key);

describe("popups store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearPopups();
  });
  afterEach(() => {
    clearPopups();
    vi.useRealTimers();
  });

  it("auto-removes after the default 15 000 ms", () => {
    addPopup({ key: "a", content: "hello" });
    vi.advanceTimersByTime(14_999);
    expect(keys()).toEqual(["a"]);
    vi.advanceTimersByTime(1);
    expect(keys()).toEqual([]);
  });

  it("honours a per-toast removeAfterMs", () => {
    addPopup({ key: "fast", content: "x", removeAfterMs: 1000 });
    addPopup({ key: "slow", content: "y", removeAfterMs: 5000 });
    vi.advanceTimersByTime(1000);
    expect(keys()).toEqual(["slow"]);
    vi.advanceTimersByTime(4000);
    expect(keys()).toEqual([]);
  });

  it("keeps a toast with removeAfterMs null until closed", () => {
    addPopup({ key: "sticky", content: "z", removeAfterMs: null });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(keys()).toEqual(["sticky"]);
    removePopup("sticky");
    expect(keys()).toEqual([]);
  });

  it("re-adding a key replaces the toast and restarts its timer", () => {
    addPopup({ key: "k", content: "first", removeAfterMs: 1000 });
    vi.advanceTimersByTime(900);
    addPopup({ key: "k", content: { kind: "tx", hash: "0xabc", success: true }, removeAfterMs: 1000 });
    vi.advanceTimersByTime(900);
    expect(usePopups.getState().popups).toHaveLength(1);
    expect(usePopups.getState().popups[0]?.content).toEqual({ kind: "tx", hash: "0xabc", success: true });
    vi.advanceTimersByTime(100);
    expect(keys()).toEqual([]);
  });

  it("generates a key when none is given", () => {
    const k1 = addPopup({ content: "a" });
    const k2 = addPopup({ content: "b" });
    expect(k1).not.toBe(k2);
    expect(keys()).toEqual([k1, k2]);
  });
});
