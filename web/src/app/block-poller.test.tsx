import { type AnvilHandle, getFreePort, startAnvil } from "@sofi/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { keccak256, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WagmiProvider } from "wagmi";
import BlockNumber from "../features/shell/BlockNumber.tsx";
import { TransactionUpdater, useTransactions } from "../features/transactions/index.ts";
import { createWalletConfig, devAddress } from "../features/wallet/index.ts";
import { initI18n } from "../i18n/index.ts";
import { runningHeadPollers, useBlockNumbers } from "../kernel/block-number.ts";
import { type AppConfig, AppConfigContext } from "../kernel/config.ts";
import { useSettings } from "../kernel/settings-store.ts";

/**
 * Issue 8: the header's block indicator and the transaction tracker used to poll the head side by
 * side while a transaction was pending. Mounted together, as the app mounts them, one poller runs.
 */
const CHAIN = 31337;
let anvil: AnvilHandle;

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
  await initI18n("en");
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

function blockNumberRequests(bodies: unknown[]): number {
  return bodies
    .flatMap((b) => (Array.isArray(b) ? b : [b]))
    .filter((r) => (r as { method?: string }).method === "eth_blockNumber").length;
}

describe("one head-block poller for the header and the transaction tracker", () => {
  it("while a transaction is pending, both follow the head through one poller at the chain's interval", async () => {
    useSettings.setState({ chainId: CHAIN });
    useBlockNumbers.setState({ byChain: {} });
    const hash = keccak256(toHex(`sofi-never-mined-${Math.random()}`));
    useTransactions.setState({ byChain: {} });
    useTransactions.getState().add({ hash, from: devAddress(0), chainId: CHAIN, summary: "Pending" });
    const chains = [{ id: CHAIN, suffix: "local", name: "Local", rpcUrl: anvil.rpcUrl, deployment: null }];
    const appConfig: AppConfig = { chains, blockedAddresses: [] };
    const wagmiConfig = createWalletConfig({ chains, selectedChainId: CHAIN });

    const bodies: unknown[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      if (String(input instanceof Request ? input.url : input).startsWith(anvil.rpcUrl) && init?.body) {
        bodies.push(JSON.parse(String(init.body)));
      }
      return realFetch(input, init);
    });
    try {
      const view = render(
        <AppConfigContext.Provider value={appConfig}>
          <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
            <QueryClientProvider client={new QueryClient()}>
              <BlockNumber />
              <TransactionUpdater />
            </QueryClientProvider>
          </WagmiProvider>
        </AppConfigContext.Provider>,
      );
      expect(runningHeadPollers()).toBe(1);
      // The tracker checks its pending transaction at the head the header's poller read.
      await waitFor(() => expect(useTransactions.getState().byChain[CHAIN]?.[hash]?.lastCheckedBlockNumber).toBe(0), {
        timeout: 10_000,
      });
      expect(await screen.findByText("0")).toBeTruthy();
      const before = blockNumberRequests(bodies);
      await new Promise((r) => setTimeout(r, 3_200));
      // The local chain's interval is 1 s: about 3 head requests in 3.2 s, not 6 from two pollers.
      const during = blockNumberRequests(bodies) - before;
      expect(during).toBeGreaterThanOrEqual(2);
      expect(during).toBeLessThanOrEqual(4);
      expect(runningHeadPollers()).toBe(1);
      view.unmount();
      expect(runningHeadPollers()).toBe(0);
    } finally {
      spy.mockRestore();
      useTransactions.setState({ byChain: {} });
    }
  }, 30_000);
});
