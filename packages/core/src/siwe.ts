/**
 * Signed API requests (DESIGN.md "Identity and writes"): an EIP-4361 (Sign-In with Ethereum)
 * message bound to the API's domain and the chain id, with an issued-at time. The web app builds
 * it with `buildSignInMessage`, signs it with the wallet (personal_sign), and sends three headers:
 * `address`, `signature`, `signatureMessage` (the message URI-encoded, because HTTP header values
 * cannot hold newlines). The server parses it with `parseSignInMessage` and verifies it with viem.
 */
import { createSiweMessage, generateSiweNonce, parseSiweMessage } from "viem/siwe";
import { SIGNATURE_MAX_AGE_MS } from "./constants.ts";

export const SIGNATURE_HEADERS = {
  address: "address",
  signature: "signature",
  message: "signatureMessage",
} as const;

export const SIGN_IN_STATEMENT = "Sign in to SoFi. This signature proves you own this address; it costs nothing.";

export type SignInMessageInput = {
  address: `0x${string}`;
  chainId: number;
  /** host[:port] of the API, e.g. `127.0.0.1:8080` (the browser's `location.host`). */
  domain: string;
  /** Origin URI, e.g. `http://127.0.0.1:8080`. */
  uri: string;
  issuedAt?: Date;
  nonce?: string;
};

export function buildSignInMessage(input: SignInMessageInput): string {
  return createSiweMessage({
    address: input.address,
    chainId: input.chainId,
    domain: input.domain,
    uri: input.uri,
    version: "1",
    nonce: input.nonce ?? generateSiweNonce(),
    issuedAt: input.issuedAt ?? new Date(),
    statement: SIGN_IN_STATEMENT,
  });
}

export type ParsedSignInMessage = {
  address: `0x${string}`;
  chainId: number;
  domain: string;
  uri: string;
  nonce: string;
  statement: string | undefined;
  issuedAt: Date;
  expirationTime: Date | undefined;
  notBefore: Date | undefined;
};

/**
 * Why `message` is not a strict EIP-4361 message (null when it is one):
 * - it must be exactly the canonical text of its own fields (viem's `createSiweMessage` prints the
 *   same message back): nothing appended or prepended, no repeated or reordered lines, no second
 *   `URI:` line hidden in a statement, times in `toISOString` form;
 * - no scheme before the domain (`https://host wants you...`): the domain is a bare host[:port];
 * - the URI is an http(s) URI on the message's own domain (a foreign `URI:` is refused);
 * - version 1, and no `Resources` / `Request ID` (this API grants no scoped capabilities: a message
 *   carrying them was made for something else).
 */
export function signInMessageProblem(message: string): string | null {
  const r = strictParse(message);
  return typeof r === "string" ? r : null;
}

function strictParse(message: string): ParsedSignInMessage | string {
  let m: ReturnType<typeof parseSiweMessage>;
  try {
    m = parseSiweMessage(message);
  } catch {
    return "not an EIP-4361 message";
  }
  if (m.scheme !== undefined) return "the domain must not carry a scheme";
  if (!m.address || !m.chainId || !m.domain || !m.uri || !m.nonce || !m.issuedAt || !m.version)
    return "a required field is missing";
  if (m.version !== "1") return "version must be 1";
  if (m.resources !== undefined || m.requestId !== undefined) return "Resources and Request ID are not accepted";
  for (const d of [m.issuedAt, m.expirationTime, m.notBefore])
    if (d !== undefined && Number.isNaN(d.getTime())) return "a time is not an RFC 3339 date-time";
  let uri: URL;
  try {
    uri = new URL(m.uri);
  } catch {
    return "the URI is not a URI";
  }
  if (uri.protocol !== "http:" && uri.protocol !== "https:") return "the URI must be http or https";
  if (uri.host !== m.domain.toLowerCase() || uri.username || uri.password) return "the URI is on another domain";
  let canonical: string;
  try {
    canonical = createSiweMessage({
      address: m.address,
      chainId: m.chainId,
      domain: m.domain,
      uri: m.uri,
      version: "1",
      nonce: m.nonce,
      issuedAt: m.issuedAt,
      ...(m.statement !== undefined ? { statement: m.statement } : {}),
      ...(m.expirationTime !== undefined ? { expirationTime: m.expirationTime } : {}),
      ...(m.notBefore !== undefined ? { notBefore: m.notBefore } : {}),
    });
  } catch {
    return "a field is malformed";
  }
  if (canonical !== message) return "the message is not in canonical EIP-4361 form (extra or altered text)";
  return {
    address: m.address,
    chainId: m.chainId,
    domain: m.domain,
    uri: m.uri,
    nonce: m.nonce,
    statement: m.statement,
    issuedAt: m.issuedAt,
    expirationTime: m.expirationTime,
    notBefore: m.notBefore,
  };
}

/** Parses a strict EIP-4361 message (see `signInMessageProblem`); null when it is not one. */
export function parseSignInMessage(message: string): ParsedSignInMessage | null {
  const r = strictParse(message);
  return typeof r === "string" ? null : r;
}

/** Allowed clock skew for an issued-at time slightly in the future (client clock ahead). */
export const SIGNATURE_FUTURE_SKEW_MS = 60_000;

/**
 * True while a message issued at `issuedAt` may still be used (spec: reuse under 8 hours). A message
 * that names its own `Expiration Time` / `Not Before` is held to them as well.
 */
export function isSignatureFresh(
  issuedAt: Date,
  now: number = Date.now(),
  bounds: { expirationTime?: Date | undefined; notBefore?: Date | undefined } = {},
): boolean {
  const t = issuedAt.getTime();
  if (bounds.expirationTime && now >= bounds.expirationTime.getTime()) return false;
  if (bounds.notBefore && now < bounds.notBefore.getTime() - SIGNATURE_FUTURE_SKEW_MS) return false;
  return now - t <= SIGNATURE_MAX_AGE_MS && t - now <= SIGNATURE_FUTURE_SKEW_MS;
}

export function encodeSignatureMessageHeader(message: string): string {
  return encodeURIComponent(message);
}

/** null when the header is not valid URI encoding. */
export function decodeSignatureMessageHeader(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
