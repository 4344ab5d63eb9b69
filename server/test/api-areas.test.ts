/**
 * API areas: an area is a sub-app added through the list createApp mounts; validation middleware
 * answers the spec's texts; health reads the lowest checkpoint; the API reads no indexer internals.
 * No chain here: the RPC is a stub and validation fails before any read.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { pageViewBodySchema, tradesQuerySchema } from "@sofi/core";
import { CHAINS } from "@sofi/protocol";
import { Hono } from "hono";
import { createPublicClient, custom } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ApiArea, type ApiEnv, createApp } from "../src/api/app.ts";
import { Market } from "../src/api/market.ts";
import { validJson, validQuery } from "../src/api/validate.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { areasOf } from "../src/modules/fold.ts";
import { MODULES } from "../src/modules/index.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";

const local = CHAINS.find((c) => c.suffix === "local");
if (!local) throw new Error("no local chain");
const USER = "0x000000000000000000000000000000000000dEaD";

/** A public client whose chain head is block 42 (no node). */
const stubClient = createPublicClient({
  transport: custom({
    request: async ({ method }) => {
      if (method === "eth_blockNumber") return "0x2a";
      throw new Error(`unexpected RPC ${method}`);
    },
  }),
});

afterAll(async () => {
  await closeAllDbs();
});

describe.each(DB_KINDS)("API areas on %s", (kind) => {
  let db: Db;
  const build = (areas?: readonly ApiArea[]) => {
    const config = loadConfig({ CHAINS: "local" }, { rpcUrls: { local: "http://127.0.0.1:9" } });
    const cc = config.chains[0];
    if (!cc) throw new Error("no chain config");
    return createApp(
      { db, config, chains: [{ config: cc, client: stubClient, market: new Market(db, local, null) }] },
      areas,
    );
  };
  const call = async (app: ReturnType<typeof build>, path: string, init?: RequestInit) => {
    const res = await app.request(`http://127.0.0.1:8080${path}`, init);
    return { status: res.status, body: (await res.json()) as unknown };
  };

  beforeAll(async () => {
    db = await freshDb(kind);
  });

  it("mounts an area added to the list under /api/:chain, with the chain runtime and the deps", async () => {
    const echoArea: ApiArea = (deps) =>
      new Hono<ApiEnv>().get("/echo/:word", validQuery(tradesQuerySchema), async (c) => {
        const [row] = await deps.db.query<{ one: number }>("SELECT 1 AS one");
        return c.json({
          word: c.req.param("word"),
          chainId: c.var.chain.config.info.id,
          user: c.req.valid("query").user,
          one: row?.one,
        });
      });
    const failingArea: ApiArea = () =>
      new Hono<ApiEnv>().get("/fails", () => {
        throw new Error("boom");
      });
    const app = build([...areasOf(MODULES), echoArea, failingArea]);
    expect(await call(app, `/api/local/echo/hi?user=${USER}`)).toEqual({
      status: 200,
      body: { word: "hi", chainId: 31337, user: USER.toLowerCase(), one: 1 },
    });
    // the chain middleware and the validation hook apply to it like to every area
    expect(await call(app, `/api/mars/echo/hi?user=${USER}`)).toEqual({
      status: 404,
      body: { error: "Unknown chain: mars" },
    });
    expect(await call(app, "/api/local/echo/hi")).toEqual({ status: 400, body: { error: "Missing user" } });
    // the app's error handler answers for an area too
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await call(app, "/api/local/fails")).toEqual({ status: 500, body: { error: "Internal server error" } });
    quiet.mockRestore();
    // the product's areas are still there, and unknown paths still answer the API's 404
    expect((await call(app, "/api/local/sofi/tokens")).status).toBe(200);
    expect(await call(build(), "/api/local/echo/hi")).toEqual({
      status: 404,
      body: { error: "Not found: GET /api/local/echo/hi" },
    });
  });

  it("answers an invalid query with the spec's text of its first issue", async () => {
    const app = build();
    const cases: [string, string][] = [
      ["/api/local/sofi/tokens?address=0x1234", "Invalid address: 0x1234"],
      ["/api/local/sofi/trades", "Missing user"],
      ["/api/local/sofi/trades?user=bob", "Invalid address: bob"],
      [`/api/local/sofi/trades?user=${USER}&limit=0`, "limit must be an integer from 1 to 100"],
      [`/api/local/sofi/trades?user=${USER}&limit=abc`, "limit must be an integer from 1 to 100"],
      [`/api/local/sofi/trades?user=${USER}&cursor=12`, "Invalid cursor"],
      ["/api/local/proxy/ticker/24hr", "Missing symbol"],
      ["/api/local/proxy/ticker/24hr?symbol=", "Missing symbol"],
      ["/api/local/proxy/ticker/24hr?symbol=ETHUSDT", "Invalid symbol: ETHUSDT"],
      ["/api/local/v2/proxy/history?symbol=ETH-USDT", "type must be one of day, week, month, year"],
      ["/api/local/v2/proxy/history?symbol=ETH-USDT&type=hour", "type must be one of day, week, month, year"],
      ["/api/local/v2/proxy/history?type=day", "Missing symbol"],
      ["/api/local/v2/proxy/history?symbol=undefined-USDT&type=day", "Invalid symbol: undefined-USDT"],
    ];
    for (const [path, error] of cases) expect(await call(app, path), path).toEqual({ status: 400, body: { error } });
    // a repeated parameter counts once, with its first value
    expect(await call(app, `/api/local/sofi/trades?user=${USER}&limit=0&limit=5`)).toEqual({
      status: 400,
      body: { error: "limit must be an integer from 1 to 100" },
    });
    expect(await call(app, `/api/local/sofi/trades?user=${USER}&limit=5&limit=0`)).toEqual({
      status: 200,
      body: { trades: [], nextCursor: null },
    });
  });

  it("reports health's indexed block as the lowest of the chain's checkpoints, null before any", async () => {
    const app = build();
    const health = (indexedBlock: number | null, lag: number | null, problems: string[]) => ({
      status: problems.length ? 503 : 200,
      body: {
        ok: problems.length === 0,
        chains: [
          {
            chain: "local",
            chainId: 31337,
            indexedBlock,
            headBlock: 42,
            lag,
            lastCommitAgeS: null,
            lastError: null,
            quarantined: 0,
            problems,
          },
        ],
      },
    });
    expect(await call(app, "/api/health")).toEqual(health(null, null, ["nothing indexed yet"]));
    await db.query(
      `INSERT INTO indexer_checkpoints (chain_id, indexer, block_number, block_hash)
       VALUES (31337, 'uniswap-v2', 40, '0x01'), (31337, 'aggregator', 37, '0x02'), (1, 'uniswap-v2', 5, '0x03')`,
    );
    expect(await call(app, "/api/health")).toEqual(health(37, 5, []));
  });
});

