import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicClient, http, parseEther, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { ANVIL_ACCOUNTS, ANVIL_MNEMONIC } from "../../packages/protocol/src/deployments/anvil-accounts.ts";
import { getFreePort, startAnvil } from "./anvil.ts";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitDead(pid: number, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

describe("startAnvil", () => {
  it("answers on chain 31337 with the genesis timestamp asked for, and stop() ends the process", async () => {
    const genesis = Math.floor(Date.now() / 1000) - 30 * 86400;
    const anvil = await startAnvil({ port: await getFreePort(), timestamp: genesis });
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(await client.getChainId()).toBe(31337);
    expect((await client.getBlock({ blockNumber: 0n })).timestamp).toBe(BigInt(genesis));
    expect(await client.getBalance({ address: ANVIL_ACCOUNTS[9]?.address ?? "0x" })).toBe(parseEther("10000"));
    // The exported dev accounts are anvil's own, derived from the mnemonic.
    expect(await client.request({ method: "eth_accounts" as never })).toEqual(
      ANVIL_ACCOUNTS.map((a) => a.address.toLowerCase()),
    );
    ANVIL_ACCOUNTS.forEach((a, i) => {
      const derived = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i });
      expect(derived.address).toBe(a.address);
      expect(toHex(derived.getHdKey().privateKey ?? new Uint8Array())).toBe(a.privateKey);
    });
    expect(alive(anvil.pid)).toBe(true);
    await anvil.stop();
    expect(alive(anvil.pid)).toBe(false);
    await anvil.stop(); // idempotent
  });

  it("refuses a port where a node already answers", async () => {
    const anvil = await startAnvil({ port: await getFreePort() });
    try {
      await expect(startAnvil({ port: anvil.port })).rejects.toThrow(/already answers/);
    } finally {
      await anvil.stop();
    }
  });

  it("two anvils started on one port at once: one runs, the other fails instead of sharing its chain", async () => {
    const port = await getFreePort();
    const results = await Promise.allSettled([startAnvil({ port }), startAnvil({ port })]);
    const started = results.filter((r) => r.status === "fulfilled");
    expect(started.length).toBe(1);
    expect(results.filter((r) => r.status === "rejected").length).toBe(1);
    await (started[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof startAnvil>>>).value.stop();
  });

  it("persists the chain (blocks, logs, balances) to stateFile across a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sofi-anvil-"));
    const stateFile = join(dir, "nested", "state.json");
    const port = await getFreePort();
    const first = await startAnvil({ port, stateFile });
    const c1 = createPublicClient({ transport: http(first.rpcUrl) });
    const [from, to] = [ANVIL_ACCOUNTS[1]?.address ?? "0x", ANVIL_ACCOUNTS[2]?.address ?? "0x"];
    const hash = await c1.request({
      method: "eth_sendTransaction" as never,
      params: [{ from, to, value: "0xde0b6b3a7640000" }] as never,
    });
    await c1.waitForTransactionReceipt({ hash: hash as `0x${string}`, pollingInterval: 20 });
    const head = await c1.getBlockNumber({ cacheTime: 0 });
    expect(head).toBeGreaterThan(0n);
    await first.stop();
    expect(existsSync(stateFile)).toBe(true);

    const second = await startAnvil({ port, stateFile });
    try {
      const c2 = createPublicClient({ transport: http(second.rpcUrl) });
      expect(await c2.getBlockNumber()).toBe(head);
      expect(await c2.getBalance({ address: to })).toBe(parseEther("10001"));
      const receipt = await c2.getTransactionReceipt({ hash: hash as `0x${string}` });
      expect(receipt.status).toBe("success");
    } finally {
      await second.stop();
    }
  });

  it("does not outlive its parent process", async () => {
    const port = await getFreePort();
    const script = `
      import { startAnvil } from ${JSON.stringify(join(import.meta.dirname, "anvil.ts"))};
      const a = await startAnvil({ port: ${port} });
      console.log("PID " + a.pid);
      ${"process.exit(0);"}
    `;
    const tsx = join(import.meta.dirname, "../../node_modules/.bin/tsx");
    const child = spawn(tsx, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => {
      output += d.toString();
    });
    await new Promise((r) => child.once("exit", r));
    const pid = Number(/PID (\d+)/.exec(output)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(await waitDead(pid)).toBe(true);
  });

  it("stops the child when the parent is interrupted", async () => {
    const port = await getFreePort();
    const script = `
      import { startAnvil } from ${JSON.stringify(join(import.meta.dirname, "anvil.ts"))};
      const a = await startAnvil({ port: ${port} });
      console.log("PID " + a.pid);
      setInterval(() => {}, 1000);
    `;
    const tsx = join(import.meta.dirname, "../../node_modules/.bin/tsx");
    const child = spawn(tsx, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    const pid = await new Promise<number>((resolvePid) => {
      child.stdout.on("data", (d: Buffer) => {
        output += d.toString();
        const m = /PID (\d+)/.exec(output);
        if (m) resolvePid(Number(m[1]));
      });
    });
    expect(alive(pid)).toBe(true);
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    expect(await waitDead(pid)).toBe(true);
  });
});
