import { loadDeployment } from "@sofi/protocol";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { WagmiProvider } from "wagmi";
import { type AppConfig, AppConfigContext } from "../../kernel/config.ts";
import { createWalletConfig } from "../wallet/index.ts";

/** The local chain's real deployment; the RPC URL is unreachable so no chain data arrives. */
export function testConfig(): AppConfig {
  return {
    chains: [
      {
        id: 31337,
        suffix: "local",
        name: "Local",
        rpcUrl: "http://127.0.0.1:1",
        deployment: loadDeployment(31337) ?? null,
      },
    ],
    blockedAddresses: [],
  };
}

export function Providers({ children, config = testConfig() }: { children: ReactNode; config?: AppConfig }) {
  const [wagmi] = useState(() => createWalletConfig({ chains: config.chains, selectedChainId: 31337 }));
  const [qc] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <AppConfigContext.Provider value={config}>
      <WagmiProvider config={wagmi} reconnectOnMount={false}>
        <QueryClientProvider client={qc}>{children}</QueryClientProvider>
      </WagmiProvider>
    </AppConfigContext.Provider>
  );
}