describe("validJson", () => {
  const app = new Hono().post("/v", validJson(pageViewBodySchema, "path: "), (c) => c.json(c.req.valid("json")));
  const post = async (body: string, contentType = "application/json") => {
    const res = await app.request("/v", { method: "POST", headers: { "content-type": contentType }, body });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it("passes a valid body, whatever its Content-Type says", async () => {
    expect(await post('{"path":"/swap"}')).toEqual({ status: 200, body: { path: "/swap" } });
    expect(await post('{"path":"/swap"}', "text/plain")).toEqual({ status: 200, body: { path: "/swap" } });
  });

  it("answers a body that is not JSON, and an invalid one with the prefix and its first issue", async () => {
    expect(await post("{nope")).toEqual({ status: 400, body: { error: "Request body must be JSON" } });
    expect(await post("")).toEqual({ status: 400, body: { error: "Request body must be JSON" } });
    const empty = pageViewBodySchema.safeParse({ path: "" }).error?.issues[0]?.message;
    expect(await post('{"path":""}')).toEqual({ status: 400, body: { error: `path: ${empty}` } });
    const missing = pageViewBodySchema.safeParse({}).error?.issues[0]?.message;
    expect(await post("{}")).toEqual({ status: 400, body: { error: `path: ${missing}` } });
  });
});

describe("the API's imports", () => {
  it("read nothing from the indexer (the API owns its read queries)", () => {
    const apiDir = fileURLToPath(new URL("../src/api/", import.meta.url));
    const files = readdirSync(apiDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const src = readFileSync(join(apiDir, f), "utf8");
      expect(src, f).not.toMatch(/from\s+["'][./]*indexer\//);
    }
  });
});
