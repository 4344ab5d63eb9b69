/**
 * Issue 9 #14: every balance on screen comes from one source (src/kernel/balances.ts) and follows
 * every receipt. On a real anvil chain with the product's deploy: the swap card's balances
 * (useSwapBalances) and the token selector's rows (useTokenBalances) read the same entries, in one
 * multicall, and the transaction tracker refreshes them when it stores a receipt, whoever sent it.
 */
import { type AnvilHandle, deployAll, getFreePort, startAnvil } from "@sofi/contracts";
import { type Deployment, weth9Abi } from "@sofi/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { createRoot, type Root } from "react-dom/client";
import { type Address, createWalletClient, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useConnection, WagmiProvider } from "wagmi";
import { connect } from "wagmi/actions";
import { initI18n } from "../../i18n/index.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { nativeToken, type UiToken, useTokenBalances } from "../tokens/index.ts";
import { TransactionUpdater, useTransactions } from "../transactions/index.ts";
import { ANVIL_PRIVATE_KEYS, createWalletConfig, devAddress, setDevAccountIndex } from "../wallet/index.ts";
import type { SwapToken } from "./tokens.ts";
import { useSwapBalances } from "./useSwapBalances.ts";

const CHAIN = 31337;
const ACCOUNT = 6;
const me = devAddress(ACCOUNT);
const chain = {
  id: CHAIN,
  name: "Local",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1"] } },
} as const;

let anvil: AnvilHandle;
let deployment: Deployment;
let config: ReturnType<typeof createWalletConfig>;
let root: Root | undefined;
let host: HTMLDivElement;
let wallet: ReturnType<typeof createWalletClient>;

const ETH: SwapToken = { chainId: CHAIN, address: "native", decimals: 18, symbol: "ETH", name: "Ether" };
let WETH: SwapToken;
let selectorTokens: UiToken[];

/** The refresh button of the card (useSwapBalances' refetch), set by the card on each render. */
let cardRefresh: () => void = () => undefined;

function Card() {
  const { status } = useConnection();
  const b = useSwapBalances({
    account: me,
    connected: status === "connected",
    chainId: CHAIN,
    inputToken: ETH,
    outputToken: WETH,
    aggregator: deployment.contracts.aggregator as Address,
  });
  cardRefresh = b.refetch;
  return (
    <>
      <span data-testid="card-in">{String(b.balanceIn)}</span>
      <span data-testid="card-out">{String(b.balanceOut)}</span>
    </>
  );
}

function Selector() {
  const { balances } = useTokenBalances(selectorTokens);
  return (
    <>
      <span data-testid="row-native">{String(balances.native)}</span>
      <span data-testid="row-weth">{String(balances[WETH.address.toLowerCase()])}</span>
    </>
  );
}

const text = (id: string) => host.querySelector(`[data-testid="${id}"]`)?.textContent;

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
  }
}

async function mount(children: React.ReactNode): Promise<void> {
  // A fresh config per test: wagmi's provider drops a config's live connection when it mounts again.
  config = createWalletConfig({
    chains: [{ id: CHAIN, suffix: "local", name: "Local", rpcUrl: anvil.rpcUrl, deployment }],
    selectedChainId: CHAIN,
  });
  host = document.createElement("div");
  root = createRoot(host);
  await act(async () => {
    root?.render(
      <WagmiProvider config={config} reconnectOnMount={false}>
        <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
      </WagmiProvider>,
    );
  });
  setDevAccountIndex(ACCOUNT);
  const dev = config.connectors.find((c) => c.id === "devWallet");
  if (!dev) throw new Error("no dev wallet connector");
  await act(async () => {
    await connect(config, { connector: dev, chainId: CHAIN });
  });
}

/** Wraps `eth` ETH for the test account outside the app (as another tab or wallet would). */
async function wrapOutside(eth: string): Promise<Hex> {
  return wallet.writeContract({
    address: deployment.weth,
    abi: weth9Abi,
    functionName: "deposit",
    value: parseEther(eth),
    chain,
    account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[ACCOUNT] as Hex),
  });
}

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
  deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
  WETH = { chainId: CHAIN, address: deployment.weth, decimals: 18, symbol: "WETH", name: "Wrapped Ether" };
  selectorTokens = [
    nativeToken(CHAIN),
    WETH as UiToken,
    ...deployment.tokens.map((t) => ({ chainId: CHAIN, address: t.address, decimals: 18, symbol: t.symbol, name: "" })),
  ];
  wallet = createWalletClient({ chain, transport: http(anvil.rpcUrl) });
  await initI18n("en");
}, 300_000);

afterAll(async () => {
  await anvil?.stop();
});

beforeEach(() => {
  useSettings.setState({ chainId: CHAIN });
  useTransactions.setState({ byChain: {} });
  setDevAccountIndex(ACCOUNT);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

describe("one balances source", () => {
  it("the card and the selector show the same balances; the card's refresh updates the selector too", async () => {
    await mount(
      <>
        <Card />
        <Selector />
      </>,
    );
    await until(() => text("card-out") !== "undefined" && text("row-weth") !== "undefined");
    const before = BigInt(text("card-out") as string);
    expect(text("row-weth")).toBe(String(before));
    expect(text("row-native")).toBe(text("card-in"));

    // The balance changes outside the app (no receipt this page tracks): the refresh button.
    await wrapOutside("1");
    act(() => cardRefresh());
    const after = before + parseEther("1");
    await until(() => text("card-out") === String(after));
    await until(() => text("row-weth") === String(after), 3_000);
    expect(text("row-native")).toBe(text("card-in"));
  });

  it("a receipt the tracker stores refreshes every balance on screen, though no sending screen waits for it", async () => {
    await mount(
      <>
        <TransactionUpdater pollingIntervalMs={100} />
        <Card />
        <Selector />
      </>,
    );
    await until(() => text("card-out") !== "undefined" && text("row-weth") !== "undefined");
    const before = BigInt(text("card-out") as string);
    // Sent before a reload (or by a screen that has gone): only the persisted record is left.
    const hash = await wrapOutside("2");
    act(() => useTransactions.getState().add({ hash, from: me, chainId: CHAIN, summary: "Wrap" }));
    await until(() => !!useTransactions.getState().byChain[CHAIN]?.[hash]?.receipt);
    const after = before + parseEther("2");
    await until(() => text("card-out") === String(after) && text("row-weth") === String(after), 5_000);
    expect(text("row-native")).toBe(text("card-in"));
  });

  it("the balances of every view on screen come in one multicall", async () => {
    const bodies: { method: string; params?: unknown[] }[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      if (String(input instanceof Request ? input.url : input).startsWith(anvil.rpcUrl) && init?.body) {
        const body = JSON.parse(String(init.body));
        bodies.push(...(Array.isArray(body) ? body : [body]));
      }
      return realFetch(input, init);
    });
    try {
      await mount(
        <>
          <Card />
          <Selector />
        </>,
      );
      await until(() => text("card-out") !== "undefined" && text("row-weth") !== "undefined");
      const calls = bodies.filter((b) => b.method === "eth_call");
      const balanceReads = bodies.filter((b) => b.method === "eth_getBalance");
      // One aggregate call (balanceOf of every token, getEthBalance for the coin), no single reads.
      expect(balanceReads).toHaveLength(0);
      const toMulticall = calls.filter(
        (b) => ((b.params?.[0] as { to?: string })?.to ?? "").toLowerCase() === deployment.multicall3.toLowerCase(),
      );
      expect(toMulticall).toHaveLength(1);
      // The allowance of the card is wagmi's own read (an ERC-20 token is not on the pay side here).
      expect(calls).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });
});
