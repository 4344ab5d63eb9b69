import {
  buildSignInMessage,
  encodeSignatureMessageHeader,
  isSignatureFresh,
  parseSignInMessage,
  SIGNATURE_HEADERS,
  STORAGE_KEYS,
} from "@sofi/core";

export type SignedHeaders = {
  [SIGNATURE_HEADERS.address]: string;
  [SIGNATURE_HEADERS.signature]: string;
  [SIGNATURE_HEADERS.message]: string;
};

type KV = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type SignatureContext = {
  address: `0x${string}`;
  chainId: number;
  /** host[:port] the message is bound to (location.host). */
  domain: string;
  /** origin URI (location.origin). */
  uri: string;
  /** Asks the wallet to sign (personal_sign). */
  sign: (message: string) => Promise<`0x${string}`>;
};

export type SignatureManagerOptions = {
  storage: KV;
  now?: () => number;
};

/**
 * Spec 000 §4 "Signature login": a stored signed message is reused while under 8 hours old and
 * for the same address (and the same domain and chain, since the message is bound to them);
 * otherwise a new one is requested, one request at a time: concurrent callers share the promise.
 */
export function createSignatureManager({ storage, now = Date.now }: SignatureManagerOptions) {
  let pending: { key: string; promise: Promise<SignedHeaders> } | null = null;

  function stored(ctx: Omit<SignatureContext, "sign">): SignedHeaders | null {
    const address = storage.getItem(STORAGE_KEYS.address);
    const signature = storage.getItem(STORAGE_KEYS.signature);
    const message = storage.getItem(STORAGE_KEYS.signatureMsg);
    if (!address || !signature || !message) return null;
    if (address.toLowerCase() !== ctx.address.toLowerCase()) return null;
    const parsed = parseSignInMessage(message);
    if (!parsed) return null;
    if (parsed.address.toLowerCase() !== ctx.address.toLowerCase()) return null;
    if (parsed.chainId !== ctx.chainId || parsed.domain !== ctx.domain) return null;
    if (!isSignatureFresh(parsed.issuedAt, now())) return null;
    return headers(address, signature, message);
  }

  function headers(address: string, signature: string, message: string): SignedHeaders {
    return {
      [SIGNATURE_HEADERS.address]: address,
      [SIGNATURE_HEADERS.signature]: signature,
      [SIGNATURE_HEADERS.message]: encodeSignatureMessageHeader(message),
    };
  }

  async function signNew(ctx: SignatureContext): Promise<SignedHeaders> {
    const message = buildSignInMessage({
      address: ctx.address,
      chainId: ctx.chainId,
      domain: ctx.domain,
      uri: ctx.uri,
      issuedAt: new Date(now()),
    });
    const signature = await ctx.sign(message);
    storage.setItem(STORAGE_KEYS.address, ctx.address);
    storage.setItem(STORAGE_KEYS.signature, signature);
    storage.setItem(STORAGE_KEYS.signatureMsg, message);
    return headers(ctx.address, signature, message);
  }

  return {
    /** Stored headers if still valid for this context, without asking the wallet. */
    peek: (ctx: Omit<SignatureContext, "sign">) => stored(ctx),
    /** Valid headers: the stored ones, the pending request's, or a fresh signature. */
    async getHeaders(ctx: SignatureContext): Promise<SignedHeaders> {
      const reuse = stored(ctx);
      if (reuse) return reuse;
      const key = `${ctx.address.toLowerCase()}|${ctx.chainId}|${ctx.domain}`;
      if (pending) {
        if (pending.key === key) return pending.promise;
        // One request at a time: wait for the other one, then decide again.
        await pending.promise.catch(() => undefined);
        return this.getHeaders(ctx);
      }
      const promise = signNew(ctx).finally(() => {
        if (pending?.promise === promise) pending = null;
      });
      pending = { key, promise };
      return promise;
    },
    clear() {
      storage.removeItem(STORAGE_KEYS.address);
      storage.removeItem(STORAGE_KEYS.signature);
      storage.removeItem(STORAGE_KEYS.signatureMsg);
    },
  };
}

export type SignatureManager = ReturnType<typeof createSignatureManager>;

let shared: SignatureManager | undefined;
/** The app-wide manager over localStorage (one pending request for the whole page). */
export function signatureManager(): SignatureManager {
  shared ??= createSignatureManager({ storage: localStorage });
  return shared;
}
