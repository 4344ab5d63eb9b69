import { createRequire } from "node:module";
import { priceFromReserves } from "@sofi/core";
import { CHAINS } from "@sofi/protocol";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/api/app.ts";
import { Market } from "../src/api/market.ts";
import { loadConfig } from "../src/config.ts";
import { runBackfill } from "../src/indexer/engine.ts";
import { createRpcClient } from "../src/indexer/rpc.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { DAY, type MarketChain, startMarketChain } from "./helpers/market.ts";

const require = createRequire(import.meta.url);
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const local = CHAINS.find((c) => c.suffix === "local");
if (!local) throw new Error("no local chain");

let chain: MarketChain;
beforeAll(async () => {
  chain = await startMarketChain();
});
afterAll(async () => {
  await closeAllDbs();
  await chain?.stop();
});

/** base priced in quote from a pair's reserves on chain (optionally at a block). */
async function chainPrice(pair: Address, base: Address, at?: bigint) {
  const { r0, r1 } = await chain.reserves(pair, at);
  const p = chain.deployment().pairs.find((x) => x.address.toLowerCase() === pair.toLowerCase());
  const is0 = p?.token0.toLowerCase() === base.toLowerCase();
  return is0 ? priceFromReserves(r0, r1, 18, 18) : priceFromReserves(r1, r0, 18, 18);
}

