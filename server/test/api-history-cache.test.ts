/**
 * `GET /v2/proxy/history` from the Market's short-lived cache: the caching headers (Cache-Control
 * by range, a strong ETag, 304 on If-None-Match), the reply byte for byte what the plain
 * DISTINCT ON computation over pair_candles gives, one computation for concurrent misses, and a
 * reply that changes once new swaps are indexed and `invalidate()` runs (in startServer, the
 * indexer's commit calls it).
 */
import { HISTORY_RANGES, type HistoryType } from "@sofi/core";
import { CHAINS } from "@sofi/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/api/app.ts";
import { etagMatches, Market } from "../src/api/market.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { runBackfill } from "../src/indexer/engine.ts";
import { createRpcClient } from "../src/indexer/rpc.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { startServer } from "../src/server.ts";
import { E18 } from "./helpers/chain.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { type MarketChain, startMarketChain } from "./helpers/market.ts";

const local = CHAINS.find((c) => c.suffix === "local");
if (!local) throw new Error("no local chain");
const TYPES = Object.keys(HISTORY_RANGES) as HistoryType[];

let chain: MarketChain;
beforeAll(async () => {
  chain = await startMarketChain();
});
afterAll(async () => {
  await closeAllDbs();
  await chain?.stop();
});

/** The history of one pool as the API computed it before the cache (DISTINCT ON over every candle of the range). */
async function referenceSeries(db: Db, pair: string, baseIsToken0: boolean, type: HistoryType, now: number) {
  const { rangeSeconds, bucketSeconds } = HISTORY_RANGES[type];
  const since = Math.floor((now - rangeSeconds) / bucketSeconds) * bucketSeconds;
  const [rb, rq] = baseIsToken0 ? ["reserve0", "reserve1"] : ["reserve1", "reserve0"];
  const rows = await db.query<{ ts: unknown; value: unknown }>(
    `WITH pts AS (
       SELECT DISTINCT ON (b) (bucket / $3) * $3 AS b, ${rb} AS rb, ${rq} AS rq
       FROM pair_candles WHERE chain_id = $1 AND pair = $2 AND bucket >= $4
       ORDER BY b, bucket DESC
     ), first AS (
       SELECT $4::int8 AS b, ${rb} AS rb, ${rq} AS rq FROM pair_candles
       WHERE chain_id = $1 AND pair = $2 AND bucket < $4
         AND NOT EXISTS (SELECT 1 FROM pts WHERE pts.b = $4)
       ORDER BY bucket DESC LIMIT 1
     )
     SELECT b AS ts, CASE WHEN rb = 0 THEN 0 ELSE (rq * 1e0::numeric / rb)::float8 END AS value
     FROM (SELECT * FROM first UNION ALL SELECT * FROM pts) x ORDER BY b`,
    [31337, pair.toLowerCase(), bucketSeconds, since],
  );
  return rows.map((r) => ({ ts: Number(r.ts), value: Number(r.value) }));
}

