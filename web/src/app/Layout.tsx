import { Spin } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { useAppModal } from "../features/shell/modal-store.ts";
import { PageViewTracker } from "../features/shell/PageViewTracker.tsx";
import { Toasts } from "../features/shell/Toasts.tsx";
import { useTermsStore } from "../features/shell/terms-store.ts";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";

// Not needed for the first paint: loaded on demand to keep the first route's JavaScript small.
const SettingsDrawer = lazy(() => import("../features/settings/SettingsDrawer.tsx"));
const TermsModal = lazy(() => import("../features/shell/TermsModal.tsx"));
const BlockNumber = lazy(() => import("../features/shell/BlockNumber.tsx"));

/** Mounts a lazily loaded overlay once it is first needed, then keeps it mounted (close animations). */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  useEffect(() => {
    if (value) setSeen(true);
  }, [value]);
  return seen || value;
}

/** The shell around every route. `loading`: the wallet slice is not ready yet, so the route waits. */
function RouteLoading() {
  return (
    <div className="route-loading">
      <Spin size="large" />
    </div>
  );
}

export function Layout({ loading = false }: { loading?: boolean }) {
  const settingsWanted = useOnceTrue(useAppModal((s) => s.openModal === "settings"));
  const termsWanted = useOnceTrue(useTermsStore((s) => s.open));
  const { t } = useTranslation("shell");
  return (
    <div className="app-root">
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <Header />
      <main id="main" className="app-main">
        {loading ? (
          <RouteLoading />
        ) : (
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <Footer />
      <Suspense fallback={null}>
        {settingsWanted && <SettingsDrawer />}
        {termsWanted && <TermsModal />}
        <BlockNumber />
      </Suspense>
      <Toasts />
      {!loading && <PageViewTracker />}
    </div>
  );
}
