import { ConfigProvider } from "antd";
import enUS from "antd/es/locale/en_US";
import koKR from "antd/es/locale/ko_KR";
import { useEffect } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { i18next } from "../i18n/index.ts";
import { FeaturesContext } from "../kernel/feature.ts";
import { useSettings } from "../kernel/settings-store.ts";
import { FEATURES } from "./features.ts";
import { Layout } from "./Layout.tsx";
import { NOT_FOUND_ROUTE, useRoutes } from "./routes.tsx";
import { antdThemeFor } from "./theme.ts";
import { WalletHost } from "./wallet-host.tsx";

/** Applies language and theme to i18next and <html> whenever the settings change. */
function useApplySettings() {
  const lang = useSettings((s) => s.lang);
  const theme = useSettings((s) => s.theme);
  useEffect(() => {
    if (i18next.language !== lang) void i18next.changeLanguage(lang);
    document.documentElement.lang = lang;
  }, [lang]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return { lang, theme };
}

export function AppRoutes() {
  const routes = useRoutes();
  return (
    <Routes>
      <Route element={<Layout />}>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
        <Route path={NOT_FOUND_ROUTE.path} element={NOT_FOUND_ROUTE.element} />
      </Route>
    </Routes>
  );
}

export function App() {
  const { lang, theme } = useApplySettings();
  return (
    <ConfigProvider theme={antdThemeFor(theme)} locale={lang === "ko" ? koKR : enUS}>
      <FeaturesContext.Provider value={FEATURES}>
        <BrowserRouter>
          <WalletHost fallback={<Layout loading />}>
            <AppRoutes />
          </WalletHost>
        </BrowserRouter>
      </FeaturesContext.Provider>
    </ConfigProvider>
  );
}
