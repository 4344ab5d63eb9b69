/**
 * Capability modules (issue 17): the server, its config and its API are folds over the module list.
 * Each capability removed in turn: the server starts, the removed capability's routes (and those of
 * the modules that need it) answer 404, everything else answers, and /api/config lists what is on.
 * The API contract lists every mounted route under the capability that mounts it. Exactly-once jobs
 * run only where the chain's indexer leader runs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALWAYS_ON, API, CAPABILITIES, type Capability, parseCapabilitiesOff } from "@sofi/core";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiEnv, createApp } from "../src/api/app.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { activeModules, areasOf } from "../src/modules/fold.ts";
import { MODULES } from "../src/modules/index.ts";
import type { ServerModule } from "../src/modules/module.ts";
import { type RunningServer, startServer } from "../src/server.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { buildApp, ONE_TOKEN } from "./helpers/hardening.ts";
import { type MarketChain, startMarketChain } from "./helpers/market.ts";
import { startOfflineServer } from "./helpers/offline-server.ts";

const SWITCHABLE = CAPABILITIES.filter((c) => !ALWAYS_ON.includes(c));
const ADDR = "0x000000000000000000000000000000000000dEaD";

/** A request that reaches each contract endpoint's route (parameters filled with an address). */
const requestOf = (name: keyof typeof API) => {
  const e = API[name];
  const path = e.path.replace(/:[A-Za-z_]+/g, ADDR);
  return {
    url: `http://127.0.0.1:8080/api/local${path}`,
    init: {
      method: e.method,
      headers: { "content-type": "application/json" },
      body: e.method === "POST" ? "{}" : undefined,
    },
  };
};
/** Whether an answer came from the endpoint's own route (a route's 404 names what it did not find). */
const routeAnswered = async (res: Response) => {
  if (res.status !== 404) return true;
  const body = (await res.json()) as { error?: string };
  return !/^Not found: /.test(body.error ?? "");
};

let db: Db;
beforeAll(async () => {
  db = await freshDb("pglite");
});
afterAll(closeAllDbs);

describe("CAPABILITIES_OFF", () => {
  it("parses names; refuses unknown ones and the always-on platform", () => {
    expect(parseCapabilitiesOff(" faucet , AI,")).toEqual(new Set(["faucet", "ai"]));
    expect(parseCapabilitiesOff(undefined)).toEqual(new Set());
    expect(parseCapabilitiesOff("faucet,nope")).toMatch(/unknown capability "nope"/);
    for (const c of ALWAYS_ON) expect(parseCapabilitiesOff(c)).toMatch(/cannot be switched off/);
    expect(() => loadConfig({ CHAINS: "local", CAPABILITIES_OFF: "wat" })).toThrow(
      /CAPABILITIES_OFF: unknown capability "wat"/,
    );
    expect([...loadConfig({ CHAINS: "local", CAPABILITIES_OFF: "faucet,ai" }).capabilitiesOff]).toEqual([
      "faucet",
      "ai",
    ]);
  });

  it("switches off what needs a capability that is off, and says why", () => {
    const { modules, why } = activeModules(new Set<Capability>(["portfolios"]));
    const on = modules.map((m) => m.name);
    for (const dependent of ["people", "promotion", "alerts"] as Capability[]) {
      expect(on).not.toContain(dependent);
      expect(why.get(dependent)).toBe("needs portfolios");
    }
    expect(why.get("portfolios")).toBe("CAPABILITIES_OFF");
    expect(on).toEqual(expect.arrayContaining(["health", "market", "tokens", "swap", "faucet", "ai", "convert"]));
  });

  it("every capability has one module, and every module's requires names a module", () => {
    expect(MODULES.map((m) => m.name).sort()).toEqual([...CAPABILITIES].sort());
    for (const m of MODULES as readonly ServerModule[])
      for (const r of m.requires ?? []) expect(CAPABILITIES).toContain(r);
  });
});

describe("the API contract", () => {
  it("lists every route the modules mount, under the capability of the module that mounts it", () => {
    const contract = new Map(Object.values(API).map((e) => [`${e.method} /api/:chain${e.path}`, e.capability]));
    const mounted = new Map<string, string>();
    for (const m of MODULES as readonly ServerModule[]) {
      const app = createApp({ db, config: loadConfig({ CHAINS: "local" }), chains: [], modules: [m] }, areasOf([m]));
      for (const r of app.routes)
        if (r.path.startsWith("/api/:chain/") && (r.method === "GET" || r.method === "POST"))
          mounted.set(`${r.method} ${r.path}`, m.name);
    }
    expect(mounted.size).toBeGreaterThan(20);
    for (const [route, capability] of mounted) expect([route, contract.get(route)]).toEqual([route, capability]);
    for (const route of contract.keys()) expect(mounted.has(route), route).toBe(true);
  });
});

describe.each(SWITCHABLE)("with %s off", (off) => {
  const { modules, why } = activeModules(new Set([off]));
  const offNames = new Set(why.keys());

  it("its routes (and those of what needs it) answer 404; every other route answers; /api/config lists what is on", async () => {
    const app = buildApp(db, {
      env: { CAPABILITIES_OFF: off },
      deployment: ONE_TOKEN,
      overrides: { rateLimit: { perIp: 0, writesPerAddress: 0 } },
    });
    for (const name of Object.keys(API) as (keyof typeof API)[]) {
      const { url, init } = requestOf(name);
      const res = await app.request(url, init);
      const answered = await routeAnswered(res);
      expect([name, answered], `${name} (${API[name].capability})`).toEqual([
        name,
        !offNames.has(API[name].capability),
      ]);
      // never a crash; a route that reads the chain may say it could not (the stub RPC here answers nothing)
      if (res.status === 502) expect((await res.clone().json()) as object, name).toHaveProperty("error");
      else expect(res.status, name).toBeLessThan(500);
    }
    const config = (await (await app.request("http://127.0.0.1:8080/api/config")).json()) as { capabilities: string[] };
    expect(config.capabilities).toEqual(modules.map((m) => m.name));
    expect(config.capabilities).not.toContain(off);
  });

  it("the server starts without it", async () => {
    const server = await startOfflineServer({ db, env: { CAPABILITIES_OFF: off } });
    try {
      const res = await fetch(`${server.url}/api/config`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { capabilities: string[] }).capabilities).not.toContain(off);
    } finally {
      await server.stop();
    }
  });
});

