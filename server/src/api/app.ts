/**
 * The HTTP API (Hono): health, config, the chain middleware, the product areas (areas.ts) mounted
 * under `/api/:chain`, errors, and the web app. Every reply carries the security headers and a
 * Cache-Control fitting what it is; every error reply is `{ error }` (docs/decisions.md "Hardening").
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { ERRORS } from "@sofi/core";
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { methodNotAllowed } from "hono/method-not-allowed";
import { clientIp, isLoopbackAddress, TokenBuckets, tooManyRequests } from "../auth/rate-limit.ts";
import { activeModules, areasOf, largeBodyRoutesOf, serviceHubOf } from "../modules/fold.ts";
import type { ApiArea, ApiEnv, ApiLimits, AppDeps, AreaDeps } from "./area.ts";
import { API_WRITE } from "./commit-signal.ts";
import { assessChain, headBlock, indexedBlock, quarantinedLogs } from "./queries/health.ts";
import { limitBody } from "./validate.ts";

export type { ApiArea, ApiEnv, AppDeps, ChainIndexerStatus, ChainRuntime } from "./area.ts";

/** Body limit of every route that sets none of its own (no route reads more: JSON writes are small). */
export const DEFAULT_BODY_MAX = 8 * 1024;

/** Origins the wallets the web app offers talk to (WalletConnect / Reown relay, RPC, verify, modal). */
export const WALLET_CONNECT_SRC = [
  "wss://relay.walletconnect.org",
  "wss://relay.walletconnect.com",
  "https://*.walletconnect.org",
  "https://*.walletconnect.com",
  "https://*.reown.com",
  "https://api.web3modal.org",
];
const WALLET_FRAME_SRC = [
  "https://verify.walletconnect.org",
  "https://verify.walletconnect.com",
  "https://secure.walletconnect.org",
];

/**
 * 'unsafe-eval' is in script-src for one reason: core's token-list validation compiles the Uniswap
 * token-list JSON schema with ajv in the browser (ajv generates code with `new Function`). Checked in
 * Chromium: without it, every token list fails validation. Drop this once the validator is
 * precompiled (ajv standalone code at build time); inline scripts stay refused either way.
 */
export const SCRIPT_EVAL = "'unsafe-eval'";

/** Replies to API paths and to errors are never cached; responses to the JSON API are not documents. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

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

/** `'sha256-…'` sources of the inline `<script>` elements of an HTML document (for script-src). */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? "")) continue;
    out.push(
      `'sha256-${createHash("sha256")
        .update(m[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return out;
}

/** An origin and, for http(s), its WebSocket twin (an RPC URL may be used over either). */
function originSources(url: string): string[] {
  try {
    const u = new URL(url);
    const ws = u.protocol === "https:" ? "wss:" : u.protocol === "http:" ? "ws:" : null;
    return ws ? [u.origin, `${ws}//${u.host}`] : [u.origin];
  } catch {
    return [];
  }
}

/**
 * The web app's Content-Security-Policy. Scripts: own origin plus the hashes of index.html's inline
 * scripts (no 'unsafe-inline'; 'unsafe-eval' only for ajv, see SCRIPT_EVAL). Styles: 'unsafe-inline', because Ant Design's CSS-in-JS
 * inserts `<style>` elements at run time. connect-src: the API, each chain's public RPC, the wallets'
 * origins, and any https origin (users import token lists from any https URL, spec 000 §4).
 */
