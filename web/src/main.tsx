import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { preloadHangul, refreshTextAfterFontLoads } from "./app/fonts/refresh-fonts.ts";
import { preloadWallet } from "./app/wallet-host.tsx";
import { fallBackToServedNetwork } from "./features/settings/networks.ts";
import { beaconTracker, registerPageViewTracker } from "./features/shell/page-view.ts";
import { i18next, initI18n } from "./i18n/index.ts";
import { AppConfigContext, loadAppConfig } from "./kernel/config.ts";
import { applyConfigDefaults, defaultChainIdFor, useSettings } from "./kernel/settings-store.ts";
import "./app/styles.css";

// Issue 9 #21: the self-hosted Korean font's @font-face rules, as a lazy stylesheet (not render-blocking
// CSS, not first-load JavaScript); a slice downloads only when its Hangul characters are needed.
// Fetched in parallel with the config. A Korean page first renders once the rules and the slices of
// its dictionaries' characters are in; after that, Hangul on screen is asked for and laid out again
// as slices arrive (app/fonts/refresh-fonts.ts says why: Chromium would keep some words as boxes).
const koreanFont = import("./app/fonts/noto-sans-kr.css").then(
  () => {
    refreshTextAfterFontLoads();
    // Switching to Korean without a reload: its words are asked for at once (the rest as above).
    i18next.on("languageChanged", (lng) => {
      if (lng === "ko") void preloadHangul(JSON.stringify(i18next.getDataByLanguage("ko") ?? {}));
    });
  },
  () => {},
);

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
  if (useSettings.getState().lang === "ko") {
    await koreanFont;
    await preloadHangul(JSON.stringify(i18next.getDataByLanguage("ko") ?? {}));
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
