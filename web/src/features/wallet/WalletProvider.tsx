import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, memo, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { type Config, WagmiProvider } from "wagmi";
import { watchConnection } from "wagmi/actions";
import { useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { ConnectingSpinner } from "./ConnectingSpinner.tsx";
import { forgetWalletType, rememberWalletType, restoreSession, shouldReload } from "./session.ts";
import { SessionRestoredContext } from "./session-state.ts";
import { createWalletConfig } from "./wagmi-config.ts";
import { useWalletUi } from "./wallet-ui.ts";

/** Restores the session once, then reloads the page on chain/account/connection changes. */
function SessionManager({ config, onRestored }: { config: Config; onRestored: () => void }) {
  const setWalletError = useWalletUi((s) => s.setWalletError);
  useEffect(() => {
    let cancelled = false;
    let unwatch: (() => void) | undefined;
    restoreSession(config)
      .catch((e: unknown) => setWalletError(e instanceof Error ? e.message : String(e)))
      .finally(() => {
        if (cancelled) return;
        onRestored();
        unwatch = watchConnection(config, {
          onChange(next, prev) {
            if (next.status === "connected" && next.connector) rememberWalletType(next.connector.type);
            if (next.status === "disconnected" && prev.status === "connected") forgetWalletType();
            if (shouldReload(prev, next)) window.location.reload();
          },
        });
      });
    return () => {
      cancelled = true;
      unwatch?.();
    };
  }, [config, setWalletError, onRestored]);
  return null;
}

/** The providers' content, handed over by context so that new children never re-render WagmiProvider. */
const ChildrenContext = createContext<ReactNode>(null);

function Children() {
  return <>{useContext(ChildrenContext)}</>;
}

/**
 * wagmi's provider re-runs its hydration on every render, which (with `reconnectOnMount: false`)
 * drops the live connections; so it renders only when the config changes, never because the
 * app above re-rendered (language or theme switch) or the children changed.
 */
const WagmiShell = memo(function WagmiShell({
  config,
  queryClient,
  onRestored,
}: {
  config: Config;
  queryClient: QueryClient;
  onRestored: () => void;
}) {
  return (
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <SessionManager config={config} onRestored={onRestored} />
        <ConnectingSpinner />
        <Children />
      </QueryClientProvider>
    </WagmiProvider>
  );
});

/**
 * wagmi + TanStack Query for the app, built from `GET /api/config` and the selected network.
 * The session is restored by `SessionManager` (spec 000 §1), not by wagmi's own reconnect.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const appConfig = useAppConfig();
  const chainId = useSettings((s) => s.chainId);
  const config = useMemo(
    () => createWalletConfig({ chains: appConfig.chains, selectedChainId: chainId }),
    [appConfig, chainId],
  );
  const [queryClient] = useState(() => new QueryClient());
  const [restored, setRestored] = useState(false);
  const onRestored = useCallback(() => setRestored(true), []);
  return (
    <SessionRestoredContext.Provider value={restored}>
      <ChildrenContext.Provider value={children}>
        <WagmiShell config={config} queryClient={queryClient} onRestored={onRestored} />
      </ChildrenContext.Provider>
    </SessionRestoredContext.Provider>
  );
}
