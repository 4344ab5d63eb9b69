/**
 * What every API area gets: one typed Env (the request's chain runtime, set by createApp's chain
 * middleware, and the signer once a write's signature is verified) and the app's deps (db, config,
 * chains). An area is a Hono sub-app mounted under `/api/:chain`; areas.ts lists them.
 */
import type { Context, Hono } from "hono";
import type { PublicClient } from "viem";
import type { TokenBuckets } from "../auth/rate-limit.ts";
import type { AuthVariables } from "../auth/verify.ts";
import type { ChainConfig, PlatformConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { ModuleConfigs } from "../modules/fold.ts";
import type { ServerModule } from "../modules/module.ts";
import type { ServiceHub } from "../modules/services.ts";
import type { Change, CommitSignal } from "./commit-signal.ts";
import type { Market } from "./queries/market.ts";

export type ChainRuntime = {
  config: ChainConfig;
  client: PublicClient;
  market: Market;
  /** Commits of this process's indexer on the chain (absent: nothing here indexes it; caches stay off). */
  commits?: CommitSignal;
};

/** What this process's indexer last did on a chain (server.ts records it from the indexer's callbacks). */
export type ChainIndexerStatus = {
  /** When this process started indexing the chain (ms). */
  startedAt: number;
  lastCommitAt: number | null;
  /** The last error, and how many errors since the last commit. */
  lastError: { message: string; at: number; count: number } | null;
  /** Another process holds the chain's indexer lock (this one waits as a hot standby). */
  standby: boolean;
};

export type AppDeps = {
  db: Db;
  /** The platform's settings the API reads, and every module's slice (modules/fold.ts ModuleConfigs). */
  config: Pick<
    PlatformConfig,
    | "blockedAddresses"
    | "siweDomains"
    | "webDist"
    | "publicUrl"
    | "trustProxy"
    | "rateLimit"
    | "cspConnectSrc"
    | "capabilitiesOff"
  > &
    ModuleConfigs;
  chains: ChainRuntime[];
  /** Indexer status by chain id, when this process runs the indexer role. */
  indexerStatus?: ReadonlyMap<number, ChainIndexerStatus>;
  /** The modules that are on (default: every module, minus CAPABILITIES_OFF). */
  modules?: readonly ServerModule[];
  /** The per-chain services the modules give each other (default: built from `modules`). */
  services?: ServiceHub;
  /** Tells the other servers on the database that a write changed a chain (server.ts's change bus). */
  changes?: { changed(chainId: number, change?: Change): void };
};

/** What an area is given: the app's deps with its modules and services settled (createApp does it). */
export type AreaDeps = AppDeps & { modules: readonly ServerModule[]; services: ServiceHub };

/** Per-process rate limits (auth/rate-limit.ts), shared by every area. */
export type ApiLimits = { writes: TokenBuckets; verifications: TokenBuckets };

/**
 * `c.var.chain` is set for every route under `/api/:chain`; `c.var.signer` after `requireSignature`;
 * `c.var.clientIp` and `c.var.limits` on every request.
 */
export type ApiEnv = {
  Variables: AuthVariables & {
    chain: ChainRuntime;
    clientIp: string;
    limits: ApiLimits;
    /**
     * Set by a write that can name what it changed, by topic (e.g. `social.reactor`: the address
     * that reacted): the other servers hear those keys with the write (issue 21 §1). Unset: none.
     */
    wrote: Readonly<Record<string, readonly string[]>>;
  };
};

/** One product area: builds its sub-app (paths relative to `/api/:chain`) from the app's deps. */
export type ApiArea = (deps: AreaDeps) => Hono<ApiEnv>;

/**
 * The origin absolute URLs are built on (token logos): PUBLIC_URL when configured; otherwise the
 * request's Host only when it is one of the configured sign-in domains (never an arbitrary Host:
 * a shared cache would keep a poisoned reply), else the first of them. The scheme is the request's,
 * or X-Forwarded-Proto's only when TRUST_PROXY is set.
 */
export function publicOrigin(c: Context, config: AppDeps["config"]): string {
  if (config.publicUrl) return config.publicUrl;
  // asked on every detail and feed page: the scheme is read off the URL's start, not parsed
  let proto = c.req.url.startsWith("https:") ? "https" : "http";
  if (config.trustProxy) {
    const fwd = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    if (fwd === "http" || fwd === "https") proto = fwd;
  }
  const host = c.req.header("host")?.toLowerCase();
  const allowed = lowerDomains(config.siweDomains);
  const chosen = host && allowed.includes(host) ? host : allowed[0];
  return chosen ? `${proto}://${chosen}` : new URL(c.req.url).origin;
}

const loweredDomains = new WeakMap<readonly string[], readonly string[]>();
/** The sign-in domains lower-cased, once per configuration. */
function lowerDomains(domains: readonly string[]): readonly string[] {
  let lowered = loweredDomains.get(domains);
  if (!lowered) {
    lowered = domains.map((d) => d.toLowerCase());
    loweredDomains.set(domains, lowered);
  }
  return lowered;
}
