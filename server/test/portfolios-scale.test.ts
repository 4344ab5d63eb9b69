/**
 * What keeps the portfolio reads cheap at 10,000 portfolios: unit histories read only above the
 * indexer's checkpoint (everything again after a reorg), metrics rows written only when they moved,
 * one computation per cached reply, and page views written in batches.
 */
import { CHAINS } from "@sofi/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { Market } from "../src/api/market.ts";
import { MetricsRefresher } from "../src/api/queries/portfolio-metrics.ts";
import { PORTFOLIOS_HANDLER, PortfolioUnits } from "../src/api/queries/portfolio-units.ts";
import { PortfolioReader } from "../src/api/queries/portfolios.ts";
import { ReplyCache } from "../src/api/reply-cache.ts";
import type { Db } from "../src/db/client.ts";
import type { EventColumns } from "../src/indexer/handler.ts";
import { portfoliosHandler } from "../src/indexer/handlers/portfolios.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { E18, fixtureDeployment, RAI, setRaiPrice } from "./helpers/portfolio-fixture.ts";

const local = CHAINS.find((c) => c.suffix === "local");
if (!local) throw new Error("no local chain");
const P = "0x00000000000000000000000000000000000000a1";
const DEPLOYMENT = fixtureDeployment();
const now = Math.floor(Date.now() / 1000);

const one = (block: number, log: number, address: string, values: Record<string, string>): EventColumns =>
  ({
    block: [block],
    logIndex: [log],
    tx: [`0x${block.toString(16).padStart(64, "0")}`],
    ts: [now - 3 * 86_400 + block],
    address: [address],
    args: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [v]])),
  }) as EventColumns;

/** A one-component portfolio (50 RAI per set, start price 100) created at block 10. */
const create = (db: Db) =>
  db.transaction((tx) =>
    portfoliosHandler.insert(tx, 31337, {
      PortfolioCreated: one(10, 0, "0x00000000000000000000000000000000000000f1", {
        portfolio: P,
        manager: P,
        name: "One",
        symbol: "ONE",
        components: JSON.stringify([RAI]),
        units: JSON.stringify([String(50n * E18)]),
        allocations: JSON.stringify(["10000"]),
        startPrice: String(100n * E18),
      }),
    }),
  );

/** RAI's unit set to `units` RAI per set by an indexed edit at `block`. */
const edit = (db: Db, block: number, units: bigint) =>
  db.transaction((tx) =>
    portfoliosHandler.insert(tx, 31337, {
      DefaultPositionUnitEdited: one(block, 0, P, { _component: RAI, _realUnit: String(units * E18) }),
    }),
  );

/** The portfolios handler's checkpoint at `block` with `hash`, and the block's stored hash. */
async function checkpoint(db: Db, block: number, hash: string) {
  await db.query(
    `INSERT INTO indexer_checkpoints (chain_id, indexer, block_number, block_hash) VALUES (31337, $1, $2, $3)
     ON CONFLICT (chain_id, indexer) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash`,
    [PORTFOLIOS_HANDLER, block, hash],
  );
  await db.query(
    `INSERT INTO indexer_blocks (chain_id, block_number, block_hash, timestamp) VALUES (31337, $1, $2, 0)
     ON CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash`,
    [block, hash],
  );
}

const raiUnits = (u: PortfolioUnits) => u.history(P).unitsAt(Number.MAX_SAFE_INTEGER).get(RAI);

const setPrice = setRaiPrice;

/** A portfolio's views as its detail shows them: the stored part's count and the views counted since (as the API adds them). */
async function viewsOf(reader: PortfolioReader, address: string) {
  const base = (await reader.detailBases([address])).get(address);
  return base ? reader.viewsSince(address, base.views, base.viewsWrittenAt) : null;
}

afterAll(closeAllDbs);

