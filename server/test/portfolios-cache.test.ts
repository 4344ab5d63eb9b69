/**
 * The portfolio reader's caches: metrics wait for a commit's rows but are served stale (once)
 * when only their time to live passed; chart prices of closed buckets are kept until a commit.
 */
import { CHAINS } from "@sofi/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { CommitSignal } from "../src/api/commit-signal.ts";
import { Market } from "../src/api/market.ts";
import { PortfolioReader } from "../src/api/queries/portfolios.ts";
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

async function setup(db: Db) {
  const c = (values: Record<string, string>): EventColumns =>
    ({
      block: [1],
      logIndex: [0],
      tx: ["0x01"],
      ts: [now - 3 * 86_400],
      address: ["0x00000000000000000000000000000000000000f1"],
      args: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, [v]])),
    }) as EventColumns;
  await db.transaction((tx) =>
    portfoliosHandler.insert(tx, 31337, {
      PortfolioCreated: c({
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
  await setPrice(db, now - 4 * 86_400, 2n);
}

const setPrice = setRaiPrice;

afterAll(closeAllDbs);

describe.each(DB_KINDS)("portfolio reader caches (%s)", (kind) => {
  it("metrics: a commit makes the next read wait; an expired TTL serves the old value once", async () => {
    const db = await freshDb(kind);
    await setup(db);
    const commits = new CommitSignal();
    const market = new Market(db, local, DEPLOYMENT, 0);
    // A clock of its own: on a loaded machine real time could pass the TTL between two reads.
    let clock = 1_000_000;
    const reader = new PortfolioReader(db, 31337, market.prices, undefined, commits, 50, undefined, () => clock);
    const value = async () => (await reader.list({ limit: 10, offset: 0 }))[0]?.valuePerSet;
    expect(await value()).toBeCloseTo(100, 6);
    await setPrice(db, now - 3600, 3n);
    // within the TTL, no commit: the same value
    expect(await value()).toBeCloseTo(100, 6);
    // a commit: the next read waits for new metrics
    commits.emit();
    expect(await value()).toBeCloseTo(150, 6);
    await setPrice(db, now - 1800, 4n);
    clock += 60;
    // the TTL passed without a commit: the read does not wait for the refresh (on a single-connection
    // database its query may still run after the refresh's write), and the refresh brings the new value
    expect([150, 200].map((v) => Math.round(v))).toContain(Math.round((await value()) ?? 0));
    await reader.freshMetrics();
    // the refresh runs in the background: its value shows once it is done
    await expect.poll(value, { timeout: 20_000, interval: 20 }).toBeCloseTo(200, 6);

    // Not waiting, shown with a refresh that never ends: TTL expiry returns at once, a commit waits.
    const stuck = reader as unknown as { refreshMetrics: () => Promise<void> };
    stuck.refreshMetrics = () => new Promise<void>(() => {});
    clock += 60;
    await reader.freshMetrics();
    commits.emit();
    const afterCommit = await Promise.race([
      reader.freshMetrics().then(() => "done"),
      new Promise((r) => setTimeout(() => r("waiting"), 100)),
    ]);
    expect(afterCommit).toBe("waiting");
  });

  it("metrics: a slow refresh spaces the next TTL refresh by ten times its duration", async () => {
    const db = await freshDb(kind);
    await setup(db);
    const market = new Market(db, local, DEPLOYMENT, 0);
    let clock = 1_000_000;
    const reader = new PortfolioReader(db, 31337, market.prices, undefined, undefined, 50, undefined, () => clock);
    let refreshes = 0;
    const slow = reader as unknown as { refreshMetrics: () => Promise<void> };
    // each refresh "takes" 1,000 ms on the reader's clock
    slow.refreshMetrics = async () => {
      refreshes += 1;
      clock += 1_000;
    };
    await reader.freshMetrics();
    expect(refreshes).toBe(1);
    // far past the 50 ms TTL, but within 10 × 1,000 ms of the last refresh's start: no refresh
    clock += 5_000;
    await reader.freshMetrics();
    expect(refreshes).toBe(1);
    // past 10 × its cost: the next one starts
    clock += 5_001;
    await reader.freshMetrics();
    await new Promise((r) => setTimeout(r, 0));
    expect(refreshes).toBe(2);
  });

  it("chart prices of closed buckets are kept until a commit", async () => {
    const db = await freshDb(kind);
    await setup(db);
    const commits = new CommitSignal();
    const market = new Market(db, local, DEPLOYMENT, 0);
    const reader = new PortfolioReader(db, 31337, market.prices, undefined, commits);
    const first = await reader.history(P, "1d");
    expect(first?.[0]?.value).toBeCloseTo(100, 6);
    // a late candle 20 hours ago (a backfill): not seen until the commit
    await setPrice(db, now - 20 * 3600, 3n);
    const cached = await reader.history(P, "1d");
    expect(cached?.[30]?.value).toBeCloseTo(100, 6);
    commits.emit();
    const fresh = await reader.history(P, "1d");
    expect(fresh?.[30]?.value).toBeCloseTo(150, 6);
    expect(fresh?.[0]?.value).toBeCloseTo(100, 6);
  });
});
