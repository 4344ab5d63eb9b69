/**
 * Signed requests (DESIGN.md "Identity and writes"). Headers `address`, `signature`,
 * `signatureMessage` (URI-encoded EIP-4361 message, see @sofi/core siwe.ts). The message must be a
 * strict EIP-4361 message (canonical text, no scheme on the domain, URI on the same domain) with
 * SoFi's sign-in statement, for this API's domain and this chain, issued within the last 8 hours
 * (not in the future, within its own Expiration Time / Not Before), name the same address as the
 * header, and carry a valid signature by that address.
 *
 * Verification costs nothing until it must: a 65-byte ECDSA signature is recovered locally, and a
 * high-s one (the malleable twin of a valid signature) is refused outright. Only when the local
 * check fails does the server ask the chain: `eth_getCode` of the address, and an ERC-1271
 * `isValidSignature` call with capped gas when the address is a contract (an ERC-6492-wrapped
 * signature is unwrapped first; counterfactual, undeployed wallets are not accepted: deploying code
 * an attacker chose inside our `eth_call` is what we refuse to run). Blocked addresses get 403.
 */
import {
  decodeSignatureMessageHeader,
  ERRORS,
  isAddress,
  isBlocked,
  isSignatureFresh,
  parseSignInMessage,
  SIGN_IN_STATEMENT,
  SIGNATURE_HEADERS,
  signInMessageProblem,
} from "@sofi/core";
import type { MiddlewareHandler } from "hono";
import {
  type Address,
  encodeFunctionData,
  type Hex,
  hashMessage,
  hexToBigInt,
  isAddressEqual,
  isErc6492Signature,
  isHex,
  type PublicClient,
  parseErc6492Signature,
  recoverAddress,
} from "viem";
import { type TokenBuckets, tooManyRequests } from "./rate-limit.ts";

export type VerifiedSigner = { address: `0x${string}`; chainId: number; issuedAt: Date };

export type AuthFailure = { status: 400 | 401 | 403 | 429; error: string; retryAfterS?: number };

/** Gas cap of the ERC-1271 `isValidSignature` call (a multi-owner Safe needs about 100k). */
export const VERIFY_CALL_GAS = 500_000n;
/** Longest signature header accepted (hex characters after 0x): room for multi-owner wallet signatures. */
export const SIGNATURE_MAX_HEX = 4096;

/** secp256k1's group order over two: a signature's s above it is the malleable (high-s) twin. */
const SECP256K1_HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

const ERC1271_ABI = [
  {
    type: "function",
    name: "isValidSignature",
    stateMutability: "view",
    inputs: [
      { name: "hash", type: "bytes32" },
      { name: "signature", type: "bytes" },
    ],
    outputs: [{ name: "", type: "bytes4" }],
  },
] as const;
const ERC1271_MAGIC = "0x1626ba7e";

export type VerifyOptions = {
  client: PublicClient;
  chainId: number;
  domains: readonly string[];
  blocked: ReadonlySet<string>;
  now?: () => number;
  /** Asked before any RPC (eth_getCode, eth_call); false answers 429. */
  allowRpc?: () => { ok: true } | { ok: false; retryAfterS: number };
  /** Signed writes per verified address. */
  writeLimiter?: TokenBuckets;
};

const invalid = (why?: string): AuthFailure => ({
  status: 401,
  error: why ? `${ERRORS.signatureInvalid}: ${why}` : ERRORS.signatureInvalid,
});

/**
 * Whether `signature` over `message` is by `address`: local ECDSA first (low-s only), then, if the
 * address has code, ERC-1271 with capped gas. Returns a failure or null.
 */
