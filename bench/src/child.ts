import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { REPO_ROOT } from "./paths.ts";
import { track } from "./reaper.ts";

export type Child = { port: number; proc: ChildProcess; stop(): Promise<void>; output(): string };

/**
 * Runs a TypeScript file (through tsx) in its own Node process, so a server under load does not
 * share a core with the load generator. The file prints `READY <port>` when it listens.
 * `nodeArgs` go to Node before the file (e.g. `--cpu-prof`); `timeoutMs` bounds the wait for READY;
 * `logFile`, when set, receives everything the process printed once it exits (e.g. `--trace-gc` lines).
 */
export async function startChild(
  file: string,
  env: Record<string, string> = {},
  {
    timeoutMs = 180_000,
    nodeArgs = [],
    logFile,
  }: { timeoutMs?: number; nodeArgs?: readonly string[]; logFile?: string } = {},
): Promise<Child> {
  const proc = spawn(process.execPath, [...nodeArgs, "--import", "tsx", file], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  track(proc);
  let out = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.stdout?.on("data", onData);
    proc.stderr?.on("data", (d: Buffer) => {
      out += d.toString();
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code}:\n${out}`));
    });
  });
  const exited = new Promise<void>((r) =>
    proc.once("exit", () => {
      if (logFile) writeFileSync(logFile, out);
      r();
    }),
  );
  return {
    port,
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill("SIGTERM");
      const t = setTimeout(() => proc.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}
