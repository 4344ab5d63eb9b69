import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { startLeaderIndexer } from "../src/indexer/engine.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { startServer } from "../src/server.ts";
import { E18 } from "./helpers/chain.ts";
import { closeAllDbs, freshDb } from "./helpers/db.ts";
import { type MarketChain, startMarketChain } from "./helpers/market.ts";

let chain: MarketChain;
let dir: string;
beforeAll(async () => {
  chain = await startMarketChain();
  dir = mkdtempSync(join(tmpdir(), "sofi-server-"));
  mkdirSync(join(dir, "web", "assets"), { recursive: true });
  writeFileSync(join(dir, "web", "index.html"), "<!doctype html><title>SoFi</title><div id=root></div>");
  writeFileSync(join(dir, "web", "assets", "app.js"), "console.log('app')");
});
afterAll(async () => {
  await closeAllDbs();
  await chain?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function waitFor<T>(fn: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const start = () =>
  startServer({
    env: { CHAINS: "local", POLL_INTERVAL_MS_LOCAL: "200" },
    port: 0,
    dataDir: join(dir, "data"),
    webDist: join(dir, "web"),
    deployments: { local: chain.deployment() },
    rpcUrls: { local: chain.rpcUrl },
    log: () => {},
  });

describe("startServer", () => {
  it("serves the API and the web app, follows the chain live, keeps its data across restarts", async () => {
    let server = await start();
    try {
      const json = async (path: string) =>
        (await fetch(`${server.url}${path}`)).json() as Promise<Record<string, unknown>>;
      type Health = { ok: boolean; chains: { indexedBlock: number; headBlock: number }[] };
      const head = Number(await chain.wallet.getBlockNumber());
      await waitFor(async () => ((await json("/api/health")) as Health).chains[0]?.indexedBlock === head);

      // web app + SPA fallback; API 404s stay JSON
      const index = await fetch(`${server.url}/`);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain("<title>SoFi</title>");
      expect(await (await fetch(`${server.url}/sts/profile/0xabc/4`)).text()).toContain("<title>SoFi</title>");
      const js = await fetch(`${server.url}/assets/app.js`);
      expect(js.headers.get("content-type")).toMatch(/javascript/);
      const missing = await fetch(`${server.url}/api/local/nope`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: "Not found: GET /api/local/nope" });

      // live: a new swap shows up in the ticker
      const before = (await json("/api/local/proxy/ticker/24hr?symbol=WETH-USDT")).price as number;
      expect(before).toBe(3000);
      await chain.swap(chain.pairs.wethUsdt, chain.tokens.usdt, 30_000n * E18);
      const newHead = Number(await chain.wallet.getBlockNumber());
      await waitFor(async () => ((await json("/api/health")) as Health).chains[0]?.indexedBlock === newHead);
      expect((await json("/api/local/proxy/ticker/24hr?symbol=WETH-USDT")).price as number).toBeGreaterThan(3000);

      // restart on the same data directory: the checkpoint is kept
      await server.stop();
      server = await start();
      const h = (await (await fetch(`${server.url}/api/health`)).json()) as Health;
      expect(h.chains[0]?.indexedBlock).toBe(newHead);
      expect(h.ok).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it("refuses a bad configuration with a clear message", async () => {
    await expect(startServer({ env: { CHAINS: "mars" } })).rejects.toThrow(/CHAINS: unknown chain "mars"/);
  });
});

describe("configuration", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.chains.map((x) => [x.info.suffix, x.rpcUrl])).toEqual([["local", "http://127.0.0.1:8545"]]);
    expect(c.dataDir).toMatch(/\.data$/);
    expect(c.webDist).toMatch(/web\/dist$/);
    expect(c.siweDomains).toEqual(["127.0.0.1:8080", "localhost:8080"]);
    expect([...c.roles].sort()).toEqual(["api", "indexer"]);
    expect(c.blockedAddresses.size).toBe(5);
  });

  it("reads chains, RPC URLs, roles and blocked addresses from the environment", () => {
    const c = loadConfig({
      PORT: "9000",
      RPC_PORT: "9545",
      CHAINS: "local,base",
      RPC_URL_BASE: "https://base.example/rpc",
      PUBLIC_RPC_URL_BASE: "https://public.example",
      BLOCKED_ADDRESSES: "0x1111111111111111111111111111111111111111",
      ROLES: "api",
      SIWE_DOMAIN: "sofi.example",
    });
    expect(c.chains.map((x) => [x.info.id, x.rpcUrl, x.publicRpcUrl])).toEqual([
      [31337, "http://127.0.0.1:9545", "http://127.0.0.1:9545"],
      [8453, "https://base.example/rpc", "https://public.example"],
    ]);
    expect(c.blockedAddresses.has("0x1111111111111111111111111111111111111111")).toBe(true);
    expect(c.blockedAddresses.size).toBe(6);
    expect([...c.roles]).toEqual(["api"]);
    expect(c.siweDomains).toEqual(["sofi.example"]);
  });

  it.each([
    [{ PORT: "http" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must be a postgres/],
    [{ CHAINS: "local,nowhere" }, /unknown chain "nowhere"/],
    [{ RPC_URL_LOCAL: "not a url" }, /RPC_URL_LOCAL: "not a url" is not a URL/],
    [{ ROLES: "api,miner" }, /unknown role "miner"/],
    [{ BLOCKED_ADDRESSES: "0x12" }, /BLOCKED_ADDRESSES: "0x12" is not an address/],
    [{ POLL_INTERVAL_MS_LOCAL: "-1" }, /POLL_INTERVAL_MS_LOCAL must be a positive integer/],
    [{ DEPLOYMENT_LOCAL: "/nonexistent.json" }, /cannot read deployment/],
  ])("fails fast on %o", (env, msg) => {
    expect(() => loadConfig(env)).toThrow(msg);
  });
});

// PostgreSQL only (PGlite is one process: the lock is always granted); registered when TEST_DATABASE_URL is set.
if (process.env.TEST_DATABASE_URL)
  describe("indexer leadership on PostgreSQL", () => {
    it("a second indexer waits as hot standby and takes over when the leader stops", async () => {
      const db = await freshDb("postgres");
      const logsB: string[] = [];
      const common = {
        db,
        chainId: 31337,
        deployment: chain.deployment(),
        rpcUrl: chain.rpcUrl,
        pollIntervalMs: 100,
        standbyRetryMs: 100,
        handlers: ALL_HANDLERS,
      };
      const a = startLeaderIndexer(common);
      await waitFor(async () => (await a.indexer.checkpoint()) !== null);
      const b = startLeaderIndexer({ ...common, log: (m) => logsB.push(m) });
      await waitFor(async () => logsB.some((m) => m.includes("standing by")));
      await a.stop();
      const n = logsB.length;
      await chain.swap(chain.pairs.raiUsdtDeep, chain.tokens.usdt, E18);
      const head = Number(await chain.wallet.getBlockNumber());
      await waitFor(async () => (await b.indexer.checkpoint())?.blockNumber === head);
      // b stopped reporting standby once it took the lock
      await new Promise((r) => setTimeout(r, 300));
      expect(logsB.slice(n + 2).filter((m) => m.includes("standing by"))).toEqual([]);
      await b.stop();
    });
  });