async function checkSignature(
  message: string,
  signature: Hex,
  address: Address,
  opts: VerifyOptions,
): Promise<AuthFailure | null> {
  const hash = hashMessage(message);
  const bytes = (signature.length - 2) / 2;
  if (bytes === 65) {
    const s = hexToBigInt(`0x${signature.slice(66, 130)}`);
    if (s > SECP256K1_HALF_N) return invalid("high-s signature (not canonical)");
    try {
      if (isAddressEqual(await recoverAddress({ hash, signature }), address)) return null;
    } catch {
      // not a recoverable ECDSA signature: maybe a contract wallet's
    }
  }
  const allowed = opts.allowRpc?.() ?? { ok: true };
  if (!allowed.ok)
    return {
      status: 429,
      error: `Too many requests: signature checks on the chain; retry in ${allowed.retryAfterS} s`,
      retryAfterS: allowed.retryAfterS,
    };
  try {
    const code = await opts.client.getCode({ address });
    if (!code || code === "0x") return invalid();
    const inner = isErc6492Signature(signature) ? parseErc6492Signature(signature).signature : signature;
    const { data } = await opts.client.call({
      to: address,
      gas: VERIFY_CALL_GAS,
      data: encodeFunctionData({ abi: ERC1271_ABI, functionName: "isValidSignature", args: [hash, inner] }),
    });
    return data?.slice(0, 10).toLowerCase() === ERC1271_MAGIC ? null : invalid();
  } catch {
    return invalid();
  }
}

export async function verifySignedHeaders(
  headers: { address?: string | null; signature?: string | null; message?: string | null },
  opts: VerifyOptions,
): Promise<VerifiedSigner | AuthFailure> {
  const { address, signature, message: encoded } = headers;
  if (!address || !signature || !encoded) return { status: 401, error: ERRORS.signatureMissing };
  if (!isAddress(address)) return { status: 400, error: ERRORS.invalidAddress(address) };
  if (isBlocked(address, opts.blocked)) return { status: 403, error: ERRORS.blockedAddress };
  if (signature.length > SIGNATURE_MAX_HEX + 2)
    return { status: 400, error: `Invalid signature: longer than ${SIGNATURE_MAX_HEX / 2} bytes` };
  if (!isHex(signature) || signature.length < 4 || signature.length % 2 !== 0)
    return { status: 400, error: ERRORS.invalidHex(signature) };
  const message = decodeSignatureMessageHeader(encoded);
  const parsed = message ? parseSignInMessage(message) : null;
  if (!message || !parsed) {
    const why = message ? signInMessageProblem(message) : "not URI-encoded";
    return { status: 400, error: `Malformed signatureMessage: expected an EIP-4361 message (${why})` };
  }
  if (parsed.address.toLowerCase() !== address.toLowerCase()) return invalid("message is for another address");
  if (!opts.domains.includes(parsed.domain)) return invalid(`message is for another domain (${parsed.domain})`);
  if (parsed.chainId !== opts.chainId)
    return invalid(`message is for chain ${parsed.chainId}, expected ${opts.chainId}`);
  if (parsed.statement !== SIGN_IN_STATEMENT) return invalid("message is not a SoFi sign-in");
  const now = opts.now?.() ?? Date.now();
  if (!isSignatureFresh(parsed.issuedAt, now, parsed)) return { status: 401, error: ERRORS.signatureExpired };
  const failure = await checkSignature(message, signature, parsed.address, opts);
  if (failure) return failure;
  const lower = address.toLowerCase() as `0x${string}`;
  const write = opts.writeLimiter?.take(lower) ?? { ok: true };
  if (!write.ok)
    return {
      status: 429,
      error: `Too many requests: signed writes by ${lower}; retry in ${write.retryAfterS} s`,
      retryAfterS: write.retryAfterS,
    };
  return { address: lower, chainId: parsed.chainId, issuedAt: parsed.issuedAt };
}

export type AuthVariables = { signer: VerifiedSigner };

/** Hono middleware for writes: sets `c.var.signer` or replies 400/401/403/429 with `{ error }`. */
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
    if ("error" in r) {
      if (r.status === 429) return tooManyRequests(c, r.retryAfterS ?? 1, r.error);
      return c.json({ error: r.error }, r.status);
    }
    c.set("signer", r);
    await next();
  };
}
