import { buildSignInMessage, encodeSignatureMessageHeader, SIGNATURE_MAX_AGE_MS } from "@sofi/core";
import { CHAINS } from "@sofi/protocol";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/api/app.ts";
import { API_WRITE, type Change } from "../src/api/commit-signal.ts";
import { Market } from "../src/api/market.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { createRpcClient } from "../src/indexer/rpc.ts";
import { startTestChain, type TestChain } from "./helpers/chain.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { compileFixture } from "./helpers/solc.ts";

// anvil's well-known dev keys (accounts 1, 2 and 3)
const KEY_1: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const KEY_2: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const KEY_3: Hex = "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6";
const user = privateKeyToAccount(KEY_1);
const other = privateKeyToAccount(KEY_2);
const banned = privateKeyToAccount(KEY_3);
const DOMAIN = "127.0.0.1:8080";
const local = CHAINS.find((c) => c.suffix === "local");
if (!local) throw new Error("no local chain");

let chain: TestChain;
let wallet1271: Address;
beforeAll(async () => {
  chain = await startTestChain();
  const { abi, bytecode } = compileFixture("Wallet1271.sol", "Wallet1271");
  const hash = await chain.wallet.deployContract({ abi, bytecode, args: [user.address] });
  const r = await chain.wallet.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (!r.contractAddress) throw new Error("no wallet");
  wallet1271 = r.contractAddress;
}, 120_000);
afterAll(async () => {
  await closeAllDbs();
  await chain?.stop();
});

type SignOpts = { signer?: typeof user; address?: Address; domain?: string; chainId?: number; issuedAt?: Date };

async function signedHeaders(o: SignOpts = {}) {
  const signer = o.signer ?? user;
  const address = o.address ?? signer.address;
  const message = buildSignInMessage({
    address,
    chainId: o.chainId ?? 31337,
    domain: o.domain ?? DOMAIN,
    uri: `http://${o.domain ?? DOMAIN}`,
    issuedAt: o.issuedAt,
  });
  const signature = await signer.signMessage({ message });
  return { address, signature, signatureMessage: encodeSignatureMessageHeader(message) };
}

