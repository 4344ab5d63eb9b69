import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { createPublicClient, getAddress, http, parseEther, recoverTypedDataAddress, verifyMessage } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devAccountFromKey } from "./dev-signer.ts";
import {
  ANVIL_ADDRESSES,
  ANVIL_PRIVATE_KEYS,
  createDevProvider,
  getDevAccountIndex,
  setDevAccountIndex,
} from "./dev-wallet.ts";

const devAccount = (i: number) => devAccountFromKey(ANVIL_PRIVATE_KEYS[i] as `0x${string}`);

const MNEMONIC = "test test test test test test test test test test test junk";
const ANVIL = resolve(__dirname, "../../../../node_modules/.bin/anvil");

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? res(addr.port) : rej(new Error("no port"))));
    });
  });
}

let anvil: ChildProcess | undefined;
let rpcUrl = "";

beforeAll(async () => {
  const port = await freePort();
  rpcUrl = `http://127.0.0.1:${port}`;
  anvil = spawn(ANVIL, ["--host", "127.0.0.1", "--port", String(port), "--chain-id", "31337"], { stdio: "ignore" });
  const client = createPublicClient({ transport: http(rpcUrl) });
  for (let i = 0; i < 100; i++) {
    try {
      await client.getChainId();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error("anvil did not start");
}, 20_000);

afterAll(() => {
  anvil?.kill();
});

describe("dev wallet", () => {
  it("its 10 keys are anvil's default accounts from the standard test mnemonic", () => {
    expect(ANVIL_PRIVATE_KEYS).toHaveLength(10);
    for (let i = 0; i < 10; i++) {
      const expected = mnemonicToAccount(MNEMONIC, { addressIndex: i }).address;
      expect(devAccount(i).address).toBe(expected);
      expect(ANVIL_ADDRESSES[i]).toBe(expected);
    }
  });

  it("remembers the chosen account and refuses an out-of-range one", () => {
    setDevAccountIndex(3);
    expect(getDevAccountIndex()).toBe(3);
    expect(() => setDevAccountIndex(10)).toThrow();
    setDevAccountIndex(0);
  });

  it("personal_sign and eth_signTypedData_v4 produce real signatures of the selected account", async () => {
    const dev = createDevProvider({ rpcUrls: { 31337: rpcUrl } });
    dev.selectAccount(1);
    const [account] = (await dev.provider.request({ method: "eth_requestAccounts" })) as `0x${string}`[];
    expect(account).toBe(devAccount(1).address);
    const message = "hello sofi";
    const sig = (await dev.provider.request({
      method: "personal_sign",
      params: [`0x${Buffer.from(message).toString("hex")}`, account as `0x${string}`],
    })) as `0x${string}`;
    expect(await verifyMessage({ address: devAccount(1).address, message, signature: sig })).toBe(true);

    const typed = {
      domain: { name: "SoFi", version: "1", chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
        ],
        Vote: [{ name: "support", type: "bool" }],
      },
      primaryType: "Vote",
      message: { support: true },
    } as const;
    const typedSig = (await dev.provider.request({
      method: "eth_signTypedData_v4",
      params: [account as `0x${string}`, JSON.stringify(typed)],
    })) as `0x${string}`;
    const { EIP712Domain: _d, ...types } = typed.types;
    const recovered = await recoverTypedDataAddress({
      domain: typed.domain,
      types,
      primaryType: "Vote",
      message: typed.message,
      signature: typedSig,
    });
    expect(getAddress(recovered)).toBe(devAccount(1).address);
    await expect(
      dev.provider.request({ method: "personal_sign", params: ["0x00", devAccount(2).address] }),
    ).rejects.toThrow(/not the connected one/);
  });

  it("eth_sendTransaction is signed locally and mined on the local chain", async () => {
    const dev = createDevProvider({ rpcUrls: { 31337: rpcUrl } });
    dev.selectAccount(2);
    const to = devAccount(3).address;
    const client = createPublicClient({ transport: http(rpcUrl) });
    const before = await client.getBalance({ address: to });
    const hash = (await dev.provider.request({
      method: "eth_sendTransaction",
      params: [{ from: devAccount(2).address, to, value: `0x${parseEther("1.5").toString(16)}` }],
    })) as `0x${string}`;
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe("success");
    expect(getAddress(receipt.from)).toBe(devAccount(2).address);
    expect((await client.getBalance({ address: to })) - before).toBe(parseEther("1.5"));
    // Other reads go to the chain's RPC.
    expect(await dev.provider.request({ method: "eth_blockNumber" })).toMatch(/^0x[0-9a-f]+$/);
  });

  it("switches to any chain id, even one the app does not serve, and tells listeners", async () => {
    const dev = createDevProvider({ rpcUrls: { 31337: rpcUrl } });
    const seen: string[] = [];
    dev.provider.on("chainChanged", ((id: string) => seen.push(id)) as never);
    await dev.provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x539" }] });
    expect(await dev.provider.request({ method: "eth_chainId" })).toBe("0x539");
    expect(seen).toEqual(["0x539"]);
    // No RPC for that chain: chain calls fail like a wallet on an unreachable network.
    await expect(dev.provider.request({ method: "eth_blockNumber" })).rejects.toThrow(/no RPC URL/);
    await dev.provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a69" }] });
    expect(await dev.provider.request({ method: "eth_chainId" })).toBe("0x7a69");
  });
});
