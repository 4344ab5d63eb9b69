/**
 * Server configuration from the environment, validated with zod (fails fast with a clear message).
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | PORT | 8080 | HTTP port |
 * | HOST | 127.0.0.1 | HTTP bind address |
 * | DATABASE_URL | (unset → PGlite in DATA_DIR/db) | PostgreSQL URL |
 * | DATABASE_SCHEMA | public | PostgreSQL schema (created if missing): deployments sharing one database keep their tables, indexer locks and change signals apart |
 * | DATA_DIR | `.data` at the repo root | embedded database location |
 * | CHAINS | local | comma list of chain suffixes to serve (eth, matic, base, taiko, blast, local) |
 * | RPC_URL_<SUFFIX> | local: http://127.0.0.1:$RPC_PORT (8545); others: the chain's public RPC | server-side RPC |
 * | PUBLIC_RPC_URL_<SUFFIX> | RPC_URL_<SUFFIX> | RPC URL handed to the web app by /api/config |
 * | DEPLOYMENT_<SUFFIX> | packages/protocol/src/deployments/<chainId>.json | deployment JSON file |
 * | POLL_INTERVAL_MS_<SUFFIX> | 1000 local, 4000 others | live-mode poll interval |
 * | MAX_BLOCK_RANGE_<SUFFIX> | 100000 local, 2000 others | widest getLogs range |
 * | BLOCKED_ADDRESSES | – | extra blocked addresses, comma separated (added to the spec's five) |
 * | WEB_DIST | web/dist | built web app served at `/` (if present) |
 * | PUBLIC_URL | – | the public origin (e.g. https://sofi.example): absolute URLs the API builds, sign-in domain |
 * | SIWE_DOMAIN | PUBLIC_URL's host, else 127.0.0.1:$PORT,localhost:$PORT | accepted sign-in domains (and Host headers), comma separated |
 * | TRUST_PROXY | false | honour X-Forwarded-Proto / X-Forwarded-For (only behind a proxy that sets them) |
 * | RATE_LIMIT_PER_IP | 1200 | requests per minute per client IP (token bucket; 0 = off; loopback exempt) |
 * | RATE_LIMIT_WRITES_PER_ADDRESS | 60 | signed writes per minute per verified address (0 = off) |
 * | CSP_CONNECT_SRC | – | extra origins the web app may connect to (space or comma separated) |
 * | ROLES | api,indexer | which roles this process runs |
 * | CAPABILITIES_OFF | – | capabilities switched off, comma separated (core CAPABILITIES; health, market, tokens are always on) |
 *
 * Each capability's own variables (FAUCET_*, ALERTS_*, AI_*, HEALTH_*) are its module's slice
 * (server/src/modules/<name>.ts), folded in by parseSlices.
 *
 * Binding HOST to anything but loopback requires PUBLIC_URL or SIWE_DOMAIN (otherwise nobody could
 * sign in from outside, and absolute URLs would name 127.0.0.1).
 *
 * Template for Base (any spec network works the same way with its suffix):
 *   CHAINS=base RPC_URL_BASE=https://mainnet.base.org DEPLOYMENT_BASE=/etc/sofi/8453.json
 *   DATABASE_URL=postgresql://user:pass@db:5432/sofi
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Capability, isAddress, parseBlockedList, parseCapabilitiesOff } from "@sofi/core";
import { CHAINS, type ChainInfo, type Deployment, LOCAL_CHAIN_ID } from "@sofi/protocol";
import { z } from "zod";
import { type ModuleConfigs, parseSlices } from "./modules/fold.ts";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export type ChainConfig = {
  info: ChainInfo;
  rpcUrl: string;
  publicRpcUrl: string;
  deployment: Deployment | null;
  pollIntervalMs: number;
  maxBlockRange: number;
};

export type Role = "api" | "indexer";

/** The platform's own settings; each module's slice is added under its name (ModuleConfigs). */
export type PlatformConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema (undefined: public). */
  databaseSchema: string | undefined;
  dataDir: string;
  chains: ChainConfig[];
  blockedAddresses: Set<string>;
  webDist: string;
  siweDomains: string[];
  /** The public origin (no trailing slash), or null: absolute URLs then come from an allowed Host. */
  publicUrl: string | null;
  /** Honour X-Forwarded-Proto / X-Forwarded-For. */
  trustProxy: boolean;
  /** Requests per minute (0 = no limit). */
  rateLimit: { perIp: number; writesPerAddress: number };
  /** Extra CSP connect-src sources. */
  cspConnectSrc: string[];
  roles: Set<Role>;
  /** Capabilities switched off (CAPABILITIES_OFF); their dependents are off too (modules/fold.ts). */
  capabilitiesOff: ReadonlySet<Capability>;
};

