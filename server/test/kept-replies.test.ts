/**
 * KeptReplies (issue 21 §1), the rules the trades cache's tests do not reach: a change whose keys
 * say "all", a reply rebuilt from a kept one (the live price or board moved) kept only if it is
 * still the one kept, and what is kept beside the text. The rest (drop by key, marks, budget, read
 * ahead) is tested through the trades cache (trades-cache.test.ts), which is built on it. And how
 * long a reply is kept without a change: the signal's time, which the server sets by its database.
 */
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import type { ApiEnv } from "../src/api/app.ts";
import { CommitSignal, KEPT_OWN_DB_MS, KEPT_SHARED_DB_MS } from "../src/api/commit-signal.ts";
import { jsonText } from "../src/api/compressed-json.ts";
import { KeptReplies, REFRESH_QUEUE_MAX } from "../src/api/kept-replies.ts";
import type { ServerModule } from "../src/modules/module.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { startOfflineServer } from "./helpers/offline-server.ts";

const setup = () => {
  const commits = new CommitSignal();
  let reads = 0;
  const kept = new KeptReplies<number>({
    commits,
    keysOf: (c) => (c.touched["t.all"] ? "all" : (c.touched["t.key"] ?? [])),
    ttlMs: 60_000,
    maxBytes: 1024 * 1024,
  });
  const read = (key: string, meta = 1) =>
    kept.get(key, "", async () => {
      reads++;
      return { text: JSON.stringify({ key, meta }), meta };
    });
  return { commits, kept, read, reads: () => reads };
};

describe("kept replies", () => {
  it("keeps a reply with what was kept beside it, until a change names its key (lowercased)", async () => {
    const { commits, read, reads } = setup();
    expect((await read("A", 7)).meta).toBe(7);
    expect((await read("a")).meta).toBe(7); // the same entity, kept
    expect(reads()).toBe(1);
    commits.emit({ touched: { "t.key": ["b"] } });
    await read("A");
    expect(reads()).toBe(1);
    commits.emit({ touched: { "t.key": ["a"] } });
    await read("A");
    expect(reads()).toBe(2);
  });

  it("drops everything, and keeps out replies being read, when the keys say all", async () => {
    const { commits, kept, read, reads } = setup();
    await read("a");
    await read("b");
    expect(kept.heldKeys).toBe(2);
    const slow = kept.get("c", "", async () => {
      commits.emit({ touched: { "t.all": [] } });
      return { text: "{}", meta: 0 };
    });
    await slow;
    expect(kept.heldKeys).toBe(0);
    expect(kept.heldBytes).toBe(0);
    await read("a");
    expect(reads()).toBe(3);
  });

  it("a rewrite replaces the kept reply only while it is still the one kept", async () => {
    const { commits, kept, read, reads } = setup();
    const first = await read("a", 1);
    const second = await kept.rewrite("a", "", first, { text: '{"price":2}', meta: 2 });
    expect(jsonText(second)).toBe('{"price":2}');
    expect(await read("a")).toBe(second);
    // a commit dropped it meanwhile: the rewrite answers, but what is read next is fresh
    commits.emit({ touched: { "t.key": ["a"] } });
    const late = await kept.rewrite("a", "", second, { text: '{"price":3}', meta: 3 });
    expect(late.meta).toBe(3);
    expect((await read("a", 4)).meta).toBe(4);
    expect(reads()).toBe(2);
  });

  it("keeps nothing without a signal", async () => {
    const kept = new KeptReplies({ commits: undefined, keysOf: () => "all", ttlMs: 60_000, maxBytes: 1024 });
    let n = 0;
    const get = () => kept.get("a", "", async () => ({ text: String(++n), meta: undefined }));
    await get();
    expect(jsonText(await get())).toBe("2");
    expect(kept.keeping).toBe(false);
  });
});

