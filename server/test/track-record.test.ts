/**
 * Track records (issue 21 §3) on PGlite and PostgreSQL: computed in the metrics refresh from indexed
 * prices with core's formulas, stored in portfolio_metrics and manager_records, answered by the
 * portfolio detail, the manager info and the managers list (ordered by return, risk-adjusted return
 * and risk, paged in SQL); the "High risk" list by the same score; one block's spike changes nothing;
 * a refresh within the hour reads no price at a close's mark again.
 */
import {
  closeMarkTimes,
  latestCloseMark,
  managerTrackRecord,
  portfolioSeries,
  portfolioTrackRecord,
  TRACK_RECORD_DAYS,
  trackRecordReply,
} from "@sofi/core";
import { CHAINS } from "@sofi/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Market } from "../src/api/market.ts";
import { MetricsRefresher } from "../src/api/queries/portfolio-metrics.ts";
import { PORTFOLIOS_HANDLER, PortfolioUnits } from "../src/api/queries/portfolio-units.ts";
import type { Db } from "../src/db/client.ts";
import type { EventColumns, HandlerRows } from "../src/indexer/handler.ts";
import { portfoliosHandler } from "../src/indexer/handlers/portfolios.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { buildApp } from "./helpers/hardening.ts";
import { E18, fixtureDeployment, RAI, RAI_USDT, WETH, WETH_USDT } from "./helpers/portfolio-fixture.ts";

const local = CHAINS.find((c) => c.suffix === "local");
if (!local) throw new Error("no local chain");
const DAY = 86_400;
const HOUR = 3_600;
const DEPLOYMENT = fixtureDeployment({}, { wethPair: true });
const ZERO = "0x0000000000000000000000000000000000000000";
const P1 = "0x00000000000000000000000000000000000000a1";
const P2 = "0x00000000000000000000000000000000000000a2";
const P3 = "0x00000000000000000000000000000000000000a3";
const M1 = "0x00000000000000000000000000000000000000b1";
const M2 = "0x00000000000000000000000000000000000000b2";
const HOLDER = "0x00000000000000000000000000000000000000d1";

// The clock: prices change once a day, 12 hours before each close, so every mark of close k reads
// day k's price; k counts days back from the latest close mark.
const now = Math.floor(Date.now() / 1000);
const M = latestCloseMark(now);
const changeAt = (k: number) => M - k * DAY - 12 * HOUR;
/** RAI's price k days back: a climb with a dip of a third between days 25 and 20. */
const rai = (k: number) => (k >= 20 && k <= 25 ? 1.4 : 2 + 0.02 * ((40 - k) % 7) + (40 - k) * 0.01);
/** WETH's price k days back: up 0.5 % a day. */
const weth = (k: number) => 3000 * 1.005 ** (TRACK_RECORD_DAYS + 2 - k);
const created1 = M - 40 * DAY - 6 * HOUR;
const created2 = M - 3 * DAY - 6 * HOUR;
const created3 = M - 20 * DAY - 6 * HOUR;

const candle = (db: Db, pair: string, ts: number, price: number, block = ts) =>
  db.query(
    `INSERT INTO pair_candles (chain_id, pair, bucket, block_number, log_index, timestamp, reserve0, reserve1)
     VALUES (31337, $1, $2, $3, 0, $4, $5, $6)`,
    [
      pair,
      Math.floor(ts / 300) * 300,
      block,
      ts,
      (1000n * E18).toString(),
      (BigInt(Math.round(price * 1e6)) * 10n ** 15n).toString(),
    ],
  );

function cols(rows: { block: number; ts: number; address: string; args: Record<string, string> }[]): EventColumns {
  const args: Record<string, string[]> = {};
  for (const r of rows) for (const [k, v] of Object.entries(r.args)) args[k] = [...(args[k] ?? []), v];
  return {
    block: rows.map((r) => r.block),
    logIndex: rows.map(() => 0),
    tx: rows.map((r) => `0x${r.block.toString(16).padStart(64, "0")}`),
    ts: rows.map((r) => r.ts),
    address: rows.map((r) => r.address),
    args,
  } as EventColumns;
}

