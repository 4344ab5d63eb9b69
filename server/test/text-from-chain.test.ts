/**
 * Text a stranger writes on chain never stops the index (issue 22): a portfolio named with NUL,
 * invalid UTF-8 or bidi controls is indexed with U+FFFD where characters were removed (its raw
 * bytes kept), listed by the API, and health stays ok; a row a handler cannot store for a reason it
 * carries (each column type: int8, int4, text, numeric, bool, jsonb, and a value the handler cannot
 * parse) is quarantined while every other row of the range is written and the checkpoint moves on.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getFreePort, startAnvil } from "@sofi/contracts";
import {
  type Abi,
  type Address,
  createWalletClient,
  type Hex,
  http,
  parseAbiItem,
  publicActions,
  stringToHex,
} from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { bulkInsert } from "../src/indexer/bulk.ts";
import { ChainIndexer } from "../src/indexer/engine.ts";
import { argOf, type Handler, rowsOf } from "../src/indexer/handler.ts";
import { startServer } from "../src/server.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { fixtureDeployment, RAI } from "./helpers/portfolio-fixture.ts";
import { compileFixture } from "./helpers/solc.ts";

const DEPLOYER: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const P_NUL = "0x00000000000000000000000000000000000000a1";
const P_BAD_UTF8 = "0x00000000000000000000000000000000000000a2";
const P_BIDI = "0x00000000000000000000000000000000000000a3";
const P_FINE = "0x00000000000000000000000000000000000000a4";
const P_LATER = "0x00000000000000000000000000000000000000a5";
const P_NULL_WORD = "0x00000000000000000000000000000000000000a6";

let anvil: Awaited<ReturnType<typeof startAnvil>>;
let wallet: ReturnType<typeof makeWallet>;
let stranger: Address;
let abi: Abi;
let startBlock: number;
let dir: string;

function makeWallet(rpcUrl: string) {
  return createWalletClient({ account: DEPLOYER, chain: foundry, transport: http(rpcUrl), cacheTime: 0 }).extend(
    publicActions,
  );
}

async function send(hash: Promise<Hex>) {
  const r = await wallet.waitForTransactionReceipt({ hash: await hash });
  expect(r.status).toBe("success");
  return r;
}

const create = (portfolio: string, name: Hex, symbol: Hex) =>
  send(
    wallet.writeContract({
      address: stranger,
      abi,
      functionName: "create",
      args: [portfolio, name, symbol, RAI],
      gas: 1_000_000n,
    }),
  );

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
  wallet = makeWallet(anvil.rpcUrl);
  const c = compileFixture("StrangerContract.sol", "StrangerContract");
  abi = c.abi;
  const r = await send(wallet.deployContract({ abi: c.abi, bytecode: c.bytecode, gas: 3_000_000n }));
  stranger = r.contractAddress as Address;
  startBlock = Number(r.blockNumber);
  dir = mkdtempSync(join(tmpdir(), "sofi-text-"));
  mkdirSync(join(dir, "web"), { recursive: true });
  writeFileSync(join(dir, "web", "index.html"), "<!doctype html><title>SoFi</title>");
});

afterAll(async () => {
  await closeAllDbs();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function waitFor<T>(fn: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a portfolio named by a stranger", () => {
  it("is indexed with its unsafe characters shown as U+FFFD and its raw bytes kept, listed, and health stays ok", async () => {
    const nul = stringToHex("Evil\u0000Name");
    const badUtf8 = `${stringToHex("Bad")}ff${stringToHex("Bytes").slice(2)}` as Hex;
    const bidi = stringToHex("Safe\u202Egnp.exe");
    await create(P_NUL, nul, stringToHex("EVIL"));
    await create(P_BAD_UTF8, badUtf8, stringToHex("BAD\u0000"));
    await create(P_BIDI, bidi, stringToHex("BIDI"));
    await create(P_FINE, stringToHex("Fine name"), stringToHex("FINE"));
    await create(P_NULL_WORD, stringToHex("NULL"), stringToHex("NULL"));

    const deployment = { ...fixtureDeployment({ portfolioFactory: stranger }), startBlock };
    const server = await startServer({
      env: { CHAINS: "local", POLL_INTERVAL_MS_LOCAL: "200" },
      port: 0,
      dataDir: join(dir, "data"),
      webDist: join(dir, "web"),
      deployments: { local: deployment },
      rpcUrls: { local: anvil.rpcUrl },
      log: () => {},
    });
    try {
      type Health = { ok: boolean; chains: { indexedBlock: number; headBlock: number; lastError: unknown }[] };
      const health = async () => {
        const res = await fetch(`${server.url}/api/health`);
        return { status: res.status, body: (await res.json()) as Health };
      };
      const head = Number(await wallet.getBlockNumber());
      await waitFor(async () => ((await health()).body.chains[0]?.indexedBlock ?? 0) >= head);

      const rows = await server.db.query<{
        address: string;
        name: string;
        symbol: string;
        name_raw: string | null;
        symbol_raw: string | null;
      }>("SELECT address, name, symbol, name_raw, symbol_raw FROM portfolios ORDER BY address");
      const by = new Map(rows.map((r) => [r.address, r]));
      expect(by.get(P_NUL)).toMatchObject({ name: "Evil\uFFFDName", symbol: "EVIL", name_raw: nul, symbol_raw: null });
      expect(by.get(P_BAD_UTF8)).toMatchObject({
        name: "Bad\uFFFDBytes",
        symbol: "BAD\uFFFD",
        name_raw: badUtf8,
        symbol_raw: stringToHex("BAD\u0000"),
      });
      expect(by.get(P_BIDI)).toMatchObject({ name: "Safe\uFFFDgnp.exe", name_raw: bidi });
      expect(by.get(P_FINE)).toMatchObject({ name: "Fine name", name_raw: null });
      // the text "NULL" is a name, not a missing value
      expect(by.get(P_NULL_WORD)).toMatchObject({ name: "NULL", symbol: "NULL", name_raw: null });

      // the API lists and shows them
      const list = (await (await fetch(`${server.url}/api/local/sofi/portfolios?orderby=new&limit=20`)).json()) as {
        data?: { address: string; name: string }[];
      } & Record<string, unknown>;
      const listed = JSON.stringify(list);
      expect(listed).toContain("Evil\uFFFDName");
      expect(listed).not.toContain("\\u0000");
      expect(listed).not.toContain("\u202E");

      // the index goes on: a later portfolio is indexed too, and health is ok
      await create(P_LATER, stringToHex("Later"), stringToHex("LATER"));
      const later = Number(await wallet.getBlockNumber());
      await waitFor(async () => ((await health()).body.chains[0]?.indexedBlock ?? 0) >= later);
      const h = await health();
      expect(h.status).toBe(200);
      expect(h.body.ok).toBe(true);
      expect(h.body.chains[0]?.lastError).toBeNull();
      expect(h.body.chains[0]).toMatchObject({ quarantined: 0 });
      expect((await server.db.query("SELECT 1 FROM portfolios WHERE address = $1", [P_LATER])).length).toBe(1);
    } finally {
      await server.stop();
    }
  });
});

// ------------------------------------------------------------------ quarantine

const POISON = parseAbiItem("event Poison(uint256 kind, string note)");
/** Kind → the value one column gets; 0 is a good row. */
const POISON_KINDS: Record<number, string> = {
  1: "int8 out of range",
  2: "int4 out of range",
  3: "text with NUL",
  4: "numeric(78,0) out of range",
  5: "not a boolean",
  6: "not JSON",
  7: "a BigInt that does not parse",
};

