import { describe, expect, it, vi } from "vitest";
import { SharedPollers } from "./shared-pollers.ts";

describe("shared pollers", () => {
  it("starts once per key, stops on the last release, and a double release counts once", () => {
    const pollers = new SharedPollers<string>();
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    const a = pollers.acquire("1:0xa", start);
    const b = pollers.acquire("1:0xa", start);
    const other = pollers.acquire("2:0xa", () => () => {});
    expect(start).toHaveBeenCalledOnce();
    expect(pollers.size).toBe(2);
    a();
    a();
    expect(stop).not.toHaveBeenCalled();
    b();
    expect(stop).toHaveBeenCalledOnce();
    expect(pollers.size).toBe(1);
    other();
    expect(pollers.size).toBe(0);
    // A new watcher after the last release starts a fresh poller.
    pollers.acquire("1:0xa", start)();
    expect(start).toHaveBeenCalledTimes(2);
    expect(stop).toHaveBeenCalledTimes(2);
  });
});
