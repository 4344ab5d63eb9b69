/**
 * API replicas, proven (issue 21 §2): on one PostgreSQL schema and the product's deploy on anvil,
 * four real server processes — two `ROLES=api` replicas (A, B), a leader `ROLES=indexer` and a
 * standby — as the README's production recipe runs them.
 * - a trade on the chain and a signed write through replica A show on replica B within 2 s, with
 *   B's caches warm beforehand (the change crosses processes by NOTIFY/LISTEN);
 * - SIGKILL of the leader indexer: the standby takes over within 10 s and keeps indexing; no row is
 *   lost or doubled;
 * - exactly-once jobs (alerts, the races keeper, the vote relay) only ever run in the one leader.
 * PostgreSQL only: without TEST_DATABASE_URL it fails and says so (CI sets it).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deployAll, getFreePort, raceKeeperAccount, startAnvil } from "@sofi/contracts";
import { encodeSignatureMessageHeader } from "@sofi/core";
import {
  ANVIL_ACCOUNTS,
  conditionalTokensAbi,
  type Deployment,
  fixedProductMarketMakerAbi,
  marketRegistryAbi,
  sofiTokenAbi,
} from "@sofi/protocol";
import pg from "pg";
import { type Address, createWalletClient, type Hex, http, maxUint256, parseEther, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChainRuntime } from "../src/api/area.ts";
import { CommitSignal } from "../src/api/commit-signal.ts";
import { startChangeBus } from "../src/changes.ts";
import { createDb, type Db } from "../src/db/client.ts";
import { message } from "./helpers/hardening.ts";

const URL_ = process.env.TEST_DATABASE_URL;
const require = createRequire(import.meta.url);
const TSX_LOADER = require.resolve("tsx");
const MAIN = new URL("../src/main.ts", import.meta.url).pathname;
const key = (i: number) => ANVIL_ACCOUNTS[i]?.privateKey as Hex;
const creatorKey = key(0);
const traderKey = key(3);
const poster = privateKeyToAccount(key(4));
const SCHEMA = `t_replicas_${process.pid}`;

type Proc = { name: string; child: ChildProcess; lines: { at: number; text: string }[]; url: string | null };

let anvil: Awaited<ReturnType<typeof startAnvil>>;
let deployment: Deployment;
let dir: string;
let db: Db;
const procs: Proc[] = [];
let A: Proc;
let B: Proc;
let leader: Proc;
let standby: Proc;
let market: Address;

const wallet = (k: Hex) =>
  createWalletClient({ account: privateKeyToAccount(k), chain: foundry, transport: http(anvil.rpcUrl) }).extend(
    publicActions,
  );
async function send(k: Hex, address: Address, abi: unknown, functionName: string, args: unknown[]) {
  const w = wallet(k);
  const { request } = await w.simulateContract({ address, abi: abi as never, functionName, args } as never);
  const hash = await w.writeContract({ ...(request as object), gas: 5_000_000n } as never);
  const r = await w.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (r.status !== "success") throw new Error(`${functionName} reverted`);
  return r;
}
async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false | null>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn().catch((e: Error) => {
      if (e.message.includes(" exited:")) throw e;
      return undefined;
    });
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const said = (p: Proc, text: string) => p.lines.find((l) => l.text.includes(text));
/** Waits for a line of `p`'s output; a process that exits meanwhile fails at once with its output. */
const waitLine = (p: Proc, text: string, ms: number) =>
  waitFor(
    `${p.name}: ${text}`,
    async () => {
      if (p.child.exitCode !== null) throw new Error(`${p.name} exited:\n${p.lines.map((l) => l.text).join("\n")}`);
      return said(p, text);
    },
    ms,
  );

