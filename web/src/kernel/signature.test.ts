import { parseSignInMessage, SIGNATURE_MAX_AGE_MS, STORAGE_KEYS } from "@sofi/core";
import { verifyMessage } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { createSignatureManager } from "./signature.ts";

/** Anvil's well-known dev accounts 1 and 2 (the wallet feature's ANVIL_PRIVATE_KEYS). */
const KEYS: Record<number, `0x${string}`> = {
  1: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  2: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
};
const devAccount = (i: number) => privateKeyToAccount(KEYS[i] as `0x${string}`);

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    map: m,
  };
}

const alice = devAccount(1);
const bob = devAccount(2);

function ctx(account = alice, chainId = 31337) {
  let calls = 0;
  return {
    address: account.address,
    chainId,
    domain: "127.0.0.1:8080",
    uri: "http://127.0.0.1:8080",
    sign: async (message: string) => {
      calls++;
      return account.signMessage({ message });
    },
    calls: () => calls,
  };
}

describe("signature manager (spec 000 §4 signature login)", () => {
  it("signs a SIWE message bound to domain, chain and address, stores it and returns the three headers", async () => {
    const storage = memoryStorage();
    const now = Date.UTC(2026, 0, 1);
    const mgr = createSignatureManager({ storage, now: () => now });
    const c = ctx();
    const h = await mgr.getHeaders(c);
    expect(c.calls()).toBe(1);
    expect(h.address).toBe(alice.address);
    const message = decodeURIComponent(h.signatureMessage);
    const parsed = parseSignInMessage(message);
    expect(parsed?.address).toBe(alice.address);
    expect(parsed?.chainId).toBe(31337);
    expect(parsed?.domain).toBe("127.0.0.1:8080");
    expect(parsed?.issuedAt.getTime()).toBe(now);
    expect(await verifyMessage({ address: alice.address, message, signature: h.signature as `0x${string}` })).toBe(
      true,
    );
    expect(storage.getItem(STORAGE_KEYS.address)).toBe(alice.address);
    expect(storage.getItem(STORAGE_KEYS.signature)).toBe(h.signature);
    expect(storage.getItem(STORAGE_KEYS.signatureMsg)).toBe(message);
  });

  it("reuses the stored signature while under 8 hours old, and asks again after", async () => {
    const storage = memoryStorage();
    let now = Date.UTC(2026, 0, 1);
    const mgr = createSignatureManager({ storage, now: () => now });
    const c = ctx();
    const first = await mgr.getHeaders(c);
    now += SIGNATURE_MAX_AGE_MS - 1000;
    const second = await mgr.getHeaders(c);
    expect(c.calls()).toBe(1);
    expect(second).toEqual(first);
    now += 2000; // now older than 8 hours
    const third = await mgr.getHeaders(c);
    expect(c.calls()).toBe(2);
    expect(third.signatureMessage).not.toBe(first.signatureMessage);
  });

  it("asks again for another address or another chain", async () => {
    const storage = memoryStorage();
    const mgr = createSignatureManager({ storage, now: () => Date.UTC(2026, 0, 1) });
    const a = ctx(alice);
    await mgr.getHeaders(a);
    const b = ctx(bob);
    const hb = await mgr.getHeaders(b);
    expect(b.calls()).toBe(1);
    expect(hb.address).toBe(bob.address);
    const onBase = ctx(bob, 8453);
    await mgr.getHeaders(onBase);
    expect(onBase.calls()).toBe(1);
  });

  it("one request at a time: concurrent callers share one wallet prompt", async () => {
    const storage = memoryStorage();
    const mgr = createSignatureManager({ storage });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let calls = 0;
    const c = {
      ...ctx(),
      sign: async (message: string) => {
        calls++;
        await gate;
        return alice.signMessage({ message });
      },
    };
    const all = Promise.all([mgr.getHeaders(c), mgr.getHeaders(c), mgr.getHeaders(c)]);
    await Promise.resolve();
    release();
    const [x, y, z] = await all;
    expect(calls).toBe(1);
    expect(y).toEqual(x);
    expect(z).toEqual(x);
  });

  it("a rejected prompt is not cached: the next call asks again", async () => {
    const storage = memoryStorage();
    const mgr = createSignatureManager({ storage });
    let calls = 0;
    const c = {
      ...ctx(),
      sign: async (message: string) => {
        calls++;
        if (calls === 1) throw new Error("User rejected the request.");
        return alice.signMessage({ message });
      },
    };
    await expect(mgr.getHeaders(c)).rejects.toThrow("User rejected");
    expect(storage.getItem(STORAGE_KEYS.signature)).toBeNull();
    const h = await mgr.getHeaders(c);
    expect(calls).toBe(2);
    expect(h.address).toBe(alice.address);
  });

  it("ignores a tampered stored message", async () => {
    const storage = memoryStorage();
    const mgr = createSignatureManager({ storage });
    const c = ctx();
    await mgr.getHeaders(c);
    storage.setItem(STORAGE_KEYS.signatureMsg, "not a siwe message");
    await mgr.getHeaders(c);
    expect(c.calls()).toBe(2);
  });
});