describe.each(DB_KINDS)("signed writes on %s", (kind) => {
  let app: ReturnType<typeof createApp>;
  let db: Db;
  /** What the app told the other servers (the change bus). */
  const told: { chainId: number; change?: Change }[] = [];
  const post = async (headers: Record<string, string>, body: unknown = { path: "/swap?x=1" }) => {
    const res = await app.request("http://127.0.0.1:8080/api/local/sofi/page-view", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { error?: string; ok?: boolean; address?: string } };
  };

  beforeAll(async () => {
    db = await freshDb(kind);
    const config = loadConfig(
      { CHAINS: "local", BLOCKED_ADDRESSES: banned.address, PORT: "8080" },
      { rpcUrls: { local: chain.rpcUrl }, deployments: { local: chain.deployment() } },
    );
    const cc = config.chains[0];
    if (!cc) throw new Error("no chain");
    app = createApp({
      db,
      config,
      chains: [{ config: cc, client: createRpcClient(chain.rpcUrl), market: new Market(db, local, cc.deployment) }],
      changes: { changed: (chainId, change) => told.push({ chainId, change }) },
    });
  });

  it("accepts a valid EOA signature and stores the page view for the verified address", async () => {
    told.length = 0;
    await post({});
    // a refused write changed nothing; a stored one tells the other servers it was an API write
    expect(told).toEqual([]);
    const r = await post(await signedHeaders());
    expect(r).toMatchObject({ status: 201, body: { ok: true, address: user.address.toLowerCase() } });
    expect(told).toEqual([{ chainId: 31337, change: API_WRITE }]);
    const rows = await db.query<{ address: string; path: string; chain_id: number }>(
      "SELECT address, path, chain_id FROM page_views",
    );
    expect(rows).toEqual([{ address: user.address.toLowerCase(), path: "/swap?x=1", chain_id: 31337 }]);
  });

  it("accepts an EIP-1271 smart-contract wallet signed by its owner", async () => {
    const r = await post(await signedHeaders({ signer: user, address: wallet1271 }));
    expect(r).toMatchObject({ status: 201, body: { address: wallet1271.toLowerCase() } });
    // the wallet refuses a signature by someone else
    const bad = await post(await signedHeaders({ signer: other, address: wallet1271 }));
    expect(bad).toEqual({ status: 401, body: { error: "Invalid signature" } });
  });

  it("refuses missing headers", async () => {
    const h = await signedHeaders();
    expect(await post({})).toEqual({ status: 401, body: { error: "Missing signature headers" } });
    expect(await post({ address: h.address, signature: h.signature })).toEqual({
      status: 401,
      body: { error: "Missing signature headers" },
    });
  });

  it("refuses malformed headers", async () => {
    const h = await signedHeaders();
    expect(await post({ ...h, address: "0x1234" })).toEqual({
      status: 400,
      body: { error: "Invalid address: 0x1234" },
    });
    expect(await post({ ...h, signature: "zz" })).toEqual({ status: 400, body: { error: "Invalid hex: zz" } });
    const garbage = await post({ ...h, signatureMessage: "hello" });
    expect(garbage.status).toBe(400);
    expect(garbage.body.error).toMatch(/Malformed signatureMessage/);
    expect((await post({ ...h, signatureMessage: "%E0%A4%A" })).status).toBe(400);
  });

  it("refuses a signature by someone else (bad signature)", async () => {
    const h = await signedHeaders();
    const forged = await signedHeaders({ signer: other, address: user.address });
    expect(await post({ ...h, signature: forged.signature })).toEqual({
      status: 401,
      body: { error: "Invalid signature" },
    });
    expect(await post(forged)).toEqual({ status: 401, body: { error: "Invalid signature" } });
  });

  it("refuses a message for another address than the header's", async () => {
    const h = await signedHeaders({ signer: other });
    const r = await post({ ...h, address: user.address });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("Invalid signature: message is for another address");
  });

  it("refuses expired and future messages", async () => {
    const old = await signedHeaders({ issuedAt: new Date(Date.now() - SIGNATURE_MAX_AGE_MS - 60_000) });
    expect(await post(old)).toEqual({ status: 401, body: { error: "Signature expired" } });
    const fresh = await signedHeaders({ issuedAt: new Date(Date.now() - SIGNATURE_MAX_AGE_MS + 60_000) });
    expect((await post(fresh)).status).toBe(201);
    const future = await signedHeaders({ issuedAt: new Date(Date.now() + 10 * 60_000) });
    expect(await post(future)).toEqual({ status: 401, body: { error: "Signature expired" } });
  });

  it("refuses a message replayed from another domain or chain", async () => {
    const r = await post(await signedHeaders({ domain: "evil.example" }));
    expect(r.status).toBe(401);
    expect(r.body.error).toMatch(/another domain/);
    const c = await post(await signedHeaders({ chainId: 8453 }));
    expect(c.status).toBe(401);
    expect(c.body.error).toMatch(/chain 8453/);
  });

  it("refuses blocked addresses with 403, even with a valid signature", async () => {
    expect(await post(await signedHeaders({ signer: banned }))).toEqual({
      status: 403,
      body: { error: "Blocked address" },
    });
    const h = await signedHeaders();
    // one of the spec's five default blocked addresses
    expect(await post({ ...h, address: "0x7f367cc41522ce07553e823bf3be79a889debe1b" })).toEqual({
      status: 403,
      body: { error: "Blocked address" },
    });
  });

  it("refuses a bad body with 400 and stores nothing", async () => {
    const before = await db.query<{ n: unknown }>("SELECT count(*) AS n FROM page_views");
    expect((await post(await signedHeaders(), "{not json")).status).toBe(400);
    expect((await post(await signedHeaders(), { path: "" })).status).toBe(400);
    expect((await post(await signedHeaders(), { nope: 1 })).status).toBe(400);
    const after = await db.query<{ n: unknown }>("SELECT count(*) AS n FROM page_views");
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
  });
});
