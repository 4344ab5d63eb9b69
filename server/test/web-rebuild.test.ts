/**
 * The web app rebuilt (or removed) under a running server: `web/dist` is emptied and written again
 * by `npm run build -w web` while the server serves it. Requests in that window must get an answer
 * (the last index.html, or 503 while there has never been one), never an unhandled error.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { closeAllDbs, freshDb } from "./helpers/db.ts";
import { buildApp, fakeWebDist } from "./helpers/hardening.ts";

let db: Db;
beforeAll(async () => {
  db = await freshDb("pglite");
});
afterAll(async () => {
  await closeAllDbs();
});

const NO_LIMITS = { rateLimit: { perIp: 0, writesPerAddress: 0 } };

describe("web app rebuilt under the server", () => {
  it("keeps answering app routes with the last index.html while index.html is missing, then serves the new one", async () => {
    const web = fakeWebDist();
    try {
      const app = buildApp(db, { overrides: { ...NO_LIMITS, webDist: web } });
      const get = (path: string) => app.request(`http://127.0.0.1:8080${path}`);
      expect((await get("/")).status).toBe(200);
      rmSync(join(web, "index.html"));
      for (const path of ["/", "/aggregateSwap", "/assets/index-abc123.js", "/api/local/sofi/tokens"]) {
        const res = await get(path);
        expect(res.status, path).toBeLessThan(500);
      }
      const during = await get("/aggregateSwap");
      expect(await during.text()).toContain("<title>SoFi</title>");
      expect(during.headers.get("content-security-policy")).toMatch(/script-src 'self'/);

      writeFileSync(
        join(web, "index.html"),
        "<!doctype html><html><head><title>SoFi 2</title></head><body></body></html>",
      );
      expect(await (await get("/")).text()).toContain("SoFi 2");
    } finally {
      rmSync(web, { recursive: true, force: true });
    }
  });

  it("answers 503 for app routes when the web app has never been readable, and the API still works", async () => {
    const web = fakeWebDist();
    try {
      const app = buildApp(db, { overrides: { ...NO_LIMITS, webDist: web } });
      rmSync(join(web, "index.html"));
      const res = await app.request("http://127.0.0.1:8080/aggregateSwap");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: "The web app is being rebuilt; try again in a moment" });
      expect((await app.request("http://127.0.0.1:8080/api/local/sofi/tokens")).status).toBe(200);
    } finally {
      rmSync(web, { recursive: true, force: true });
    }
  });
});