// ------------------------------------------------------------------ exactly-once jobs

describe.each(DB_KINDS)("jobs (%s)", (kind) => {
  let chain: MarketChain;
  beforeAll(async () => {
    chain = await startMarketChain();
  }, 120_000);
  afterAll(async () => {
    await chain?.stop();
  });

  it("an exactly-once job runs only where the chain's indexer leads; an idempotent job runs in every indexer process", async () => {
    const shared = await freshDb(kind);
    const started: string[] = [];
    const stopped: string[] = [];
    const probe = (who: string): ServerModule => ({
      name: "convert",
      jobs: [
        {
          name: "once",
          exactlyOnce: true,
          start: () => {
            started.push(`${who}:once`);
            return { stop: async () => void stopped.push(`${who}:once`) };
          },
        },
        {
          name: "everywhere",
          exactlyOnce: false,
          start: () => {
            started.push(`${who}:everywhere`);
            return { stop: async () => void stopped.push(`${who}:everywhere`) };
          },
        },
      ],
    });
    const dir = mkdtempSync(join(tmpdir(), "sofi-jobs-"));
    const start = (who: string) =>
      startServer({
        env: { CHAINS: "local", ROLES: "indexer", POLL_INTERVAL_MS_LOCAL: "200" },
        db: shared,
        dataDir: dir,
        deployments: { local: chain.deployment() },
        rpcUrls: { local: chain.rpcUrl },
        modules: [...(MODULES as readonly ServerModule[]).filter((m) => m.name !== "convert"), probe(who)],
        log: () => {},
      });
    const waitFor = async (ok: () => boolean) => {
      const end = Date.now() + 20_000;
      while (!ok()) {
        if (Date.now() > end) throw new Error(`timed out: started ${started.join(", ")}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const a = await start("a");
    await waitFor(() => started.includes("a:once"));
    expect(started).toContain("a:everywhere");
    if (kind === "postgres") {
      // a second process on the same database stands by: its idempotent job runs, the exactly-once one does not
      const b = await start("b");
      await waitFor(() => started.includes("b:everywhere"));
      await new Promise((r) => setTimeout(r, 1_000));
      expect(started.filter((s) => s.endsWith(":once"))).toEqual(["a:once"]);
      // the leader stops: the standby takes the lock and its exactly-once job starts
      await a.stop();
      expect(stopped).toEqual(expect.arrayContaining(["a:once", "a:everywhere"]));
      await waitFor(() => started.includes("b:once"));
      await b.stop();
      expect(stopped).toContain("b:once");
    } else {
      await a.stop();
      expect(stopped).toEqual(expect.arrayContaining(["a:once", "a:everywhere"]));
    }
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("tables", () => {
  it("every table belongs to exactly one module, or to the indexer engine", async () => {
    const { getTableName, is } = await import("drizzle-orm");
    const { PgTable } = await import("drizzle-orm/pg-core");
    const schema = await import("../src/db/schema.ts");
    const engine = await import("../src/db/schema/indexer.ts");
    const tableNames = (ns: Readonly<Record<string, unknown>>) =>
      Object.values(ns)
        .filter((v) => is(v, PgTable))
        .map((t) => getTableName(t as never));
    const owners = new Map<string, string[]>();
    for (const m of MODULES as readonly ServerModule[])
      for (const t of tableNames(m.tables ?? {})) owners.set(t, [...(owners.get(t) ?? []), m.name]);
    for (const t of tableNames(engine)) owners.set(t, [...(owners.get(t) ?? []), "indexer engine"]);
    const all = tableNames(schema);
    expect(all.length).toBeGreaterThan(20);
    for (const t of all) expect([t, owners.get(t)?.length]).toEqual([t, 1]);
  });
});

// ------------------------------------------------------------------ services' lifecycle

describe("services", () => {
  it("a service that holds unwritten work is closed when the server stops, once, while the database is open", async () => {
    const events: string[] = [];
    let server: RunningServer | null = null;
    const probe: ServerModule = {
      name: "convert",
      provides: {
        pointsLedger: () => {
          events.push("built");
          return {
            award: async () => {},
            close: async () => {
              // the server's own database (PGlite under dataDir): still open here
              const [r] = (await server?.db.query<{ one: number }>("SELECT 1 AS one")) ?? [];
              events.push(`closed, database answered ${r?.one}`);
            },
          };
        },
      },
      areas: [
        (deps) =>
          new Hono<ApiEnv>().get("/probe", (c) => {
            deps.services.get(c.var.chain, "pointsLedger");
            return c.json({ ok: true });
          }),
      ],
    };
    server = await startOfflineServer({ modules: [probe] });
    try {
      expect((await fetch(`${server.url}/api/local/probe`)).status).toBe(200);
      await fetch(`${server.url}/api/local/probe`);
      expect(events).toEqual(["built"]);
    } finally {
      await server.stop();
      await server.stop();
    }
    expect(events).toEqual(["built", "closed, database answered 1"]);
  });
});
