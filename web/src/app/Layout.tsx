import { Spin } from "antd";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { SettingsDrawer } from "../features/settings/SettingsDrawer.tsx";
import { BlockNumber } from "../features/shell/BlockNumber.tsx";
import { PageViewTracker } from "../features/shell/PageViewTracker.tsx";
import { TermsModal } from "../features/shell/TermsModal.tsx";
import { Toasts } from "../features/shell/Toasts.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";

export function Layout() {
  const { t } = useTranslation("shell");
  return (
    <div className="app-root">
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <Header />
      <main id="main" className="app-main">
        <Suspense
          fallback={
            <div className="route-loading">
              <Spin size="large" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <SettingsDrawer />
      <TermsModal />
      <Toasts />
      <BlockNumber />
      <PageViewTracker />
    </div>
  );
}
