import { expect, test } from "@playwright/test";
import { signMessageWith } from "../../web/src/features/wallet/dev-signer.ts";
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from "../../web/src/features/wallet/dev-wallet.ts";
import { createSignatureManager } from "../../web/src/kernel/signature.ts";

/**
 * The web app's signature helper (the code behind useSignedRequest) against the real server's
 * verification: the headers it builds are accepted, reused, refused for a blocked account, and
 * refused when tampered with.
 */
function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

function context(index: number, baseURL: string, counter: { n: number }) {
  const url = new URL(baseURL);
  return {
    address: ANVIL_ADDRESSES[index] as `0x${string}`,
    chainId: 31337,
    domain: url.host,
    uri: url.origin,
    sign: (message: string) => {
      counter.n++;
      return signMessageWith(ANVIL_PRIVATE_KEYS[index] as `0x${string}`, message);
    },
  };
}

test("signed writes: accepted, reused under 8 hours, refused when blocked or tampered", async ({
  request,
  baseURL,
}) => {
  if (!baseURL) throw new Error("no baseURL");
  const mgr = createSignatureManager({ storage: memoryStorage() });
  const signs = { n: 0 };
  const headers = await mgr.getHeaders(context(1, baseURL, signs));
  const post = (h: Record<string, string>, path = "/e2e") =>
    request.post("/api/local/sofi/page-view", { headers: h, data: { path } });

  const ok = await post(headers);
  expect(ok.status(), await ok.text()).toBe(201);
  expect(((await ok.json()) as { address: string }).address.toLowerCase()).toBe(
    (ANVIL_ADDRESSES[1] as string).toLowerCase(),
  );

  const again = await mgr.getHeaders(context(1, baseURL, signs));
  expect(signs.n).toBe(1);
  expect((await post(again, "/e2e/2")).status()).toBe(201);

  const tampered = { ...headers, address: ANVIL_ADDRESSES[2] as string };
  expect((await post(tampered)).status()).toBe(401);
  expect((await post({})).status()).toBe(401);

  const blocked = await createSignatureManager({ storage: memoryStorage() }).getHeaders(context(9, baseURL, signs));
  const refused = await post(blocked);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toBe("Blocked address");
});
