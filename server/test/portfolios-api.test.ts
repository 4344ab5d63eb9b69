/**
 * The portfolios API area over synthetic indexed rows (the handler's own insert) and candles with
 * known prices: every endpoint, every list order, pagination, valuation, signed writes and bad input.
 */

import { portfolioDetailSchema, portfoliosCacheSchema } from "@sofi/core";
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommitSignal } from "../src/api/commit-signal.ts";
import { PORTFOLIO_TOPIC } from "../src/api/queries/portfolios.ts";
import type { Db } from "../src/db/client.ts";
import { type EventColumns, type HandlerRows, touchedBy } from "../src/indexer/handler.ts";
import { portfoliosHandler } from "../src/indexer/handlers/portfolios.ts";
import { promotionsHandler } from "../src/indexer/handlers/promotions.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { buildApp, message, other, signed, user } from "./helpers/hardening.ts";
import { E18, fixtureDeployment, RAI, RAI_USDT, USDT, WETH, WETH_USDT } from "./helpers/portfolio-fixture.ts";

const DAY = 86_400;
const ZERO = "0x0000000000000000000000000000000000000000";
const P1 = "0x00000000000000000000000000000000000000a1";
const P2 = "0x00000000000000000000000000000000000000a2";
const M1 = user.address.toLowerCase();
const M2 = "0x00000000000000000000000000000000000000b2";
const ALICE = "0x00000000000000000000000000000000000000d1";
const BOB = "0x00000000000000000000000000000000000000d2";
const MODULE = "0x00000000000000000000000000000000000000e1";

const DEPLOYMENT = fixtureDeployment({ portfolioTradingModule: MODULE }, { wethPair: true });

const now = Math.floor(Date.now() / 1000);
const created1 = now - 10 * DAY - 100;
const created2 = now - 2 * 3600;

type Row = { block: number; log: number; ts: number; address: string; args: Record<string, string> };
function cols(rows: Row[]): EventColumns {
  const args: Record<string, string[]> = {};
  for (const r of rows)
    for (const [k, v] of Object.entries(r.args)) {
      args[k] = [...(args[k] ?? []), v];
    }
  return {
    block: rows.map((r) => r.block),
    logIndex: rows.map((r) => r.log),
    tx: rows.map((r) => `0x${(r.block * 100 + r.log).toString(16).padStart(64, "0")}`),
    ts: rows.map((r) => r.ts),
    address: rows.map((r) => r.address),
    args,
  } as EventColumns;
}

const createdRow = (
  block: number,
  ts: number,
  portfolio: string,
  manager: string,
  name: string,
  symbol: string,
  components: string[],
  units: bigint[],
): Row => ({
  block,
  log: 0,
  ts,
  address: "0x00000000000000000000000000000000000000f1",
  args: {
    portfolio,
    manager,
    name,
    symbol,
    components: JSON.stringify(components),
    units: JSON.stringify(units.map(String)),
    allocations: JSON.stringify(components.map(() => String(10_000 / components.length))),
    startPrice: (100n * E18).toString(),
  },
});
const buy = (
  block: number,
  ts: number,
  portfolio: string,
  buyer: string,
  quantity: bigint,
  amountIn: bigint,
  token = ZERO,
): Row => ({
  block,
  log: 5,
  ts,
  address: MODULE,
  args: {
    setToken: portfolio,
    buyer,
    tokenIn: token,
    quantity: String(quantity),
    amountIn: String(amountIn),
    tradeFee: "0",
  },
});
const mint = (block: number, ts: number, portfolio: string, to: string, value: bigint): Row => ({
  block,
  log: 4,
  ts,
  address: portfolio,
  args: { from: ZERO, to, value: String(value) },
});

async function seed(db: Db) {
  // prices: WETH 3000 throughout; RAI 2 until 10 minutes ago, then 3
  const candle = (pair: string, ts: number, r0: bigint, r1: bigint, block: number) =>
    db.query(
      `INSERT INTO pair_candles (chain_id, pair, bucket, block_number, log_index, timestamp, reserve0, reserve1)
       VALUES (31337, $1, $2, $3, 0, $4, $5, $6)`,
      [pair, Math.floor(ts / 300) * 300, block, ts, r0.toString(), r1.toString()],
    );
  await candle(WETH_USDT, now - 20 * DAY, 100n * E18, 300_000n * E18, 1);
  await candle(RAI_USDT, now - 20 * DAY, 1_000n * E18, 2_000n * E18, 1);
  await candle(RAI_USDT, now - 600, 1_000n * E18, 3_000n * E18, 90);
  await db.transaction((tx) => portfoliosHandler.insert(tx, 31337, seedRows()));
}

