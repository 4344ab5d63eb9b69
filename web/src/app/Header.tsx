import { MenuOutlined, SettingOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useModal } from "../features/shell/modal-store.ts";
import { useMediaQuery } from "../kernel/hooks.ts";
import { Slot } from "../kernel/Slot.tsx";
import { MENU_COLLAPSE_QUERY, MENU_COMPACT_QUERY } from "./header-logic.ts";
import { useHeaderScrolled } from "./hooks.ts";
import { Logo } from "./Logo.tsx";
import { NavDropdown } from "./NavDropdown.tsx";
import { useNavEntries } from "./nav-items.ts";
import { HeaderWalletSlot } from "./wallet-host.tsx";

const MobileMenu = lazy(() => import("./MobileMenu.tsx"));

const navClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? " active" : ""}`;

export function Header() {
  const { t } = useTranslation("shell");
  const scrolled = useHeaderScrolled();
  const collapsed = useMediaQuery(MENU_COLLAPSE_QUERY);
  const compact = useMediaQuery(MENU_COMPACT_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const [, toggleSettings] = useModal("settings");
  const nav = useNavEntries(compact);

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
            {nav.map((e) =>
              e.items ? (
                <NavDropdown key={e.id} group={e} />
              ) : (
                <NavLink key={e.id} to={e.to} className={navClass}>
                  {t(e.labelKey, { ns: e.ns ?? "shell" })}
                </NavLink>
              ),
            )}
          </nav>
        )}
        <div className="header-right">
          <Slot name="header.actions" />
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