const created = (
  block: number,
  ts: number,
  portfolio: string,
  manager: string,
  component: string,
  unit: bigint,
  start: bigint,
) => ({
  block,
  ts,
  address: "0x00000000000000000000000000000000000000f1",
  args: {
    portfolio,
    manager,
    name: portfolio.slice(-2),
    symbol: `P${portfolio.slice(-1)}`,
    components: JSON.stringify([component]),
    units: JSON.stringify([String(unit)]),
    allocations: JSON.stringify(["10000"]),
    startPrice: String(start * E18),
  },
});
const mint = (block: number, ts: number, portfolio: string, value: bigint) => ({
  block,
  ts,
  address: portfolio,
  args: { from: ZERO, to: HOLDER, value: String(value) },
});

/** Prices from 92 days back, three portfolios: P1 (M1, 50 RAI, 40 days), P2 (M2, 50 RAI, 3 days), P3 (M2, 0.01 WETH, 20 days). */
async function seed(db: Db) {
  for (let k = TRACK_RECORD_DAYS + 2; k >= 0; k--) {
    await candle(db, RAI_USDT, changeAt(k), rai(k));
    await candle(db, WETH_USDT, changeAt(k), weth(k));
  }
  const rows: HandlerRows = {
    PortfolioCreated: cols([
      created(10, created1, P1, M1, RAI, 50n * E18, 100n),
      created(20, created3, P3, M2, WETH, E18 / 100n, 30n),
      created(30, created2, P2, M2, RAI, 50n * E18, 100n),
    ]),
    // market caps: P1 2 sets (~250), P3 10 sets (~300 at least), P2 1 set
    Transfer: cols([
      mint(11, created1 + 10, P1, 2n * E18),
      mint(21, created3 + 10, P3, 10n * E18),
      mint(31, created2 + 10, P2, E18),
    ]),
  };
  await db.transaction((tx) => portfoliosHandler.insert(tx, 31337, rows));
}

/** A close per day k, as the refresh computes it (every mark of close k reads day k's price). */
const closesOf = (price: (k: number) => number, units: number, createdAt: number) =>
  Array.from({ length: TRACK_RECORD_DAYS + 1 }, (_, k) => (M - k * DAY < createdAt ? null : units * price(k)));
const ethCloses = closesOf(weth, 1, 0);
const expectedP1 = () => portfolioTrackRecord(100, closesOf(rai, 50, created1), ethCloses, weth(40));
const expectedP2 = () => portfolioTrackRecord(100, closesOf(rai, 50, created2), ethCloses, weth(3));
const expectedP3 = () => portfolioTrackRecord(30, closesOf(weth, 0.01, created3), ethCloses, weth(20));

const near = (a: number | null | undefined, b: number | null | undefined) => {
  if (a === null || b === null || a === undefined || b === undefined) expect(a ?? null).toBe(b ?? null);
  else expect(a).toBeCloseTo(b, 6);
};
const sameReply = (got: Record<string, unknown>, want: Record<string, unknown>) => {
  expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
  for (const k of Object.keys(want)) near(got[k] as number | null, want[k] as number | null);
};

afterAll(closeAllDbs);