/** The seed's indexed rows: P1 initialised and trading, P2 with the module added only. */
function seedRows(): HandlerRows {
  return {
    // P1: 25 RAI (50 USD at 2) and 1/60 WETH (50 USD at 3000); P2: 50 RAI
    PortfolioCreated: cols([
      createdRow(10, created1, P1, M1, "Blue chips", "BLUE", [RAI, WETH], [25n * E18, E18 / 60n]),
      createdRow(50, created2, P2, M2, "Rai 100%", "RAIX", [RAI], [50n * E18]),
    ]),
    Transfer: cols([
      mint(11, created1 + 10, P1, ALICE, 2n * E18),
      mint(51, created2 + 10, P2, ALICE, E18),
      mint(52, created2 + 20, P2, BOB, E18),
    ]),
    PortfolioBought: cols([
      buy(11, created1 + 10, P1, ALICE, 2n * E18, 200n * E18, USDT),
      buy(51, created2 + 10, P2, ALICE, E18, E18 / 20n),
      buy(52, created2 + 20, P2, BOB, E18, E18 / 20n),
    ]),
    ModuleInitialized: cols([
      {
        block: 12,
        log: 1,
        ts: created1 + 20,
        address: MODULE,
        args: { setToken: P1, manager: M1, exitFeeBps: "50", exitFeeRecipient: M1 },
      },
    ]),
    TradingEnabled: cols([
      { block: 12, log: 2, ts: created1 + 20, address: MODULE, args: { setToken: P1, enabled: "true" } },
    ]),
    // P2: the trading module added to the set (state 1), another module added and removed
    ModuleAdded: cols([
      { block: 53, log: 1, ts: created2 + 30, address: P2, args: { _module: MODULE } },
      { block: 53, log: 2, ts: created2 + 30, address: P2, args: { _module: ALICE } },
    ]),
    ModuleRemoved: cols([{ block: 53, log: 3, ts: created2 + 30, address: P2, args: { setToken: ALICE } }]),
  };
}

afterAll(closeAllDbs);