/** A handler that stores each Poison row in a table with every column type the indexer writes. */
const poisonHandler = (address: Address): Handler => ({
  name: "poison",
  events: [POISON],
  sources: [{ kind: "fixed", addresses: () => [address] }],
  async insert(tx, chainId, rows) {
    const p = rowsOf(rows, "Poison");
    const kinds = argOf(p, "kind");
    const pick = (kind: number, good: string, bad: string) => kinds.map((k) => (Number(k) === kind ? bad : good));
    // the handler parses a value it was given: kind 7 carries one that does not parse
    for (const k of kinds) BigInt(Number(k) === 7 ? "not a number" : k);
    await bulkInsert(tx, "poison_rows", chainId, [
      { name: "block_number", type: "int8", values: p.block },
      { name: "log_index", type: "int4", values: p.logIndex },
      { name: "big", type: "int8", values: pick(1, "1", "99999999999999999999") },
      { name: "small", type: "int4", values: pick(2, "1", "3000000000") },
      { name: "note", type: "text", values: pick(3, "ok", "a\u0000b") },
      { name: "amount", type: "numeric", values: pick(4, "1", "1".repeat(79)) },
      { name: "flag", type: "bool", values: pick(5, "true", "maybe") },
      { name: "doc", type: "jsonb", values: pick(6, "{}", "{not json") },
    ]);
  },
  async rollback(tx, chainId, fork) {
    await tx.query("DELETE FROM poison_rows WHERE chain_id = $1 AND block_number > $2", [chainId, fork]);
  },
});

