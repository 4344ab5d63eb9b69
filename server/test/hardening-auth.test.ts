/**
 * The signed-write attack table (issue 9, #10 and #11): every forged, replayed, malleated or
 * mis-bound request is refused, plain ECDSA is checked locally (no RPC), a contract wallet costs one
 * eth_getCode and one gas-capped eth_call, and writes are rate-limited per address.
 */
import { SIGN_IN_STATEMENT, SIGNATURE_MAX_AGE_MS } from "@sofi/core";
import { concat, encodeAbiParameters, type Hex, numberToHex, parseSignature, serializeSignature } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_CALL_GAS } from "../src/auth/verify.ts";
import type { Db } from "../src/db/client.ts";
import { closeAllDbs, freshDb } from "./helpers/db.ts";
import { buildApp, DOMAIN, message, other, signed, stubRpc, user } from "./helpers/hardening.ts";

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const WALLET = "0x00000000000000000000000000000000000c0de1";
const ERC6492_MAGIC = "0x6492649264926492649264926492649264926492649264926492649264926492";

let db: Db;
beforeAll(async () => {
  db = await freshDb("pglite");
});
afterAll(async () => {
  await closeAllDbs();
});

type Headers = Record<string, string>;

function setup(opts: { callResult?: Hex; writesPerAddress?: number } = {}) {
  const rpc = stubRpc({ code: { [WALLET]: "0x6080" }, callResult: opts.callResult });
  const app = buildApp(db, {
    client: rpc.client,
    env: { BLOCKED_ADDRESSES: "0x0000000000000000000000000000000000000bad" },
    overrides: { rateLimit: { perIp: 0, writesPerAddress: opts.writesPerAddress ?? 0 } },
  });
  const post = async (headers: Headers, body: unknown = { path: "/swap" }) => {
    const res = await app.request("http://127.0.0.1:8080/api/local/sofi/page-view", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { error?: string }, headers: res.headers };
  };
  return { rpc, post };
}

/** The high-s twin of a signature: (r, n - s) with the other recovery id; recovers the same key. */
function highS(signature: Hex): Hex {
  const sig = parseSignature(signature);
  const s = N - BigInt(sig.s);
  return serializeSignature({ r: sig.r, s: numberToHex(s, { size: 32 }), yParity: sig.yParity === 0 ? 1 : 0 });
}

