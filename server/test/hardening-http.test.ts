/**
 * HTTP hardening (issue 9, #3, #6-#10, #12, #13): health that notices a stalled indexer, body limits,
 * control characters, the Host header, security headers and caching, file-like paths, per-IP rate
 * limits, one JSON error shape (405 with Allow, Node-level 400/431), plain-digit query numbers and
 * the configuration's public-bind rule.
 */
import { rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChainIndexerStatus, inlineScriptHashes } from "../src/api/app.ts";
import { limitBody } from "../src/api/validate.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { createIndexerStatus, listen } from "../src/server.ts";
import { closeAllDbs, freshDb } from "./helpers/db.ts";
import { buildApp, fakeWebDist, message, ONE_TOKEN, signed } from "./helpers/hardening.ts";

let db: Db;
let web: string;
beforeAll(async () => {
  db = await freshDb("pglite");
  web = fakeWebDist();
});
afterAll(async () => {
  await closeAllDbs();
  rmSync(web, { recursive: true, force: true });
});

const NO_LIMITS = { rateLimit: { perIp: 0, writesPerAddress: 0 } };

describe("/api/health (#3)", () => {
  const status = (s: Partial<ChainIndexerStatus>) =>
    new Map([[31337, { startedAt: Date.now(), lastCommitAt: null, lastError: null, standby: false, ...s }]]);
  const health = async (st: Map<number, ChainIndexerStatus>, checkpoint: number, env: NodeJS.ProcessEnv = {}) => {
    const d = await freshDb("pglite");
    await d.query(
      "INSERT INTO indexer_checkpoints (chain_id, indexer, block_number, block_hash) VALUES (31337, 'uniswap-v2', $1, '0x01')",
      [checkpoint],
    );
    const app = buildApp(d, { indexerStatus: st, env, overrides: NO_LIMITS });
    const res = await app.request("http://127.0.0.1:8080/api/health");
    return { status: res.status, body: (await res.json()) as { ok: boolean; chains: Record<string, unknown>[] } };
  };

  it("answers 503 while the indexer is behind and has not committed for too long, with its last error", async () => {
    const now = Date.now();
    const r = await health(
      status({
        startedAt: now - 3_600_000,
        lastCommitAt: now - 600_000,
        lastError: { message: "indexer error: fetch failed", at: now - 5_000, count: 12 },
      }),
      40,
    );
    expect(r.status).toBe(503);
    expect(r.body.ok).toBe(false);
    expect(r.body.chains[0]).toMatchObject({ indexedBlock: 40, headBlock: 42, lag: 2 });
    expect(r.body.chains[0]?.lastCommitAgeS).toBeGreaterThanOrEqual(600);
    expect(r.body.chains[0]?.lastError).toMatchObject({ message: "indexer error: fetch failed", count: 12 });
    expect(r.body.chains[0]?.problems).toEqual([
      expect.stringMatching(/^no indexer commit for 6\d\d s while 2 blocks behind \(more than 120 s\)$/),
    ]);
  });

  it("answers 503 when the lag passes HEALTH_MAX_LAG_BLOCKS, 200 within it", async () => {
    const fresh = status({ lastCommitAt: Date.now() });
    expect((await health(fresh, 2, { HEALTH_MAX_LAG_BLOCKS: "39" })).status).toBe(503);
    expect((await health(fresh, 2, { HEALTH_MAX_LAG_BLOCKS: "40" })).status).toBe(200);
  });

  it("takes HEALTH_MAX_COMMIT_AGE_S from the configuration; an idle chain (lag 0) needs no commit", async () => {
    const st = status({ startedAt: Date.now() - 30_000, lastCommitAt: Date.now() - 30_000 });
    expect((await health(st, 40, { HEALTH_MAX_COMMIT_AGE_S: "20" })).status).toBe(503);
    // (a wide margin: on a loaded machine a health call may take many seconds)
    expect((await health(st, 40, { HEALTH_MAX_COMMIT_AGE_S: "600" })).status).toBe(200);
    expect((await health(st, 42, { HEALTH_MAX_COMMIT_AGE_S: "20" })).status).toBe(200);
    // a hot standby does not commit: only the lag counts there
    expect(
      (await health(status({ ...st.get(31337), standby: true }), 40, { HEALTH_MAX_COMMIT_AGE_S: "20" })).status,
    ).toBe(200);
  });

  it("records commits, indexer errors and standby from the indexer's callbacks", () => {
    let t = 1_000;
    const s = createIndexerStatus([31337], () => t);
    t = 2_000;
    s.error(31337, "HTTP request failed");
    t = 3_000;
    s.error(31337, "HTTP request failed");
    expect(s.status.get(31337)).toMatchObject({
      startedAt: 1_000,
      lastCommitAt: null,
      lastError: { message: "HTTP request failed", at: 3_000, count: 2 },
    });
    s.standby(31337);
    expect(s.status.get(31337)?.standby).toBe(true);
    t = 4_000;
    s.commit(31337);
    expect(s.status.get(31337)).toMatchObject({ lastCommitAt: 4_000, standby: false, lastError: { count: 0 } });
    // Another chain's report changes nothing here.
    s.error(1, "x");
    expect(s.status.get(1)).toBeUndefined();
  });
});

