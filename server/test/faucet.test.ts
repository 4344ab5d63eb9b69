/**
 * The faucet (issue 11, spec 001 §4, §7 `POST /sts/faucet`, §8 "Already Funded Today.", §9) on a
 * real anvil chain: grants, one normal and one extra claim per address and UTC day, exactly one
 * transfer under concurrent claims, failed sends that may be retried, validation messages.
 */
import { DEFAULT_BLOCKED_ADDRESSES } from "@sofi/core";
import { ANVIL_ACCOUNTS } from "@sofi/protocol";
import { type Address, erc20Abi, getAddress, type Hex, parseEther, parseEventLogs } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/api/app.ts";
import type { ChainRuntime } from "../src/api/area.ts";
import { FAUCET_STALE_PENDING_MS, utcDay } from "../src/api/faucet.ts";
import { Market } from "../src/api/market.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { createRpcClient } from "../src/indexer/rpc.ts";
import { startTestChain, type TestChain } from "./helpers/chain.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { buildApp, stubRpc } from "./helpers/hardening.ts";
import { compileFixture } from "./helpers/solc.ts";

const E18 = 10n ** 18n;
const FAUCET_KEY = ANVIL_ACCOUNTS[4]?.privateKey as Hex;
const FAUCET = privateKeyToAccount(FAUCET_KEY).address;
/** An account with ETH for gas but no test USDT: its sends fail. */
const EMPTY_KEY = ANVIL_ACCOUNTS[5]?.privateKey as Hex;

let chain: TestChain;
let n = 0;
/** A fresh recipient per test (no ETH, no tokens). */
const recipient = (): Address => `0x${(0xfa00000 + ++n).toString(16).padStart(40, "0")}` as Address;

beforeAll(async () => {
  chain = await startTestChain();
  await chain.transfer(chain.tokens.usdt, FAUCET, 1_000_000n * E18);
}, 120_000);
afterAll(async () => {
  await closeAllDbs();
  await chain?.stop();
});

