/**
 * Signed requests (DESIGN.md "Identity and writes"). Headers `address`, `signature`,
 * `signatureMessage` (URI-encoded EIP-4361 message, see @sofi/core siwe.ts). The message must be
 * for this API's domain and this chain, issued within the last 8 hours (not in the future), name
 * the same address as the header, and carry a valid signature by that address: EOAs and
 * EIP-1271/6492 smart-contract wallets through viem's `verifySiweMessage` (it calls the wallet
 * contract when the address has code). Blocked addresses are refused with 403.
 */
import {
  decodeSignatureMessageHeader,
  ERRORS,
  isAddress,
  isBlocked,
  isSignatureFresh,
  parseSignInMessage,
  SIGNATURE_HEADERS,
} from "@sofi/core";
import type { MiddlewareHandler } from "hono";
import { isHex, type PublicClient } from "viem";
import { verifySiweMessage } from "viem/siwe";

export type VerifiedSigner = { address: `0x${string}`; chainId: number; issuedAt: Date };

export type AuthFailure = { status: 400 | 401 | 403; error: string };

export type VerifyOptions = {
  client: PublicClient;
  chainId: number;
  domains: readonly string[];
  blocked: ReadonlySet<string>;
  now?: () => number;
};

export async function verifySignedHeaders(
  headers: { address?: string | null; signature?: string | null; message?: string | null },
  opts: VerifyOptions,
): Promise<VerifiedSigner | AuthFailure> {
  const { address, signature, message: encoded } = headers;
  if (!address || !signature || !encoded) return { status: 401, error: ERRORS.signatureMissing };
  if (!isAddress(address)) return { status: 400, error: ERRORS.invalidAddress(address) };
  if (isBlocked(address, opts.blocked)) return { status: 403, error: ERRORS.blockedAddress };
  if (!isHex(signature) || signature.length < 4) return { status: 400, error: ERRORS.invalidHex(signature) };
  const message = decodeSignatureMessageHeader(encoded);
  const parsed = message ? parseSignInMessage(message) : null;
  if (!message || !parsed) return { status: 400, error: "Malformed signatureMessage: expected an EIP-4361 message" };
  if (parsed.address.toLowerCase() !== address.toLowerCase())
    return { status: 401, error: `${ERRORS.signatureInvalid}: message is for another address` };
  if (!opts.domains.includes(parsed.domain))
    return { status: 401, error: `${ERRORS.signatureInvalid}: message is for another domain (${parsed.domain})` };
  if (parsed.chainId !== opts.chainId)
    return {
      status: 401,
      error: `${ERRORS.signatureInvalid}: message is for chain ${parsed.chainId}, expected ${opts.chainId}`,
    };
  const now = opts.now?.() ?? Date.now();
  if (!isSignatureFresh(parsed.issuedAt, now)) return { status: 401, error: ERRORS.signatureExpired };
  let ok = false;
  try {
    ok = await verifySiweMessage(opts.client, {
      message,
      signature,
      address: parsed.address,
      domain: parsed.domain,
      time: new Date(now),
    });
  } catch {
    ok = false;
  }
  if (!ok) return { status: 401, error: ERRORS.signatureInvalid };
  return { address: address.toLowerCase() as `0x${string}`, chainId: parsed.chainId, issuedAt: parsed.issuedAt };
}

export type AuthVariables = { signer: VerifiedSigner };

/** Hono middleware for writes: sets `c.var.signer` or replies 400/401/403 with `{ error }`. */
export function requireSignature(
  getOpts: (c: Parameters<MiddlewareHandler>[0]) => VerifyOptions | null,
): MiddlewareHandler<{
  Variables: AuthVariables;
}> {
  return async (c, next) => {
    const opts = getOpts(c);
    if (!opts) return c.json({ error: "Unknown chain" }, 404);
    const r = await verifySignedHeaders(
      {
        address: c.req.header(SIGNATURE_HEADERS.address),
        signature: c.req.header(SIGNATURE_HEADERS.signature),
        message: c.req.header(SIGNATURE_HEADERS.message),
      },
      opts,
    );
    if ("error" in r) return c.json({ error: r.error }, r.status);
    c.set("signer", r);
    await next();
  };
}