describe("body limits (#6)", () => {
  it("answers 413 from the declared Content-Length before reading the body", async () => {
    const app = buildApp(db, { overrides: NO_LIMITS });
    const post = async (length: number) => {
      const res = await app.request("http://127.0.0.1:8080/api/local/sofi/page-view", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(length) },
        body: "{}",
      });
      return { status: res.status, body: await res.json() };
    };
    // the page-view route's own limit, then the app's default for every route
    expect(await post(5_000)).toEqual({ status: 413, body: { error: "Request body too large: at most 4096 bytes" } });
    expect(await post(300 * 1024 * 1024)).toEqual({
      status: 413,
      body: { error: "Request body too large: at most 8192 bytes" },
    });
  });

  it("stops a large streamed body (no Content-Length) at the limit, over a real socket", async () => {
    const app = buildApp(db, { overrides: NO_LIMITS });
    const { server, port } = await listen(app.fetch, 0, "127.0.0.1");
    try {
      let sent = 0;
      const total = 64 * 1024 * 1024;
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const body = new Readable({
        read() {
          if (sent >= total) return this.push(null);
          sent += chunk.length;
          this.push(chunk);
        },
      });
      const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            port,
            host: "127.0.0.1",
            method: "POST",
            path: "/api/local/sofi/page-view",
            headers: { "transfer-encoding": "chunked" },
          },
          (res) => {
            let text = "";
            res.on("data", (d) => {
              text += d;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on("error", (e) => (sent < total ? undefined : reject(e)));
        body.pipe(req);
      });
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.text)).toEqual({
        error: expect.stringMatching(/^Request body too large: at most \d+ bytes$/),
      });
      // the reply came long before the client could send the rest
      expect(sent).toBeLessThan(total);
      body.destroy();
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("a request Node read with no Content-Length and no Transfer-Encoding has no body: the limit never reads it", async () => {
    // hono's check reads `raw.body`, which on Node builds a whole fetch Request (a sixth of a GET's CPU)
    let bodyRead = 0;
    const raw = {
      get body() {
        bodyRead++;
        return null;
      },
      headers: new Headers(),
    };
    const ctx = (headers: Record<string, string>) =>
      ({ env: { incoming: { headers } }, req: { raw, header: () => undefined } }) as unknown as Context;
    const limit = limitBody(10);
    let passed = 0;
    const next = async () => {
      passed++;
    };
    await limit(ctx({ host: "x" }), next);
    expect({ passed, bodyRead }).toEqual({ passed: 1, bodyRead: 0 });
    // a declared body goes through hono's check
    await limit(ctx({ "content-length": "5" }), next);
    await limit(ctx({ "transfer-encoding": "chunked" }), next);
    expect({ passed, bodyRead }).toEqual({ passed: 3, bodyRead: 2 });
  });

  it("limits every other route too", async () => {
    const app = buildApp(db, { overrides: NO_LIMITS });
    const res = await app.request("http://127.0.0.1:8080/api/config", {
      method: "POST",
      headers: { "content-length": "100000" },
      body: "x",
    });
    expect(res.status).toBe(413);
  });
});

describe("text fields (#7)", () => {
  it("refuses a NUL byte and other control characters in the page-view path with 400, storing nothing", async () => {
    const app = buildApp(db, { overrides: NO_LIMITS });
    const h = await signed(message());
    for (const [path, error] of [
      ["/swap\u0000", "path: must not contain control characters (U+0000 at position 5)"],
      ["/a\nb", "path: must not contain control characters (U+000A at position 2)"],
      ["/".repeat(2049), "path: must be at most 2048 characters"],
      ["", "path: must be a non-empty string"],
    ]) {
      const res = await app.request("http://127.0.0.1:8080/api/local/sofi/page-view", {
        method: "POST",
        headers: { "content-type": "application/json", ...h },
        body: JSON.stringify({ path }),
      });
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { error } });
    }
    expect(await db.query("SELECT * FROM page_views")).toEqual([]);
  });
});

