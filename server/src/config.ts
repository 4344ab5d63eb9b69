/**
 * Server configuration from the environment, validated with zod (fails fast with a clear message).
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | PORT | 8080 | HTTP port |
 * | HOST | 127.0.0.1 | HTTP bind address |
 * | DATABASE_URL | (unset → PGlite in DATA_DIR/db) | PostgreSQL URL |
 * | DATA_DIR | `.data` at the repo root | embedded database location |
 * | CHAINS | local | comma list of chain suffixes to serve (eth, matic, base, taiko, blast, local) |
 * | RPC_URL_<SUFFIX> | local: http://127.0.0.1:$RPC_PORT (8545); others: the chain's public RPC | server-side RPC |
 * | PUBLIC_RPC_URL_<SUFFIX> | RPC_URL_<SUFFIX> | RPC URL handed to the web app by /api/config |
 * | DEPLOYMENT_<SUFFIX> | packages/protocol/src/deployments/<chainId>.json | deployment JSON file |
 * | POLL_INTERVAL_MS_<SUFFIX> | 1000 local, 4000 others | live-mode poll interval |
 * | MAX_BLOCK_RANGE_<SUFFIX> | 100000 local, 2000 others | widest getLogs range |
 * | BLOCKED_ADDRESSES | – | extra blocked addresses, comma separated (added to the spec's five) |
 * | WEB_DIST | web/dist | built web app served at `/` (if present) |
 * | SIWE_DOMAIN | 127.0.0.1:$PORT,localhost:$PORT | accepted sign-in domains, comma separated |
 * | ROLES | api,indexer | which roles this process runs |
 *
 * Template for Base (any spec network works the same way with its suffix):
 *   CHAINS=base RPC_URL_BASE=https://mainnet.base.org DEPLOYMENT_BASE=/etc/sofi/8453.json
 *   DATABASE_URL=postgresql://user:pass@db:5432/sofi
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isAddress, parseBlockedList } from "@sofi/core";
import { CHAINS, type ChainInfo, type Deployment, LOCAL_CHAIN_ID } from "@sofi/protocol";
import { z } from "zod";

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

export type ServerConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  chains: ChainConfig[];
  blockedAddresses: Set<string>;
  webDist: string;
  siweDomains: string[];
  roles: Set<Role>;
};

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
  DATA_DIR: z.string().min(1).optional(),
  CHAINS: z.string().default("local"),
  BLOCKED_ADDRESSES: z.string().optional(),
  WEB_DIST: z.string().optional(),
  SIWE_DOMAIN: z.string().optional(),
  ROLES: z.string().default("api,indexer"),
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

export type ConfigOverrides = Partial<Omit<ServerConfig, "chains">> & {
  /** Deployments by chain suffix, e.g. handed over by the start orchestrator. */
  deployments?: Record<string, Deployment>;
  rpcUrls?: Record<string, string>;
};

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

  return {
    port,
    host: overrides.host ?? e.HOST,
    databaseUrl: overrides.databaseUrl ?? e.DATABASE_URL,
    dataDir: overrides.dataDir ?? resolve(REPO_ROOT, e.DATA_DIR ?? ".data"),
    chains,
    blockedAddresses: overrides.blockedAddresses ?? parseBlockedList(e.BLOCKED_ADDRESSES),
    webDist: overrides.webDist ?? resolve(REPO_ROOT, e.WEB_DIST ?? "web/dist"),
    siweDomains:
      overrides.siweDomains ??
      (e.SIWE_DOMAIN
        ? e.SIWE_DOMAIN.split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : [`127.0.0.1:${port}`, `localhost:${port}`]),
    roles: overrides.roles ?? roles,
  };
}
