/**
 * Promotion in the portfolios API (issue 11) over synthetic indexed rows (the handlers' own inserts):
 * the featured list (`orderby=best`) puts portfolios whose promotion has not ended first, then by
 * APY; the detail's promote_end_at is the latest indexed end.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import type { EventColumns, HandlerRows } from "../src/indexer/handler.ts";
import { portfoliosHandler } from "../src/indexer/handlers/portfolios.ts";
import { promotionsHandler } from "../src/indexer/handlers/promotions.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { buildApp } from "./helpers/hardening.ts";
import { E18, fixtureDeployment, RAI, RAI_USDT, WETH, WETH_USDT } from "./helpers/portfolio-fixture.ts";

const DAY = 86_400;
const P1 = "0x00000000000000000000000000000000000000a1";
const P2 = "0x00000000000000000000000000000000000000a2";
const P3 = "0x00000000000000000000000000000000000000a3";
const M = "0x00000000000000000000000000000000000000b1";
const PROMOTION = "0x00000000000000000000000000000000000000f2";

const DEPLOYMENT = fixtureDeployment({ portfolioPromotion: PROMOTION }, { wethPair: true });

const now = Math.floor(Date.now() / 1000);

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

const created = (
  block: number,
  ts: number,
  portfolio: string,
  symbol: string,
  components: string[],
  units: bigint[],
) => ({
  block,
  log: 0,
  ts,
  address: "0x00000000000000000000000000000000000000f1",
  args: {
    portfolio,
    manager: M,
    name: symbol,
    symbol,
    components: JSON.stringify(components),
    units: JSON.stringify(units.map(String)),
    allocations: JSON.stringify(components.map(() => String(10_000 / components.length))),
    startPrice: (100n * E18).toString(),
  },
});

const promoted = (block: number, portfolio: string, endAt: number): Row => ({
  block,
  log: 0,
  ts: now - 100,
  address: PROMOTION,
  args: { portfolio, payer: M, amount: (100n * E18).toString(), endAt: String(endAt) },
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
  // APY: P2 (all RAI, +50 % in two hours) > P1 (half RAI, +25 % in ten days) > P3 (all WETH, 0 %)
  const rows: HandlerRows = {
    PortfolioCreated: cols([
      created(10, now - 10 * DAY, P1, "BLUE", [RAI, WETH], [25n * E18, E18 / 60n]),
      created(50, now - 2 * 3600, P2, "RAIX", [RAI], [50n * E18]),
      created(60, now - 3 * DAY, P3, "ETHX", [WETH], [E18 / 30n]),
    ]),
  };
  await db.transaction((tx) => portfoliosHandler.insert(tx, 31337, rows));
  // P3 (the lowest APY) promoted twice, still running; P1's promotion has ended
  await db.transaction((tx) =>
    promotionsHandler.insert(tx, 31337, {
      Promoted: cols([promoted(70, P3, now + 1800), promoted(71, P1, now - 60), promoted(72, P3, now + 3600)]),
    }),
  );
}

afterAll(closeAllDbs);

describe.each(DB_KINDS)("promotion in the portfolios API (%s)", (kind) => {
  let app: ReturnType<typeof buildApp>;
  const get = async (path: string) => {
    const res = await app.request(`http://127.0.0.1:8080/api/local${path}`);
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
    return { status: res.status, body: (await res.json()) as any };
  };
  const addresses = (body: { portfolios: { address: string }[] }) =>
    body.portfolios.map((p) => p.address.toLowerCase());

  beforeAll(async () => {
    const db = await freshDb(kind);
    await seed(db);
    app = buildApp(db, {
      deployment: DEPLOYMENT,
      overrides: { rateLimit: { perIp: 0, writesPerAddress: 0 }, deployments: { local: DEPLOYMENT } },
    });
  });

  it("features promoted portfolios first, then by APY; an ended promotion counts for nothing", async () => {
    const best = await get("/v2/sofi/portfolios?orderby=best&limit=10");
    expect(best.status).toBe(200);
    expect(addresses(best.body)).toEqual([P3, P2, P1]);
    expect(best.body.portfolios[0].apy).toBeLessThan(best.body.portfolios[1].apy);
    // a page of the featured list follows the same order
    expect(addresses((await get("/v2/sofi/portfolios?orderby=best&limit=1&offset=1")).body)).toEqual([P2]);
    // other orders ignore promotion (newest first)
    expect(addresses((await get("/v2/sofi/portfolios?orderby=new&limit=10")).body)).toEqual([P2, P3, P1]);
  });

  it("details promote_end_at as the latest indexed end (0 when never promoted)", async () => {
    expect((await get(`/sofi/portfolios/${P3}`)).body.promote_end_at).toBe(now + 3600);
    expect((await get(`/sofi/portfolios/${P1}`)).body.promote_end_at).toBe(now - 60);
    expect((await get(`/sofi/portfolios/${P2}`)).body.promote_end_at).toBe(0);
  });
});
