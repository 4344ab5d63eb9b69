import { STORAGE_KEYS } from "@sofi/core";
import { describe, expect, it } from "vitest";
import { forgetWalletType, rememberWalletType, shouldReload, storedWalletType, switchWalletChain } from "./session.ts";

const A = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const B = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const conn = (
  status: "connected" | "disconnected" | "connecting" | "reconnecting",
  address?: string,
  chainId?: number,
  uid = "u1",
) => ({
  status,
  address: address as `0x${string}` | undefined,
  chainId,
  connector: address ? { uid } : undefined,
});

describe("reload on wallet changes (spec 000 §2)", () => {
  it("reloads when the chain, the account or the connection changes while connected", () => {
    expect(shouldReload(conn("connected", A, 31337), conn("connected", A, 1337))).toBe(true);
    expect(shouldReload(conn("connected", A, 31337), conn("connected", B, 31337))).toBe(true);
    expect(shouldReload(conn("connected", A, 31337), conn("disconnected"))).toBe(true);
    expect(shouldReload(conn("connected", A, 31337, "u1"), conn("connected", A, 31337, "u2"))).toBe(true);
  });
  it("does not reload on a first connection, on restore, or when nothing changed", () => {
    expect(shouldReload(conn("disconnected"), conn("connected", A, 31337))).toBe(false);
    expect(shouldReload(conn("reconnecting", A, 31337), conn("connected", A, 31337))).toBe(false);
    expect(shouldReload(conn("connecting"), conn("connected", A, 31337))).toBe(false);
    expect(shouldReload(conn("connected", A, 31337), conn("connected", A.toLowerCase(), 31337))).toBe(false);
  });
});

describe("wallet_type", () => {
  it("is stored under the spec's key", () => {
    rememberWalletType("walletConnect");
    expect(localStorage.getItem(STORAGE_KEYS.walletType)).toBe("walletConnect");
    expect(storedWalletType()).toBe("walletConnect");
    forgetWalletType();
    expect(storedWalletType()).toBeNull();
  });
});

/** A stand-in for an external browser wallet (not part of the product) that does not know a chain yet. */
function fakeWallet(knownChains: string[]) {
  const calls: { method: string; params?: unknown }[] = [];
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }) {
      calls.push({ method, params });
      if (method === "wallet_switchEthereumChain") {
        const id = (params as [{ chainId: string }])[0].chainId;
        if (!knownChains.includes(id)) throw Object.assign(new Error("Unrecognized chain ID"), { code: 4902 });
        return null;
      }
      if (method === "wallet_addEthereumChain") {
        knownChains.push((params as [{ chainId: string }])[0].chainId);
        return null;
      }
      if (method === "eth_chainId") return "0x1";
      throw Object.assign(new Error("User rejected"), { code: 4001 });
    },
  };
  return { connector: { getProvider: async () => provider }, calls };
}

const base = {
  id: 8453,
  name: "Base Mainnet",
  nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://mainnet.base.org"] } },
  blockExplorers: { default: { name: "Basescan", url: "https://basescan.org" } },
};

describe("chain switching (spec 000 §4)", () => {
  it("asks the wallet to switch, and does not reload when it knows the chain", async () => {
    const w = fakeWallet(["0x2105"]);
    let reloads = 0;
    await switchWalletChain(w.connector as never, base, () => reloads++);
    expect(w.calls.map((c) => c.method)).toEqual(["wallet_switchEthereumChain"]);
    expect(reloads).toBe(0);
  });
  it("on 4902 adds the chain with its RPC and explorer, then reloads", async () => {
    const w = fakeWallet([]);
    let reloads = 0;
    await switchWalletChain(w.connector as never, base, () => reloads++);
    expect(w.calls.map((c) => c.method)).toEqual(["wallet_switchEthereumChain", "wallet_addEthereumChain"]);
    expect(w.calls[1]?.params).toEqual([
      {
        chainId: "0x2105",
        chainName: "Base Mainnet",
        nativeCurrency: base.nativeCurrency,
        rpcUrls: ["https://mainnet.base.org"],
        blockExplorerUrls: ["https://basescan.org"],
      },
    ]);
    expect(reloads).toBe(1);
  });
  it("other errors propagate without adding a chain", async () => {
    const w = fakeWallet([]);
    const connector = {
      getProvider: async () => ({
        request: async () => {
          throw Object.assign(new Error("User rejected"), { code: 4001 });
        },
      }),
    };
    await expect(switchWalletChain(connector as never, base, () => {})).rejects.toThrow("User rejected");
    expect(w.calls).toHaveLength(0);
  });
});