describe.each(DB_KINDS)("portfolios API (%s)", (kind) => {
  let db: Db;
  let app: ReturnType<typeof buildApp>;
  const get = async (path: string, client = "192.0.2.1") => {
    const res = await app.request(`http://127.0.0.1:8080/api/local${path}`, {
      headers: { "x-forwarded-for": client },
    });
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
    return { status: res.status, body: (await res.json()) as any };
  };
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(`http://127.0.0.1:8080/api/local${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
    return { status: res.status, body: (await res.json()) as any };
  };
  const addresses = (body: { portfolios: { address: string }[] }) =>
    body.portfolios.map((p) => p.address.toLowerCase());

  beforeAll(async () => {
    db = await freshDb(kind);
    await seed(db);
    app = buildApp(db, {
      deployment: DEPLOYMENT,
      overrides: {
        rateLimit: { perIp: 0, writesPerAddress: 0 },
        deployments: { local: DEPLOYMENT },
        // views count once per client: the tests name their client in X-Forwarded-For
        trustProxy: true,
      },
    });
  });

  it("lists newest first with the spec's fields, total and SQL pages", async () => {
    const r = await get("/v2/sofi/portfolios?orderby=new&limit=10");
    expect(r.status).toBe(200);
    expect(addresses(r.body)).toEqual([P2, P1]);
    expect(r.body.total).toBe(2);
    const p1 = r.body.portfolios[1];
    expect(p1).toMatchObject({
      symbol: "BLUE",
      name: "Blue chips",
      favorite: false,
      created_at: created1,
      holders_count: 1,
      avatar_uri: null,
    });
    expect(p1.value_per_set).toBeCloseTo(125, 6);
    expect(p1.cumulative_apy).toBeCloseTo(25, 6);
    expect(p1.apy).toBeCloseTo((1.25 ** (365 / 30) - 1) * 100, 4);
    expect(p1.price_changed_24hr).toBeCloseTo(25, 6);
    expect(p1.total_value).toBeCloseTo(250, 6);
    const page = await get("/v2/sofi/portfolios?orderby=new&limit=1&offset=1");
    expect(addresses(page.body)).toEqual([P1]);
    expect(page.body.total).toBe(2);
    const past = await get("/v2/sofi/portfolios?orderby=new&limit=1&offset=5");
    expect(past.body).toEqual({ portfolios: [], total: 2 });
  });

  it("orders best (APY), risk (volatility of daily values), traded (buys and sells)", async () => {
    expect(addresses((await get("/v2/sofi/portfolios?orderby=best")).body)).toEqual([P2, P1]);
    expect(addresses((await get("/v2/sofi/portfolios?orderby=risk")).body)).toEqual([P1, P2]);
    expect(addresses((await get("/v2/sofi/portfolios?orderby=traded")).body)).toEqual([P2, P1]);
  });

  it("filters by manager, search (name, symbol, address, component token; wildcards literal) and buyer", async () => {
    expect(addresses((await get(`/v2/sofi/portfolios?manager=${M2}`)).body)).toEqual([P2]);
    expect(addresses((await get("/v2/sofi/portfolios?search=blue")).body)).toEqual([P1]);
    expect(addresses((await get("/v2/sofi/portfolios?search=raix")).body)).toEqual([P2]);
    expect(addresses((await get(`/v2/sofi/portfolios?search=${P2.toUpperCase().replace("0X", "0x")}`)).body)).toEqual([
      P2,
    ]);
    expect(addresses((await get("/v2/sofi/portfolios?search=%25")).body)).toEqual([P2]);
    expect(addresses((await get("/v2/sofi/portfolios?search=_")).body)).toEqual([]);
    // A token's symbol finds the portfolios holding it (the home's token chips); no holder, no match.
    expect(addresses((await get("/v2/sofi/portfolios?search=weth")).body)).toEqual([P1]);
    expect(addresses((await get("/v2/sofi/portfolios?search=%20WETH%20")).body)).toEqual([P1]);
    expect(addresses((await get("/v2/sofi/portfolios?search=usdt")).body)).toEqual([]);
    expect(addresses((await get(`/sofi/portfolios?buyer=${BOB}`)).body)).toEqual([P2]);
    expect(addresses((await get(`/sofi/portfolios?buyer=${ALICE}`)).body)).toEqual([P2, P1]);
    expect(addresses((await get("/sofi/portfolios")).body)).toEqual([P2, P1]);
  });

  it("managers: one row per manager, largest market cap first, sums of their portfolios, SQL pages", async () => {
    const all = (await get("/v2/sofi/portfolios?limit=100")).body.portfolios as {
      manager: string;
      total_value: number;
      holders_count: number;
      apy: number;
      created_at: number;
    }[];
    const expected = [M1, M2]
      .map((m) => {
        const mine = all.filter((p) => p.manager.toLowerCase() === m);
        return {
          address: getAddress(m),
          photo_url: null,
          name: null,
          total_market_cap: mine.reduce((a, p) => a + p.total_value, 0),
          total_sets: mine.length,
          total_holders: mine.reduce((a, p) => a + p.holders_count, 0),
          all_apy: mine.reduce((a, p) => a + p.apy, 0) / mine.length,
          created_at: Math.min(...mine.map((p) => p.created_at)),
        };
      })
      .sort((a, b) => b.total_market_cap - a.total_market_cap);
    expect(expected[0]?.total_market_cap).toBeGreaterThan(expected[1]?.total_market_cap ?? 0);
    const res = await get("/sofi/managers");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.managers.map((m: { address: string }) => m.address)).toEqual(expected.map((m) => m.address));
    for (const [i, m] of res.body.managers.entries()) {
      const e = expected[i] as (typeof expected)[number];
      expect(m).toEqual({
        ...e,
        total_market_cap: expect.any(Number),
        all_apy: expect.any(Number),
        track_record: expect.any(Object),
      });
      expect(m.total_market_cap).toBeCloseTo(e.total_market_cap, 6);
      expect(m.all_apy).toBeCloseTo(e.all_apy, 6);
    }
    const second = await get("/sofi/managers?limit=1&offset=1");
    expect(second.body.managers.map((m: { address: string }) => m.address)).toEqual([expected[1]?.address]);
    expect(second.body.total).toBe(2);
    expect(await get("/sofi/managers?offset=5")).toEqual({ status: 200, body: { managers: [], total: 2 } });
    expect((await get("/sofi/managers?limit=0")).body).toEqual({ error: "limit must be an integer from 1 to 1000" });
    expect((await get("/sofi/managers?address=0x1")).status).toBe(400);
  });

  it("refuses bad list queries with the spec's texts", async () => {
    expect(await get("/v2/sofi/portfolios?orderby=worst")).toEqual({
      status: 400,
      body: { error: "orderby must be one of favorited, best, rated, viewed, traded, risk, new" },
    });
    expect((await get("/v2/sofi/portfolios?limit=1001")).status).toBe(400);
    expect((await get("/v2/sofi/portfolios?manager=0x12")).status).toBe(400);
    expect((await get("/v2/sofi/portfolios?search=a%00")).status).toBe(400);
  });

  it("details: components, supply, fee, module state; counts views; 404 for unknown", async () => {
    const r = await get(`/sofi/portfolios/${P1}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      symbol: "BLUE",
      manager: user.address,
      decimals: 18,
      total_amount: "2",
      fee: 0.5,
      module_state: 2,
      trading_enabled: true,
      holders_count: 1,
      intro: "",
      promote_end_at: 0,
      views: 1,
    });
    expect(r.body.components.map((c: { symbol: string }) => c.symbol)).toEqual(["RAI", "WETH"]);
    expect(r.body.components[0].value_per_set).toBeCloseTo(75, 6);
    expect(r.body.components[0].amount).toBe((25n * E18).toString());
    expect(r.body.components[1].price_usd).toBeCloseTo(3000, 6);
    expect(r.body.price_changed_7day).toBeCloseTo(25, 6);
    // the same client again the same day: no new view (issue 21); another client: one more
    expect((await get(`/sofi/portfolios/${P1}`)).body.views).toBe(1);
    expect((await get(`/sofi/portfolios/${P1}`, "192.0.2.2")).body.views).toBe(2);
    expect((await get(`/sofi/portfolios/${P2}`)).body).toMatchObject({
      module_state: 1,
      trading_enabled: false,
      fee: 0,
    });
    expect(addresses((await get("/v2/sofi/portfolios?orderby=viewed")).body)).toEqual([P1, P2]);
    expect(await get("/sofi/portfolios/0x00000000000000000000000000000000000000ff")).toEqual({
      status: 404,
      body: { error: "Portfolio not found" },
    });
    expect((await get("/sofi/portfolios/nope")).status).toBe(400);
  });

  it("history: 1d, 1w and 1m points of value per set, from creation at the start price", async () => {
    const d = await get(`/sofi/portfolios/${P1}/history?type=1d`);
    expect(d.status).toBe(200);
    expect(d.body.length).toBeGreaterThanOrEqual(96);
    expect(d.body.at(-1).value).toBeCloseTo(125, 6);
    expect(d.body[0].value).toBeCloseTo(100, 6);
    const w = await get(`/sofi/portfolios/${P2}/history?type=1w`);
    expect(w.body[0]).toEqual({ ts: created2, value: 100 });
    expect(w.body.at(-1).value).toBeCloseTo(150, 6);
    expect(w.body.every((p: { ts: number }) => p.ts >= created2)).toBe(true);
    // A month: daily points from the creation 10 days ago (at the start price) to now.
    const m = await get(`/sofi/portfolios/${P1}/history?type=1m`);
    expect(m.body[0]).toEqual({ ts: created1, value: 100 });
    expect(m.body.length).toBeGreaterThanOrEqual(11);
    expect(m.body.length).toBeLessThanOrEqual(13);
    const daily = (m.body as { ts: number }[]).slice(1, -1).map((p) => p.ts);
    expect(daily.every((ts) => ts % DAY === 0)).toBe(true);
    expect(daily.slice(1).every((ts, i) => ts - (daily[i] as number) === DAY)).toBe(true);
    expect(m.body.at(-1).value).toBeCloseTo(d.body.at(-1).value, 6);
    expect(await get(`/sofi/portfolios/${P1}/history?type=day`)).toEqual({
      status: 400,
      body: { error: "type must be one of 1d, 1w, 1m" },
    });
    expect((await get("/sofi/portfolios/0x00000000000000000000000000000000000000ff/history?type=1d")).status).toBe(404);
  });

  it("asset history and transactions of a buyer", async () => {
    const a = await get(`/sofi/asset/history?buyer=${ALICE}&type=1d`);
    expect(a.status).toBe(200);
    expect(a.body.at(-1).value).toBeCloseTo(2 * 125 + 150, 6);
    expect(a.body[0].value).toBeCloseTo(2 * 100, 6);
    const t = await get(`/sofi/transactions?address=${ALICE}`);
    expect(t.body.transactions).toEqual([
      expect.objectContaining({
        kind: "buy",
        token_in_symbol: "ETH",
        token_out_symbol: "RAIX",
        token_in_amount: "0.05",
        token_out_amount: "1",
      }),
      expect.objectContaining({
        kind: "buy",
        token_in_symbol: "USDT",
        token_out_symbol: "BLUE",
        token_in_amount: "200",
        created_at: created1 + 10,
      }),
    ]);
    // One portfolio's trades, filtered in SQL: a page holds only that portfolio's rows.
    const one = await get(`/sofi/transactions?address=${ALICE}&portfolio=${P1}&limit=1`);
    expect(one.body.transactions).toEqual([expect.objectContaining({ token_out_symbol: "BLUE" })]);
    expect((await get(`/sofi/transactions?address=${ALICE}&portfolio=0xzz`)).body).toEqual({
      error: "Invalid address: 0xzz",
    });
    expect((await get("/sofi/transactions")).body).toEqual({ error: "Missing address" });
  });

  it("favourites are the signer's own: favorited list, flag, rated order, unfavourite", async () => {
    const h = await signed(message());
    expect((await post("/sofi/favorite", { portfolio: P1, favorite: true })).status).toBe(401);
    expect(await post("/sofi/favorite", { portfolio: P1, favorite: true, address: ALICE }, h)).toEqual({
      status: 403,
      body: { error: "address must be the signing address" },
    });
    expect(
      (await post("/sofi/favorite", { portfolio: "0x00000000000000000000000000000000000000ff", favorite: true }, h))
        .status,
    ).toBe(404);
    expect(await post("/sofi/favorite", { portfolio: P1, favorite: 1, address: user.address }, h)).toEqual({
      status: 200,
      body: { address: user.address, favorite: true },
    });
    expect(addresses((await get(`/v2/sofi/portfolios?orderby=favorited&address=${user.address}`)).body)).toEqual([P1]);
    expect(addresses((await get("/v2/sofi/portfolios?orderby=favorited")).body)).toEqual([]);
    expect(addresses((await get(`/v2/sofi/portfolios?orderby=favorited&address=${ALICE}`)).body)).toEqual([]);
    const listed = (await get(`/v2/sofi/portfolios?address=${user.address}`)).body.portfolios;
    expect(listed.map((p: { favorite: boolean }) => p.favorite)).toEqual([false, true]);
    expect(addresses((await get("/v2/sofi/portfolios?orderby=rated")).body)).toEqual([P1, P2]);
    expect((await get(`/sofi/portfolios/${P1}?address=${user.address}`)).body.favorite).toBe(true);
    await post("/sofi/favorite", { portfolio: P1, favorite: false }, h);
    expect(addresses((await get(`/v2/sofi/portfolios?orderby=favorited&address=${user.address}`)).body)).toEqual([]);
    expect((await post("/sofi/favorite", { portfolio: P1, favorite: "yes" }, h)).body).toEqual({
      error: "favorite must be true or false",
    });
  });

  it("only the manager edits intro and icon; limits and texts", async () => {
    const mine = await signed(message());
    const theirs = await signed(message({ address: other.address }), other);
    expect((await post("/sofi/portfolio", { portfolio: P1, intro: "hi" })).status).toBe(401);
    expect(await post("/sofi/portfolio", { portfolio: P1, intro: "hi" }, theirs)).toEqual({
      status: 403,
      body: { error: "Only the portfolio's manager can edit it" },
    });
    expect((await post("/sofi/portfolio", { portfolio: P2, intro: "hi" }, mine)).status).toBe(403);
    expect(await post("/sofi/portfolio", { portfolio: P1, intro: "x".repeat(801) }, mine)).toEqual({
      status: 400,
      body: { error: "intro must be at most 800 characters" },
    });
    expect(
      (await post("/sofi/portfolio", { portfolio: P1, intro: "a", icon: "data:image/gif;base64,R0lG" }, mine)).body,
    ).toEqual({
      error: "You can only upload JPG/PNG file!",
    });
    const png = `data:image/png;base64,${Buffer.from("\x89PNG\r\n\x1a\nhello", "latin1").toString("base64")}`;
    expect(
      await post("/sofi/portfolio", { portfolio: P1, manager: M1, intro: "About\nthis", icon: png }, mine),
    ).toEqual({
      status: 200,
      body: { address: "0x00000000000000000000000000000000000000A1" },
    });
    const d = (await get(`/sofi/portfolios/${P1}`)).body;
    expect(d.intro).toBe("About\nthis");
    expect(d.icon).toMatch(/\/api\/local\/sofi\/portfolios\/0x0+a1\/icon\?v=1$/i);
    const icon = await app.request(new URL(d.icon).pathname + new URL(d.icon).search);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await icon.arrayBuffer()).toString("latin1")).toBe("\x89PNG\r\n\x1a\nhello");
    // intro only: the icon stays
    await post("/sofi/portfolio", { portfolio: P1, intro: "Again" }, mine);
    expect((await get(`/sofi/portfolios/${P1}`)).body).toMatchObject({ intro: "Again", icon: d.icon });
    // An icon of real size (100 KB, far above the API's 8 KB default body limit) is taken.
    const real = `data:image/png;base64,${Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), Buffer.alloc(100_000, 7)]).toString("base64")}`;
    expect((await post("/sofi/portfolio", { portfolio: P1, intro: "Big icon", icon: real }, mine)).status).toBe(200);
    expect((await get(`/sofi/portfolios/${P1}`)).body.icon).toMatch(/\?v=2$/);
    const big = await post(
      "/sofi/portfolio",
      JSON.stringify({ portfolio: P1, intro: "x".repeat(4 * 1024 * 1024) }),
      mine,
    );
    expect(big.status).toBe(413);
  });
});

