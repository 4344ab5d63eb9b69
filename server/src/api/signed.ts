/**
 * The signature check every signed write of the API uses (auth/verify.ts `requireSignature`) with
 * the request's chain, the configured sign-in domains and blocked addresses, and the per-process
 * rate limits: per verified address for writes, per client IP for contract-wallet checks.
 */
import type { Context } from "hono";
import { requireSignature } from "../auth/verify.ts";
import type { ApiEnv, AppDeps } from "./area.ts";

export function requireSignedWrite(deps: AppDeps) {
  return requireSignature((c) => {
    const { chain: ch, limits, clientIp } = (c as Context<ApiEnv>).var;
    return {
      client: ch.client,
      chainId: ch.config.info.id,
      domains: deps.config.siweDomains,
      blocked: deps.config.blockedAddresses,
      writeLimiter: limits.writes,
      allowRpc: () => limits.verifications.take(clientIp),
    };
  });
}