async function start(name: string, roles: string): Promise<Proc> {
  const port = roles === "api" ? await getFreePort() : 0;
  const child = spawn(process.execPath, ["--import", TSX_LOADER, MAIN], {
    env: {
      ...process.env,
      ROLES: roles,
      PORT: String(port || (await getFreePort())),
      CHAINS: "local",
      RPC_URL_LOCAL: anvil.rpcUrl,
      DEPLOYMENT_LOCAL: join(dir, "deployment.json"),
      DATABASE_URL: URL_,
      DATABASE_SCHEMA: SCHEMA,
      POLL_INTERVAL_MS_LOCAL: "100",
      WEB_DIST: join(dir, "none"),
      SIWE_DOMAIN: "127.0.0.1:8080",
      RATE_LIMIT_PER_IP: "0",
      RATE_LIMIT_WRITES_PER_ADDRESS: "0",
      // the exactly-once jobs all have work to do: the keeper and the relay hold keys
      RACE_KEEPER_PRIVATE_KEY: raceKeeperAccount().privateKey,
      RACE_KEEPER_TICK_S: "1",
      RELAYER_PRIVATE_KEY: key(11),
      SOCIAL_SEED_POSTS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const p: Proc = { name, child, lines: [], url: roles === "api" ? `http://127.0.0.1:${port}` : null };
  const take = (d: Buffer) => {
    for (const text of d.toString().split("\n").filter(Boolean)) {
      p.lines.push({ at: Date.now(), text });
      if (process.env.REPLICAS_TEST_LOG) console.log(`${name}: ${text}`);
    }
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  procs.push(p);
  return p;
}
const get = async (p: Proc, path: string) => {
  const res = await fetch(`${p.url}/api/local${path}`);
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return res.json();
};

beforeAll(async () => {
  if (!URL_) return;
  anvil = await startAnvil({ port: await getFreePort() });
  deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
  dir = mkdtempSync(join(tmpdir(), "sofi-replicas-"));
  writeFileSync(join(dir, "deployment.json"), JSON.stringify(deployment));
  // the schema, migrated once here: the servers find it current
  db = await createDb({ url: URL_, schema: SCHEMA });
  const c = deployment.contracts as Record<string, Address>;
  const sofi = deployment.tokens.find((t) => t.symbol === "SOFI")?.address as Address;
  for (const k of [creatorKey, traderKey]) {
    await send(creatorKey, sofi, sofiTokenAbi, "mint", [privateKeyToAccount(k).address, parseEther("100000")]);
    await send(k, sofi, sofiTokenAbi, "approve", [c.marketRegistry, maxUint256]);
  }
  leader = await start("indexer-1", "indexer");
  await waitLine(leader, "leading; exactly-once jobs started", 60_000);
  standby = await start("indexer-2", "indexer");
  A = await start("api-a", "api");
  B = await start("api-b", "api");
  await waitLine(standby, "standing by", 60_000);
  for (const p of [A, B]) await waitLine(p, "API listening on", 60_000);
}, 300_000);

afterAll(async () => {
  for (const p of procs) p.child.kill("SIGKILL");
  if (db) {
    await db.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`).catch(() => {});
    await db.close();
  }
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Market = { market: string; volume: number };

describe("two API replicas, a leader indexer and a standby on one PostgreSQL", () => {
  it("a market and a trade on the chain show on replica B within 2 s of being mined, B's cache warm", async () => {
    if (!URL_) throw new Error("replicas.test.ts needs PostgreSQL: set TEST_DATABASE_URL (CI sets it)");
    const c = deployment.contracts as Record<string, Address>;
    expect(await get(B, "/sofi/markets")).toEqual([]); // B has cached the empty list
    const now = Math.floor(Date.now() / 1000);
    const created = await send(creatorKey, c.marketRegistry as Address, marketRegistryAbi, "createMarket", [
      {
        title: "Replicas agree?",
        description: "",
        photo: "",
        outcomeNames: ["Yes", "No"],
        resolutionTime: BigInt(now + 30 * 86_400),
        fee: parseEther("0.02"),
        initialFunding: parseEther("1000"),
        distributionHint: [],
      },
    ]);
    let at = Date.now();
    const [m] = await waitFor("the market on B", async () => {
      const list = (await get(B, "/sofi/markets")) as Market[];
      return list.length ? list : null;
    });
    expect(Date.now() - at, "market visible on B").toBeLessThan(2_000);
    market = m?.market as Address;
    expect(created.status).toBe("success");

    // a trade: B answered volume 0 just before
    expect(((await get(B, "/sofi/markets")) as Market[])[0]?.volume).toBe(0);
    const sofi = deployment.tokens.find((t) => t.symbol === "SOFI")?.address as Address;
    await send(traderKey, sofi, sofiTokenAbi, "approve", [market, maxUint256]);
    await send(traderKey, c.conditionalTokens as Address, conditionalTokensAbi, "setApprovalForAll", [market, true]);
    await send(traderKey, market, fixedProductMarketMakerAbi, "buy", [parseEther("100"), 0n, 1n]);
    at = Date.now();
    await waitFor("the trade on B", async () => ((await get(B, "/sofi/markets")) as Market[])[0]?.volume === 100);
    // within 2 s as the issue asks; under 1.2 s shows the indexer's signal reached B (see below)
    expect(Date.now() - at, "trade visible on B").toBeLessThan(1_200);
  });

  it("a signed write through replica A shows on replica B within 2 s, B's cache warm", async () => {
    if (!URL_) throw new Error("needs TEST_DATABASE_URL");
    const before = (await get(B, "/sofi/posts")) as { posts: unknown[] };
    expect(before.posts).toEqual([]);
    const msg = message({ address: poster.address });
    const res = await fetch(`${A.url}/api/local/sofi/posts`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        address: poster.address,
        signature: await poster.signMessage({ message: msg }),
        signatureMessage: encodeSignatureMessageHeader(msg),
      },
      body: JSON.stringify({ address: poster.address, text: "written through replica A" }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const at = Date.now();
    await waitFor("the post on B", async () => {
      const r = (await get(B, "/sofi/posts")) as { posts: { text: string }[] };
      return r.posts.some((p) => p.text === "written through replica A");
    });
    // the bound is 2 s; a reply B cached just before lives 2 s without the signal, so 1.2 s
    // shows the signal crossed processes rather than the cache expiring
    expect(Date.now() - at, "post visible on B").toBeLessThan(1_200);
  });

  it("SIGKILL of the leader: the standby leads within 10 s, keeps indexing, no row lost or doubled", async () => {
    if (!URL_) throw new Error("needs TEST_DATABASE_URL");
    const killedAt = Date.now();
    leader.child.kill("SIGKILL");
    const took = await waitFor(
      "the standby leads",
      async () => said(standby, "leading; exactly-once jobs started"),
      15_000,
    );
    expect(took.at - killedAt, "failover").toBeLessThan(10_000);

    // a trade after the failover shows on B too
    await send(traderKey, market, fixedProductMarketMakerAbi, "buy", [parseEther("50"), 1n, 1n]);
    const at = Date.now();
    await waitFor(
      "the second trade on B",
      async () => ((await get(B, "/sofi/markets")) as Market[])[0]?.volume === 150,
    );
    expect(Date.now() - at, "trade visible on B after failover").toBeLessThan(2_000);

    // every FPMM event on the chain is one row: none lost across the kill, none written twice
    const onChain = await wallet(creatorKey).getContractEvents({
      address: market,
      abi: fixedProductMarketMakerAbi,
      fromBlock: 0n,
    });
    const trades = onChain.filter((e) => e.eventName === "FPMMBuy" || e.eventName === "FPMMFundingAdded");
    const rows = await db.query<{ block_number: string; log_index: number }>(
      `SELECT block_number::text, log_index FROM "${SCHEMA}".predict_events WHERE market = $1 ORDER BY block_number, log_index`,
      [market.toLowerCase()],
    );
    expect(rows.map((r) => `${r.block_number}:${r.log_index}`)).toEqual(
      trades.map((e) => `${e.blockNumber}:${e.logIndex}`),
    );
    const [dup] = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM (SELECT block_number FROM "${SCHEMA}".indexer_blocks
         GROUP BY chain_id, block_number HAVING count(*) > 1) d`,
    );
    expect(dup?.n).toBe("0");
  });

  it("exactly-once jobs ran in one process at a time: the leader, then the standby once the leader died", () => {
    if (!URL_) throw new Error("needs TEST_DATABASE_URL");
    const started = (p: Proc) => p.lines.filter((l) => l.text.includes("leading; exactly-once jobs started"));
    expect(started(leader)).toHaveLength(1);
    expect(started(standby)).toHaveLength(1);
    const killed = leader.lines.at(-1)?.at ?? 0;
    expect((started(standby)[0]?.at ?? 0) >= killed).toBe(true);
    for (const p of [A, B]) expect(started(p)).toHaveLength(0);
    // the replicas never index: they only read
    for (const p of [A, B]) expect(p.lines.some((l) => /committed|standing by/.test(l.text))).toBe(false);
  });
});

describe("the change bus", () => {
  const chainOf = (): ChainRuntime => ({ config: { info: { id: 31337 } }, commits: new CommitSignal() }) as never;

  it("a change told by one server reaches every other on the schema, not itself; a reconnect drops everything", async () => {
    if (!URL_) throw new Error("needs TEST_DATABASE_URL");
    const other = await createDb({ url: URL_, schema: SCHEMA, migrate: false });
    const elsewhere = await createDb({ url: URL_, schema: `${SCHEMA}_x`, migrate: false });
    const [one, two, three] = [chainOf(), chainOf(), chainOf()];
    const logs: string[] = [];
    const busOne = await startChangeBus(db, [one as ChainRuntime], (m) => logs.push(m));
    const busTwo = await startChangeBus(other, [two as ChainRuntime], (m) => logs.push(m));
    // another deployment's schema on the same database hears nothing
    const busThree = await startChangeBus(elsewhere, [three as ChainRuntime], (m) => logs.push(m));
    const heard: unknown[] = [];
    two.commits?.on((change) => heard.push(change));
    const touched = { touched: { "trades.user": ["0x70997970c51812dc3a010c7d01b50e0d17dc79c8"] } };
    busOne.changed(31337, touched);
    busOne.changed(1); // a chain the others do not serve
    await waitFor("the signal", async () => (two.commits?.generation ?? 0) === 1, 5_000);
    await new Promise((r) => setTimeout(r, 300));
    expect([one.commits?.generation, two.commits?.generation, three.commits?.generation]).toEqual([0, 1, 0]);
    // the keys a commit touched cross with it (issue 21 §1)
    expect(heard).toEqual([touched]);

    // the listening connection dropped (a failover, a restart of PostgreSQL): once back, assume all changed
    const admin = new pg.Client({ connectionString: URL_ });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN "sofi_changes:${SCHEMA}"'`,
    );
    await admin.end();
    await waitFor(
      "the reconnect",
      async () => (one.commits?.generation ?? 0) >= 1 && (two.commits?.generation ?? 0) >= 2,
      10_000,
    );
    expect(logs.some((m) => m.includes("reconnected"))).toBe(true);
    busTwo.changed(31337);
    await waitFor("signals after the reconnect", async () => (one.commits?.generation ?? 0) >= 2, 5_000);
    for (const b of [busOne, busTwo, busThree]) await b.stop();
    await other.close();
    await elsewhere.query(`DROP SCHEMA IF EXISTS "${SCHEMA}_x" CASCADE`);
    await elsewhere.close();
  });
});