describe("Host header (#8)", () => {
  const logos = async (env: NodeJS.ProcessEnv, headers: Record<string, string>) => {
    const app = buildApp(db, { env, deployment: ONE_TOKEN, overrides: NO_LIMITS });
    const res = await app.request("http://127.0.0.1:8080/api/local/sofi/tokens", { headers });
    return ((await res.json()) as { symbol: string; logoURI: string }[])
      .filter((t) => t.symbol === "RAI")
      .map((t) => t.logoURI);
  };

  it("never builds absolute URLs on a Host that is not configured", async () => {
    expect(await logos({}, { host: "evil.example" })).toEqual(["http://127.0.0.1:8080/tokens/rai.png"]);
    expect(await logos({}, { host: "localhost:8080" })).toEqual(["http://localhost:8080/tokens/rai.png"]);
    expect(await logos({ SIWE_DOMAIN: "a.example,b.example" }, { host: "b.example" })).toEqual([
      "http://b.example/tokens/rai.png",
    ]);
  });

  it("honours X-Forwarded-Proto only behind a trusted proxy", async () => {
    const h = { host: "localhost:8080", "x-forwarded-proto": "https" };
    expect(await logos({}, h)).toEqual(["http://localhost:8080/tokens/rai.png"]);
    expect(await logos({ TRUST_PROXY: "true" }, h)).toEqual(["https://localhost:8080/tokens/rai.png"]);
  });

  it("uses PUBLIC_URL over anything the request says", async () => {
    expect(
      await logos({ PUBLIC_URL: "https://sofi.example" }, { host: "evil.example", "x-forwarded-proto": "http" }),
    ).toEqual(["https://sofi.example/tokens/rai.png"]);
  });
});

