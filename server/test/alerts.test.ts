/**
 * Price alerts (issue 11, spec 001 §5, §6, §7): the signed `POST /sofi/alert` (every validation
 * message, forged and other-address signatures, manager only, thresholds against the value per
 * set) and the alerts worker posting once per crossing and once per trade to a local HTTP receiver.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Deployment } from "@sofi/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainRuntime } from "../src/api/area.ts";
import { Market } from "../src/api/market.ts";
import { PortfolioReader } from "../src/api/queries/portfolios.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import type { EventColumns, HandlerRows } from "../src/indexer/handler.ts";
import { portfoliosHandler } from "../src/indexer/handlers/portfolios.ts";
import { AlertsWorker } from "../src/jobs/alerts.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { buildApp, local, message, other, signed, stubRpc, user } from "./helpers/hardening.ts";

const E18 = 10n ** 18n;
const ZERO = "0x0000000000000000000000000000000000000000";
const USDT = "0x0000000000000000000000000000000000000010";
const RAI = "0x0000000000000000000000000000000000000011";
const WETH = "0x0000000000000000000000000000000000000012";
const RAI_USDT = "0x0000000000000000000000000000000000000020";
const P1 = "0x00000000000000000000000000000000000000a1";
const P2 = "0x00000000000000000000000000000000000000a2";
const P3 = "0x00000000000000000000000000000000000000a3";
const M1 = user.address.toLowerCase();
const M3 = other.address.toLowerCase();
const MODULE = "0x00000000000000000000000000000000000000e1";
const HOOK = "https://discord.com/api/webhooks/123456789012345678/tokenAbc_-1";
const HOOK2 = "https://discordapp.com/api/webhooks/42/other";

const DEPLOYMENT: Deployment = {
  chainId: 31337,
  startBlock: 0,
  deployer: "0x0000000000000000000000000000000000000001",
  weth: WETH,
  multicall3: "0x0000000000000000000000000000000000000003",
  dexes: [],
  tokens: [
    { symbol: "USDT", name: "Tether", decimals: 18, address: USDT, tags: [] },
    { symbol: "RAI", name: "Rai", decimals: 18, address: RAI, tags: [] },
  ],
  pairs: [{ address: RAI_USDT, dex: "x", token0: RAI, token1: USDT }],
  contracts: { portfolioTradingModule: MODULE },
};

const now = Math.floor(Date.now() / 1000);
type Row = { block: number; log: number; ts: number; address: string; args: Record<string, string> };
function cols(rows: Row[]): EventColumns {
  const args: Record<string, string[]> = {};
  for (const r of rows) for (const [k, v] of Object.entries(r.args)) args[k] = [...(args[k] ?? []), v];
  return {
    block: rows.map((r) => r.block),
    logIndex: rows.map((r) => r.log),
    tx: rows.map((r) => `0x${(r.block * 100 + r.log).toString(16).padStart(64, "0")}`),
    ts: rows.map((r) => r.ts),
    address: rows.map((r) => r.address),
    args,
  } as EventColumns;
}
const created = (block: number, portfolio: string, manager: string, symbol: string): Row => ({
  block,
  log: 0,
  ts: now - 86_400,
  address: "0x00000000000000000000000000000000000000f1",
  args: {
    portfolio,
    manager,
    name: `${symbol} basket`,
    symbol,
    components: JSON.stringify([RAI]),
    units: JSON.stringify([String(50n * E18)]),
    allocations: JSON.stringify(["10000"]),
    startPrice: (100n * E18).toString(),
  },
});
const bought = (block: number, portfolio: string): Row => ({
  block,
  log: 5,
  ts: now - 60,
  address: MODULE,
  args: { setToken: portfolio, buyer: M3, tokenIn: ZERO, quantity: String(E18), amountIn: String(E18), tradeFee: "0" },
});

let block = 10;
/** RAI's price from now on (USD): 50 RAI per set, so the value per set is 50 × price. */
async function setRaiPrice(db: Db, price: number, ts = now - 30) {
  block += 1;
  await db.query(
    `INSERT INTO pair_candles (chain_id, pair, bucket, block_number, log_index, timestamp, reserve0, reserve1)
     VALUES (31337, $1, $2, $3, 0, $4, $5, $6)
     ON CONFLICT (chain_id, pair, bucket) DO UPDATE SET block_number = EXCLUDED.block_number,
       timestamp = EXCLUDED.timestamp, reserve0 = EXCLUDED.reserve0, reserve1 = EXCLUDED.reserve1`,
    [RAI_USDT, Math.floor(ts / 300) * 300, block, ts, (1_000n * E18).toString(), String(BigInt(price * 1000) * E18)],
  );
}

