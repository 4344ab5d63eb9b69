import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WagmiProvider } from "wagmi";
import { initI18n } from "../../i18n/index.ts";
import { AppConfigContext } from "../../kernel/config.ts";
import { type ActivityRowProps, type Feature, FeaturesContext } from "../../kernel/feature.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { createWalletConfig, devAddress } from "../wallet/index.ts";
import { RecentTransactions, txExplorerUrl } from "./RecentTransactions.tsx";
import { useTransactions } from "./store.ts";

const me = devAddress(1);
const other = devAddress(2);
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

function seed(chainId: number) {
  const now = Date.now();
  const s = useTransactions.getState();
  const put = (n: number, from: string, summary: string | undefined, ageMs: number, status?: 0 | 1) => {
    s.add({ hash: hash(n), from, chainId, ...(summary ? { summary } : {}) });
    const rec = useTransactions.getState().byChain[chainId]?.[hash(n)];
    if (!rec) throw new Error("not added");
    useTransactions.setState((st) => ({
      byChain: { ...st.byChain, [chainId]: { ...st.byChain[chainId], [hash(n)]: { ...rec, addedTime: now - ageMs } } },
    }));
    if (status !== undefined) {
      s.finalize(chainId, hash(n), {
        blockHash: "0x01",
        blockNumber: 1,
        from,
        status,
        transactionHash: hash(n),
        transactionIndex: 0,
      });
    }
  };
  put(1, me, "Older swap", 60_000, 1);
  put(2, me, "Newest approve", 1_000);
  put(3, me, "Failed swap", 30_000, 0);
  put(4, me, "Yesterday", 24 * 3_600_000 + 1, 1);
  put(5, other, "Someone else", 2_000);
  put(6, me, undefined, 45_000, 1);
}

function App({ features = [], capabilities }: { features?: Feature[]; capabilities?: string[] }) {
  const config = createWalletConfig({
    chains: [
      { id: 31337, suffix: "local", name: "Local", rpcUrl: "http://127.0.0.1:1", deployment: null },
      { id: 8453, suffix: "base", name: "Base", rpcUrl: "http://127.0.0.1:1", deployment: null },
    ],
    selectedChainId: useSettings.getState().chainId,
  });
  return (
    <AppConfigContext.Provider value={{ chains: [], blockedAddresses: [], ...(capabilities ? { capabilities } : {}) }}>
      <FeaturesContext.Provider value={features}>
        <WagmiProvider config={config} reconnectOnMount={false}>
          <QueryClientProvider client={new QueryClient()}>
            <RecentTransactions account={me} />
          </QueryClientProvider>
        </WagmiProvider>
      </FeaturesContext.Provider>
    </AppConfigContext.Provider>
  );
}

beforeAll(async () => {
  await initI18n("en");
});

beforeEach(() => {
  useTransactions.setState({ byChain: {} });
});

describe("RecentTransactions", () => {
  it("lists the account's last 24 hours on the selected chain, newest first, with status and explorer links", () => {
    useSettings.setState({ chainId: 8453 });
    seed(8453);
    seed(31337);
    render(<App />);
    const list = screen.getByRole("list", { name: "Transactions of the last 24 hours" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "Newest approve",
      "Failed swap",
      `Transaction ${hash(6).slice(0, 6)}…${hash(6).slice(-4)}`,
      "Older swap",
    ]);
    expect(rows.map((r) => r.dataset.state)).toEqual(["pending", "failure", "success", "success"]);
    expect(within(rows[0] as HTMLElement).getByRole("img", { name: "Pending" })).toBeTruthy();
    const link = within(rows[1] as HTMLElement).getByRole("link", {
      name: `View transaction ${hash(3).slice(0, 6)}…${hash(3).slice(-4)} on Basescan`,
    });
    expect(link.getAttribute("href")).toBe(`https://basescan.org/tx/${hash(3)}`);
    expect(link.getAttribute("target")).toBe("_blank");
  });

  it("has no explorer links on the local chain, and Clear all empties the chain's list", () => {
    useSettings.setState({ chainId: 31337 });
    seed(31337);
    seed(8453);
    render(<App />);
    expect(screen.queryAllByRole("link")).toEqual([]);
    expect(txExplorerUrl(31337, hash(1))).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Clear all" }));
    expect(screen.getByTestId("recent-tx-empty").textContent).toBe("Your transactions will appear here.");
    expect(Object.keys(useTransactions.getState().byChain[31337] ?? {})).toEqual([]);
    expect(Object.keys(useTransactions.getState().byChain[8453] ?? {})).toHaveLength(6);
  });

  it("a capability's activity.rows contribution renders the rows of its kinds, while that capability is on", () => {
    useSettings.setState({ chainId: 31337 });
    useTransactions.getState().add({
      hash: hash(7),
      from: me,
      chainId: 31337,
      info: { kind: "swap", amountIn: "1", symbolIn: "WETH", amountOut: "2", symbolOut: "DAI" },
    });
    const feature: Feature = {
      name: "feed",
      capability: "swap",
      slots: {
        "activity.rows": [
          {
            id: "feed.swap",
            kinds: ["swap"],
            Component: ({ info }: ActivityRowProps) => <span>Traded {String(info.symbolIn)}</span>,
          },
        ],
      },
    };
    render(<App features={[feature]} />);
    expect(screen.getByTestId(`recent-tx-${hash(7)}`).textContent).toBe("Traded WETH");
    cleanup();
    render(<App features={[feature]} capabilities={["health", "portfolios"]} />);
    expect(screen.getByTestId(`recent-tx-${hash(7)}`).textContent).toBe("Swap 1 WETH for 2 DAI");
  });
});