describe.each(DB_KINDS)("track records (%s)", (kind) => {
  let db: Db;
  let app: ReturnType<typeof buildApp>;
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
  const get = async (path: string): Promise<{ status: number; body: any }> => {
    const res = await app.request(`http://127.0.0.1:8080/api/local${path}`);
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    db = await freshDb(kind);
    await seed(db);
    app = buildApp(db, {
      deployment: DEPLOYMENT,
      overrides: { rateLimit: { perIp: 0, writesPerAddress: 0 }, deployments: { local: DEPLOYMENT } },
    });
  });

  it("a portfolio's detail carries its record from indexed prices: windows, ETH beside, drawdown, volatility, score", async () => {
    const r = await get(`/sofi/portfolios/${P1}`);
    expect(r.status).toBe(200);
    const want = trackRecordReply(expectedP1());
    sameReply(r.body.track_record, want);
    // the figures themselves, not only agreement with core
    const t = r.body.track_record;
    expect(t.days).toBe(40);
    expect(t.return_7d).toBeCloseTo((rai(0) / rai(7) - 1) * 100, 6);
    expect(t.return_30d).toBeCloseTo((rai(0) / rai(30) - 1) * 100, 6);
    expect(t.return_90d).toBeNull();
    expect(t.eth_return_90d).toBeNull();
    expect(t.return_inception).toBeCloseTo(((50 * rai(0)) / 100 - 1) * 100, 6);
    expect(t.eth_return_7d).toBeCloseTo((1.005 ** 7 - 1) * 100, 6);
    expect(t.eth_return_inception).toBeCloseTo((weth(0) / weth(40) - 1) * 100, 6);
    // the dip to 1.4 from the running peak before it (the start price of 100 a set counts)
    let peak = 100;
    let worst = 0;
    for (let k = 40; k >= 0; k--) {
      peak = Math.max(peak, 50 * rai(k));
      worst = Math.max(worst, 1 - (50 * rai(k)) / peak);
    }
    expect(worst).toBeGreaterThan(0.25);
    expect(t.max_drawdown).toBeCloseTo(worst * 100, 6);
    expect(t.risk_score).toBeGreaterThanOrEqual(1);
    expect(t.risk_score).toBeLessThanOrEqual(10);
    expect(t.volatility).toBeGreaterThan(0);
  });

  it("a portfolio under 7 days: since inception only, no score; last in the High risk list", async () => {
    const t = (await get(`/sofi/portfolios/${P2}`)).body.track_record;
    sameReply(t, trackRecordReply(expectedP2()));
    expect(t.days).toBe(3);
    expect([t.return_7d, t.max_drawdown, t.volatility, t.risk_score, t.risk_adjusted]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(t.return_inception).not.toBeNull();
    const risk = (await get("/v2/sofi/portfolios?orderby=risk")).body.portfolios as {
      address: string;
      risk_score: number | null;
    }[];
    const scores = new Map([
      [P1, expectedP1().riskScore],
      [P2, null],
      [P3, expectedP3().riskScore],
    ]);
    expect(risk.map((p) => p.risk_score)).toEqual(risk.map((p) => scores.get(p.address.toLowerCase())));
    expect(risk.at(-1)?.address.toLowerCase()).toBe(P2);
    expect((risk[0]?.risk_score as number) >= (risk[1]?.risk_score as number)).toBe(true);
    // WETH alone moves less than RAI's dip: the RAI basket is the riskier
    expect(scores.get(P1) as number).toBeGreaterThan(scores.get(P3) as number);
    expect(risk[0]?.address.toLowerCase()).toBe(P1);
  });

  it("a manager's record: the value-weighted composite of their portfolios, in the info and the list", async () => {
    const info = (await get(`/sofi/managers/${M2}`)).body;
    const caps = new Map(
      ((await get("/v2/sofi/portfolios?limit=10")).body.portfolios as { address: string; total_value: number }[]).map(
        (p) => [p.address.toLowerCase(), p.total_value],
      ),
    );
    const want = managerTrackRecord(
      [
        {
          marketCap: caps.get(P3) ?? 0,
          series: portfolioSeries(30, closesOf(weth, 0.01, created3)),
          ethInception: expectedP3().eth.inception,
        },
        {
          marketCap: caps.get(P2) ?? 0,
          series: portfolioSeries(100, closesOf(rai, 50, created2)),
          ethInception: expectedP2().eth.inception,
        },
      ],
      ethCloses,
    );
    sameReply(info.track_record, trackRecordReply(want));
    expect(info.track_record.days).toBe(20);
    // one portfolio: the manager's record is the portfolio's
    const one = (await get(`/sofi/managers/${M1}`)).body.track_record;
    sameReply(one, trackRecordReply(expectedP1()));
    // an address that runs nothing has the empty record
    expect((await get("/sofi/managers/0x00000000000000000000000000000000000000c9")).body.track_record.days).toBe(0);
    const list = (await get("/sofi/managers")).body.managers as { address: string; track_record: unknown }[];
    sameReply(
      list.find((m) => m.address.toLowerCase() === M2)?.track_record as Record<string, unknown>,
      trackRecordReply(want),
    );
    // the info sums the metrics in memory (issue 21 §1), the list in SQL: the same figures
    for (const m of [M1, M2]) {
      const fromMemory = (await get(`/sofi/managers/${m}`)).body;
      const fromSql = list.find((x) => x.address.toLowerCase() === m) as unknown as Record<string, number>;
      expect(fromMemory.total_sets).toBe(fromSql.total_sets);
      expect(fromMemory.total_holders).toBe(fromSql.total_holders);
      expect(fromMemory.total_market_cap).toBeGreaterThan(0);
      expect(fromMemory.total_market_cap).toBeCloseTo(fromSql.total_market_cap as number, 6);
      expect(fromMemory.all_apy).toBeCloseTo(fromSql.all_apy as number, 6);
      expect(fromMemory.created_at).toBe(fromSql.created_at);
    }
  });

  it("the managers list orders by market cap, return, risk-adjusted return and risk, paged in SQL", async () => {
    const managers = async (q: string) =>
      (
        (await get(`/sofi/managers${q}`)).body.managers as { address: string; track_record: Record<string, number> }[]
      ).map((m) => ({ address: m.address.toLowerCase(), r: m.track_record }));
    const byCap = await managers("");
    expect(await managers("?orderby=market_cap")).toEqual(byCap);
    const check = async (order: string, key: string, dir: 1 | -1) => {
      const got = await managers(`?orderby=${order}`);
      expect(got).toHaveLength(2);
      const values = got.map((m) => m.r[key] as number);
      expect(dir * ((values[0] as number) - (values[1] as number))).toBeGreaterThanOrEqual(0);
      // the second page of one is the second row
      const second = await managers(`?orderby=${order}&limit=1&offset=1`);
      expect(second.map((m) => m.address)).toEqual([got[1]?.address]);
      return got.map((m) => m.address);
    };
    // 1: highest first, −1: lowest first
    const byReturn = await check("return", "return_inception", 1);
    await check("risk_adjusted", "risk_adjusted", 1);
    const byRisk = await check("risk", "risk_score", -1);
    // the orders follow the figures (M1's RAI basket: the higher score)
    expect(byRisk).toEqual([M2, M1]);
    expect(byReturn).toHaveLength(2);
    expect((await get("/sofi/managers?orderby=best")).body).toEqual({
      error: "orderby must be one of market_cap, return, risk_adjusted, risk",
    });
  });
});

