import { describe, expect, it, vi } from "vitest";
import { PostWatcher } from "../src/api/social.ts";

describe("the live feed's watcher", () => {
  it("a failed mutes question loses no post: the next poll sends it", async () => {
    const post = { id: "7", createdAt: 1_700_000_000_000, author: "0xa", topics: ["WETH"] };
    let failMutes = true;
    const sql = {
      maxId: async () => "6",
      newPosts: async (after: string) => (BigInt(after) < 7n ? [post] : []),
      mutes: async () => {
        if (failMutes) throw new Error("connection reset");
        return new Set<string>();
      },
    };
    const logs: string[] = [];
    // polls only when poked: the interval is far beyond the test
    const w = new PostWatcher(sql as never, (m) => logs.push(m), 3_600_000);
    const got: string[] = [];
    const off = w.subscribe({ viewer: "0xb", send: (ev) => got.push(ev.id) });
    await vi.waitFor(() => expect((w as unknown as { running: unknown }).running).toBeNull());
    w.poke();
    await vi.waitFor(() => expect(logs.some((l) => l.includes("connection reset"))).toBe(true));
    await vi.waitFor(() => expect((w as unknown as { running: unknown }).running).toBeNull());
    expect(got).toEqual([]);
    failMutes = false;
    w.poke();
    await vi.waitFor(() => expect(got).toEqual(["7"]));
    off();
  });
});
