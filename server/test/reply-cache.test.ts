/**
 * The reply cache: one computation per key and version, reused for its time to live, or for the
 * lifetime the reply itself says it holds (the market list: until the next status change by time).
 */
import { describe, expect, it } from "vitest";
import { ReplyCache } from "../src/api/reply-cache.ts";

function harness(ttlMs: number) {
  let now = 1_000;
  let computed = 0;
  const cache = new ReplyCache<{ n: number; holdsMs?: number }>(ttlMs, 10, () => now);
  const compute = (holdsMs?: number) => async () => ({ n: ++computed, holdsMs });
  return {
    cache,
    compute,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("ReplyCache", () => {
  it("reuses a reply for its time to live and for its version only", async () => {
    const h = harness(2_000);
    expect((await h.cache.get("k", "v1", h.compute())).n).toBe(1);
    h.advance(1_999);
    expect((await h.cache.get("k", "v1", h.compute())).n).toBe(1);
    h.advance(1);
    expect((await h.cache.get("k", "v1", h.compute())).n).toBe(2);
    expect((await h.cache.get("k", "v2", h.compute())).n).toBe(3);
  });

  it("a reply's own lifetime replaces the time to live, shorter or longer", async () => {
    const h = harness(5_000);
    const life = (v: { holdsMs?: number }) => v.holdsMs ?? 5_000;
    // a market changes status in 1.5 s: the list is read again then, not 5 s later
    expect((await h.cache.get("list", "v", h.compute(1_500), life)).n).toBe(1);
    h.advance(1_499);
    expect((await h.cache.get("list", "v", h.compute(10_000), life)).n).toBe(1);
    h.advance(1);
    expect((await h.cache.get("list", "v", h.compute(10_000), life)).n).toBe(2);
    // this one holds 10 s
    h.advance(9_999);
    expect((await h.cache.get("list", "v", h.compute(), life)).n).toBe(2);
    h.advance(1);
    expect((await h.cache.get("list", "v", h.compute(), life)).n).toBe(3);
    // a commit (a new version) ends any lifetime
    expect((await h.cache.get("list", "v+1", h.compute(), life)).n).toBe(4);
  });

  it("revalidating: time's refresh runs in the background while the last reply is served; a new version waits", async () => {
    let now = 1_000;
    const cache = new ReplyCache<number>(5_000, 10, () => now);
    let release: (v: number) => void = () => {};
    let started = 0;
    const slow = () => {
      started++;
      return new Promise<number>((r) => {
        release = r;
      });
    };
    const first = cache.getRevalidating("m", "v1", slow);
    release(1);
    expect(await first).toBe(1);
    now += 5_000;
    // expired by time: the old reply at once, one refresh started for everyone asking meanwhile
    expect(await cache.getRevalidating("m", "v1", slow)).toBe(1);
    expect(await cache.getRevalidating("m", "v1", slow)).toBe(1);
    expect(started).toBe(2);
    release(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.getRevalidating("m", "v1", slow)).toBe(2);
    expect(started).toBe(2);
    // a commit: never the old reply, the new one is waited for
    const committed = cache.getRevalidating("m", "v2", slow);
    let done = false;
    void committed.then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toBe(false);
    release(3);
    expect(await committed).toBe(3);
  });

  it("revalidating: a failed background refresh keeps the last reply and is tried again", async () => {
    let now = 1_000;
    const cache = new ReplyCache<number>(5_000, 10, () => now);
    expect(await cache.getRevalidating("m", "v", async () => 1)).toBe(1);
    now += 5_000;
    expect(await cache.getRevalidating("m", "v", () => Promise.reject(new Error("down")))).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.getRevalidating("m", "v", async () => 2)).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.getRevalidating("m", "v", async () => 3)).toBe(2);
  });

  it("a failed computation is not kept", async () => {
    const h = harness(2_000);
    await expect(h.cache.get("k", "v", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect((await h.cache.get("k", "v", h.compute())).n).toBe(1);
  });
});
