import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { preloadWallet } from "./app/wallet-host.tsx";
import { fallBackToServedNetwork } from "./features/settings/networks.ts";
import { beaconTracker, registerPageViewTracker } from "./features/shell/page-view.ts";
import { initI18n } from "./i18n/index.ts";
import { AppConfigContext, loadAppConfig } from "./kernel/config.ts";
import { applyConfigDefaults, defaultChainIdFor, useSettings } from "./kernel/settings-store.ts";
import "./app/styles.css";

// The wallet slice is a separate chunk: start fetching it now, in parallel with the config.
void preloadWallet().catch(() => {});

const ConfigError = lazy(() => import("./app/ConfigError.tsx"));

async function start() {
  const pageViewUrl = (import.meta.env.VITE_PAGE_VIEW_URL as string | undefined)?.trim();
  if (pageViewUrl) registerPageViewTracker(beaconTracker(pageViewUrl));
  const root = createRoot(document.getElementById("root") as HTMLElement);
  // The dictionaries and the config load in parallel (and the wallet chunk, started above).
  const configLoad = loadAppConfig();
  configLoad.catch(() => {}); // handled below, after the dictionaries are in
  try {
    await initI18n(useSettings.getState().lang);
  } catch (err) {
    // The dictionaries themselves did not load, so this one message is in both languages.
    root.render(
      <main className="config-error" role="alert">
        <p>Could not load the app. 앱을 불러오지 못했습니다.</p>
        <code className="break-all">{err instanceof Error ? err.message : String(err)}</code>
        <p>
          <button type="button" className="plain-button" onClick={() => window.location.reload()}>
            Reload · 새로고침
          </button>
        </p>
      </main>,
    );
    return;
  }
  let config: Awaited<ReturnType<typeof loadAppConfig>>;
  try {
    config = await configLoad;
  } catch (err) {
    root.render(
      <Suspense fallback={null}>
        <ConfigError error={err} />
      </Suspense>,
    );
    return;
  }
  applyConfigDefaults(config);
  // Issue 9 #22: never start on a network this deployment does not serve.
  fallBackToServedNetwork(
    config,
    { chainId: useSettings.getState().chainId, setDefault: (chainId) => useSettings.setState({ chainId }) },
    defaultChainIdFor(config),
  );
  root.render(
    <StrictMode>
      <AppConfigContext.Provider value={config}>
        <App />
      </AppConfigContext.Provider>
    </StrictMode>,
  );
}

void start();
