import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../src/db/client.ts";
import { readCheckpoint, runBackfill } from "../src/indexer/engine.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { E18 } from "./helpers/chain.ts";
import { DB_KINDS } from "./helpers/db.ts";
import { type MarketChain, startMarketChain } from "./helpers/market.ts";

const require = createRequire(import.meta.url);
// `node --import tsx`: one process (the tsx CLI would fork a grandchild that outlives SIGKILL).
const TSX_LOADER = require.resolve("tsx");
const CHILD = new URL("./fixtures/backfill-child.ts", import.meta.url).pathname;

let chain: MarketChain;
let dir: string;
let deploymentFile: string;
beforeAll(async () => {
  chain = await startMarketChain();
  for (let i = 0; i < 20; i++)
    await chain.swap(chain.pairs.raiUsdtDeep, i % 2 ? chain.tokens.rai : chain.tokens.usdt, 100n * E18);
  dir = mkdtempSync(join(tmpdir(), "sofi-crash-"));
  deploymentFile = join(dir, "deployment.json");
  writeFileSync(deploymentFile, JSON.stringify(chain.deployment()));
}, 180_000);
const children = new Set<import("node:child_process").ChildProcess>();
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await chain?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the child and SIGKILLs it right after its `killAfter`-th committed range. */
function runAndKill(dbSpec: string, killAfter: number, mode = "step"): Promise<{ commits: number; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", TSX_LOADER, CHILD, dbSpec, chain.rpcUrl, deploymentFile, mode], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(child);
    child.on("exit", () => children.delete(child));
    let commits = 0;
    let killed = false;
    let err = "";
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.stdout.on("data", (d: Buffer) => {
      commits += (d.toString().match(/committed/g) ?? []).length;
      if (commits >= killAfter && !killed) {
        killed = true;
        child.kill("SIGKILL");
      }
    });
    child.on("exit", (code, signal) => {
      if (signal === "SIGKILL" || code === 0) resolve({ commits, killed });
      else reject(new Error(`child failed (${code}): ${err}`));
    });
  });
}

async function counts(db: Db) {
  const one = async (sql: string) => Number((await db.query<{ n: unknown }>(sql))[0]?.n);
  return {
    syncs: await one("SELECT count(*) AS n FROM pair_syncs"),
    distinctSyncs: await one("SELECT count(DISTINCT (block_number, log_index)) AS n FROM pair_syncs"),
    swaps: await one("SELECT count(*) AS n FROM pair_swaps"),
  };
}

describe.each(DB_KINDS)("indexer killed with SIGKILL mid-backfill on %s", (kind) => {
  it("restarts from its checkpoint: no row lost or doubled", async () => {
    const schema = `crash_${process.pid}_${Date.now().toString(36)}`;
    const spec = kind === "pglite" ? join(dir, `db-${Date.now()}`) : `${process.env.TEST_DATABASE_URL}#${schema}`;
    const open = () =>
      kind === "pglite" ? createDb({ dataDir: spec }) : createDb({ url: process.env.TEST_DATABASE_URL, schema });
    const { killed } = await runAndKill(spec, 4);
    expect(killed).toBe(true);

    const head = Number(await chain.wallet.getBlockNumber());
    let db = await open();
    const cp = await readCheckpoint(db, 31337);
    expect(cp).not.toBeNull();
    expect(cp?.blockNumber).toBeLessThan(head);
    // Nothing above the checkpoint survived the kill.
    const [above] = await db.query<{ n: unknown }>("SELECT count(*) AS n FROM pair_syncs WHERE block_number > $1", [
      cp?.blockNumber,
    ]);
    expect(Number(above?.n)).toBe(0);
    await db.close();

    // Restart in another child to the end, then check against a clean run.
    await runAndKill(spec, Number.POSITIVE_INFINITY, "all");
    db = await open();
    const after = await counts(db);
    expect((await readCheckpoint(db, 31337))?.blockNumber).toBe(head);
    const clean = await createDb();
    await runBackfill({
      handlers: ALL_HANDLERS,
      db: clean,
      chain: 31337,
      deployment: chain.deployment(),
      rpcUrl: chain.rpcUrl,
    });
    const want = await counts(clean);
    expect(after).toEqual(want);
    expect(after.syncs).toBe(after.distinctSyncs);
    expect(want.swaps).toBe(23);
    await clean.close();
    if (kind === "postgres") await db.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db.close();
  }, 180_000);
});
