/** The HTTP API (Hono): health, config, per-chain product endpoints, a signed write, the web app. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import {
  ERRORS,
  type HistoryType,
  historyQuerySchema,
  pageViewBodySchema,
  parsePairSymbol,
  tickerQuerySchema,
  tokensQuerySchema,
  tradesQuerySchema,
} from "@sofi/core";
import { type Context, Hono } from "hono";
import type { PublicClient } from "viem";
import type { z } from "zod";
import { type AuthVariables, requireSignature } from "../auth/verify.ts";
import type { ChainConfig, ServerConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { pageViews } from "../db/schema.ts";
import { readCheckpoint } from "../indexer/engine.ts";
import { getHeadNumber } from "../indexer/rpc.ts";
import { type Market, MarketError } from "./market.ts";
import { buildTokenList, toApiTokens } from "./tokens.ts";
import { TradesReader } from "./trades.ts";

export type ChainRuntime = { config: ChainConfig; client: PublicClient; market: Market };

export type AppDeps = {
  db: Db;
  config: Pick<ServerConfig, "blockedAddresses" | "siweDomains" | "webDist">;
  chains: ChainRuntime[];
};

type Env = { Variables: AuthVariables & { chain: ChainRuntime } };

const firstIssue = (e: z.ZodError) => e.issues[0]?.message ?? "Invalid request";

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

export function createApp(deps: AppDeps): Hono<Env> {
  const app = new Hono<Env>();
  const bySuffix = new Map(deps.chains.map((c) => [c.config.info.suffix, c]));

  app.onError((err, c) => {
    console.error("[api] unhandled error:", err);
    return c.json({ error: "Internal server error" }, 500);
  });

  app.get("/api/health", async (c) => {
    const chains = await Promise.all(
      deps.chains.map(async (ch) => {
        const [cp, head] = await Promise.all([
          readCheckpoint(deps.db, ch.config.info.id),
          withTimeout(getHeadNumber(ch.client), 2_000),
        ]);
        return {
          chain: ch.config.info.suffix,
          chainId: ch.config.info.id,
          indexedBlock: cp?.blockNumber ?? null,
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

  const origin = (c: Context) => new URL(c.req.url).origin;

  app.get("/api/:chain/sofi/tokens", async (c) => {
    const q = tokensQuerySchema.safeParse(c.req.query());
    if (!q.success) return c.json({ error: firstIssue(q.error) }, 400);
    const { market } = c.var.chain;
    let tokens = market.tokens;
    if (q.data.address) tokens = tokens.filter((t) => t.address === q.data.address);
    const prices = await market.usdPrices();
    const list = toApiTokens(market.chain.id, tokens, prices, origin(c));
    if (q.data.format === "tokenlist") return c.json(buildTokenList(market.chain.name, list));
    return c.json(list);
  });

  const tradeReaders = new WeakMap<ChainRuntime, TradesReader>();
  // A user's SofiAggregator trades, newest first (profile transaction tab, swap page's recent list).
  app.get("/api/:chain/sofi/trades", async (c) => {
    const q = tradesQuerySchema.safeParse(c.req.query());
    if (!q.success) return c.json({ error: firstIssue(q.error) }, 400);
    const ch = c.var.chain;
    let reader = tradeReaders.get(ch);
    if (!reader) {
      reader = new TradesReader(deps.db, ch.config.info, ch.config.deployment);
      tradeReaders.set(ch, reader);
    }
    return c.json(await reader.page(q.data.user, q.data.limit, q.data.cursor));
  });

  app.get("/api/:chain/proxy/ticker/24hr", async (c) => {
    const q = tickerQuerySchema.safeParse(c.req.query());
    if (!q.success) return c.json({ error: firstIssue(q.error) }, 400);
    const pair = parsePairSymbol(q.data.symbol);
    if (!pair) return c.json({ error: ERRORS.invalidSymbol(q.data.symbol) }, 400);
    try {
      return c.json(await c.var.chain.market.ticker(pair));
    } catch (e) {
      if (e instanceof MarketError)
        return c.json({ error: `${ERRORS.invalidSymbol(q.data.symbol)} (${e.message})` }, 400);
      throw e;
    }
  });

  app.get("/api/:chain/v2/proxy/history", async (c) => {
    const q = historyQuerySchema.safeParse(c.req.query());
    if (!q.success) return c.json({ error: firstIssue(q.error) }, 400);
    if (q.data.symbol.includes("undefined")) return c.json({ error: ERRORS.invalidSymbol(q.data.symbol) }, 400);
    const pair = parsePairSymbol(q.data.symbol);
    if (!pair) return c.json({ error: ERRORS.invalidSymbol(q.data.symbol) }, 400);
    try {
      return c.json(await c.var.chain.market.history(pair, q.data.type as HistoryType));
    } catch (e) {
      if (e instanceof MarketError)
        return c.json({ error: `${ERRORS.invalidSymbol(q.data.symbol)} (${e.message})` }, 400);
      throw e;
    }
  });

  // Signed write (spec 000 §2 page-view tracker): proves the signed-request path end to end.
  app.post(
    "/api/:chain/sofi/page-view",
    requireSignature((c) => {
      const ch = (c as Context<Env>).var.chain;
      return {
        client: ch.client,
        chainId: ch.config.info.id,
        domains: deps.config.siweDomains,
        blocked: deps.config.blockedAddresses,
      };
    }),
    async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ error: "Request body must be JSON" }, 400);
      }
      const b = pageViewBodySchema.safeParse(body);
      if (!b.success) return c.json({ error: `path: ${firstIssue(b.error)}` }, 400);
      const signer = c.var.signer;
      const [row] = await deps.db.orm
        .insert(pageViews)
        .values({ chainId: c.var.chain.config.info.id, address: signer.address, path: b.data.path })
        .returning({ id: pageViews.id });
      return c.json({ ok: true, id: row?.id, address: signer.address }, 201);
    },
  );

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