describe.each(DB_KINDS)("faucet (%s)", (kind) => {
  let db: Db;
  const app = (key: Hex | null = FAUCET_KEY, env: Record<string, string> = {}, perIpPerMinute = 0) =>
    buildApp(db, {
      env,
      deployment: chain.deployment(),
      client: createRpcClient(chain.rpcUrl) as never,
      overrides: {
        rateLimit: { perIp: 0, writesPerAddress: 0 },
        deployments: { local: chain.deployment() },
        rpcUrls: { local: chain.rpcUrl },
        faucet: { privateKey: key, perIpPerMinute },
      },
    });
  const claim = async (a: ReturnType<typeof app>, body: unknown, suffix = "local") => {
    const res = await a.request(`http://127.0.0.1:8080/api/${suffix}/sts/faucet`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
    return { status: res.status, body: (await res.json()) as any };
  };
  const usdtOf = (address: Address) =>
    chain.wallet.readContract({
      address: chain.tokens.usdt,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address],
    });
  /** Token transfers from the faucet to `to` on the chain. */
  const transfersTo = async (to: Address) => {
    const logs = await chain.wallet.getLogs({
      address: chain.tokens.usdt,
      event: erc20Abi.find((x) => x.type === "event" && x.name === "Transfer") as never,
      args: { from: FAUCET, to } as never,
      fromBlock: 0n,
    });
    return parseEventLogs({ abi: erc20Abi, logs }).length;
  };

  beforeAll(async () => {
    db = await freshDb(kind);
  });

  it("10 simultaneous claims for one address: exactly one transfer, the rest Already Funded Today.", async () => {
    const a = app();
    const to = recipient();
    const replies = await Promise.all(Array.from({ length: 10 }, () => claim(a, { address: to })));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.body).toMatchObject({ address: getAddress(to), kind: "normal", faucet_count: 1 });
    expect(ok[0]?.body.tx_hashes).toHaveLength(2);
    for (const r of replies.filter((x) => x.status !== 200))
      expect(r).toEqual({ status: 400, body: { error: "Already Funded Today.", faucet_count: 1 } });
    expect(await transfersTo(to)).toBe(1);
    expect(await usdtOf(to)).toBe(10_000n * E18);
    expect(await chain.wallet.getBalance({ address: to })).toBe(parseEther("0.1"));
    const rows = await db.query<{ status: string; tx_hashes: string[] }>(
      "SELECT status, tx_hashes FROM faucet_claims WHERE address = $1",
      [to.toLowerCase()],
    );
    expect(rows).toEqual([{ status: "confirmed", tx_hashes: ok[0]?.body.tx_hashes }]);
  });

  it("extra claim: needs the usernames, once a day after the normal one (100 test USDT); a third is refused", async () => {
    const a = app();
    const to = recipient();
    expect((await claim(a, { address: to, name: "alice bob" })).body.kind).toBe("normal");
    expect(await claim(a, { address: to })).toEqual({
      status: 400,
      body: { error: "Already Funded Today.", faucet_count: 1 },
    });
    expect(await claim(a, { address: to, name: "   " })).toEqual({
      status: 400,
      body: { error: "Already Funded Today.", faucet_count: 1 },
    });
    const extras = await Promise.all(Array.from({ length: 5 }, () => claim(a, { address: to, name: "alice bob" })));
    const ok = extras.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.body).toMatchObject({ kind: "extra", faucet_count: 2 });
    expect(ok[0]?.body.tx_hashes).toHaveLength(1);
    for (const r of extras.filter((x) => x.status !== 200))
      expect(r.body).toEqual({ error: "Already Funded Today.", faucet_count: 2 });
    expect(await claim(a, { address: to, name: "alice bob" })).toEqual({
      status: 400,
      body: { error: "Already Funded Today.", faucet_count: 2 },
    });
    expect(await transfersTo(to)).toBe(2);
    expect(await usdtOf(to)).toBe(10_100n * E18);
    expect(await chain.wallet.getBalance({ address: to })).toBe(parseEther("0.1"));
  });

  it("a send that fails is marked failed and may be retried; nothing was sent twice", async () => {
    const to = recipient();
    const empty = app(EMPTY_KEY);
    const errorSpy = console.error;
    console.error = () => {};
    try {
      expect(await claim(empty, { address: to })).toEqual({
        status: 502,
        body: { error: "The faucet could not send the tokens; please try again" },
      });
    } finally {
      console.error = errorSpy;
    }
    const [row] = await db.query<{ status: string; error: string | null }>(
      "SELECT status, error FROM faucet_claims WHERE address = $1",
      [to.toLowerCase()],
    );
    expect(row?.status).toBe("failed");
    expect(row?.error).toBeTruthy();
    expect(await transfersTo(to)).toBe(0);
    const retry = await claim(app(), { address: to });
    expect(retry.status).toBe(200);
    expect(retry.body.faucet_count).toBe(1);
    expect(await transfersTo(to)).toBe(1);
    const [again] = await db.query<{ status: string; attempts: number }>(
      "SELECT status, attempts FROM faucet_claims WHERE address = $1",
      [to.toLowerCase()],
    );
    expect(again).toEqual({ status: "confirmed", attempts: 2 });
  });

  it("refuses recipients it cannot serve before any transaction: zero, itself, token contracts, blocked", async () => {
    const a = app();
    const refused: [string, string][] = [
      ["0x0000000000000000000000000000000000000000", "The faucet cannot send to the zero address"],
      [FAUCET, "The faucet cannot send to its own address"],
      [FAUCET.toLowerCase(), "The faucet cannot send to its own address"],
      [chain.tokens.usdt, "The faucet cannot send to a token contract; use your wallet address"],
      [chain.deployment().weth, "The faucet cannot send to a token contract; use your wallet address"],
      [DEFAULT_BLOCKED_ADDRESSES[0] as string, "Blocked address"],
    ];
    const before = await chain.wallet.getTransactionCount({ address: FAUCET });
    for (const [address, error] of refused) {
      expect(await claim(a, { address })).toEqual({ status: 400, body: { error } });
      expect((await db.query("SELECT 1 FROM faucet_claims WHERE address = $1", [address.toLowerCase()])).length).toBe(
        0,
      );
    }
    expect(await chain.wallet.getTransactionCount({ address: FAUCET })).toBe(before);
  });

  it("a send that reverts with NUL bytes and invalid UTF-8 in its reason: the claim ends failed (502), and the next claim succeeds", async () => {
    const moody = compileFixture("MoodyToken.sol", "MoodyToken");
    const deployed = await chain.wallet.waitForTransactionReceipt({
      hash: await chain.wallet.deployContract({ abi: moody.abi, bytecode: moody.bytecode, gas: 2_000_000n }),
    });
    const token = deployed.contractAddress as Address;
    const base = chain.deployment();
    const deployment = {
      ...base,
      tokens: base.tokens.map((t) => (t.symbol === "USDT" ? { ...t, address: token } : t)),
    };
    const a = buildApp(db, {
      deployment,
      client: createRpcClient(chain.rpcUrl) as never,
      overrides: {
        rateLimit: { perIp: 0, writesPerAddress: 0 },
        deployments: { local: deployment },
        rpcUrls: { local: chain.rpcUrl },
        faucet: { privateKey: FAUCET_KEY, perIpPerMinute: 0 },
      },
    });
    const to = recipient();
    const errorSpy = console.error;
    const logged: string[] = [];
    console.error = (m: string) => logged.push(m);
    try {
      expect(await claim(a, { address: to })).toEqual({
        status: 502,
        body: { error: "The faucet could not send the tokens; please try again" },
      });
    } finally {
      console.error = errorSpy;
    }
    const [row] = await db.query<{ status: string; error: string }>(
      "SELECT status, error FROM faucet_claims WHERE address = $1",
      [to.toLowerCase()],
    );
    expect(row?.status).toBe("failed");
    expect(row?.error).not.toContain("\u0000");
    expect(logged.join("")).not.toContain("\u0000");
    await chain.wallet.waitForTransactionReceipt({
      hash: await chain.wallet.writeContract({
        address: token,
        abi: moody.abi,
        functionName: "setRefuse",
        args: [false],
        gas: 100_000n,
      }),
    });
    const again = await claim(a, { address: to });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ kind: "normal", faucet_count: 1 });
  });

  describe("a claim a crash left pending", () => {
    /** A claim row as a process that stopped after writing it would leave it, `ageS` seconds ago. */
    const leavePending = (address: string, ageS: number, hashes: string[] = []) =>
      db.query(
        `INSERT INTO faucet_claims (chain_id, address, day, kind, status, tx_hashes, updated_at)
         VALUES (31337, $1, $2, 'normal', 'pending', $3, now() - ($4::int * interval '1 second'))`,
        [address.toLowerCase(), utcDay(), hashes, ageS],
      );
    const statusOf = async (address: string) =>
      (
        await db.query<{ status: string }>("SELECT status FROM faucet_claims WHERE address = $1", [
          address.toLowerCase(),
        ])
      )[0]?.status;

    it("with nothing broadcast: resolved as failed on the next request, which is granted", async () => {
      const to = recipient();
      await leavePending(to, FAUCET_STALE_PENDING_MS / 1000 + 60);
      const r = await claim(app(), { address: to });
      expect(r.status).toBe(200);
      expect(r.body.faucet_count).toBe(1);
      expect(await transfersTo(to)).toBe(1);
      expect(await statusOf(to)).toBe("confirmed");
    });

    it("whose transfer the node mined: resolved as confirmed, and the day's claim stands", async () => {
      const to = recipient();
      const hash = await chain.wallet.writeContract({
        address: chain.tokens.usdt,
        abi: erc20Abi,
        functionName: "transfer",
        args: [to, 1n],
        gas: 100_000n,
      });
      await chain.wallet.waitForTransactionReceipt({ hash });
      await leavePending(to, FAUCET_STALE_PENDING_MS / 1000 + 60, [hash]);
      expect(await claim(app(), { address: to })).toEqual({
        status: 400,
        body: { error: "Already Funded Today.", faucet_count: 1 },
      });
      expect(await statusOf(to)).toBe("confirmed");
    });

    it("a recent one may still be sending (another process): it stands until it is stale", async () => {
      const to = recipient();
      await leavePending(to, 5);
      expect(await claim(app(), { address: to })).toEqual({
        status: 400,
        body: { error: "Already Funded Today.", faucet_count: 1 },
      });
      expect(await statusOf(to)).toBe("pending");
      expect(await transfersTo(to)).toBe(0);
    });

    it("is resolved at start, without any request", async () => {
      const to = recipient();
      await leavePending(to, FAUCET_STALE_PENDING_MS / 1000 + 60);
      app();
      const end = Date.now() + 10_000;
      while ((await statusOf(to)) === "pending" && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(await statusOf(to)).toBe("failed");
    });
  });

  it("hostile bodies that reach the chain: never a 5xx, every error { error }, no claim left pending", async () => {
    const a = app();
    const addresses = [
      "0x0000000000000000000000000000000000000000",
      FAUCET,
      chain.tokens.usdt,
      chain.deployment().weth,
      DEFAULT_BLOCKED_ADDRESSES[1] as string,
      recipient(),
      recipient().toUpperCase().replace("0X", "0x"),
      "0x000000000000000000000000000000000000dEaD",
      "0x000000000000000000000000000000000000dead\u0000",
      "\u202e0x0000000000000000000000000000000000000001",
      "0x",
      "",
      null,
      12,
      ["0x0000000000000000000000000000000000000001"],
    ];
    const names = [undefined, "", "a\u0000b", "\ud800", "\u202eevil", "x".repeat(129), "alice bob", 5, null];
    const pending = async () => (await db.query("SELECT 1 FROM faucet_claims WHERE status = 'pending'")).length;
    const pendingBefore = await pending();
    const errorSpy = console.error;
    console.error = () => {};
    try {
      for (const address of addresses)
        for (const name of names) {
          const r = await claim(a, name === undefined ? { address } : { address, name });
          expect(r.status, `${JSON.stringify(address)} ${JSON.stringify(name)}`).toBeLessThan(500);
          if (r.status !== 200) expect(typeof r.body.error).toBe("string");
        }
    } finally {
      console.error = errorSpy;
    }
    expect(await pending()).toBe(pendingBefore);
  });

  it("refuses invalid input with its text and sends nothing", async () => {
    const a = app();
    expect(await claim(a, {})).toEqual({ status: 400, body: { error: "Missing address" } });
    expect(await claim(a, { address: "0x123" })).toEqual({ status: 400, body: { error: "Invalid address: 0x123" } });
    expect(await claim(a, { address: `0x${"g".repeat(40)}` })).toEqual({
      status: 400,
      body: { error: `Invalid address: 0x${"g".repeat(40)}` },
    });
    const to = recipient();
    expect(await claim(a, { address: to, name: "x".repeat(129) })).toEqual({
      status: 400,
      body: { error: "name must be text of at most 128 characters" },
    });
    expect(await claim(a, { address: to, name: 7 })).toEqual({
      status: 400,
      body: { error: "name must be text of at most 128 characters" },
    });
    expect(await claim(a, "{")).toEqual({ status: 400, body: { error: "Request body must be JSON" } });
    expect((await db.query("SELECT * FROM faucet_claims WHERE address = $1", [to.toLowerCase()])).length).toBe(0);
  });

  it("without a key there is no faucet; per-IP rate limit", async () => {
    expect(await claim(app(null), { address: recipient() })).toEqual({
      status: 404,
      body: { error: "The faucet is not available on this server" },
    });
    const limited = app(FAUCET_KEY, {}, 1);
    expect((await claim(limited, { address: recipient() })).status).toBe(200);
    const r = await claim(limited, { address: recipient() });
    expect(r).toEqual({ status: 429, body: { error: "Too many faucet requests; please retry later" } });
  });
});