export type ServerConfig = PlatformConfig & ModuleConfigs;

const portSchema = z.coerce.number().int().min(0).max(65535);
const urlSchema = z.url({ message: "must be a URL" });

const envSchema = z.object({
  PORT: portSchema.default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  RPC_PORT: portSchema.default(8545),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "must be a lower-case SQL identifier, e.g. sofi_staging")
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  CHAINS: z.string().default("local"),
  BLOCKED_ADDRESSES: z.string().optional(),
  WEB_DIST: z.string().optional(),
  SIWE_DOMAIN: z.string().optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL, e.g. https://sofi.example" })
    .refine((u) => {
      const url = URL.parse(u);
      return !url || (url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password);
    }, "must be an origin only (scheme, host, optional port), e.g. https://sofi.example")
    .optional(),
  TRUST_PROXY: z
    .enum(["", "0", "1", "false", "true"], { message: "must be true or false" })
    .default("false")
    .transform((v) => v === "1" || v === "true"),
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_WRITES_PER_ADDRESS: z.coerce.number().int().min(0).default(60),
  CSP_CONNECT_SRC: z.string().optional(),
  ROLES: z.string().default("api,indexer"),
  CAPABILITIES_OFF: z.string().optional(),
});

export class ConfigError extends Error {
  override name = "ConfigError";
}

function fail(msg: string): never {
  throw new ConfigError(`Invalid server configuration: ${msg}`);
}

const deploymentSchema = z.object({
  chainId: z.number().int(),
  startBlock: z.number().int().min(0),
  weth: z.string().refine(isAddress, "weth must be an address"),
  tokens: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      decimals: z.number().int(),
      address: z.string().refine(isAddress),
    }),
  ),
  pairs: z.array(
    z.object({
      address: z.string().refine(isAddress),
      dex: z.string(),
      token0: z.string().refine(isAddress),
      token1: z.string().refine(isAddress),
    }),
  ),
});

