import { expect, test } from "@playwright/test";
import { shortAddress, TEST_ACCOUNT_1 } from "../env.ts";
import { preAcceptTerms, shot } from "./helpers.ts";

/**
 * A minimal EIP-1193 browser wallet injected as window.ethereum: it stands in for an external
 * extension (not part of the product). It starts on Ethereum mainnet, does not know the local
 * chain until asked to add it (error 4902 first), keeps its state across reloads in
 * sessionStorage, and forwards chain reads to the local RPC.
 */
async function injectWallet(page: import("@playwright/test").Page, account: string) {
  await page.addInitScript((acct) => {
    const s = sessionStorage;
    const get = (k: string, d: string) => s.getItem(`fake.${k}`) ?? d;
    const set = (k: string, v: string) => s.setItem(`fake.${k}`, v);
    const log = (m: string) => set("calls", `${get("calls", "")}${m},`);
    const listeners: Record<string, ((x: unknown) => void)[]> = {};
    const emit = (e: string, x: unknown) => {
      for (const f of listeners[e] ?? []) f(x);
    };
    const rpcUrl = () => get("rpc", "");
    (window as unknown as { ethereum: unknown }).ethereum = {
      isFakeWallet: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        log(method);
        switch (method) {
          case "eth_requestAccounts":
            set("connected", "1");
            return [acct];
          case "eth_accounts":
            return get("connected", "") ? [acct] : [];
          case "eth_chainId":
            return get("chain", "0x1");
          case "wallet_requestPermissions":
          case "wallet_getPermissions":
            return [{ parentCapability: "eth_accounts" }];
          case "wallet_revokePermissions":
            s.removeItem("fake.connected");
            return null;
          case "wallet_switchEthereumChain": {
            const id = (params?.[0] as { chainId?: string } | undefined)?.chainId ?? "";
            if (id !== "0x1" && !get("known", "").includes(id))
              throw Object.assign(new Error("Unrecognized chain ID"), { code: 4902 });
            set("chain", id);
            emit("chainChanged", id);
            return null;
          }
          case "wallet_addEthereumChain": {
            const p = (params?.[0] ?? { chainId: "", rpcUrls: [] }) as { chainId: string; rpcUrls: string[] };
            set("known", `${get("known", "")}${p.chainId},`);
            set("rpc", p.rpcUrls[0] ?? "");
            set("chain", p.chainId);
            return null;
          }
          default: {
            if (!rpcUrl()) throw Object.assign(new Error("Fake wallet: no RPC for this chain"), { code: 4900 });
            const res = await fetch(rpcUrl(), {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
            });
            const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
            if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
            return body.result;
          }
        }
      },
      on(e: string, f: (x: unknown) => void) {
        listeners[e] = [...(listeners[e] ?? []), f];
      },
      removeListener(e: string, f: (x: unknown) => void) {
        listeners[e] = (listeners[e] ?? []).filter((g) => g !== f);
      },
    };
  }, account);
}

test("an injected browser wallet on an unknown chain: Wrong Network, then switch adds the chain (4902) and reloads", async ({
  page,
}) => {
  await preAcceptTerms(page);
  await injectWallet(page, TEST_ACCOUNT_1);
  await page.goto("/");
  await page.getByTestId("wallet-status").click();
  // A wallet is present: the browser-wallet option replaces the install link.
  await expect(page.getByTestId("wallet-option-install")).toHaveCount(0);
  await page.getByTestId("wallet-option-injected").click();
  await expect(page.getByTestId("wallet-status")).toHaveText("Wrong Network");
  await expect(page.getByTestId("wallet-wrong-network")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("wallet_type"))).toBe("injected");
  await shot(page, "wallet-injected-wrong-network-1440-light-en");
  await Promise.all([page.waitForEvent("load"), page.getByTestId("wallet-switch-network").click()]);
  // The session is restored with the injected connector, now on the local chain.
  await expect(page.getByTestId("wallet-status")).toHaveText(shortAddress(TEST_ACCOUNT_1));
  const calls = await page.evaluate(() => sessionStorage.getItem("fake.calls") ?? "");
  expect(calls).toContain("wallet_switchEthereumChain,wallet_addEthereumChain,");
});