describe.each(DB_KINDS)("portfolio reads at scale (%s)", (kind) => {
  it("unit histories: only rows up to the checkpoint, only rows above the last one read, all again after a reorg", async () => {
    const db = await freshDb(kind);
    await create(db);
    const units = new PortfolioUnits(db, 31337);
    // no checkpoint (rows written by a tool): everything, every time
    await units.update();
    expect(raiUnits(units)).toBe(50n * E18);
    await checkpoint(db, 10, "0xa10");
    await units.update();
    const v = units.version;

    // a row above the checkpoint is not read until the checkpoint passes it
    await edit(db, 12, 40n);
    await units.update();
    expect(raiUnits(units)).toBe(50n * E18);
    expect(units.version).toBe(v);
    await checkpoint(db, 12, "0xa12");
    await units.update();
    expect(raiUnits(units)).toBe(40n * E18);
    expect(units.version).toBe(v + 1);

    // a row below what was read already is not read again: the update reads only above block 12
    await edit(db, 11, 30n);
    await checkpoint(db, 13, "0xa13");
    await units.update();
    expect(units.history(P).positions.map((p) => p.block)).toEqual([10, 12]);

    // a reorg replaced block 13: everything is read again (in block order)
    await checkpoint(db, 13, "0xb13");
    await units.update();
    expect(units.history(P).positions.map((p) => p.block)).toEqual([10, 11, 12]);
    expect(raiUnits(units)).toBe(40n * E18);
    // and a checkpoint moved back (a rollback) too
    await db.query("DELETE FROM portfolio_positions WHERE block_number > 10");
    await checkpoint(db, 10, "0xa10");
    await units.update();
    expect(raiUnits(units)).toBe(50n * E18);
  });

  it("unit histories: a full re-read keeps the previous units visible until it is done; updates never overlap", async () => {
    const db = await freshDb(kind);
    await create(db);
    await checkpoint(db, 10, "0xa10");
    // a database whose queries can be held, to look at the units in the middle of an update
    let hold: Promise<void> | null = null;
    const slow: Db = {
      ...db,
      query: async (text, params) => {
        if (hold) await hold;
        return db.query(text, params);
      },
    };
    const units = new PortfolioUnits(slow, 31337);
    await units.update();
    expect(raiUnits(units)).toBe(50n * E18);

    let release = () => {};
    hold = new Promise((ok) => {
      release = ok;
    });
    await checkpoint(db, 10, "0xb10"); // a reorg: the next update reads everything again
    const full = units.update();
    await new Promise((ok) => setTimeout(ok, 20));
    expect(units.all().has(P)).toBe(true);
    expect(raiUnits(units)).toBe(50n * E18);
    hold = null;
    release();
    await full;
    expect(raiUnits(units)).toBe(50n * E18);

    // two incremental updates asked together read the new row once
    await edit(db, 12, 40n);
    await checkpoint(db, 12, "0xa12");
    await Promise.all([units.update(), units.update()]);
    expect(units.history(P).positions.map((p) => p.block)).toEqual([10, 12]);
  });

  it("a reader without the indexer's commit signal (an API replica) reads a new portfolio at once", async () => {
    const db = await freshDb(kind);
    await setPrice(db, now - 4 * 86_400, 2n);
    await checkpoint(db, 5, "0xa05");
    const reader = new PortfolioReader(db, 31337, new Market(db, local, DEPLOYMENT, 0).prices, undefined, undefined);
    await reader.freshMetrics(); // no portfolio yet; the next TTL refresh is seconds away
    await create(db);
    await checkpoint(db, 10, "0xa10");
    await reader.freshMetrics();
    const base = (await reader.detailBases([P])).get(P);
    expect(base && reader.components(base.units, (await reader.live(P)).prices).map((c) => c.address)).toEqual([RAI]);
    expect(await reader.history(P, "1w")).not.toBeNull();
  });

  it("metrics: a refresh writes only the rows that moved", async () => {
    const db = await freshDb(kind);
    await create(db);
    await setPrice(db, now - 4 * 86_400, 2n);
    const market = new Market(db, local, DEPLOYMENT, 0);
    const units = new PortfolioUnits(db, 31337);
    const refresher = new MetricsRefresher(db, 31337, market.prices, units, () => now);
    expect(await refresher.refresh()).toBe(1);
    expect(await refresher.refresh()).toBe(0);
    // a new refresher (a restart) reads what is stored before it compares
    expect(await new MetricsRefresher(db, 31337, market.prices, units, () => now).refresh()).toBe(0);
    await setPrice(db, now - 60, 3n);
    expect(await refresher.refresh()).toBe(1);
    const [m] = await db.query<{ v: number }>("SELECT value_per_set AS v FROM portfolio_metrics WHERE address = $1", [
      P,
    ]);
    expect(Number(m?.v)).toBeCloseTo(150, 6);
  });

  it("metrics: skipped while no indexer checkpoint moved and the clock stays in its candle bucket", async () => {
    const db = await freshDb(kind);
    await create(db);
    await setPrice(db, now - 4 * 86_400, 2n);
    await checkpoint(db, 10, "0xa10");
    const market = new Market(db, local, DEPLOYMENT, 0);
    let clock = Math.floor(now / 300) * 300;
    const refresher = new MetricsRefresher(db, 31337, market.prices, new PortfolioUnits(db, 31337), () => clock);
    expect(await refresher.refresh()).toBe(1);
    // a price row the indexer did not commit (no checkpoint moved): not looked at
    await setPrice(db, clock - 60, 3n);
    expect(await refresher.refresh()).toBe(0);
    // the indexer moves on: valued again
    await checkpoint(db, 11, "0xa11");
    expect(await refresher.refresh()).toBe(1);
    await setPrice(db, clock + 10, 4n);
    // the next candle bucket: valued again, without a commit
    clock += 300;
    expect(await refresher.refresh()).toBe(1);
  });

  it("views: counted at once, written in one batch", async () => {
    const db = await freshDb(kind);
    await create(db);
    const reader = new PortfolioReader(db, 31337, new Market(db, local, DEPLOYMENT, 0).prices, undefined, undefined);
    for (let i = 0; i < 3; i++) expect(reader.countView(P, `10.0.0.${i}`)).toBe(true);
    const stored = async () =>
      Number(
        (await db.query<{ views: string }>("SELECT views FROM portfolio_info WHERE address = $1", [P]))[0]?.views ?? 0,
      );
    expect(await stored()).toBe(0);
    expect(await viewsOf(reader, P)).toBe(3);
    await reader.flushViews();
    expect(await stored()).toBe(3);
    reader.countView(P, "10.0.0.9");
    expect(await viewsOf(reader, P)).toBe(4);
    await reader.flushViews();
    expect(await stored()).toBe(4);
  });

  it("views: those counted since the last flush are written when the server closes the reader", async () => {
    const db = await freshDb(kind);
    await create(db);
    const reader = new PortfolioReader(db, 31337, new Market(db, local, DEPLOYMENT, 0).prices, undefined, undefined);
    reader.countView(P, "10.0.1.1");
    reader.countView(P, "10.0.1.2");
    await reader.close();
    const [row] = await db.query<{ views: string }>("SELECT views FROM portfolio_info WHERE address = $1", [P]);
    expect(Number(row?.views)).toBe(2);
  });

  it("views: a viewer counts again on the next UTC day, and after the clock went back a day", async () => {
    const db = await freshDb(kind);
    await create(db);
    let ms = Date.UTC(2026, 10, 27, 23, 59, 59);
    const reader = new PortfolioReader(
      db,
      31337,
      new Market(db, local, DEPLOYMENT, 0).prices,
      undefined,
      undefined,
      undefined,
      undefined,
      () => ms,
    );
    expect(reader.countView(P, "203.0.113.7")).toBe(true);
    expect(reader.countView(P, "203.0.113.7")).toBe(false);
    ms += 1_000; // 00:00:00 the next day
    expect(reader.countView(P, "203.0.113.7")).toBe(true);
    expect(reader.countView(P, "203.0.113.7")).toBe(false);
    ms -= 2 * 86_400_000;
    expect(reader.countView(P, "203.0.113.7")).toBe(true);
  });

  it("views (issue 21): 300 requests from one client add one view; 300 clients add 300; another process or a restart does not count a viewer twice in a day", async () => {
    const db = await freshDb(kind);
    await create(db);
    const reader = () =>
      new PortfolioReader(db, 31337, new Market(db, local, DEPLOYMENT, 0).prices, undefined, undefined);
    const stored = async () =>
      Number(
        (await db.query<{ views: string }>("SELECT views FROM portfolio_info WHERE address = $1", [P]))[0]?.views ?? 0,
      );
    const a = reader();
    let counted = 0;
    for (let i = 0; i < 300; i++) if (a.countView(P, "203.0.113.7")) counted++;
    expect(counted).toBe(1);
    await a.flushViews();
    expect(await stored()).toBe(1);
    for (let i = 0; i < 300; i++) a.countView(P, `198.51.100.${i % 256}.${Math.floor(i / 256)}`);
    await a.flushViews();
    expect(await stored()).toBe(301);
    // a second process (a replica, or this one restarted) sees the same viewer: the database drops it
    const b = reader();
    expect(b.countView(P, "203.0.113.7")).toBe(true); // it cannot know yet
    await b.flushViews();
    expect(await stored()).toBe(301);
    expect(await viewsOf(b, P)).toBe(301);
    // no IP is stored
    const viewers = await db.query<{ viewer: string }>("SELECT viewer FROM portfolio_viewers");
    expect(viewers.length).toBe(301);
    for (const v of viewers) expect(v.viewer).not.toMatch(/\d+\.\d+\.\d+/);
  });
});

describe("reply cache", () => {
  it("computes once per key and version within the TTL, shares the computation in flight, forgets failures", async () => {
    let clock = 0;
    const cache = new ReplyCache<number>(1_000, 2, () => clock);
    let calls = 0;
    let release = () => {};
    const slow = () =>
      new Promise<number>((ok) => {
        calls++;
        release = () => ok(calls);
      });
    const a = cache.get("k", "v1", slow);
    const b = cache.get("k", "v1", slow);
    release();
    expect(await a).toBe(1);
    expect(await b).toBe(1);
    expect(calls).toBe(1);
    // a new version, then the TTL: computed again
    expect(await cache.get("k", "v2", async () => 7)).toBe(7);
    expect(await cache.get("k", "v2", async () => 8)).toBe(7);
    clock += 1_000;
    expect(await cache.get("k", "v2", async () => 9)).toBe(9);
    // a failure is answered, not kept
    await expect(cache.get("f", "v", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("f", "v", async () => 1)).toBe(1);
    // at most two keys: the oldest goes
    await cache.get("x", "v", async () => 2);
    expect(await cache.get("k", "v2", async () => 10)).toBe(10);
  });
});