afterAll(closeAllDbs);

describe.each(DB_KINDS)("price alerts (%s)", (kind) => {
  let db: Db;
  let app: ReturnType<typeof buildApp>;
  let receiver: Server;
  let origin: string;
  const posts: { path: string; content: string }[] = [];
  let answer = 204;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}, method = "POST") => {
    const res = await app.request(`http://127.0.0.1:8080/api/local${path}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: method === "POST" ? (typeof body === "string" ? body : JSON.stringify(body)) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
    return { status: res.status, body: (await res.json()) as any };
  };
  const alert = (patch: Record<string, unknown> = {}) => ({
    price_alert: 1,
    trade_alert: 0,
    set: P1,
    buyer: user.address,
    up: "",
    down: "",
    discord: HOOK,
    ...patch,
  });

  beforeAll(async () => {
    db = await freshDb(kind);
    block = 10;
    await setRaiPrice(db, 2, now - 3 * 86_400); // value per set 100
    const rows: HandlerRows = {
      PortfolioCreated: cols([created(2, P1, M1, "ONE"), created(3, P2, M1, "TWO"), created(4, P3, M3, "THREE")]),
    };
    await db.transaction((tx) => portfoliosHandler.insert(tx, 31337, rows));
    app = buildApp(db, {
      deployment: DEPLOYMENT,
      overrides: { rateLimit: { perIp: 0, writesPerAddress: 0 }, deployments: { local: DEPLOYMENT } },
    });
    receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (d) => {
        body += d;
      });
      req.on("end", () => {
        if (req.url === "/redirected") posts.push({ path: "/redirected", content: body });
        else if (answer === 302) {
          res.writeHead(302, { location: `${origin}/redirected` }).end();
          return;
        } else if (answer < 300) posts.push({ path: req.url ?? "", content: JSON.parse(body).content });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it("refuses unsigned, forged and other-address writes; only the manager sets an alert", async () => {
    const mine = await signed(message());
    const theirs = await signed(message({ address: other.address }), other);
    expect((await post("/sofi/alert", alert())).status).toBe(401);
    // a signature by another key presented as the user's
    const forged = { ...(await signed(message(), other)), address: user.address };
    expect((await post("/sofi/alert", alert(), forged)).status).toBe(401);
    // the other address's valid signature never writes the user's alert
    expect(await post("/sofi/alert", alert(), theirs)).toEqual({
      status: 403,
      body: { error: "buyer must be the signing address" },
    });
    // the other address is not P1's manager
    expect(await post("/sofi/alert", alert({ buyer: other.address }), theirs)).toEqual({
      status: 403,
      body: { error: "Only the portfolio's manager can set its price alert" },
    });
    expect(await post("/sofi/alert", alert({ set: P3 }), mine)).toEqual({
      status: 403,
      body: { error: "Only the portfolio's manager can set its price alert" },
    });
    expect(await post("/sofi/alert", alert({ set: "0x00000000000000000000000000000000000000ff" }), mine)).toEqual({
      status: 404,
      body: { error: "Portfolio not found" },
    });
    expect((await db.query("SELECT * FROM price_alerts")).length).toBe(0);
  });

  it("answers every validation message of spec 001 §5 and changes nothing", async () => {
    const h = await signed(message());
    const cases: [Record<string, unknown>, string][] = [
      [{ up: "100" }, "up_to_that_price_alert_error"], // not above the value (100)
      [{ up: "99.99" }, "up_to_that_price_alert_error"],
      [{ up: "101.234" }, "up_to_that_price_alert_error"],
      [{ up: "1o1" }, "up_to_that_price_alert_error"],
      [{ down: "100" }, "down_to_that_price_alert_error"], // not below the value
      [{ down: "150" }, "down_to_that_price_alert_error"],
      [{ down: "9.999" }, "down_to_that_price_alert_error"],
      [{ down: "-5" }, "down_to_that_price_alert_error"],
      [{ discord: undefined }, "please_input_the_url"],
      [{ discord: "" }, "please_input_the_url"],
      [{ price_alert: 0 }, "price_alert must be 1"],
      [{ trade_alert: 3 }, "trade_alert must be 0 or 1"],
      [{ set: undefined }, "Missing set"],
      [{ set: "0x1" }, "Invalid address: 0x1"],
      [{ buyer: undefined }, "Missing buyer"],
    ];
    for (const [patch, error] of cases)
      expect(await post("/sofi/alert", alert(patch), h), JSON.stringify(patch)).toEqual({
        status: 400,
        body: { error },
      });
    expect(await post("/sofi/alert", "nope", h)).toEqual({ status: 400, body: { error: "Request body must be JSON" } });
    expect((await db.query("SELECT * FROM price_alerts")).length).toBe(0);
  });

  it("restricts webhooks to Discord's host and path shape", async () => {
    const h = await signed(message());
    const shape = "discord must be a Discord webhook URL: https://discord.com/api/webhooks/{id}/{token}";
    for (const url of [
      "https://evil.com/api/webhooks/1/tok",
      "https://discord.com.evil.com/api/webhooks/1/tok",
      "https://discord.com@evil.com/api/webhooks/1/tok",
      "https://evil.com\\@discord.com/api/webhooks/1/tok",
      "https://127.0.0.1/api/webhooks/1/tok",
      "https://[::1]/api/webhooks/1/tok",
      "https://0x7f000001/api/webhooks/1/tok",
      "http://discord.com/api/webhooks/1/tok",
      "https://discord.com:8080/api/webhooks/1/tok",
      "https://discord.com/api/webhooks/1/tok/../../x",
      "https://discord.com/api/webhook/1/tok",
      "https://discord.com/api/webhooks/x/tok",
      "https://discord.com/api/webhooks/1/tok?next=http://127.0.0.1",
      `${origin}/api/webhooks/1/tok`,
    ])
      expect(await post("/sofi/alert", alert({ discord: url }), h), url).toEqual({
        status: 400,
        body: { error: shape },
      });
    expect((await db.query("SELECT * FROM price_alerts")).length).toBe(0);
  });

  it("saves the manager's alert (setting_success) and shows it only to its signer", async () => {
    const h = await signed(message());
    expect(await post("/sofi/alert", alert({ up: "150", down: "80.5", trade_alert: 1 }), h)).toEqual({
      status: 200,
      body: { result: "setting_success", set: "0x00000000000000000000000000000000000000A1" },
    });
    const mine = await post(`/sofi/alert?set=${P1}`, undefined, h, "GET");
    expect(mine.body).toEqual({
      set: "0x00000000000000000000000000000000000000A1",
      up: 150,
      down: 80.5,
      trade_alert: true,
      discord: HOOK,
    });
    const theirs = await post(
      `/sofi/alert?set=${P1}`,
      undefined,
      await signed(message({ address: other.address }), other),
      "GET",
    );
    expect(theirs.body.discord).toBeNull();
    expect((await post(`/sofi/alert?set=${P1}`, undefined, {}, "GET")).status).toBe(401);
    // an empty alert is accepted and never fires (spec 001 §5)
    expect((await post("/sofi/alert", alert({ set: P2, discord: HOOK2 }), h)).status).toBe(200);
  });

  it("the worker posts once per crossing, once per new trade, retries failed posts, never follows redirects", async () => {
    const market = new Market(db, local, DEPLOYMENT);
    const reader = new PortfolioReader(db, 31337, market.prices, MODULE, undefined, 0);
    const config = loadConfig(
      { CHAINS: "local" },
      { rpcUrls: { local: "http://127.0.0.1:9" }, deployments: { local: DEPLOYMENT } },
    );
    const ch: ChainRuntime = { config: config.chains[0] as ChainRuntime["config"], client: stubRpc().client, market };
    const logs: string[] = [];
    const worker = new AlertsWorker({
      db,
      chains: [ch],
      reader: () => reader,
      intervalMs: 60_000,
      log: (m) => logs.push(m),
      timeoutMs: 2_000,
      webhookOriginForTests: origin,
    });
    const round = async (price?: number) => {
      if (price !== undefined) await setRaiPrice(db, price);
      market.invalidate();
      await worker.runOnce();
      return posts.splice(0).map((p) => p.content);
    };
    expect(await round()).toEqual([]); // value 100: between 80.5 and 150
    const up = await round(3.2); // 160
    expect(up).toHaveLength(1);
    expect(up[0]).toContain("$160.00");
    expect(up[0]).toContain("at or above your alert of $150");
    expect(await round()).toEqual([]); // still above: no second post
    expect(await round(3.1)).toEqual([]);
    expect(await round(2)).toEqual([]); // back between: re-armed, nothing to say
    expect(await round(3.5)).toHaveLength(1); // crossing again posts again
    const down = await round(1.5); // 75: re-arms up, crosses down
    expect(down).toHaveLength(1);
    expect(down[0]).toContain("at or below your alert of $80.5");
    expect(await round(1.4)).toEqual([]);

    // a failing receiver changes nothing; the post is retried next round, once
    await round(2);
    answer = 500;
    expect(await round(3.2)).toEqual([]);
    expect(logs.some((l) => l.includes("HTTP 500"))).toBe(true);
    answer = 204;
    expect(await round()).toHaveLength(1);
    expect(await round()).toEqual([]);
    // a redirect is not followed (and counts as a failure)
    await round(2);
    answer = 302;
    expect(await round(3.2)).toEqual([]);
    answer = 204;
    const again = await round();
    expect(again).toHaveLength(1);
    expect(posts).toEqual([]);

    // trade alerts: one post per new buy or sell since the last check
    await db.transaction((tx) =>
      portfoliosHandler.insert(tx, 31337, {
        PortfolioBought: cols([bought(900, P1), bought(901, P1), bought(902, P2)]),
      }),
    );
    const trades = await round();
    expect(trades).toHaveLength(2);
    expect(trades.every((t) => t.includes("bought"))).toBe(true);
    expect(await round()).toEqual([]);
    // the empty alert of P2 never posted anything
    const paths = new Set(posts.map((p) => p.path));
    expect(paths.has("/api/webhooks/42/other")).toBe(false);
  });

  it("a worker without the test option posts to the stored Discord URL (never elsewhere)", async () => {
    // a URL that somehow got into the table without passing the API's check is never posted to
    await db.query(
      `INSERT INTO price_alerts (chain_id, portfolio, owner, up, discord) VALUES (31337, $1, $2, '1', $3)`,
      [P3, M3, `${origin}/api/webhooks/1/x`],
    );
    const market = new Market(db, local, DEPLOYMENT);
    const reader = new PortfolioReader(db, 31337, market.prices, MODULE, undefined, 0);
    const config = loadConfig(
      { CHAINS: "local" },
      { rpcUrls: { local: "http://127.0.0.1:9" }, deployments: { local: DEPLOYMENT } },
    );
    const ch: ChainRuntime = { config: config.chains[0] as ChainRuntime["config"], client: stubRpc().client, market };
    const logs: string[] = [];
    const worker = new AlertsWorker({
      db,
      chains: [ch],
      reader: () => reader,
      intervalMs: 60_000,
      log: (m) => logs.push(m),
    });
    await worker.runOnce();
    expect(posts).toEqual([]);
    expect(logs.some((l) => l.includes("not a Discord webhook"))).toBe(true);
    await db.query("DELETE FROM price_alerts WHERE portfolio = $1", [P3]);
  });

  it("starts and stops cleanly on its interval", async () => {
    const market = new Market(db, local, DEPLOYMENT);
    const reader = new PortfolioReader(db, 31337, market.prices, MODULE, undefined, 0);
    const config = loadConfig(
      { CHAINS: "local" },
      { rpcUrls: { local: "http://127.0.0.1:9" }, deployments: { local: DEPLOYMENT } },
    );
    const ch: ChainRuntime = { config: config.chains[0] as ChainRuntime["config"], client: stubRpc().client, market };
    await setRaiPrice(db, 2);
    const worker = new AlertsWorker({
      db,
      chains: [ch],
      reader: () => reader,
      intervalMs: 50,
      log: () => {},
      webhookOriginForTests: origin,
    });
    await worker.runOnce(); // back below the threshold: re-armed
    expect(posts).toEqual([]);
    worker.start();
    await setRaiPrice(db, 3.3);
    market.invalidate();
    const t0 = Date.now();
    while (posts.length === 0 && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 50));
    await worker.stop();
    expect(posts.splice(0)).toHaveLength(1);
  });
});
