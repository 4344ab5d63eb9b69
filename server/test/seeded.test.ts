/** The product's own deploy and seed scripts (contracts/scripts) against this server: every token gets a price. */
import { deployAll, getFreePort, seed, startAnvil } from "@sofi/contracts";
import type { Deployment } from "@sofi/protocol";
import { CHAINS } from "@sofi/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/api/app.ts";
import { Market } from "../src/api/market.ts";
import { loadConfig } from "../src/config.ts";
import { runBackfill } from "../src/indexer/engine.ts";
import { createRpcClient } from "../src/indexer/rpc.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { closeAllDbs, freshDb } from "./helpers/db.ts";

const local = CHAINS.find((c) => c.suffix === "local");
if (!local) throw new Error("no local chain");
let anvil: Awaited<ReturnType<typeof startAnvil>>;
let deployment: Deployment;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  anvil = await startAnvil({ port: await getFreePort(), timestamp: now - 3 * 86_400 });
  deployment = await deployAll({ rpcUrl: anvil.rpcUrl });
  await seed({ rpcUrl: anvil.rpcUrl, deployment, days: 2, now });
  const db = await freshDb("pglite");
  const stats = await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment, rpcUrl: anvil.rpcUrl });
  expect(stats.counts.Swap ?? 0).toBeGreaterThan(0);
  const config = loadConfig(
    { CHAINS: "local" },
    { deployments: { local: deployment }, rpcUrls: { local: anvil.rpcUrl } },
  );
  const cc = config.chains[0];
  if (!cc) throw new Error("no chain");
  app = createApp({
    db,
    config,
    chains: [{ config: cc, client: createRpcClient(anvil.rpcUrl), market: new Market(db, local, deployment) }],
  });
}, 240_000);
afterAll(async () => {
  await closeAllDbs();
  await anvil?.stop();
});

const get = async (path: string) => (await app.request(`http://127.0.0.1:8080${path}`)).json() as Promise<never>;

describe("seeded local chain", () => {
  it("prices every seeded token in USD", async () => {
    const tokens = (await get("/api/local/sofi/tokens")) as { symbol: string; price_usd: number }[];
    expect(tokens.length).toBeGreaterThanOrEqual(deployment.tokens.length);
    for (const t of tokens) expect(t.price_usd, t.symbol).toBeGreaterThan(0);
    expect(tokens.find((t) => t.symbol === "USDT")?.price_usd).toBe(1);
  });

  it("answers the ticker and history for every token against USDT, and ETH-USDT as WETH-USDT", async () => {
    for (const t of deployment.tokens.filter((x) => x.symbol !== "USDT")) {
      const tick = (await get(`/api/local/proxy/ticker/24hr?symbol=${t.symbol}-USDT`)) as { price: number };
      expect(tick.price, t.symbol).toBeGreaterThan(0);
      const hist = (await get(`/api/local/v2/proxy/history?symbol=${t.symbol}-USDT&type=week`)) as { value: number }[];
      expect(hist.length, t.symbol).toBeGreaterThan(1);
      // One point per timestamp, ascending, in every range: a line series takes nothing else.
      for (const type of ["day", "week"]) {
        const pts = (await get(`/api/local/v2/proxy/history?symbol=${t.symbol}-USDT&type=${type}`)) as { ts: number }[];
        const ts = pts.map((p) => p.ts);
        expect(ts, `${t.symbol} ${type}`).toEqual([...new Set(ts)].sort((a, b) => a - b));
      }
    }
    const eth = (await get("/api/local/proxy/ticker/24hr?symbol=ETH-USDT")) as { price: number };
    const weth = (await get("/api/local/proxy/ticker/24hr?symbol=WETH-USDT")) as { price: number };
    expect(eth.price).toBeGreaterThan(0);
    expect(eth.price).toBe(weth.price);
  });
});