describe.each(DB_KINDS)("history cache on %s", (kind) => {
  let db: Db;
  let market: Market;
  let app: ReturnType<typeof createApp>;
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(`http://127.0.0.1:8080/api/local/v2/proxy/history?${path}`, { headers });
  const backfill = () =>
    runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment: chain.deployment(), rpcUrl: chain.rpcUrl });

  beforeAll(async () => {
    db = await freshDb(kind);
    await backfill();
    const config = loadConfig(
      { CHAINS: "local" },
      { deployments: { local: chain.deployment() }, rpcUrls: { local: chain.rpcUrl } },
    );
    const cc = config.chains[0];
    if (!cc) throw new Error("no chain config");
    // A minute of cache: only invalidate() makes a reply change in these tests.
    market = new Market(db, local, chain.deployment(), 1_000, 60_000);
    app = createApp({ db, config, chains: [{ config: cc, client: createRpcClient(chain.rpcUrl), market }] });
  });

  it("sends Cache-Control by range and a strong ETag, and 304 for a matching If-None-Match", async () => {
    const maxAge: Record<HistoryType, number> = { day: 15, week: 60, month: 240, year: 300 };
    for (const type of TYPES) {
      const res = await get(`symbol=RAI-USDT&type=${type}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("cache-control")).toBe(`public, max-age=${maxAge[type]}`);
      const etag = res.headers.get("etag") ?? "";
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(Number(res.headers.get("age"))).toBeLessThanOrEqual(1);
      expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);

      const again = await get(`symbol=RAI-USDT&type=${type}`, { "If-None-Match": `"other", W/${etag}` });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe(`public, max-age=${maxAge[type]}`);
      expect((await get(`symbol=RAI-USDT&type=${type}`, { "If-None-Match": '"other"' })).status).toBe(200);
    }
    // Age counts the seconds the reply has spent in the server's cache.
    await new Promise((r) => setTimeout(r, 1_100));
    const aged = await get("symbol=RAI-USDT&type=year");
    expect(Number(aged.headers.get("age"))).toBeGreaterThanOrEqual(1);
    expect(aged.headers.get("cache-control")).toBe("public, max-age=300");
    // Errors are not cached by anyone.
    const bad = await get("symbol=RAI-NOPE&type=day");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("cache-control")).toBe("no-store");
    expect(bad.headers.get("etag")).toBeNull();
  });

  it("answers byte for byte what the DISTINCT ON computation over every candle gives", async () => {
    const d = chain.deployment();
    for (const [symbol, addr, base] of [
      ["RAI-USDT", chain.pairs.raiUsdtDeep, chain.tokens.rai],
      ["WETH-USDT", chain.pairs.wethUsdt, chain.tokens.weth],
    ] as const) {
      const p = d.pairs.find((x) => x.address.toLowerCase() === addr.toLowerCase());
      const baseIsToken0 = p?.token0.toLowerCase() === base.toLowerCase();
      for (const type of TYPES) {
        const now = Math.floor(Date.now() / 1000);
        const [b, q] = symbol.split("-") as [string, string];
        const reply = await market.historyReply({ base: b, quote: q }, type, now);
        const points = await referenceSeries(db, addr, baseIsToken0, type, now);
        expect(points.length, `${symbol} ${type}`).toBeGreaterThan(0);
        expect(reply.body, `${symbol} ${type}`).toBe(JSON.stringify(points));
        expect(reply.body).toBe(JSON.stringify(await market.history({ base: b, quote: q }, type, now)));
      }
    }
  });

  it("runs one computation for concurrent misses", async () => {
    let queries = 0;
    const query: Db["query"] = (text, params) => {
      queries++;
      return db.query(text, params);
    };
    const counting = { ...db, query } as Db;
    const m = new Market(counting, local, chain.deployment(), 1_000, 60_000);
    const pair = { base: "ORPH", quote: "USDT" };
    const first = await m.historyReply(pair, "month");
    const one = queries;
    expect(one).toBeGreaterThan(0);
    expect(await m.historyReply(pair, "month")).toBe(first);
    expect(queries).toBe(one);
    m.invalidate();
    queries = 0;
    const replies = await Promise.all(Array.from({ length: 20 }, () => m.historyReply(pair, "month")));
    expect(queries).toBe(one);
    for (const r of replies) expect(r.body).toBe(first.body);
  });

  it("shares one reserves query among concurrent price reads, and prices per set of reserves", async () => {
    let queries = 0;
    const query: Db["query"] = (text, params) => {
      queries++;
      return db.query(text, params);
    };
    const m = new Market({ ...db, query } as Db, local, chain.deployment(), 60_000);
    const all = await Promise.all(Array.from({ length: 20 }, () => m.prices.usdPrices()));
    expect(queries).toBe(1);
    for (const p of all) expect(p).toBe(all[0]);
    expect(all[0]?.get(chain.tokens.usdt.toLowerCase())).toBe(1);
    const tickers = await Promise.all(Array.from({ length: 20 }, () => m.ticker({ base: "RAI", quote: "USDT" }, 1e9)));
    // The latest reserves are cached already; the ones of a day before 1e9 take one more query.
    expect(queries).toBe(2);
    for (const t of tickers) expect(t).toEqual(tickers[0]);
  });

  it("changes once new swaps are indexed and invalidate() runs, not before", async () => {
    const before = await get("symbol=RAI-USDT&type=week");
    const beforeBody = await before.text();
    const beforeEtag = before.headers.get("etag") ?? "";

    await chain.swap(chain.pairs.raiUsdtDeep, chain.tokens.usdt, 20_000n * E18);
    await backfill();
    // Indexed, but this Market has not been told: the cached reply stands.
    const cached = await get("symbol=RAI-USDT&type=week");
    expect(await cached.text()).toBe(beforeBody);
    expect(cached.headers.get("etag")).toBe(beforeEtag);

    market.invalidate();
    const after = await get("symbol=RAI-USDT&type=week", { "If-None-Match": beforeEtag });
    expect(after.status).toBe(200);
    const afterBody = await after.text();
    expect(afterBody).not.toBe(beforeBody);
    expect(after.headers.get("etag")).not.toBe(beforeEtag);
    const pts = JSON.parse(afterBody) as { value: number }[];
    const last = JSON.parse(beforeBody).at(-1).value as number;
    // USDT in: RAI got dearer.
    expect(pts.at(-1)?.value).toBeGreaterThan(last);
  });

  it("recomputes a reply older than its time to live without invalidate() (an API process without the indexer)", async () => {
    // By default a reply lives as long as its max-age.
    const dflt = new Market(db, local, chain.deployment());
    const r1 = await dflt.historyReply({ base: "RAI", quote: "USDT" }, "day");
    expect(await dflt.historyReply({ base: "RAI", quote: "USDT" }, "day")).toBe(r1);
    const m = new Market(db, local, chain.deployment(), 1_000, 100);
    const pair = { base: "RAI", quote: "USDT" };
    const before = await m.historyReply(pair, "day");
    await chain.swap(chain.pairs.raiUsdtDeep, chain.tokens.usdt, 20_000n * E18);
    await backfill();
    await new Promise((r) => setTimeout(r, 150));
    const after = await m.historyReply(pair, "day");
    expect(after.body).not.toBe(before.body);
  });
});

describe("etagMatches", () => {
  it("compares weakly, takes lists and *", () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches("*", '"a"')).toBe(true);
    expect(etagMatches('"ab"', '"a"')).toBe(false);
  });
});

describe("startServer", () => {
  it("drops cached history when its indexer commits new swaps", async () => {
    const db = await freshDb("pglite");
    const server = await startServer({
      env: { CHAINS: "local", POLL_INTERVAL_MS_LOCAL: "100" },
      port: 0,
      db,
      deployments: { local: chain.deployment() },
      rpcUrls: { local: chain.rpcUrl },
      log: () => {},
    });
    try {
      type Health = { chains: { indexedBlock: number | null }[] };
      const indexed = async () =>
        ((await (await fetch(`${server.url}/api/health`)).json()) as Health).chains[0]?.indexedBlock;
      const waitIndexed = async (block: number) => {
        const end = Date.now() + 20_000;
        while ((await indexed()) !== block) {
          if (Date.now() > end) throw new Error(`not indexed to ${block}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      await waitIndexed(Number(await chain.wallet.getBlockNumber()));
      const url = `${server.url}/api/local/v2/proxy/history?symbol=RAI-USDT&type=month`;
      const first = await fetch(url);
      expect(first.headers.get("cache-control")).toBe("public, max-age=240");
      const body = await first.text();
      const t0 = Date.now();
      await chain.swap(chain.pairs.raiUsdtDeep, chain.tokens.rai, 5_000n * E18);
      await waitIndexed(Number(await chain.wallet.getBlockNumber()));
      const changed = await (await fetch(url)).text();
      // Well within the month reply's 240 s time to live: the commit, not the clock, dropped it.
      expect(Date.now() - t0).toBeLessThan(240_000);
      expect(changed).not.toBe(body);
    } finally {
      await server.stop();
    }
  });
});
