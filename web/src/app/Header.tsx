import { MenuOutlined, SettingOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useModal } from "../features/shell/modal-store.ts";
import { useMediaQuery } from "../kernel/hooks.ts";
import { MENU_COLLAPSE_QUERY } from "./header-logic.ts";
import { useHeaderScrolled } from "./hooks.ts";
import { Logo } from "./Logo.tsx";
import { NavDropdown } from "./NavDropdown.tsx";
import { NAV_GROUPS } from "./nav-items.ts";
import { HeaderWalletSlot } from "./wallet-host.tsx";

const MobileMenu = lazy(() => import("./MobileMenu.tsx"));

const navClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? " active" : ""}`;

export function Header() {
  const { t } = useTranslation("shell");
  const scrolled = useHeaderScrolled();
  const collapsed = useMediaQuery(MENU_COLLAPSE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const [, toggleSettings] = useModal("settings");

  return (
    <header className={`app-header${scrolled ? " scrolled" : ""}`} data-scrolled={scrolled ? "true" : "false"}>
      <div className="header-inner">
        {collapsed && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t("nav.openMenu")}
            aria-expanded={drawerOpen}
            onClick={() => {
              setDrawerLoaded(true);
              setDrawerOpen(true);
            }}
            className="hamburger"
          />
        )}
        <Link to="/" className="logo" aria-label={t("home")}>
          <Logo />
          <span className="logo-text">{t("appName")}</span>
        </Link>
        {!collapsed && (
          <nav className="header-nav" aria-label={t("nav.mainMenu")}>
            <NavLink to="/sts" className={navClass}>
              {t("nav.socialTrading")}
            </NavLink>
            {NAV_GROUPS.map((g) => (
              <NavDropdown key={g.id} group={g} />
            ))}
            <NavLink to="/proposals" className={navClass}>
              {t("nav.governance")}
            </NavLink>
          </nav>
        )}
        <div className="header-right">
          <HeaderWalletSlot />
          <Button
            type="text"
            shape="circle"
            icon={<SettingOutlined />}
            aria-label={t("nav.settings")}
            onClick={toggleSettings}
            className="settings-button"
          />
        </div>
      </div>
      {collapsed && drawerLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