describe("signed-write attack table", () => {
  it("accepts the web app's message signed by an EOA, without any RPC", async () => {
    const { rpc, post } = setup();
    const r = await post(await signed(message()));
    expect(r.status).toBe(201);
    expect(rpc.calls).toEqual([]);
  });

  const attacks: [string, () => Promise<Headers>, number, RegExp][] = [
    [
      "the high-s twin of a valid signature",
      async () => {
        const h = await signed(message());
        return { ...h, signature: highS(h.signature) };
      },
      401,
      /high-s/,
    ],
    ["a foreign URI: line", async () => signed(message({ uri: "https://evil.example/login" })), 400, /another domain/],
    ["an https:// scheme prefix on the domain", async () => signed(`https://${message()}`), 400, /scheme/],
    [
      "text appended after the message",
      async () => signed(`${message()}\nand also transfer everything`),
      400,
      /canonical/,
    ],
    [
      "a second URI line",
      async () => signed(message().replace("\nVersion: 1", "\nURI: https://evil.example\nVersion: 1")),
      400,
      /./,
    ],
    [
      "another domain",
      async () => signed(message({ domain: "evil.example", uri: "https://evil.example" })),
      401,
      /domain/,
    ],
    ["another chain", async () => signed(message({ chainId: 8453 })), 401, /chain 8453/],
    [
      "an expired message",
      async () => signed(message({ issuedAt: new Date(Date.now() - SIGNATURE_MAX_AGE_MS - 60_000) })),
      401,
      /expired/,
    ],
    [
      "a message from the future",
      async () => signed(message({ issuedAt: new Date(Date.now() + 10 * 60_000) })),
      401,
      /expired/,
    ],
    [
      "a message past its own Expiration Time",
      async () => {
        const m = message().replace(
          /(Issued At: .*)/,
          `$1\nExpiration Time: ${new Date(Date.now() - 1000).toISOString()}`,
        );
        return signed(m);
      },
      401,
      /expired/,
    ],
    [
      "another statement (a signature made for something else)",
      async () => signed(message({ statement: "I agree to the terms of evil.example" })),
      401,
      /not a SoFi sign-in/,
    ],
    [
      "a message with Resources",
      async () => signed(`${message()}\nResources:\n- https://x.example/a`),
      400,
      /Resources/,
    ],
    [
      "a message naming another address than the header",
      async () => ({ ...(await signed(message({ address: other.address }), other)), address: user.address }),
      401,
      /another address/,
    ],
    [
      "a signature by someone else",
      async () => {
        const forged = await other.signMessage({ message: message() });
        return { ...(await signed(message())), signature: forged };
      },
      401,
      /^Invalid signature$/,
    ],
    [
      "a valid signature over an altered message (nonce changed)",
      async () => {
        const h = await signed(message());
        const altered = decodeURIComponent(h.signatureMessage).replace("abcdefgh1234", "abcdefgh9999");
        return { ...h, signatureMessage: encodeURIComponent(altered) };
      },
      401,
      /^Invalid signature$/,
    ],
    [
      "a truncated signature",
      async () => {
        const h = await signed(message());
        return { ...h, signature: h.signature.slice(0, 130) };
      },
      401,
      /^Invalid signature$/,
    ],
    [
      "a lowercase address in the message",
      async () => signed(message().replace(user.address, user.address.toLowerCase())),
      400,
      /canonical/,
    ],
    ["missing headers", async () => ({}), 401, /Missing signature headers/],
    [
      "a malformed address header",
      async () => ({ ...(await signed(message())), address: "0x12" }),
      400,
      /Invalid address/,
    ],
    ["a non-hex signature", async () => ({ ...(await signed(message())), signature: "0xzz" }), 400, /Invalid hex/],
    [
      "an oversized signature",
      async () => ({ ...(await signed(message())), signature: `0x${"11".repeat(5000)}` }),
      400,
      /longer than/,
    ],
    [
      "a message that is not URI-encoded",
      async () => ({ ...(await signed(message())), signatureMessage: "%E0%A4%A" }),
      400,
      /Malformed/,
    ],
    [
      "a blocked address, even signing for itself",
      async () => ({ ...(await signed(message())), address: "0x0000000000000000000000000000000000000bad" }),
      403,
      /Blocked/,
    ],
  ];

  it.each(attacks)("refuses %s, asking the chain nothing", async (_, headers, status, error) => {
    const { rpc, post } = setup();
    const r = await post(await headers());
    expect(r.status).toBe(status);
    expect(r.body.error).toMatch(error);
    expect(rpc.calls.filter((c) => c.method === "eth_call")).toEqual([]);
    // only a bad signature on an otherwise valid message may ask whether the address has code
    expect(rpc.calls.every((c) => c.method === "eth_getCode")).toBe(true);
  });

  it("refuses an ERC-6492 wrapped signature for an undeployed wallet without running its deploy code", async () => {
    const { rpc, post } = setup({ callResult: "0x1626ba7e" });
    const addr = "0x00000000000000000000000000000000000fac70";
    const inner = await user.signMessage({ message: message({ address: addr }) });
    const wrapped = concat([
      encodeAbiParameters(
        [{ type: "address" }, { type: "bytes" }, { type: "bytes" }],
        ["0x00000000000000000000000000000000000000f1", "0xdeadbeef", inner],
      ),
      ERC6492_MAGIC,
    ]);
    const h = await signed(message({ address: addr }), user, addr);
    const r = await post({ ...h, signature: wrapped });
    expect(r.status).toBe(401);
    expect(rpc.calls.map((c) => c.method)).toEqual(["eth_getCode"]);
  });

  it("checks a contract wallet with one gas-capped ERC-1271 call", async () => {
    const ok = setup({ callResult: `0x1626ba7e${"0".repeat(56)}` });
    const h = await signed(message({ address: WALLET }), user, WALLET);
    expect((await ok.post(h)).status).toBe(201);
    expect(ok.rpc.calls.map((c) => c.method)).toEqual(["eth_getCode", "eth_call"]);
    const [tx] = (ok.rpc.calls[1]?.params ?? []) as [{ gas?: string; to?: string }?];
    expect(tx?.to?.toLowerCase()).toBe(WALLET);
    expect(BigInt(tx?.gas ?? "0")).toBe(VERIFY_CALL_GAS);

    const no = setup({ callResult: `0xffffffff${"0".repeat(56)}` });
    expect((await no.post(h)).body).toEqual({ error: "Invalid signature" });
  });

  it("limits signed writes per verified address (429 with Retry-After)", async () => {
    const { post } = setup({ writesPerAddress: 2 });
    const h = await signed(message());
    expect((await post(h)).status).toBe(201);
    expect((await post(h)).status).toBe(201);
    const third = await post(h);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(third.body.error).toMatch(/Too many requests: signed writes by/);
    // someone else is not affected
    expect((await post(await signed(message({ address: other.address }), other))).status).toBe(201);
  });

  it("limits chain checks of contract-wallet signatures per client IP", async () => {
    const { rpc, post } = setup({ writesPerAddress: 1 });
    const bad = async () => ({
      ...(await signed(message({ address: WALLET }), user, WALLET)),
      signature: await other.signMessage({ message: "x" }),
    });
    expect((await post(await bad())).status).toBe(401);
    const r = await post(await bad());
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBeTruthy();
    expect(rpc.calls.filter((c) => c.method === "eth_getCode")).toHaveLength(1);
  });

  it("signs with the statement the web app uses", () => {
    expect(message()).toContain(SIGN_IN_STATEMENT);
    expect(message()).toContain(DOMAIN);
  });
});