describe.each(DB_KINDS)("a row a handler cannot store (%s)", (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb(kind);
    await db.query(`CREATE TABLE poison_rows (chain_id integer NOT NULL, block_number bigint NOT NULL,
      log_index integer NOT NULL, big bigint NOT NULL, small integer NOT NULL, note text NOT NULL,
      amount numeric(78,0) NOT NULL, flag boolean NOT NULL, doc jsonb NOT NULL,
      PRIMARY KEY (chain_id, block_number, log_index))`);
  });

  it("is quarantined with its error; every other row of the range is written and the checkpoint moves on", async () => {
    const from = Number(await wallet.getBlockNumber()) + 1;
    // one transaction: good rows around every kind of bad one, all in one block
    await send(
      wallet.writeContract({
        address: stranger,
        abi,
        functionName: "poison",
        args: [[0n, 1n, 2n, 0n, 3n, 4n, 5n, 6n, 7n, 0n]],
        gas: 1_000_000n,
      }),
    );
    // and a good one in the next block
    await send(wallet.writeContract({ address: stranger, abi, functionName: "poison", args: [[0n]], gas: 1_000_000n }));
    const head = Number(await wallet.getBlockNumber());
    const deployment = { ...fixtureDeployment({}), startBlock: from };
    const logs: string[] = [];
    const indexer = new ChainIndexer({
      db,
      chainId: 31337,
      deployment,
      rpcUrl: anvil.rpcUrl,
      handlers: [poisonHandler(stranger)],
      useWorker: false,
      log: (m) => logs.push(m),
    });
    await indexer.sync({ toBlock: head });
    expect((await indexer.checkpoint("poison"))?.blockNumber).toBe(head);

    const stored = await db.query<{ log_index: number }>(
      "SELECT log_index FROM poison_rows ORDER BY block_number, log_index",
    );
    expect(stored.length).toBe(4); // the three good rows of the batch and the next block's
    const quarantined = await db.query<{ log_index: number; event: string; error: string; args: { kind: string } }>(
      "SELECT log_index, event, error, args FROM indexer_quarantine WHERE handler = 'poison' ORDER BY log_index",
    );
    expect(quarantined.map((q) => Number(q.args.kind))).toEqual(Object.keys(POISON_KINDS).map(Number));
    for (const q of quarantined) {
      expect(q.event).toBe("Poison");
      expect(q.error.length).toBeGreaterThan(0);
      expect(q.error).not.toContain("\u0000");
    }
    expect(logs.some((l) => l.includes("quarantined"))).toBe(true);

    // a reorg below them removes the quarantined rows with the rest
    await indexer.rollback(from - 1);
    expect((await db.query("SELECT 1 FROM indexer_quarantine WHERE handler = 'poison'")).length).toBe(0);
    expect((await db.query("SELECT 1 FROM poison_rows")).length).toBe(0);
  });

  it("a failure that is not the data's (the database's own) still stops the range, to be retried", async () => {
    const deployment = { ...fixtureDeployment({}), startBlock: Number(await wallet.getBlockNumber()) };
    const failing: Handler = {
      ...poisonHandler(stranger),
      name: "poison-broken",
      async insert(tx) {
        await tx.query("SELECT * FROM a_table_that_does_not_exist");
      },
    };
    await send(wallet.writeContract({ address: stranger, abi, functionName: "poison", args: [[0n]], gas: 1_000_000n }));
    const indexer = new ChainIndexer({
      db,
      chainId: 31337,
      deployment,
      rpcUrl: anvil.rpcUrl,
      handlers: [failing],
      useWorker: false,
      log: () => {},
    });
    await expect(indexer.sync()).rejects.toThrow(/a_table_that_does_not_exist/);
    expect(await indexer.checkpoint("poison-broken")).toBeNull();
  });
});