export function appCsp(deps: AppDeps, scriptHashes: readonly string[]): string {
  const connect = new Set([
    "'self'",
    ...deps.chains.flatMap((c) => originSources(c.config.publicRpcUrl)),
    ...WALLET_CONNECT_SRC,
    "https:",
    ...deps.config.cspConnectSrc,
  ]);
  return [
    "default-src 'self'",
    `script-src 'self' ${SCRIPT_EVAL} ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https://fonts.reown.com",
    `connect-src ${[...connect].join(" ")}`,
    `frame-src ${WALLET_FRAME_SRC.join(" ")}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A path that names a file (`/.env`, `/.git/config`, `/app.js.map`), not an app route. */
export function looksLikeFile(path: string): boolean {
  const segments = path.split("/");
  if (segments.some((s) => s.startsWith(".") && s !== ".well-known")) return true;
  return /\.[A-Za-z0-9]{1,10}$/.test(segments.at(-1) ?? "");
}

const notFound = (c: Context) => c.json({ error: `Not found: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404);

/**
 * The app: the API of the modules that are on (`deps.modules`, default every module minus
 * CAPABILITIES_OFF and what needs them) mounted under `/api/:chain` — or, for tests, just `areas` —
 * and the built web app.
 */
export function createApp(appDeps: AppDeps, areas?: readonly ApiArea[]): Hono<ApiEnv> {
  const modules = appDeps.modules ?? activeModules(appDeps.config.capabilitiesOff ?? new Set()).modules;
  const services = appDeps.services ?? serviceHubOf(modules);
  const deps: AreaDeps = { ...appDeps, modules, services };
  services.bind(deps);
  const largeBodyRoutes = largeBodyRoutesOf(modules);
  const app = new Hono<ApiEnv>();
  const bySuffix = new Map(deps.chains.map((c) => [c.config.info.suffix, c]));
  const { rateLimit, trustProxy } = deps.config;
  const perIp = new TokenBuckets(rateLimit.perIp);
  const limits: ApiLimits = {
    writes: new TokenBuckets(rateLimit.writesPerAddress),
    // chain calls to check a contract wallet's signature, per client IP
    verifications: new TokenBuckets(rateLimit.writesPerAddress),
  };

  // The built web app: index.html and the hashes of its inline scripts, re-read when it changes.
  const dist = deps.config.webDist;
  const indexFile = join(dist, "index.html");
  const hasWeb = existsSync(indexFile);
  let index: { mtime: number; html: string; csp: string } | null = null;
  // While `npm run build -w web` empties and rewrites dist, index.html is briefly missing or
  // partial: keep serving the last one read (null until one was).
  const readIndex = () => {
    try {
      const mtime = statSync(indexFile).mtimeMs;
      if (index?.mtime !== mtime) {
        const html = readFileSync(indexFile, "utf8");
        index = { mtime, html, csp: appCsp(deps, inlineScriptHashes(html)) };
      }
    } catch {
      // missing or unreadable right now: the last good copy stands
    }
    return index;
  };
  const pageCsp = () => (hasWeb ? (readIndex()?.csp ?? appCsp(deps, [])) : appCsp(deps, []));
  const hsts = deps.config.publicUrl?.startsWith("https://");

  app.onError((err, c) => {
    if (err instanceof HTTPException && err.status < 500)
      return c.json({ error: err.message || `HTTP ${err.status}` }, err.status);
    console.error("[api] unhandled error:", err);
    return c.json({ error: "Internal server error" }, 500);
  });
  app.notFound(notFound);

  // Security headers and Cache-Control on every reply.
  app.use("*", async (c, next) => {
    await next();
    const h = c.res.headers;
    const path = c.req.path;
    const isApi = path === "/api" || path.startsWith("/api/");
    const type = h.get("content-type") ?? "";
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Content-Security-Policy", isApi || type.startsWith("application/json") ? API_CSP : pageCsp());
    if (hsts) h.set("Strict-Transport-Security", "max-age=15552000");
    if (h.has("Cache-Control")) return;
    if (isApi || c.res.status >= 300) h.set("Cache-Control", "no-store");
    else if (type.startsWith("text/html")) h.set("Cache-Control", "no-cache");
    else if (path.startsWith("/assets/")) h.set("Cache-Control", "public, max-age=31536000, immutable");
    else h.set("Cache-Control", "public, max-age=3600");
  });

  // 405 with Allow when the path exists under another method (the API's 404 otherwise).
  app.use(
    "*",
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        c.json({ error: `Method ${c.req.method} not allowed; use ${methods.join(", ")}` }, 405, {
          Allow: methods.join(", "),
        }),
    }),
  );

  // Per-IP rate limit (loopback peers, i.e. this machine, are exempt unless a trusted proxy names a client).
  app.use("*", async (c, next) => {
    const ip = clientIp(c, trustProxy);
    c.set("clientIp", ip);
    c.set("limits", limits);
    if (!isLoopbackAddress(ip)) {
      const r = perIp.take(ip);
      if (!r.ok) return tooManyRequests(c, r.retryAfterS, `Too many requests; retry in ${r.retryAfterS} s`);
    }
    await next();
  });

  const defaultLimit = limitBody(DEFAULT_BODY_MAX);
  app.use("*", (c, next) =>
    c.req.method === "POST" && largeBodyRoutes.some((r) => r.test(c.req.path)) ? next() : defaultLimit(c, next),
  );

  app.get("/api/health", async (c) => {
    const now = Date.now();
    const chains = await Promise.all(
      deps.chains.map(async (ch) => {
        const id = ch.config.info.id;
        let dbDown = false;
        const [indexed, head, quarantined] = await Promise.all([
          indexedBlock(deps.db, id).catch(() => {
            dbDown = true;
            return null;
          }),
          withTimeout(headBlock(ch.client), 2_000),
          quarantinedLogs(deps.db, id).catch(() => null),
        ]);
        const a = assessChain(indexed, head, deps.indexerStatus?.get(id), deps.config.health, now);
        if (dbDown) a.problems.splice(a.problems.indexOf("nothing indexed yet"), 1, "the database did not answer");
        return { chain: ch.config.info.suffix, chainId: id, indexedBlock: indexed, headBlock: head, quarantined, ...a };
      }),
    );
    const ok = chains.every((x) => x.problems.length === 0);
    return c.json({ ok, chains }, ok ? 200 : 503);
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
      /** The capabilities that are on here (the web app hides the others' routes and slots). */
      capabilities: modules.map((m) => m.name),
    }),
  );

  app.use("/api/:chain/*", async (c, next) => {
    const suffix = c.req.param("chain");
    const ch = bySuffix.get(suffix);
    if (!ch) return c.json({ error: ERRORS.unknownChain(suffix) }, 404);
    c.set("chain", ch);
    await next();
    // a write that succeeded: this server's caches and the other servers' on the database drop what
    // it changed (the keys the write named, if any)
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) {
      const change = {
        touched: { ...API_WRITE.touched, ...((c.get("wrote") as ApiEnv["Variables"]["wrote"] | undefined) ?? {}) },
      };
      ch.commits?.emit(change);
      deps.changes?.changed(ch.config.info.id, change);
    }
  });

  for (const area of areas ?? areasOf(modules)) app.route("/api/:chain", area(deps));

  app.all("/api", notFound);
  app.all("/api/*", notFound);

  // The built web app, with SPA fallback to index.html for app routes; file-like paths that do not
  // exist (dotfiles, missing source maps) answer 404.
  if (hasWeb) {
    app.use("/*", async (c, next) => (looksLikeFile(c.req.path) && c.req.path.includes("/.") ? notFound(c) : next()));
    app.use("/*", serveStatic({ root: dist }));
    app.all("*", (c) => {
      if (looksLikeFile(c.req.path)) return notFound(c);
      if (c.req.method !== "GET" && c.req.method !== "HEAD")
        return c.json({ error: `Method ${c.req.method} not allowed; use GET, HEAD` }, 405, { Allow: "GET, HEAD" });
      const page = readIndex();
      if (!page)
        return c.json({ error: "The web app is being rebuilt; try again in a moment" }, 503, { "Retry-After": "2" });
      return c.html(page.html);
    });
  }
  return app;
}
