import { decodeSignatureMessageHeader, parseSignInMessage, SIGN_IN_STATEMENT } from "@sofi/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { verifyMessage } from "viem";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WagmiProvider } from "wagmi";
import { connect, disconnect } from "wagmi/actions";
import { ApiWriteError } from "../../kernel/api.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { useSignedWrite } from "../../kernel/signed.ts";
import { devAddress, setDevAccountIndex } from "./dev-wallet.ts";
import { createWalletConfig } from "./wagmi-config.ts";

// The kernel's one signed write with the real wallet stack (issue 17): the dev wallet signs the
// Sign-In-with-Ethereum message and the three spec headers go with the POST.

const CHAIN = 31337;
const ACCOUNT = 3;
const me = devAddress(ACCOUNT);
const config = createWalletConfig({
  chains: [{ id: CHAIN, suffix: "local", name: "Local", rpcUrl: "http://127.0.0.1:1", deployment: null }],
  selectedChainId: CHAIN,
});

function wrapper({ children }: { children: ReactNode }) {
  return (
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeAll(() => {
  useSettings.setState({ chainId: CHAIN });
});

/** The hook inside the wallet providers, then the dev wallet connected (a provider's mount drops connections). */
async function signedWrite() {
  setDevAccountIndex(ACCOUNT);
  const hook = renderHook(() => useSignedWrite(), { wrapper });
  const dev = config.connectors.find((c) => c.id === "devWallet");
  if (!dev) throw new Error("no dev wallet connector");
  await act(async () => {
    await connect(config, { connector: dev, chainId: CHAIN });
  });
  return hook.result;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await disconnect(config).catch(() => {});
});

describe("useSignedWrite with the dev wallet", () => {
  it("sends address, signature and the URI-encoded SIWE message the account signed; reuses it next time", async () => {
    const f = vi.fn(async () => json(200, { address: me, following: true }));
    vi.stubGlobal("fetch", f);
    const result = await signedWrite();
    await act(async () => {
      await result.current("follow", { chain: "local", body: { follow: devAddress(2), action: "follow" } });
    });
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/local/sofi/follow");
    const h = init.headers as Record<string, string>;
    expect(h.address?.toLowerCase()).toBe(me.toLowerCase());
    const message = decodeSignatureMessageHeader(h.signatureMessage ?? "");
    expect(message).not.toBeNull();
    const parsed = parseSignInMessage(message ?? "");
    expect(parsed?.address.toLowerCase()).toBe(me.toLowerCase());
    expect(parsed?.chainId).toBe(CHAIN);
    expect(parsed?.domain).toBe(window.location.host);
    expect(message).toContain(SIGN_IN_STATEMENT);
    expect(await verifyMessage({ address: me, message: message ?? "", signature: h.signature as `0x${string}` })).toBe(
      true,
    );

    // A second write within 8 hours reuses the stored signature (no new wallet prompt).
    await act(async () => {
      await result.current("follow", { chain: "local", body: { follow: devAddress(2), action: "unfollow" } });
    });
    const second = (f.mock.calls[1] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(second.signature).toBe(h.signature);
    expect(second.signatureMessage).toBe(h.signatureMessage);
  });

  it("a refusal's { error } text is the thrown message", async () => {
    vi.stubGlobal("fetch", async () => json(403, { error: "Signature expired" }));
    const result = await signedWrite();
    let caught: unknown;
    await act(async () => {
      await result.current("favorite", { chain: "local", body: { portfolio: me, favorite: true } }).catch((e) => {
        caught = e;
      });
    });
    expect(caught).toBeInstanceOf(ApiWriteError);
    expect((caught as Error).message).toBe("Signature expired");
  });
});
