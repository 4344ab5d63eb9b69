/** The trades area's page cache (api/trades.ts CachedTrades): what is served from memory, and when it is dropped. */

import { gunzipSync } from "node:zlib";
import type { TradesPage } from "@sofi/core";
import { describe, expect, it } from "vitest";
import { API_WRITE, CommitSignal } from "../src/api/commit-signal.ts";
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

const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const touching = (...users: string[]) => ({ touched: { "trades.user": users.map((u) => u.toLowerCase()) } });

describe("trades page cache", () => {
  it("serves a repeated page from memory until a commit touches its user, or any change without keys", async () => {
    const reader = countingReader();
    const commits = new CommitSignal();
    const cache = new CachedTrades(reader, commits);
    const first = await cache.pageJson(USER, 20);
    expect(await cache.pageJson(USER.toLowerCase(), 20)).toBe(first);
    expect(reader.reads).toBe(1);
    // another user's trade, and a commit without trades, leave the page as it is
    commits.emit(touching(OTHER));
    commits.emit({ touched: { "other.topic": [USER.toLowerCase()] } });
    expect(await cache.pageJson(USER, 20)).toBe(first);
    expect(reader.reads).toBe(1);
    commits.emit(touching(USER));
    expect(JSON.parse(await cache.pageJson(USER, 20)).nextCursor).toBe("read-2");
    expect(reader.reads).toBe(2);
    // a write through the API stores no trade: every page stays, while generation-keyed caches move on
    const generation = commits.generation;
    commits.emit(API_WRITE);
    expect(commits.generation).toBe(generation + 1);
    expect(JSON.parse(await cache.pageJson(USER, 20)).nextCursor).toBe("read-2");
    // a change that names nothing (a reorg, a bus reconnect, a server that could not say) drops every page
    commits.emit();
    expect(JSON.parse(await cache.pageJson(USER, 20)).nextCursor).toBe("read-3");
  });

  it("a commit touching a user drops all of that user's pages, and only theirs", async () => {
    const reader = countingReader();
    const commits = new CommitSignal();
    const cache = new CachedTrades(reader, commits);
    await cache.pageJson(USER, 20);
    await cache.pageJson(USER, 20, { blockNumber: 5, logIndex: 1 });
    await cache.pageJson(OTHER, 20);
    expect(reader.reads).toBe(3);
    commits.emit(touching(USER));
    await cache.pageJson(OTHER, 20);
    expect(reader.reads).toBe(3);
    await cache.pageJson(USER, 20);
    await cache.pageJson(USER, 20, { blockNumber: 5, logIndex: 1 });
    expect(reader.reads).toBe(5);
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

  it("expires pages after the time to live (a signal lost unnoticed)", async () => {
    const reader = countingReader();
    let now = 1_000;
    const cache = new CachedTrades(reader, new CommitSignal(), 30, undefined, () => now);
    await cache.pageJson(USER, 20);
    // asked before three quarters of the time: kept, and not read again in the background
    now += 20;
    await cache.pageJson(USER, 20);
    expect(reader.reads).toBe(1);
    now += 10;
    await cache.pageJson(USER, 20);
    expect(reader.reads).toBe(2);
  });

  it("does not keep a page read while a commit touched its user; keeps one read while another user's landed", async () => {
    let release = () => {};
    const reader = countingReader(new Promise((r) => (release = r)));
    const commits = new CommitSignal();
    const cache = new CachedTrades(reader, commits);
    const mine = cache.pageJson(USER, 20);
    const theirs = cache.pageJson(OTHER, 20);
    commits.emit(touching(USER));
    release();
    await Promise.all([mine, theirs]);
    await cache.pageJson(USER, 20);
    expect(reader.reads).toBe(3);
    await cache.pageJson(OTHER, 20);
    expect(reader.reads).toBe(3);

    let release2 = () => {};
    const slow = countingReader(new Promise((r) => (release2 = r)));
    const other = new CachedTrades(slow, commits);
    const pending = other.pageJson(USER, 20);
    commits.emit(); // anything changed
    release2();
    await pending;
    await other.pageJson(USER, 20);
    expect(slow.reads).toBe(2);
  });

  it("caches nothing without a commit signal", async () => {
    const plain = countingReader();
    const off = new CachedTrades(plain, undefined);
    await off.pageJson(USER, 20);
    await off.pageJson(USER, 20);
    expect(plain.reads).toBe(2);
  });

  it("keeps at most maxBytes, dropping the least recently asked user first", async () => {
    const reader = countingReader();
    // each small page costs its text (twice its length) plus 200 bytes: room for two users' pages
    const cache = new CachedTrades(reader, new CommitSignal(), 60_000, 700);
    const a = "0x0000000000000000000000000000000000000001";
    const b = "0x0000000000000000000000000000000000000002";
    const c = "0x0000000000000000000000000000000000000003";
    await cache.pageJson(a, 20);
    await cache.pageJson(b, 20);
    await cache.pageJson(a, 20); // a is now the most recently asked
    expect(reader.reads).toBe(2);
    await cache.pageJson(c, 20); // drops b
    expect(cache.heldBytes).toBeLessThanOrEqual(700);
    await cache.pageJson(a, 20);
    await cache.pageJson(c, 20);
    expect(reader.reads).toBe(3);
    await cache.pageJson(b, 20);
    expect(reader.reads).toBe(4);
  });

  it("keeps a large page gzip-compressed only, and answers its exact text", async () => {
    const big: TradesPage = {
      trades: Array.from({ length: 60 }, (_, i) => ({
        txHash: `0x${i.toString(16).padStart(64, "0")}`,
        blockNumber: 1_000 + i,
        logIndex: i,
        timestamp: 1_700_000_000 + i,
        user: USER,
        router: OTHER,
        dex: "Uniswap",
        tokenIn: { address: OTHER, symbol: "RAI", decimals: 18, native: false },
        tokenOut: { address: USER, symbol: "USDT", decimals: 6, native: false },
        amountIn: String(10n ** 18n * BigInt(i + 1)),
        amountOut: String(10n ** 6n * BigInt(i + 1)),
        recipient: USER,
      })),
      nextCursor: "1000-0",
    };
    const cache = new CachedTrades({ page: async () => big }, new CommitSignal());
    const text = JSON.stringify(big);
    expect(text.length).toBeGreaterThan(8 * 1024);
    const kept = await cache.page(USER, 60);
    expect(kept.text).toBeNull();
    expect(gunzipSync(kept.gzip as Uint8Array).toString("utf8")).toBe(text);
    expect(await cache.pageJson(USER, 60)).toBe(text);
    expect(cache.heldBytes).toBeLessThan(text.length);
  });

  describe("reading ahead", () => {
    const users = Array.from({ length: 600 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`);
    /** A reader of 600 active users whose batch reads can be held, counting single and batch reads. */
    function aheadReader(hold?: () => Promise<void>) {
      const r = {
        reads: 0,
        batches: 0,
        async page(user: string): Promise<TradesPage> {
          r.reads++;
          return { trades: [], nextCursor: `own-${user}` };
        },
        async recentTraders(limit: number) {
          return users.slice(0, limit);
        },
        async firstPages(batch: readonly string[], limit: number) {
          expect(limit).toBe(20);
          r.batches++;
          await hold?.();
          return new Map(batch.map((u) => [u, { trades: [], nextCursor: `ahead-${u}` }]));
        },
      };
      return r;
    }

    it("keeps the active users' first pages, in batches, and serves them without reading again", async () => {
      const reader = aheadReader();
      const cache = new CachedTrades(reader, new CommitSignal());
      expect(cache.warmth).toBe("cold");
      const done = cache.warm();
      expect(cache.warm()).toBe(done); // once per cache
      await done;
      expect(cache.warmth).toBe("warm");
      expect(reader.batches).toBe(3); // 600 users, 250 per query
      expect(cache.heldUsers).toBe(600);
      expect(JSON.parse(await cache.pageJson(users[599] as string, 20)).nextCursor).toBe(`ahead-${users[599]}`);
      // another size or a cursor is not read ahead
      await cache.pageJson(users[0] as string, 10);
      expect(reader.reads).toBe(1);
    });

    it("stops at its share of the byte budget, leaving the rest to what users ask for", async () => {
      const reader = aheadReader();
      // each page costs about 2 × 70 + 200 bytes: a 10,000-byte budget takes 7,500 of them, 22 pages
      const cache = new CachedTrades(reader, new CommitSignal(), 60_000, 10_000);
      await cache.warm();
      expect(cache.heldBytes).toBeLessThanOrEqual(7_500);
      expect(cache.heldUsers).toBeGreaterThan(15);
      expect(cache.heldUsers).toBeLessThan(30);
      expect(reader.batches).toBe(1);
    });

    it("keeps out a user's page read while a commit touched that user", async () => {
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      const reader = aheadReader(() => held);
      const commits = new CommitSignal();
      const cache = new CachedTrades(reader, commits);
      const done = cache.warm();
      await new Promise((r) => setTimeout(r, 10));
      commits.emit(touching(users[0] as string));
      release();
      await done;
      expect(cache.heldUsers).toBe(599);
      expect(JSON.parse(await cache.pageJson(users[0] as string, 20)).nextCursor).toBe(`own-${users[0]}`);
      expect(reader.reads).toBe(1);
    });

    it("does nothing without a commit signal or a reader that can read ahead", async () => {
      const reader = aheadReader();
      const off = new CachedTrades(reader, undefined);
      await off.warm();
      expect(reader.batches).toBe(0);
      const plain = new CachedTrades(countingReader(), new CommitSignal());
      await plain.warm();
      expect(plain.warmth).toBe("warm");
      expect(plain.heldUsers).toBe(0);
    });
  });
});
