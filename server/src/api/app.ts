/**
 * The HTTP API (Hono): health, config, the chain middleware, the product areas (areas.ts) mounted
 * under `/api/:chain`, errors, and the web app.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { ERRORS } from "@sofi/core";
import { Hono } from "hono";
import type { ApiArea, ApiEnv, AppDeps } from "./area.ts";
import { AREAS } from "./areas.ts";
import { headBlock, indexedBlock } from "./queries/health.ts";

export type { ApiArea, ApiEnv, AppDeps, ChainRuntime } from "./area.ts";

async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let t: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((r) => {
    t = setTimeout(() => r(null), ms);
  });
  try {
    return await Promise.race([p.catch(() => null), timeout]);
  } finally {
    clearTimeout(t);
  }
}

/** The app with `areas` (default: every product area) mounted under `/api/:chain`. */
export function createApp(deps: AppDeps, areas: readonly ApiArea[] = AREAS): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const bySuffix = new Map(deps.chains.map((c) => [c.config.info.suffix, c]));

  app.onError((err, c) => {
    console.error("[api] unhandled error:", err);
    return c.json({ error: "Internal server error" }, 500);
  });

  app.get("/api/health", async (c) => {
    const chains = await Promise.all(
      deps.chains.map(async (ch) => {
        const [indexed, head] = await Promise.all([
          indexedBlock(deps.db, ch.config.info.id),
          withTimeout(headBlock(ch.client), 2_000),
        ]);
        return {
          chain: ch.config.info.suffix,
          chainId: ch.config.info.id,
          indexedBlock: indexed,
          headBlock: head,
        };
      }),
    );
    return c.json({ ok: chains.every((x) => x.headBlock !== null && x.indexedBlock !== null), chains });
  });

  app.get("/api/config", (c) =>
    c.json({
      chains: deps.chains.map((ch) => ({
        id: ch.config.info.id,
        suffix: ch.config.info.suffix,
        name: ch.config.info.name,
        rpcUrl: ch.config.publicRpcUrl,
        deployment: ch.config.deployment,
      })),
      blockedAddresses: [...deps.config.blockedAddresses],
    }),
  );

  app.use("/api/:chain/*", async (c, next) => {
    const suffix = c.req.param("chain");
    const ch = bySuffix.get(suffix);
    if (!ch) return c.json({ error: ERRORS.unknownChain(suffix) }, 404);
    c.set("chain", ch);
    await next();
  });

  for (const area of areas) app.route("/api/:chain", area(deps));

  app.all("/api/*", (c) => c.json({ error: `Not found: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));

  // The built web app, with SPA fallback to index.html.
  const dist = deps.config.webDist;
  const indexFile = join(dist, "index.html");
  if (existsSync(indexFile)) {
    app.use("/*", serveStatic({ root: dist }));
    app.get("*", (c) => c.html(readFileSync(indexFile, "utf8")));
  }
  return app;
}
