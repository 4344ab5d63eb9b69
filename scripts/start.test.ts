/**
 * `npm start` under hard kills and Ctrl-C, as a user's terminal delivers them: the product comes
 * back with one start after a SIGKILL of any of its processes, and SIGINT to the whole foreground
 * process group stops everything within seconds, also while the first run is deploying or seeding.
 * Each case runs the real start script on free ports with its own data folder (1 seeded day, no web build).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TSX_CLI = join(dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist", "cli.mjs");

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => ok(typeof a === "object" && a ? a.port : 0));
    });
  });
}

/** A running process (a zombie that its new parent has not reaped yet has exited: not alive). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  return !existsSync(stat) || !/^\d+ \(.*\) Z/.test(readFileSync(stat, "utf8"));
};

/** Waits for `check`; when it fails, the error carries the end of `run`'s output, so a CI log says why. */
async function waitUntil(
  check: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
  run?: Run,
): Promise<number> {
  const t0 = Date.now();
  while (!(await check())) {
    const tail = () => (run ? `\n--- its output (end) ---\n${run.out().slice(-4000)}` : "");
    // A start that died cannot become ready: say so now, not after the whole wait.
    const ended = run && (run.child.exitCode ?? run.child.signalCode);
    if (ended !== undefined && ended !== null) throw new Error(`it exited (${ended}) before ${what}${tail()}`);
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}${tail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - t0;
}

type Run = { child: ChildProcess; out: () => string; exited: Promise<void> };
const runs: Run[] = [];
const dirs: string[] = [];

/** Starts the start script in its own process group, as a terminal's foreground job. */
function start(env: Record<string, string>, viaTsx = false, extra: string[] = []): Run {
  const args = [...(viaTsx ? [TSX_CLI, "scripts/start.ts"] : ["--import", "tsx", "scripts/start.ts"]), ...extra];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, SEED_DAYS: "1", SKIP_WEB_BUILD: "1", ...env },
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const run = { child, out: () => out, exited };
  runs.push(run);
  return run;
}

async function stack() {
  const dataDir = mkdtempSync(join(tmpdir(), "sofi-start-"));
  dirs.push(dataDir);
  const [port, rpcPort] = [await freePort(), await freePort()];
  return {
    dataDir,
    env: { DATA_DIR: dataDir, PORT: String(port), RPC_PORT: String(rpcPort) },
    health: `http://127.0.0.1:${port}/api/config`,
    anvilPid: () => Number(readFileSync(join(dataDir, "anvil.pid"), "utf8")),
  };
}

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.status < 500,
    () => false,
  );

afterAll(async () => {
  for (const r of runs) {
    try {
      if (r.child.pid) process.kill(-r.child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const d of dirs) {
    if (existsSync(join(d, "anvil.pid"))) {
      const pid = Number(readFileSync(join(d, "anvil.pid"), "utf8"));
      if (alive(pid)) process.kill(pid, "SIGKILL");
    }
    rmSync(d, { recursive: true, force: true });
  }
});

describe("npm start supervision", () => {
  it("comes back with one start after SIGKILL of the start process (server and indexer inside), then stops on Ctrl-C", async () => {
    const s = await stack();
    const first = start(s.env);
    await waitUntil(() => first.out().includes("Ready in"), 240_000, "the first start to be ready", first);
    const orphan = s.anvilPid();
    process.kill(first.child.pid as number, "SIGKILL");
    await first.exited;
    // The kill usually leaves the chain running (the case a second start used to refuse); anvil may
    // also die of its closed stderr pipe, and then the next start must work all the same.
    const orphaned = alive(orphan);

    const second = start(s.env);
    await waitUntil(() => second.out().includes("Ready in"), 120_000, "the second start to be ready", second);
    if (orphaned) expect(second.out()).toContain("Stopping the chain a previous run left behind");
    expect(second.out()).toContain("restoring state");
    expect(alive(orphan)).toBe(false);
    expect(await answers(s.health)).toBe(true);

    // Ctrl-C: SIGINT to the whole foreground group.
    const anvil = s.anvilPid();
    process.kill(-(second.child.pid as number), "SIGINT");
    const took = await waitUntil(
      async () => !alive(second.child.pid as number) && !alive(anvil) && !(await answers(s.health)),
      10_000,
      "every process to stop",
    );
    expect(took).toBeLessThan(10_000);
  }, 420_000);

  it("stops everything when its parent (npm/tsx) is killed with SIGKILL", async () => {
    const s = await stack();
    const run = start(s.env, true);
    await waitUntil(() => run.out().includes("Ready in"), 240_000, "start via tsx to be ready", run);
    const anvil = s.anvilPid();
    process.kill(run.child.pid as number, "SIGKILL");
    await waitUntil(
      async () => !alive(anvil) && !(await answers(s.health)),
      10_000,
      "the orphaned server and chain to stop",
    );
    // A contract whose code changed keeps its address: the code's hash beside the record tells.
    const codeFile = join(s.dataDir, "contracts-code.sha256");
    expect(readFileSync(codeFile, "utf8")).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(codeFile, "0".repeat(64));
    const rebuilt = start(s.env);
    await waitUntil(() => rebuilt.out().includes("Ready in"), 240_000, "the start after a code change", rebuilt);
    expect(rebuilt.out()).toContain("The contracts changed since this chain was made");
    expect(rebuilt.out()).toContain("(new chain)");
    process.kill(-(rebuilt.child.pid as number), "SIGINT");
    await rebuilt.exited;
  }, 420_000);

  it("Ctrl-C while the first run is still deploying or seeding stops every process within seconds", async () => {
    const s = await stack();
    const run = start(s.env);
    await waitUntil(() => run.out().includes("Seeding") || run.out().includes("Deploying"), 120_000, "deploying", run);
    await waitUntil(() => existsSync(join(s.dataDir, "anvil.pid")), 10_000, "the chain's pid file");
    const anvil = s.anvilPid();
    process.kill(-(run.child.pid as number), "SIGINT");
    await waitUntil(() => !alive(run.child.pid as number) && !alive(anvil), 10_000, "every process to stop");
    // The next start begins again from a new chain (the half-made one has no deployment record).
    const again = start(s.env);
    await waitUntil(() => again.out().includes("Ready in"), 240_000, "the next start to be ready", again);
    expect(again.out()).toContain("new chain");
    process.kill(-(again.child.pid as number), "SIGINT");
    await again.exited;
  }, 420_000);

  it("npm run dev: a SIGTERM to the start process alone (a process manager) stops Vite too", async () => {
    const s = await stack();
    const vitePort = await freePort();
    const run = start({ ...s.env, VITE_PORT: String(vitePort) }, false, ["--dev"]);
    const vite = `http://localhost:${vitePort}/`;
    await waitUntil(() => run.out().includes("Ready in"), 240_000, "the dev start to be ready", run);
    await waitUntil(() => answers(vite), 60_000, "Vite to answer");
    const anvil = s.anvilPid();
    process.kill(run.child.pid as number, "SIGTERM"); // this process only, not its group
    await waitUntil(
      async () => !alive(run.child.pid as number) && !alive(anvil) && !(await answers(vite)),
      15_000,
      "the chain, the server and Vite to stop",
    );
  }, 300_000);
});