describe.each(DB_KINDS)("API on %s", (kind) => {
  let app: ReturnType<typeof createApp>;
  const get = async (path: string) => {
    const res = await app.request(`http://127.0.0.1:8080${path}`);
    return { status: res.status, body: (await res.json()) as never as Record<string, unknown> & unknown[] };
  };

  let market: Market;
  beforeAll(async () => {
    const db = await freshDb(kind);
    const deployment = chain.deployment();
    await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment, rpcUrl: chain.rpcUrl });
    market = new Market(db, local, deployment, 0);
    const config = loadConfig(
      { CHAINS: "local" },
      { deployments: { local: deployment }, rpcUrls: { local: chain.rpcUrl } },
    );
    const cc = config.chains[0];
    if (!cc) throw new Error("no chain config");
    app = createApp({
      db,
      config,
      chains: [{ config: cc, client: createRpcClient(chain.rpcUrl), market: new Market(db, local, deployment) }],
    });
  });

  it("prices tokens at many times from only the pools that price them, as every pool would", async () => {
    const prices = market.prices;
    const { usdt, rai, orphan, weth } = chain.tokens;
    const token = (a: Address) => prices.tokenByAddress(a) as NonNullable<ReturnType<typeof prices.tokenByAddress>>;
    const pairsOf = (...ts: Address[]) =>
      prices
        .usdPairsOf(ts.map(token))
        .map((p) => p.address)
        .sort();
    const sorted = (...a: Address[]) => a.map((x) => x.toLowerCase()).sort();
    const { raiUsdtDeep, raiUsdtShallow, wethUsdt, orphWeth } = chain.pairs;
    // RAI: its two USDT pools (and WETH's, which a token without a USDT pool would go through)
    expect(pairsOf(rai)).toEqual(sorted(raiUsdtDeep, raiUsdtShallow, wethUsdt));
    // ORPH has no USDT pool: its WETH pool and WETH's USDT pool
    expect(pairsOf(orphan)).toEqual(sorted(orphWeth, wethUsdt));
    const times = [chain.now - 2 * DAY - 10, chain.now - DAY, chain.now];
    const all = await prices.usdPricesAtTimes(times);
    for (const t of [rai, orphan, weth, usdt]) {
      const narrow = await prices.usdPricesAtTimes(times, prices.usdPairsOf([token(t)]));
      for (const [i, at] of all.entries()) {
        expect(at.get(t.toLowerCase())).toBeGreaterThan(0);
        expect(narrow[i]?.get(t.toLowerCase())).toBe(at.get(t.toLowerCase()));
      }
    }
  });

  it("GET /api/health reports indexed and head block", async () => {
    const { status, body } = await get("/api/health");
    expect(status).toBe(200);
    const head = Number(await chain.wallet.getBlockNumber());
    expect(body).toEqual({
      ok: true,
      chains: [
        {
          chain: "local",
          chainId: 31337,
          indexedBlock: head,
          headBlock: head,
          lag: 0,
          lastCommitAgeS: null,
          lastError: null,
          quarantined: 0,
          problems: [],
        },
      ],
    });
  });

  it("GET /api/config lists the chain, its deployment and the blocked addresses", async () => {
    const { status, body } = await get("/api/config");
    expect(status).toBe(200);
    const cfg = body as unknown as {
      chains: { id: number; suffix: string; rpcUrl: string; deployment: { weth: string } }[];
      blockedAddresses: string[];
    };
    expect(cfg.chains[0]).toMatchObject({
      id: 31337,
      suffix: "local",
      rpcUrl: chain.rpcUrl,
      deployment: { weth: chain.tokens.weth },
    });
    expect(cfg.blockedAddresses).toHaveLength(5);
  });

  it("unknown chain → 404, unknown API path → 404", async () => {
    expect(await get("/api/nochain/sofi/tokens")).toEqual({ status: 404, body: { error: "Unknown chain: nochain" } });
    expect((await get("/api/local/nothing-here")).status).toBe(404);
  });

  it("GET /sofi/tokens gives every token with its USD price from the deepest pool", async () => {
    const { status, body } = await get("/api/local/sofi/tokens");
    expect(status).toBe(200);
    const tokens = body as unknown as {
      symbol: string;
      address: string;
      price_usd: number;
      chainId: number;
      logoURI: string;
    }[];
    const by = Object.fromEntries(tokens.map((t) => [t.symbol, t]));
    expect(Object.keys(by).sort()).toEqual(["ORPH", "RAI", "USDT", "WETH"]);
    expect(by.USDT?.price_usd).toBe(1);
    expect(by.RAI?.price_usd).toBeCloseTo(await chainPrice(chain.pairs.raiUsdtDeep, chain.tokens.rai), 9);
    // the shallow pool quotes 3: the deep one wins
    expect(by.RAI?.price_usd).toBeLessThan(2.5);
    expect(by.WETH?.price_usd).toBe(3000);
    // ORPH has no USDT pool: via WETH → USDT
    expect(by.ORPH?.price_usd).toBeCloseTo(1, 9);
    expect(by.RAI?.chainId).toBe(31337);
    expect(by.RAI?.logoURI).toBe("http://127.0.0.1:8080/tokens/rai.png");
  });

  it("GET /sofi/tokens?address= filters; a bad address → 400 with the spec's text", async () => {
    const { body } = await get(`/api/local/sofi/tokens?address=${chain.tokens.rai.toLowerCase()}`);
    expect((body as unknown as { symbol: string }[]).map((t) => t.symbol)).toEqual(["RAI"]);
    expect(await get("/api/local/sofi/tokens?address=0x1234")).toEqual({
      status: 400,
      body: { error: "Invalid address: 0x1234" },
    });
    expect((await get("/api/local/sofi/tokens?format=xml")).status).toBe(400);
  });

  it("GET /sofi/tokens?format=tokenlist validates against the Uniswap token-list schema", async () => {
    const { status, body } = await get("/api/local/sofi/tokens?format=tokenlist");
    expect(status).toBe(200);
    const ajv = new Ajv({ allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(require("@uniswap/token-lists/src/tokenlist.schema.json"));
    const ok = validate(body);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    const doc = body as unknown as { tokens: { symbol: string; extensions: { price_usd: number } }[] };
    expect(doc.tokens.find((t) => t.symbol === "WETH")?.extensions.price_usd).toBe(3000);
  });

  it("GET /proxy/ticker/24hr: price and 24 h change from indexed reserves", async () => {
    const { status, body } = await get("/api/local/proxy/ticker/24hr?symbol=RAI-USDT");
    expect(status).toBe(200);
    const now = await chainPrice(chain.pairs.raiUsdtDeep, chain.tokens.rai);
    // the price 24 h ago is the one after the swap 1.5 days ago
    const before = await chainPrice(chain.pairs.raiUsdtDeep, chain.tokens.rai, chain.swapBlocks[1]);
    expect(body.symbol).toBe("RAI-USDT");
    expect(body.price as number).toBeCloseTo(now, 9);
    expect(body.priceChangePercent as number).toBeCloseTo(((now - before) / before) * 100, 3);
    expect(body.priceChangePercent as number).toBeLessThan(0);
  });

  it("ticker maps native to wrapped, forces identical wrapped pairs to 1, prices without a direct pool", async () => {
    expect((await get("/api/local/proxy/ticker/24hr?symbol=ETH-USDT")).body).toEqual({
      symbol: "ETH-USDT",
      price: 3000,
      priceChangePercent: 0,
    });
    expect((await get("/api/local/proxy/ticker/24hr?symbol=WETH-ETH")).body).toEqual({
      symbol: "WETH-ETH",
      price: 1,
      priceChangePercent: 0,
    });
    expect((await get("/api/local/proxy/ticker/24hr?symbol=ETH-WETH")).body).toEqual({
      symbol: "ETH-WETH",
      price: 1,
      priceChangePercent: 0,
    });
    const usdtRai = (await get("/api/local/proxy/ticker/24hr?symbol=USDT-RAI")).body;
    expect(usdtRai.price as number).toBeCloseTo(1 / (await chainPrice(chain.pairs.raiUsdtDeep, chain.tokens.rai)), 9);
    const orph = (await get("/api/local/proxy/ticker/24hr?symbol=ORPH-USDT")).body;
    expect(orph.price as number).toBeCloseTo(1, 9);
  });

  it("ticker refuses bad symbols with 400", async () => {
    expect(await get("/api/local/proxy/ticker/24hr")).toEqual({ status: 400, body: { error: "Missing symbol" } });
    expect(await get("/api/local/proxy/ticker/24hr?symbol=RAI")).toEqual({
      status: 400,
      body: { error: "Invalid symbol: RAI" },
    });
    const r = await get("/api/local/proxy/ticker/24hr?symbol=RAI-FOO");
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^Invalid symbol: RAI-FOO/);
  });

  it("GET /v2/proxy/history: bucketed last prices over the range", async () => {
    const { status, body } = await get("/api/local/v2/proxy/history?symbol=RAI-USDT&type=week");
    expect(status).toBe(200);
    const pts = body as unknown as { ts: number; value: number }[];
    expect(pts.length).toBeGreaterThanOrEqual(4);
    for (const p of pts) expect(p.ts % 3600).toBe(0);
    expect(pts.map((p) => p.ts)).toEqual([...pts.map((p) => p.ts)].sort((a, b) => a - b));
    // initial liquidity: 2 USDT per RAI
    expect(pts[0]?.value).toBe(2);
    expect(pts.at(-1)?.value).toBeCloseTo(await chainPrice(chain.pairs.raiUsdtDeep, chain.tokens.rai), 9);
    const afterSecond = await chainPrice(chain.pairs.raiUsdtDeep, chain.tokens.rai, chain.swapBlocks[1]);
    expect(pts.some((p) => Math.abs(p.value - afterSecond) < 1e-9)).toBe(true);

    // day: starts with the price carried in from before the range, 15-minute buckets
    const day = (await get("/api/local/v2/proxy/history?symbol=RAI-USDT&type=day")).body as unknown as {
      ts: number;
      value: number;
    }[];
    expect(day[0]?.value).toBeCloseTo(afterSecond, 9);
    expect(day[0]?.ts).toBeGreaterThanOrEqual(chain.now - DAY - 900);
    for (const p of day) expect(p.ts % 900).toBe(0);
    expect(day).toHaveLength(2);

    // no direct pool: through WETH
    const orph = (await get("/api/local/v2/proxy/history?symbol=ORPH-USDT&type=month")).body as unknown as {
      value: number;
    }[];
    expect(orph.length).toBeGreaterThan(0);
    expect(orph.at(-1)?.value).toBeCloseTo(1, 9);
    const same = (await get("/api/local/v2/proxy/history?symbol=ETH-WETH&type=year")).body as unknown as {
      value: number;
    }[];
    expect(same.every((p) => p.value === 1)).toBe(true);
  });

  it("history refuses bad input with 400", async () => {
    expect(await get("/api/local/v2/proxy/history?symbol=undefined-USDT&type=day")).toEqual({
      status: 400,
      body: { error: "Invalid symbol: undefined-USDT" },
    });
    expect((await get("/api/local/v2/proxy/history?symbol=RAI-USDT&type=decade")).body).toEqual({
      error: "type must be one of day, week, month, year",
    });
    expect((await get("/api/local/v2/proxy/history?type=day")).status).toBe(400);
    expect((await get("/api/local/v2/proxy/history?symbol=RAI-NOPE&type=day")).status).toBe(400);
    expect((await get("/api/local/v2/proxy/history?symbol=RAI-&type=day")).status).toBe(400);
  });
});