describe("faucet and alerts configuration", () => {
  it("reads FAUCET_PRIVATE_KEY, FAUCET_RATE_LIMIT_PER_IP and ALERTS_INTERVAL_S; refuses a malformed key", () => {
    const c = loadConfig({
      CHAINS: "local",
      FAUCET_PRIVATE_KEY: FAUCET_KEY,
      FAUCET_RATE_LIMIT_PER_IP: "3",
      ALERTS_INTERVAL_S: "7",
    });
    expect(c.faucet).toEqual({ privateKey: FAUCET_KEY, perIpPerMinute: 3 });
    expect(c.alerts).toEqual({ intervalMs: 7000 });
    const d = loadConfig({ CHAINS: "local" });
    expect(d.faucet).toEqual({ privateKey: null, perIpPerMinute: 10 });
    expect(d.alerts).toEqual({ intervalMs: 300_000 });
    expect(() => loadConfig({ CHAINS: "local", FAUCET_PRIVATE_KEY: "0x12" })).toThrow(
      "FAUCET_PRIVATE_KEY: must be 0x followed by 64 hex characters",
    );
  });

  it("no faucet on a network that is not a test network, even with a key", async () => {
    const db = await freshDb("pglite");
    const config = loadConfig(
      { CHAINS: "base" },
      { rpcUrls: { base: "http://127.0.0.1:9" }, faucet: { privateKey: FAUCET_KEY, perIpPerMinute: 0 } },
    );
    const cc = config.chains[0] as ChainRuntime["config"];
    const app = createApp({
      db,
      config,
      chains: [{ config: cc, client: stubRpc().client, market: new Market(db, cc.info, null) }],
    });
    const res = await app.request("http://127.0.0.1:8080/api/base/sts/faucet", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: recipient() }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "The faucet only runs on test networks" });
  });
});
