/** The trades area's page cache (api/trades.ts CachedTrades): what is served from memory, and when it is dropped. */
import type { TradesPage } from "@sofi/core";
import { describe, expect, it } from "vitest";
import { CommitSignal } from "../src/api/commit-signal.ts";
import { CachedTrades } from "../src/api/trades.ts";

/** A reader whose page names how many times the database was read. */
function countingReader(hold?: Promise<void>) {
  const r = {
    reads: 0,
    async page(): Promise<TradesPage> {
      r.reads++;
      const n = r.reads;
      await hold;
      return { trades: [], nextCursor: `read-${n}` };
    },
  };
  return r;
}

const USER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("trades page cache", () => {
  it("serves a repeated page from memory until the indexer commits", async () => {
    const reader = countingReader();
    const commits = new CommitSignal();
    const cache = new CachedTrades(reader, commits);
    const first = await cache.pageJson(USER, 20);
    expect(await cache.pageJson(USER.toLowerCase(), 20)).toBe(first);
    expect(reader.reads).toBe(1);
    commits.emit();
    expect(JSON.parse(await cache.pageJson(USER, 20)).nextCursor).toBe("read-2");
    expect(reader.reads).toBe(2);
  });

  it("keys pages by limit and cursor", async () => {
    const reader = countingReader();
    const cache = new CachedTrades(reader, new CommitSignal());
    await cache.pageJson(USER, 20);
    await cache.pageJson(USER, 10);
    await cache.pageJson(USER, 20, { blockNumber: 5, logIndex: 1 });
    await cache.pageJson(USER, 20, { blockNumber: 5, logIndex: 2 });
    expect(reader.reads).toBe(4);
  });

  it("expires pages after the time to live (indexer in another process)", async () => {
    const reader = countingReader();
    const cache = new CachedTrades(reader, new CommitSignal(), 30);
    await cache.pageJson(USER, 20);
    await new Promise((r) => setTimeout(r, 60));
    await cache.pageJson(USER, 20);
    expect(reader.reads).toBe(2);
  });

  it("does not keep a page read while a commit landed", async () => {
    let release = () => {};
    const reader = countingReader(new Promise((r) => (release = r)));
    const commits = new CommitSignal();
    const cache = new CachedTrades(reader, commits);
    const pending = cache.pageJson(USER, 20);
    commits.emit();
    release();
    await pending;
    await cache.pageJson(USER, 20);
    expect(reader.reads).toBe(2);
  });

  it("caches nothing without a commit signal, and keeps at most maxPages", async () => {
    const plain = countingReader();
    const off = new CachedTrades(plain, undefined);
    await off.pageJson(USER, 20);
    await off.pageJson(USER, 20);
    expect(plain.reads).toBe(2);

    const reader = countingReader();
    const small = new CachedTrades(reader, new CommitSignal(), 60_000, 2);
    await small.pageJson(USER, 1);
    await small.pageJson(USER, 2);
    await small.pageJson(USER, 3); // evicts limit 1, the oldest
    await small.pageJson(USER, 3);
    await small.pageJson(USER, 2);
    expect(reader.reads).toBe(3);
    await small.pageJson(USER, 1);
    expect(reader.reads).toBe(4);
  });
});
