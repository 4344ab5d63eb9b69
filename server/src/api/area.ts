/**
 * What every API area gets: one typed Env (the request's chain runtime, set by createApp's chain
 * middleware, and the signer once a write's signature is verified) and the app's deps (db, config,
 * chains). An area is a Hono sub-app mounted under `/api/:chain`; areas.ts lists them.
 */
import type { Hono } from "hono";
import type { PublicClient } from "viem";
import type { AuthVariables } from "../auth/verify.ts";
import type { ChainConfig, ServerConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Market } from "./queries/market.ts";

export type ChainRuntime = { config: ChainConfig; client: PublicClient; market: Market };

export type AppDeps = {
  db: Db;
  config: Pick<ServerConfig, "blockedAddresses" | "siweDomains" | "webDist">;
  chains: ChainRuntime[];
};

/** `c.var.chain` is set for every route under `/api/:chain`; `c.var.signer` after `requireSignature`. */
export type ApiEnv = { Variables: AuthVariables & { chain: ChainRuntime } };

/** One product area: builds its sub-app (paths relative to `/api/:chain`) from the app's deps. */
export type ApiArea = (deps: AppDeps) => Hono<ApiEnv>;