describe.each(DB_KINDS)("track records in the refresh (%s)", (kind) => {
  /** The portfolios handler's (the chain's only) checkpoint at `block`, its block at `ts`. */
  const checkpoint = async (db: Db, block: number, hash: string, ts: number) => {
    await db.query(
      `INSERT INTO indexer_checkpoints (chain_id, indexer, block_number, block_hash) VALUES (31337, $1, $2, $3)
       ON CONFLICT (chain_id, indexer) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash`,
      [PORTFOLIOS_HANDLER, block, hash],
    );
    await db.query(
      `INSERT INTO indexer_blocks (chain_id, block_number, block_hash, timestamp) VALUES (31337, $1, $2, $3)
       ON CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash, timestamp = EXCLUDED.timestamp`,
      [block, hash, ts],
    );
  };
  const stored = async (db: Db, address: string) =>
    (
      await db.query<{
        risk_score: number | null;
        return_7d: number | null;
        max_drawdown: number | null;
        volatility: number;
      }>("SELECT risk_score, return_7d, max_drawdown, volatility FROM portfolio_metrics WHERE address = $1", [address])
    )[0];

  it("one block's spike at a close's mark moves neither the score nor any figure", async () => {
    const db = await freshDb(kind);
    await seed(db);
    const prices = new Market(db, local, DEPLOYMENT, 0).prices;
    const refresher = new MetricsRefresher(db, 31337, prices, new PortfolioUnits(db, 31337), () => now);
    await refresher.refresh();
    const before = await stored(db, P1);
    expect(before?.risk_score).toBe(expectedP1().riskScore);
    // RAI ×100 in one block, right before the mark of close 3 two hours back, undone in the next bucket
    const mark = closeMarkTimes(M)[3]?.[2] as number;
    await candle(db, RAI_USDT, mark - 10, rai(3) * 100);
    await candle(db, RAI_USDT, mark + 10, rai(3));
    // …and ×0.01 at close 10's latest mark
    const mark10 = closeMarkTimes(M)[10]?.[0] as number;
    await candle(db, RAI_USDT, mark10 - 10, rai(10) / 100);
    await candle(db, RAI_USDT, mark10 + 10, rai(10));
    // the marks do read the spikes (a close of one mark would move)
    const [atSpike, atDrop] = await prices.usdPricesAtTimes([mark, mark10]);
    expect(atSpike?.get(RAI)).toBeCloseTo(rai(3) * 100, 6);
    expect(atDrop?.get(RAI)).toBeCloseTo(rai(10) / 100, 6);
    await refresher.refresh();
    const after = await stored(db, P1);
    expect(after?.risk_score).toBe(before?.risk_score);
    expect(after?.return_7d).toBeCloseTo(before?.return_7d as number, 9);
    expect(after?.max_drawdown).toBeCloseTo(before?.max_drawdown as number, 9);
    expect(after?.volatility).toBeCloseTo(before?.volatility as number, 9);
  });

  it("prices at the marks are read once: a refresh in the same hour reads only the changes' three times, the next hour one new mark per close", async () => {
    const db = await freshDb(kind);
    await seed(db);
    await checkpoint(db, 1_000, "0xa1", now);
    const prices = new Market(db, local, DEPLOYMENT, 0).prices;
    const read: number[] = [];
    const original = prices.usdPricesAtTimes.bind(prices);
    prices.usdPricesAtTimes = (times, pairs) => {
      read.push(times.length);
      return original(times, pairs);
    };
    let clock = now;
    const refresher = new MetricsRefresher(db, 31337, prices, new PortfolioUnits(db, 31337), () => clock);
    expect(await refresher.refresh()).toBe(3);
    expect(refresher.managersWritten).toBe(2);
    // first: the changes' times, every mark (91 closes × 5), ETH at the inceptions' marks
    expect(read[0]).toBe(3);
    expect(read[1]).toBe((TRACK_RECORD_DAYS + 1) * 5);
    read.length = 0;
    // the next candle bucket, same hour, nothing indexed: the changes' times only, nothing written
    clock += 300;
    if (latestCloseMark(clock) === M) {
      await refresher.refresh();
      expect(read).toEqual([3]);
    }
    // the next hour: one new mark per close
    read.length = 0;
    clock = M + HOUR + 60;
    await checkpoint(db, 1_001, "0xa2", clock);
    await refresher.refresh();
    expect(read).toEqual([3, TRACK_RECORD_DAYS + 1]);
    // a reorg (the checkpoint's block has another hash): every mark again
    read.length = 0;
    await checkpoint(db, 1_001, "0xb2", clock);
    await db.query("UPDATE indexer_blocks SET block_hash = '0xb2' WHERE block_number = 1001");
    clock += 300;
    await checkpoint(db, 1_002, "0xb3", clock);
    await refresher.refresh();
    expect(read[1]).toBe((TRACK_RECORD_DAYS + 1) * 5);
  });

  it("manager_records hold each manager's record; unchanged records are not written again", async () => {
    const db = await freshDb(kind);
    await seed(db);
    await checkpoint(db, 1_000, "0xa1", now);
    const prices = new Market(db, local, DEPLOYMENT, 0).prices;
    const units = new PortfolioUnits(db, 31337);
    const refresher = new MetricsRefresher(db, 31337, prices, units, () => now);
    await refresher.refresh();
    const rows = await db.query<{ manager: string; record_days: number; risk_score: number | null }>(
      "SELECT manager, record_days, risk_score FROM manager_records ORDER BY manager",
    );
    expect(rows.map((r) => [r.manager, Number(r.record_days)])).toEqual([
      [M1, 40],
      [M2, 20],
    ]);
    // a restarted process reads what is stored before it compares
    await checkpoint(db, 1_001, "0xa2", now);
    const again = new MetricsRefresher(db, 31337, prices, new PortfolioUnits(db, 31337), () => now);
    expect(await again.refresh()).toBe(0);
    expect(again.managersWritten).toBe(0);
  });
});
