/**
 * Issue 9 #15: a write while the wallet sits on another chain than the page's says so in the
 * page's words, never viem's or wagmi's chain-mismatch text. A real anvil chain and the dev wallet
 * (which, like a real wallet, can sit on a chain the app does not serve).
 */
import { type AnvilHandle, getFreePort, startAnvil } from "@sofi/contracts";
import { SWAP_ERRORS } from "@sofi/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import i18next from "i18next";
import type { ReactNode } from "react";
import type { PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useConnection, WagmiProvider } from "wagmi";
import { connect, getPublicClient } from "wagmi/actions";
import { initI18n } from "../../i18n/index.ts";
import { AppConfigContext } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import {
  createWalletConfig,
  devAddress,
  setDevAccountIndex,
  useNetworkName,
  useNetworkSwitch,
} from "../wallet/index.ts";
import { isChainMismatch, SwapError, sendTrade, sendWrap } from "./actions.ts";

const CHAIN = 31337;
const UNLISTED = 1337;
const ACCOUNT = 7;
const SOMEWHERE = "0x000000000000000000000000000000000000dEaD";

let anvil: AnvilHandle;
let config: ReturnType<typeof createWalletConfig>;
let client: PublicClient;

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
  await initI18n("en");
  useSettings.setState({ chainId: CHAIN });
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

function freshConfig(): void {
  config = createWalletConfig({
    chains: [{ id: CHAIN, suffix: "local", name: "Local", rpcUrl: anvil.rpcUrl, deployment: null }],
    selectedChainId: CHAIN,
  });
  client = getPublicClient(config, { chainId: CHAIN }) as PublicClient;
}

/** Connects the dev wallet of the current config while it sits on the unlisted chain 1337. */
async function connectOnUnlistedChain(): Promise<void> {
  setDevAccountIndex(ACCOUNT);
  localStorage.setItem("dev_wallet_chain", String(UNLISTED));
  const dev = config.connectors.find((c) => c.id === "devWallet");
  if (!dev) throw new Error("no dev wallet connector");
  await connect(config, { connector: dev });
  expect(config.state.connections.get(config.state.current ?? "")?.chainId).toBe(UNLISTED);
}

const ctx = () => ({ config, client, chainId: CHAIN, account: devAddress(ACCOUNT) });

async function failureOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("the write did not fail");
}

describe("a write on the wrong network", () => {
  it("a trade fails with the page's wrong-network message, not the library's text", async () => {
    freshConfig();
    await connectOnUnlistedChain();
    const e = await failureOf(
      sendTrade(
        ctx(),
        {
          aggregator: SOMEWHERE,
          router: SOMEWHERE,
          path: [SOMEWHERE, SOMEWHERE],
          amountIn: 1n,
          amountOutMin: 0n,
          recipient: devAddress(ACCOUNT),
          deadlineSeconds: 1200,
          inputNative: true,
          outputNative: false,
        },
        "Swap",
      ),
    );
    expect(e).toBeInstanceOf(SwapError);
    expect((e as SwapError).swapMessage).toEqual({ key: "wrongNetwork" });
    expect((e as Error).message).toBe(SWAP_ERRORS.wrongNetwork);
    expect((e as Error).message).not.toMatch(/chain|connector|id:/i);
  });

  it("so does a wrap", async () => {
    freshConfig();
    await connectOnUnlistedChain();
    const e = await failureOf(sendWrap(ctx(), SOMEWHERE, "wrap", 1n, "Wrap"));
    expect((e as SwapError).swapMessage).toEqual({ key: "wrongNetwork" });
  });

  it("recognises viem's and wagmi's mismatch errors anywhere in the cause chain", () => {
    const mismatch = Object.assign(new Error("The current chain of the wallet (id: 1337) does not match"), {
      name: "ChainMismatchError",
    });
    expect(isChainMismatch(mismatch)).toBe(true);
    expect(isChainMismatch(new Error("outer", { cause: { name: "ConnectorChainMismatchError" } }))).toBe(true);
    expect(isChainMismatch(new Error("user rejected"))).toBe(false);
  });
});

describe("the switch the page offers", () => {
  it("knows the wallet is on another chain, names the page's network in the user's language, and switches the wallet", async () => {
    freshConfig();
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppConfigContext.Provider
        value={{
          chains: [{ id: CHAIN, suffix: "local", name: "Local", rpcUrl: anvil.rpcUrl, deployment: null }],
          blockedAddresses: [],
        }}
      >
        <WagmiProvider config={config} reconnectOnMount={false}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </WagmiProvider>
      </AppConfigContext.Provider>
    );
    const { result } = renderHook(
      () => ({ net: useNetworkSwitch(CHAIN), name: useNetworkName()(CHAIN), conn: useConnection() }),
      { wrapper },
    );
    // After the provider mounted: it drops a config's live connection when it mounts.
    await act(async () => {
      await connectOnUnlistedChain();
    });
    await waitFor(() => expect(result.current.conn.status).toBe("connected"));
    await waitFor(() => expect(result.current.net.wrongNetwork).toBe(true));
    expect(result.current.name).toBe("Local");
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    expect(result.current.name).toBe("로컬");
    await act(async () => {
      await i18next.changeLanguage("en");
    });
    await act(async () => {
      await result.current.net.switchNetwork();
    });
    // The dev wallet switched (the app reloads on the wallet's chainChanged; here wagmi follows it).
    expect(localStorage.getItem("dev_wallet_chain")).toBe(String(CHAIN));
    await waitFor(() => expect(result.current.net.wrongNetwork).toBe(false));
    expect(result.current.net.failed).toBe(false);
  });
});
