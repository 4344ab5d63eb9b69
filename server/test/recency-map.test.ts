/**
 * RecencyMap: least recently used first, without moving a key on every use (V8 keeps a deleted
 * entry in its bucket's chain until the table is rebuilt, so delete-and-set on each use makes a hot
 * key's lookups walk all its earlier copies).
 */
import { describe, expect, it } from "vitest";
import { RecencyMap } from "../src/recency-map.ts";

const filled = (n: number) => {
  const m = new RecencyMap<string, number>();
  for (let i = 0; i < n; i++) m.set(`k${i}`, i);
  return m;
};

describe("recency map", () => {
  it("keeps keys oldest first and moves a key used again to the newest end (small maps: exact)", () => {
    const m = filled(3);
    expect(m.oldest()).toBe("k0");
    expect(m.get("k0")).toBe(0);
    expect([...m.keys()]).toEqual(["k1", "k2", "k0"]);
    m.set("k1", 10);
    expect([...m.entries()]).toEqual([
      ["k2", 2],
      ["k0", 0],
      ["k1", 10],
    ]);
    expect(m.delete("k2")).toBe(true);
    expect(m.oldest()).toBe("k0");
    expect(m.size).toBe(2);
  });

  it("leaves a key used within the newest quarter where it is, and moves an older one", () => {
    const m = filled(100);
    // k98 is second newest: delete-and-set would move it; here it stays
    m.get("k98");
    expect([...m.keys()].slice(-2)).toEqual(["k98", "k99"]);
    // k50 was followed by 49 additions (over a quarter of 100): it moves to the newest end
    m.get("k50");
    expect([...m.keys()].at(-1)).toBe("k50");
    expect(m.oldest()).toBe("k0");
  });

  it("peek reads without moving", () => {
    const m = filled(3);
    expect(m.peek("k0")).toBe(0);
    expect(m.peek("nope")).toBeUndefined();
    expect(m.oldest()).toBe("k0");
  });

  it("never makes a key used in every step the oldest while new keys push the rest out", () => {
    const m = filled(1_000);
    let misses = 0;
    for (let i = 0; i < 20_000; i++) {
      if (m.get("k999") !== 999) misses++;
      m.set(`new${i}`, i);
      if (m.size > 1_000) m.delete(m.oldest() as string);
    }
    expect(misses).toBe(0);
    expect(m.size).toBe(1_000);
    expect(m.peek("k0")).toBeUndefined();
  });

  it("answers one key used over and over in a large map quickly (delete-and-set took about 65 µs a use)", () => {
    const m = filled(20_000);
    const t = performance.now();
    for (let i = 0; i < 50_000; i++) m.get("k19990");
    // a few ms here; the delete-and-set LRU it replaces took about 2.3 s for the same loop
    expect(performance.now() - t).toBeLessThan(250);
  });

  it("clears, and iterates entries oldest first", () => {
    const m = filled(3);
    expect([...m].map(([, v]) => v)).toEqual([0, 1, 2]);
    m.clear();
    expect(m.size).toBe(0);
    expect(m.oldest()).toBeUndefined();
  });
});