/** Reads and checks a deployment JSON file. */
export function loadDeploymentFile(path: string): Deployment {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    fail(`cannot read deployment ${path}: ${(e as Error).message}`);
  }
  const r = deploymentSchema.safeParse(raw);
  if (!r.success)
    fail(`deployment ${path}: ${r.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  return raw as Deployment;
}

export function defaultDeploymentPath(chainId: number): string {
  return resolve(REPO_ROOT, "packages/protocol/src/deployments", `${chainId}.json`);
}

export type ConfigOverrides = Partial<Omit<PlatformConfig, "chains">> &
  Partial<ModuleConfigs> & {
    /** Deployments by chain suffix, e.g. handed over by the start orchestrator. */
    deployments?: Record<string, Deployment>;
    rpcUrls?: Record<string, string>;
  };

/** Loopback bind addresses: only this machine can connect. */
export const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);
const isLoopbackHost = (h: string) => LOOPBACK_HOSTS.has(h.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(h);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) fail(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  const e = parsed.data;
  const port = overrides.port ?? e.PORT;

  const suffixes = [
    ...new Set(
      e.CHAINS.split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (suffixes.length === 0) fail("CHAINS is empty");
  const chains = suffixes.map((suffix): ChainConfig => {
    const info = CHAINS.find((c) => c.suffix === suffix);
    if (!info) fail(`CHAINS: unknown chain "${suffix}" (known: ${CHAINS.map((c) => c.suffix).join(", ")})`);
    const key = suffix.toUpperCase();
    const isLocal = info.id === LOCAL_CHAIN_ID;
    const rpcUrl =
      overrides.rpcUrls?.[suffix] ??
      env[`RPC_URL_${key}`] ??
      (isLocal ? `http://127.0.0.1:${e.RPC_PORT}` : info.defaultRpcUrl);
    if (!urlSchema.safeParse(rpcUrl).success) fail(`RPC_URL_${key}: "${rpcUrl}" is not a URL`);
    const publicRpcUrl = env[`PUBLIC_RPC_URL_${key}`] ?? rpcUrl;
    if (!urlSchema.safeParse(publicRpcUrl).success) fail(`PUBLIC_RPC_URL_${key}: "${publicRpcUrl}" is not a URL`);
    let deployment: Deployment | null = overrides.deployments?.[suffix] ?? null;
    if (!deployment) {
      const explicit = env[`DEPLOYMENT_${key}`];
      if (explicit) deployment = loadDeploymentFile(resolve(explicit));
      else if (existsSync(defaultDeploymentPath(info.id)))
        deployment = loadDeploymentFile(defaultDeploymentPath(info.id));
    }
    if (deployment && deployment.chainId !== info.id)
      fail(`deployment for ${suffix} is for chain ${deployment.chainId}, expected ${info.id}`);
    const num = (name: string, def: number) => {
      const v = env[`${name}_${key}`];
      if (v === undefined) return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) fail(`${name}_${key} must be a positive integer, got "${v}"`);
      return n;
    };
    return {
      info,
      rpcUrl,
      publicRpcUrl,
      deployment,
      pollIntervalMs: num("POLL_INTERVAL_MS", isLocal ? 1000 : 4000),
      maxBlockRange: num("MAX_BLOCK_RANGE", isLocal ? 100_000 : 2_000),
    };
  });

  const roles = new Set<Role>();
  for (const r of e.ROLES.split(",").map((s) => s.trim())) {
    if (r === "api" || r === "indexer") roles.add(r);
    else if (r) fail(`ROLES: unknown role "${r}" (known: api, indexer)`);
  }
  if (roles.size === 0) fail("ROLES is empty");

  for (const a of (e.BLOCKED_ADDRESSES ?? "").split(",").map((s) => s.trim())) {
    if (a && !isAddress(a)) fail(`BLOCKED_ADDRESSES: "${a}" is not an address`);
  }

  const publicUrl = overrides.publicUrl ?? (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null);
  const siweDomains =
    overrides.siweDomains ??
    (e.SIWE_DOMAIN
      ? e.SIWE_DOMAIN.split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : publicUrl
        ? [new URL(publicUrl).host]
        : [`127.0.0.1:${port}`, `localhost:${port}`]);
  const host = overrides.host ?? e.HOST;
  if (!isLoopbackHost(host) && !e.SIWE_DOMAIN && !publicUrl && !overrides.siweDomains)
    fail(
      `HOST=${host} accepts connections from other machines, but neither PUBLIC_URL nor SIWE_DOMAIN is set: ` +
        "sign-in messages would have to name 127.0.0.1 and nobody outside could sign in. " +
        "Set PUBLIC_URL to the address users open (e.g. PUBLIC_URL=https://sofi.example), or bind HOST=127.0.0.1.",
    );
  const off = overrides.capabilitiesOff ?? parseCapabilitiesOff(e.CAPABILITIES_OFF);
  if (typeof off === "string") fail(`CAPABILITIES_OFF: ${off}`);
  const capabilitiesOff: ReadonlySet<Capability> = off;
  const cspConnectSrc = (e.CSP_CONNECT_SRC ?? "").split(/[\s,]+/).filter(Boolean);
  for (const src of cspConnectSrc)
    if (!/^(https?|wss?):\/\/[^\s;'"]+$/.test(src)) fail(`CSP_CONNECT_SRC: "${src}" is not an http(s) or ws(s) origin`);

  return {
    port,
    host,
    databaseUrl: overrides.databaseUrl ?? e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    dataDir: overrides.dataDir ?? resolve(REPO_ROOT, e.DATA_DIR ?? ".data"),
    chains,
    blockedAddresses: overrides.blockedAddresses ?? parseBlockedList(e.BLOCKED_ADDRESSES),
    webDist: overrides.webDist ?? resolve(REPO_ROOT, e.WEB_DIST ?? "web/dist"),
    siweDomains,
    publicUrl,
    trustProxy: overrides.trustProxy ?? e.TRUST_PROXY,
    rateLimit: overrides.rateLimit ?? {
      perIp: e.RATE_LIMIT_PER_IP,
      writesPerAddress: e.RATE_LIMIT_WRITES_PER_ADDRESS,
    },
    cspConnectSrc: overrides.cspConnectSrc ?? cspConnectSrc,
    roles: overrides.roles ?? roles,
    capabilitiesOff,
    ...parseSlices(env, overrides as Record<string, unknown>, fail),
  };
}
