/**
 * Starts node_modules' anvil as a child process on 127.0.0.1 (chain 31337) and waits until it
 * answers JSON-RPC. The child is stopped by `stop()`, and also when this process exits or is
 * interrupted, so no orphan anvil keeps a port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";

export const ANVIL_CHAIN_ID = 31337;

export type AnvilOptions = {
  /** Port on 127.0.0.1; default 8545. Use `getFreePort()` in tests. */
  port?: number;
  /** Persist the chain here: loaded at start when it exists, dumped on exit and every `stateInterval` s. */
  stateFile?: string;
  /** Seconds between state dumps when `stateFile` is set; default 30. */
  stateInterval?: number;
  /** Genesis block timestamp (unix seconds), e.g. now - 30 days so a seeder can fill history. */
  timestamp?: number;
  /** Also persist per-block states (eth_call at old blocks after a restart); makes the file far bigger. */
  preserveHistoricalStates?: boolean;
  /** Interval mining in seconds; default: automine (a block per transaction). */
  blockTime?: number;
  /** Milliseconds to wait for the RPC to answer; default 30 000. */
  timeoutMs?: number;
  /** Pipe anvil's own output to this process's stdout/stderr. */
  verbose?: boolean;
  /** More anvil flags, passed as is. */
  extraArgs?: string[];
};

export type AnvilHandle = {
  rpcUrl: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
};

const require = createRequire(import.meta.url);

/** The anvil executable: the platform package's binary, else the npm wrapper script. */
export function anvilBinary(): { command: string; prefix: string[] } {
  const os = process.platform === "win32" ? "win32" : process.platform;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const exe = process.platform === "win32" ? "anvil.exe" : "anvil";
  try {
    const pkg = require.resolve(`@foundry-rs/anvil-${os}-${arch}/package.json`);
    const bin = join(dirname(pkg), "bin", exe);
    if (existsSync(bin)) return { command: bin, prefix: [] };
  } catch {
    // fall through to the wrapper
  }
  const wrapper = join(dirname(require.resolve("@foundry-rs/anvil/package.json")), "bin.mjs");
  return { command: process.execPath, prefix: [wrapper] };
}

/** A TCP port that is free right now on 127.0.0.1. */
export function getFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function rpcAnswers(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { result?: string };
    return typeof body.result === "string";
  } catch {
    return false;
  }
}

const live = new Set<ChildProcess>();
let hooksInstalled = false;

function killAll(signal: NodeJS.Signals): void {
  for (const child of live) {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Stop children when the parent goes away; re-raise signals nobody else handles. */
function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.once("exit", () => killAll("SIGTERM"));
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    const handler = () => {
      killAll("SIGTERM");
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, handler);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, handler);
  }
}

export async function startAnvil(opts: AnvilOptions = {}): Promise<AnvilHandle> {
  const port = opts.port ?? 8545;
  const rpcUrl = `http://127.0.0.1:${port}`;
  if (await rpcAnswers(rpcUrl)) throw new Error(`Port ${port} already answers JSON-RPC: another node is running`);
  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(ANVIL_CHAIN_ID)];
  if (opts.stateFile) {
    mkdirSync(dirname(opts.stateFile), { recursive: true });
    args.push("--state", opts.stateFile, "--state-interval", String(opts.stateInterval ?? 30));
    if (opts.preserveHistoricalStates) args.push("--preserve-historical-states");
  }
  if (opts.timestamp !== undefined) args.push("--timestamp", String(Math.floor(opts.timestamp)));
  if (opts.blockTime !== undefined) args.push("--block-time", String(opts.blockTime));
  if (opts.extraArgs) args.push(...opts.extraArgs);

  const { command, prefix } = anvilBinary();
  const child = spawn(command, [...prefix, ...args], {
    stdio: ["ignore", "pipe", opts.verbose ? "inherit" : "pipe"],
  });
  // Only the anvil that bound the port prints "Listening on": an anvil started on the same port at
  // the same moment by another test file must not pass the other's answers for its own chain.
  let listening = false;
  let out = "";
  child.stdout?.on("data", (d: Buffer) => {
    if (opts.verbose) process.stdout.write(d);
    if (listening) return;
    out = (out + d.toString()).slice(-4000);
    if (out.includes("Listening on ")) {
      listening = true;
      out = "";
    }
  });
  installExitHooks();
  live.add(child);
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolveExit) => {
    child.once("exit", (code) => {
      live.delete(child);
      resolveExit(code);
    });
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  child.once("error", (err) => {
    stderr += String(err);
  });

  const stop = async (): Promise<void> => {
    if (hasExited) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  while (!(listening && (await rpcAnswers(rpcUrl)))) {
    if (hasExited) throw new Error(`anvil exited before answering on ${rpcUrl}: ${stderr.trim()}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer on ${rpcUrl} within ${opts.timeoutMs ?? 30_000} ms: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { rpcUrl, port, pid: child.pid ?? -1, stop };
}
