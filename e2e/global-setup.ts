import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { NPM_PACKAGE, resolveBrowser } from "../scripts/browser.ts";
import { BLOCKED_TEST_ACCOUNT } from "./env.ts";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "..");
const STACK_TIMEOUT_MS = 240_000;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? ok(addr.port) : fail(new Error("no free port"))));
    });
  });
}

/**
 * Starts the real product on free ports with a temporary data dir and anvil account 9 blocked,
 * unless E2E_BASE_URL points at a stack that is already running.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // The config resolved it already (and would have failed with the reasons); say which one runs.
  const browser = resolveBrowser();
  console.log(
    `browser: ${browser.executablePath} (${browser.source === "npm" ? `npm package ${NPM_PACKAGE}` : browser.source})`,
  );
  if (process.env.E2E_BASE_URL) return async () => {};

  const [port, rpcPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), "sofi-e2e-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", join(HERE, "stack-runner.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_RPC_PORT: String(rpcPort),
      E2E_DATA_DIR: dataDir,
      E2E_BLOCKED: BLOCKED_TEST_ACCOUNT,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The stack's log, kept for diagnosing a failing run (e2e/stack.log, gitignored).
  const logFile = createWriteStream(join(HERE, "stack.log"));
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
    logFile.write(d);
    if (process.env.E2E_VERBOSE) process.stderr.write(d);
  });

  const ready = await new Promise<{ url: string; alertsReceiverUrl?: string; capsOffUrl?: string }>((ok, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`The stack did not start within ${STACK_TIMEOUT_MS / 1000} s.\n${stderr.slice(-4000)}`)),
      STACK_TIMEOUT_MS,
    );
    let out = "";
    let started = false;
    child.stdout?.on("data", (d: Buffer) => {
      // the server's own log (its jobs, the indexer) goes to the same file
      logFile.write(d);
      if (started) return;
      out += d.toString();
      const m = /STACK_READY (\{.*\})/.exec(out);
      if (m?.[1]) {
        started = true;
        out = "";
        clearTimeout(timer);
        ok(JSON.parse(m[1]) as { url: string; alertsReceiverUrl?: string; capsOffUrl?: string });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`The stack exited with code ${code} before it was ready.\n${stderr.slice(-4000)}`));
    });
  });
  process.env.E2E_BASE_URL = ready.url;
  // The price-alert spec reads what the alerts worker posted (stack-runner's local receiver).
  if (ready.alertsReceiverUrl) process.env.E2E_ALERTS_RECEIVER_URL = ready.alertsReceiverUrl;
  // The same chain served with the faucet and the AI builder off (capabilities-off.spec.ts).
  if (ready.capsOffUrl) process.env.E2E_CAPS_OFF_BASE_URL = ready.capsOffUrl;

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((ok) => child.once("exit", ok));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((ok) => setTimeout(ok, 15_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
