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
  issuedAt: Date;
};

/** Parses an EIP-4361 message; null when a required field is missing or malformed. */
export function parseSignInMessage(message: string): ParsedSignInMessage | null {
  let m: ReturnType<typeof parseSiweMessage>;
  try {
    m = parseSiweMessage(message);
  } catch {
    return null;
  }
  if (!m.address || !m.chainId || !m.domain || !m.uri || !m.nonce || !m.issuedAt) return null;
  if (Number.isNaN(m.issuedAt.getTime())) return null;
  return {
    address: m.address,
    chainId: m.chainId,
    domain: m.domain,
    uri: m.uri,
    nonce: m.nonce,
    issuedAt: m.issuedAt,
  };
}

/** Allowed clock skew for an issued-at time slightly in the future (client clock ahead). */
export const SIGNATURE_FUTURE_SKEW_MS = 60_000;

/** True while a message issued at `issuedAt` may still be used (spec: reuse under 8 hours). */
export function isSignatureFresh(issuedAt: Date, now: number = Date.now()): boolean {
  const t = issuedAt.getTime();
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
