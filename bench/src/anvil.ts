import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { freePort, waitFor } from "./net.ts";
import { REPO_ROOT } from "./paths.ts";
import { track } from "./reaper.ts";

/**
 * How often a client polls the local anvil for a receipt. viem's default (4 s, sized for public
 * chains) made every receipt wait of the gas benches cost up to one block of anvil's automine
 * clock: about 3 s each, minutes per CI run.
 */
export const LOCAL_RECEIPT_POLL_MS = 50;

export type Anvil = { rpcUrl: string; port: number; stop(): Promise<void> };

/**
 * The native anvil binary. The npm `.bin/anvil` is a Node wrapper that would swallow our SIGINT
 * (anvil must get it itself to write --dump-state), so prefer the platform package's binary.
 */
function anvilBin(): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const native = join(REPO_ROOT, `node_modules/@foundry-rs/anvil-${process.platform}-${arch}/bin/anvil`);
  if (existsSync(native)) return native;
  const wrapper = join(REPO_ROOT, "node_modules/.bin/anvil");
  return existsSync(wrapper) ? wrapper : "anvil";
}

async function rpcBlockNumber(url: string): Promise<number | undefined> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
  });
  const body = (await res.json()) as { result?: string };
  return body.result ? Number(body.result) : undefined;
}

/**
 * A throwaway anvil on 127.0.0.1 for the bench. `loadState` starts from a cached dump, `dumpState`
 * writes the chain (blocks, receipts and state) to that file when stopped.
 */
export async function startAnvil(
  opts: { loadState?: string; dumpState?: string; timestamp?: number; extraArgs?: string[] } = {},
): Promise<Anvil> {
  const port = await freePort();
  const args = [
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "--chain-id",
    "31337",
    "--silent",
    "--gas-limit",
    "1000000000",
    "--code-size-limit",
    "100000",
  ];
  if (opts.loadState) args.push("--load-state", opts.loadState);
  if (opts.dumpState) args.push("--dump-state", opts.dumpState);
  if (opts.timestamp !== undefined) args.push("--timestamp", String(opts.timestamp));
  if (opts.extraArgs) args.push(...opts.extraArgs);
  const child: ChildProcess = spawn(anvilBin(), args, { stdio: ["ignore", "ignore", "pipe"] });
  track(child);
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once("exit", () => {
      exited = true;
      resolve();
    });
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      "anvil",
      async () => {
        if (exited) throw new Error(`anvil exited: ${stderr}`);
        return rpcBlockNumber(rpcUrl);
      },
      120_000,
    );
  } catch (e) {
    child.kill("SIGKILL");
    throw e;
  }
  return {
    rpcUrl,
    port,
    async stop() {
      if (exited) return;
      // SIGINT lets anvil write --dump-state before it exits.
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