describe("security headers, caching and file-like paths (#9)", () => {
  const app = () => buildApp(db, { overrides: { ...NO_LIMITS, webDist: web } });
  const get = (path: string, init?: RequestInit) => app().request(`http://127.0.0.1:8080${path}`, init);

  it("sends the security headers and a CSP that allows index.html's inline script by hash only", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    const [hash] = inlineScriptHashes(await res.text());
    expect(hash).toMatch(/^'sha256-/);
    const script = csp.split("; ").find((d) => d.startsWith("script-src "));
    // no 'unsafe-inline' for scripts: only the hashed inline script runs ('unsafe-eval': see SCRIPT_EVAL)
    expect(script).toBe(`script-src 'self' 'unsafe-eval' ${hash}`);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(
      /connect-src 'self' http:\/\/127\.0\.0\.1:9 ws:\/\/127\.0\.0\.1:9 wss:\/\/relay\.walletconnect\.org/,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it("caches hashed assets for good, index.html never without revalidation, the API not at all", async () => {
    expect((await get("/assets/index-abc123.js")).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    const spa = await get("/sts/profile/0xabc/4");
    expect(spa.status).toBe(200);
    expect(spa.headers.get("cache-control")).toBe("no-cache");
    expect((await get("/logo.svg")).headers.get("cache-control")).toBe("public, max-age=3600");
    const api = await get("/api/local/sofi/tokens");
    expect(api.headers.get("cache-control")).toBe("no-store");
    expect(api.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it.each(["/.env", "/.git/config", "/assets/index-abc123.js.map", "/wp-login.php", "/a/b/.htaccess", "/missing.png"])(
    "answers %s with a JSON 404, not the app",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: `Not found: GET ${path}` });
      expect(res.headers.get("cache-control")).toBe("no-store");
    },
  );

  it("sends HSTS when the public URL is https", async () => {
    const a = buildApp(db, { env: { PUBLIC_URL: "https://sofi.example" }, overrides: NO_LIMITS });
    expect((await a.request("http://127.0.0.1:8080/api/config")).headers.get("strict-transport-security")).toMatch(
      /max-age=/,
    );
  });
});

describe("per-IP rate limit (#10)", () => {
  it("answers 429 with Retry-After past the client's budget; other clients and this machine are unaffected", async () => {
    const app = buildApp(db, {
      env: { TRUST_PROXY: "1" },
      overrides: { rateLimit: { perIp: 3, writesPerAddress: 0 } },
    });
    const from = (ip: string) =>
      app.request("http://127.0.0.1:8080/api/config", { headers: { "x-forwarded-for": `1.1.1.1, ${ip}` } });
    for (let i = 0; i < 3; i++) expect((await from("203.0.113.7")).status).toBe(200);
    const r = await from("203.0.113.7");
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await r.json()).toEqual({ error: expect.stringMatching(/^Too many requests; retry in \d+ s$/) });
    expect((await from("203.0.113.8")).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await from("127.0.0.1")).status).toBe(200);
  });

  it("without TRUST_PROXY, X-Forwarded-For does not pick the bucket", async () => {
    const app = buildApp(db, { overrides: { rateLimit: { perIp: 2, writesPerAddress: 0 } } });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (await app.request("http://127.0.0.1:8080/api/config", { headers: { "x-forwarded-for": `198.51.100.${i}` } }))
          .status,
      );
    expect(codes).toEqual([200, 200, 429]);
  });
});

describe("one error shape (#13)", () => {
  const app = () => buildApp(db, { overrides: { ...NO_LIMITS, webDist: web } });

  it.each([
    ["GET", "/api/local/sofi/page-view", "POST"],
    ["DELETE", "/api/local/sofi/tokens", "GET, HEAD"],
    ["POST", "/api/health", "GET, HEAD"],
    ["PUT", "/api/config", "GET, HEAD"],
    ["POST", "/sts", "GET, HEAD"],
  ])("%s %s → 405 with Allow: %s", async (method, path, allow) => {
    const res = await app().request(`http://127.0.0.1:8080${path}`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/^Method \w+ not allowed; use /) });
  });

  it.each(["1e2", "0x10", "0b11", "1.0", "+5", " 5", "5 "])(
    "refuses limit=%j (plain decimal digits only)",
    async (limit) => {
      const res = await app().request(
        `http://127.0.0.1:8080/api/local/sofi/trades?user=0x000000000000000000000000000000000000dead&limit=${encodeURIComponent(limit)}`,
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "limit must be an integer from 1 to 100" });
    },
  );

  it("answers Node-level errors (bad request line, headers too large, bad Host) in JSON", async () => {
    const { server, port } = await listen(app().fetch, 0, "127.0.0.1");
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        const s = connect(port, "127.0.0.1", () => s.write(text));
        let out = "";
        s.on("data", (d) => {
          out += d;
        });
        s.on("close", () => resolve(out));
        s.on("error", () => resolve(out));
        setTimeout(() => s.destroy(), 3_000);
      });
    try {
      const bad = await raw("GARBAGE\r\n\r\n");
      expect(bad).toMatch(/^HTTP\/1\.1 400 /);
      expect(bad).toMatch(/content-type: application\/json/i);
      expect(bad.split("\r\n\r\n")[1]).toBe('{"error":"Malformed HTTP request"}');
      const big = await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      expect(big.split("\r\n\r\n")[1]).toBe('{"error":"Request headers too large"}');
      const host = await raw("GET /api/config HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n");
      expect(host).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(host.split("\r\n\r\n")[1] ?? "")).toEqual({
        error: expect.stringMatching(/^Malformed HTTP request/),
      });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe("configuration (#8, #12)", () => {
  it("refuses to bind publicly without a public URL or sign-in domain, with a clear message", () => {
    for (const HOST of ["0.0.0.0", "::", "192.168.1.10"])
      expect(() => loadConfig({ HOST })).toThrow(/neither PUBLIC_URL nor SIWE_DOMAIN is set.*PUBLIC_URL=https:\/\//);
    for (const HOST of ["127.0.0.1", "localhost", "::1"]) expect(() => loadConfig({ HOST })).not.toThrow();
    expect(loadConfig({ HOST: "0.0.0.0", SIWE_DOMAIN: "sofi.example" }).siweDomains).toEqual(["sofi.example"]);
  });

  it("derives the sign-in domain from PUBLIC_URL, and checks it", () => {
    const c = loadConfig({ HOST: "0.0.0.0", PUBLIC_URL: "https://sofi.example:8443/" });
    expect(c.publicUrl).toBe("https://sofi.example:8443");
    expect(c.siweDomains).toEqual(["sofi.example:8443"]);
    expect(() => loadConfig({ PUBLIC_URL: "sofi.example" })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: "https://sofi.example/app" })).toThrow(/origin only/);
    expect(() => loadConfig({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ CSP_CONNECT_SRC: "javascript:alert(1)" })).toThrow(/CSP_CONNECT_SRC/);
  });

  it("has the documented defaults", () => {
    const c = loadConfig({});
    expect(c.siweDomains).toEqual(["127.0.0.1:8080", "localhost:8080"]);
    expect(c.publicUrl).toBeNull();
    expect(c.trustProxy).toBe(false);
    expect(c.health).toEqual({ maxLagBlocks: 50, maxCommitAgeS: 120, plannerStatsFirstS: 60 });
    expect(c.rateLimit).toEqual({ perIp: 1200, writesPerAddress: 60 });
    expect(loadConfig({ PLANNER_STATS_FIRST_S: "3600" }).health.plannerStatsFirstS).toBe(3600);
  });
});