describe("a reply asked late in its kept time is read again in the background", () => {
  /** A kept time of 1 s; `onRead(n)` runs inside the n-th read of the database (requests' and background's). */
  const late = (o: { onRead?: (n: number) => Promise<void> | void; refreshAfter?: number } = {}) => {
    let now = 0;
    const commits = new CommitSignal(1_000);
    let reads = 0;
    const kept = new KeptReplies<number>({
      commits,
      keysOf: (c) => c.touched["t.key"] ?? [],
      maxBytes: 1 << 20,
      ...(o.refreshAfter === undefined ? {} : { refreshAfter: o.refreshAfter }),
      clock: () => now,
    });
    const read = (key = "a") =>
      kept.get(key, "", async () => {
        const n = ++reads;
        await o.onRead?.(n);
        return { text: `"${key}${n}"`, meta: n };
      });
    return {
      kept,
      commits,
      read,
      reads: () => reads,
      at: (ms: number) => {
        now = ms;
      },
    };
  };

  it("before three quarters of the time nothing is read again; after, the kept reply answers and a new one replaces it", async () => {
    const { kept, read, reads, at } = late();
    const first = await read();
    at(749);
    expect(await read()).toBe(first);
    await kept.refreshed();
    expect(reads()).toBe(1);
    at(750);
    expect(await read()).toBe(first); // answered as kept: within the bound, no wait for the database
    await kept.refreshed();
    expect(reads()).toBe(2);
    expect(kept.refreshedCount).toBe(1);
    // the new reply counts its time from its own read: still answered past the first one's end
    at(1_400);
    expect(jsonText(await read())).toBe('"a2"');
    await kept.refreshed();
    expect(reads()).toBe(2);
  });

  it("a change naming the entity during the background read keeps that read out", async () => {
    let commits: CommitSignal | undefined;
    const t = late({ onRead: (n) => (n === 2 ? commits?.emit({ touched: { "t.key": ["a"] } }) : undefined) });
    commits = t.commits;
    await t.read();
    t.at(800);
    await t.read();
    await t.kept.refreshed();
    expect(t.reads()).toBe(2);
    expect(t.kept.heldKeys).toBe(0);
    expect(jsonText(await t.read())).toBe('"a3"');
  });

  it("a newer reply a request kept while the background read was slow is not replaced by it", async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const t = late({ onRead: (n) => (n === 2 ? gate : undefined) });
    await t.read();
    t.at(800);
    await t.read(); // queues the background read, which waits at the gate
    await new Promise((r) => setTimeout(r, 60));
    t.at(1_100); // the first reply has expired: a request reads and keeps its own
    expect(jsonText(await t.read())).toBe('"a3"');
    release();
    await t.kept.refreshed();
    expect(jsonText(await t.read())).toBe('"a3"');
    expect(t.kept.refreshedCount).toBe(0);
  });

  it("entities of the read-ahead's sub are read again together, with the read-ahead's read", async () => {
    const { kept, read, reads, at } = late();
    const many: string[][] = [];
    await kept.warm(
      async () => ["a", "b", "c"],
      "",
      async (keys) => {
        many.push([...keys]);
        return new Map(keys.map((k) => [k, { text: `"${k}-many"`, meta: 0 }]));
      },
      { share: 1, batch: 10, pauseMs: 0 },
    );
    expect(many).toEqual([["a", "b", "c"]]);
    at(900);
    for (const k of ["a", "b", "c"]) expect(jsonText(await read(k))).toBe(`"${k}-many"`);
    await kept.refreshed();
    expect(many).toEqual([
      ["a", "b", "c"],
      ["a", "b", "c"],
    ]);
    expect(reads()).toBe(0); // no request's own read was needed
    expect(kept.refreshedCount).toBe(3);
  });

  it("at most REFRESH_QUEUE_MAX entities wait to be read again: the ones asked past it expire as before", async () => {
    let now = 0;
    const kept = new KeptReplies<number>({
      commits: new CommitSignal(1_000),
      keysOf: () => [],
      maxBytes: 1 << 30,
      clock: () => now,
    });
    const keys = Array.from({ length: REFRESH_QUEUE_MAX + 5 }, (_, i) => `k${i}`);
    let many = 0;
    await kept.warm(
      async () => keys,
      "",
      async (batch) => {
        many += batch.length;
        return new Map(batch.map((k) => [k, { text: `"${k}"`, meta: 0 }]));
      },
      { share: 1, batch: 5_000, pauseMs: 0 },
    );
    expect(kept.heldKeys).toBe(keys.length);
    now = 900;
    let own = 0;
    for (const k of keys)
      await kept.get(k, "", async () => {
        own++;
        return { text: `"${k}-own"`, meta: 0 };
      });
    await kept.refreshed();
    expect(own).toBe(0);
    expect(kept.refreshedCount).toBe(REFRESH_QUEUE_MAX);
    expect(many).toBe(keys.length + REFRESH_QUEUE_MAX);
    // the five asked past the bound were not read again: their replies end at 1 s
    now = 1_500;
    expect(jsonText(await kept.get(keys.at(-1) as string, "", async () => ({ text: '"late"', meta: 0 })))).toBe(
      '"late"',
    );
    expect(jsonText(await kept.get("k0", "", async () => ({ text: '"late"', meta: 0 })))).toBe('"k0"');
  });

  it("never, when the area says so", async () => {
    const { kept, read, reads, at } = late({ refreshAfter: 1 });
    await read();
    at(999);
    await read();
    await kept.refreshed();
    expect(reads()).toBe(1);
  });
});

describe("how long a reply is kept without a change", () => {
  it("the signal's time, unless the area sets its own", async () => {
    let now = 0;
    const clock = () => now;
    const commits = new CommitSignal(5_000);
    let reads = 0;
    const kept = new KeptReplies({ commits, keysOf: () => [], maxBytes: 1024 * 1024, clock });
    const read = () => kept.get("a", "", async () => ({ text: String(++reads), meta: undefined }));
    await read();
    now = 3_000; // before three quarters of the time: not read again in the background either
    await read();
    expect(reads).toBe(1);
    now = 5_000;
    await read();
    expect(reads).toBe(2);
    const own = new KeptReplies({ commits, keysOf: () => [], ttlMs: 100, maxBytes: 1024 * 1024, clock });
    let ownReads = 0;
    const readOwn = () => own.get("a", "", async () => ({ text: String(++ownReads), meta: undefined }));
    await readOwn();
    now += 50;
    await readOwn();
    expect(ownReads).toBe(1);
    now += 50;
    await readOwn();
    expect(ownReads).toBe(2);
  });

  // PGlite is opened by this process alone, so only its own changes (which name their keys) exist;
  // a PostgreSQL database is shared, and another replica's views show within 30 minutes.
  afterAll(closeAllDbs);
  it.each(DB_KINDS)("the server keeps replies an hour on PGlite and 30 minutes on PostgreSQL (%s)", async (kind) => {
    expect(KEPT_SHARED_DB_MS).toBe(30 * 60_000);
    expect(KEPT_OWN_DB_MS).toBe(60 * 60_000);
    const probe: ServerModule = {
      name: "convert",
      areas: [() => new Hono<ApiEnv>().get("/kept-ms", (c) => c.json({ keptMs: c.var.chain.commits?.keptMs }))],
    };
    const server = await startOfflineServer({ db: await freshDb(kind), modules: [probe] });
    try {
      const r = await fetch(`${server.url}/api/local/kept-ms`);
      expect(await r.json()).toEqual({ keptMs: kind === "pglite" ? KEPT_OWN_DB_MS : KEPT_SHARED_DB_MS });
    } finally {
      await server.stop();
    }
  });
});