describe("the portfolios handlers name the portfolio of every row (PORTFOLIO_TOPIC)", () => {
  it("each event alone names its portfolio: emitted by the set or named in its arguments", () => {
    const expected: Record<string, string> = {
      PortfolioCreated: P1,
      Transfer: P1,
      PortfolioBought: P1,
      ModuleInitialized: P1,
      TradingEnabled: P1,
      ModuleAdded: P2,
      // a set's own ModuleRemoved names the module in `setToken`: the emitter is the set
      ModuleRemoved: P2,
    };
    for (const [event, columns] of Object.entries(seedRows())) {
      const touched = touchedBy([portfoliosHandler], { portfolios: { [event]: columns } });
      expect(touched?.[PORTFOLIO_TOPIC], event).toContain(expected[event]);
    }
  });

  it("a promotion names the promoted portfolio", () => {
    const touched = touchedBy([promotionsHandler], {
      promotions: {
        Promoted: cols([
          {
            block: 9,
            log: 0,
            ts: now,
            address: MODULE,
            args: { portfolio: P2, payer: ALICE, amount: "1", endAt: "9" },
          },
        ]),
      },
    });
    expect(touched?.[PORTFOLIO_TOPIC]).toEqual([P2]);
  });
});

describe.each(DB_KINDS)("portfolio details kept per portfolio (issue 21 §1, %s)", (kind) => {
  let db: Db;
  let app: ReturnType<typeof buildApp>;
  const commits = new CommitSignal();
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
  const get = async (path: string, client = "192.0.2.1"): Promise<{ status: number; body: any }> => {
    const res = await app.request(`http://127.0.0.1:8080/api/local${path}`, {
      headers: { "x-forwarded-for": client },
    });
    return { status: res.status, body: await res.json() };
  };
  const detail = async (id: string, client?: string) => {
    const r = await get(`/sofi/portfolios/${id}`, client);
    expect(r.status).toBe(200);
    return portfolioDetailSchema.parse(r.body);
  };
  const setIntro = (id: string, intro: string) =>
    db.query(
      `INSERT INTO portfolio_info (chain_id, address, intro) VALUES (31337, $1, $2)
       ON CONFLICT (chain_id, address) DO UPDATE SET intro = EXCLUDED.intro`,
      [id, intro],
    );

  beforeAll(async () => {
    db = await freshDb(kind);
    await seed(db);
    app = buildApp(db, {
      deployment: DEPLOYMENT,
      commits,
      overrides: {
        rateLimit: { perIp: 0, writesPerAddress: 0 },
        deployments: { local: DEPLOYMENT },
        trustProxy: true,
      },
    });
  });

  it("read ahead at the first request, equal to a detail read on demand", async () => {
    let cache = portfoliosCacheSchema.parse((await get("/sofi/portfolios/cache")).body);
    for (let i = 0; cache.warmth !== "warm" && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 25));
      cache = portfoliosCacheSchema.parse((await get("/sofi/portfolios/cache")).body);
    }
    expect(cache).toMatchObject({ warmth: "warm", portfolios: 2 });
    expect(cache.bytes).toBeGreaterThan(0);
    const ahead = await detail(P2, "192.0.2.50");
    commits.emit({ touched: { [PORTFOLIO_TOPIC]: [P2] } });
    const onDemand = await detail(P2, "192.0.2.50");
    expect(onDemand).toEqual(ahead);
    expect(onDemand).toMatchObject({ module_state: 1, trading_enabled: false, symbol: "RAIX" });
  });

  it("kept until a commit names the portfolio; another portfolio's commit leaves it", async () => {
    await setIntro(P1, "first");
    commits.emit({ touched: { [PORTFOLIO_TOPIC]: [P1] } });
    expect((await detail(P1)).intro).toBe("first");
    // written without a commit naming it: the kept detail is served (what proves it is kept)
    await setIntro(P1, "second");
    expect((await detail(P1)).intro).toBe("first");
    commits.emit({ touched: { [PORTFOLIO_TOPIC]: [P2], "trades.user": [ALICE] } });
    expect((await detail(P1)).intro).toBe("first");
    commits.emit({ touched: { [PORTFOLIO_TOPIC]: [P1.toUpperCase().replace("0X", "0x")] } });
    expect((await detail(P1)).intro).toBe("second");
    // a change that cannot say what it changed (a reorg, a bus that reconnected) drops every detail
    await setIntro(P1, "third");
    commits.emit();
    expect((await detail(P1)).intro).toBe("third");
  });

  it("the live part moves while the stored part is kept: metrics of each refresh, views of each request", async () => {
    const before = await detail(P1, "192.0.2.60");
    await setIntro(P1, "not yet");
    // RAI from 3 to 4 USD: a commit that names no portfolio (a pair's Sync)
    await db.query(
      `INSERT INTO pair_candles (chain_id, pair, bucket, block_number, log_index, timestamp, reserve0, reserve1)
       VALUES (31337, $1, $2, 95, 0, $3, $4, $5)`,
      [RAI_USDT, Math.floor((now - 60) / 300) * 300, now - 60, (1_000n * E18).toString(), (4_000n * E18).toString()],
    );
    commits.emit({ touched: {} });
    // the chain's latest reserves are read again at most once a second (Market)
    await new Promise((r) => setTimeout(r, 1_100));
    const after = await detail(P1, "192.0.2.61");
    expect(after.intro).toBe(before.intro);
    expect(after.components[0]?.price_usd).toBeCloseTo(4, 6);
    expect(after.components[0]?.value_per_set).toBeCloseTo(100, 6);
    expect(after.value_per_set).toBeCloseTo(before.value_per_set + 25, 6);
    expect(after.views).toBe(before.views + 1);
  });

  it("the manager's info write shows on the next read (the write names its portfolio)", async () => {
    const mine = await signed(message());
    await setIntro(P1, "stale");
    commits.emit({ touched: { [PORTFOLIO_TOPIC]: [P1] } });
    expect((await detail(P1)).intro).toBe("stale");
    const res = await app.request("http://127.0.0.1:8080/api/local/sofi/portfolio", {
      method: "POST",
      headers: { "content-type": "application/json", ...mine },
      body: JSON.stringify({ portfolio: P1, intro: "written" }),
    });
    expect(res.status).toBe(200);
    expect((await detail(P1)).intro).toBe("written");
  });

  it("an unknown portfolio is 404 and nothing is kept for it", async () => {
    const unknown = "0x00000000000000000000000000000000000000ff";
    expect((await get(`/sofi/portfolios/${unknown}`)).status).toBe(404);
    expect((await get(`/sofi/portfolios/${unknown}`)).status).toBe(404);
    const cache = portfoliosCacheSchema.parse((await get("/sofi/portfolios/cache")).body);
    expect(cache.portfolios).toBeLessThanOrEqual(2);
  });
});
