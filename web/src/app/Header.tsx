import { DownOutlined, ExportOutlined, MenuOutlined, SettingOutlined } from "@ant-design/icons";
import { Button, Drawer, Dropdown, Menu, type MenuProps, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { useModal } from "../features/shell/modal-store.ts";
import { MENU_COLLAPSE_QUERY } from "./header-logic.ts";
import { useHeaderScrolled, useMediaQuery } from "./hooks.ts";
import { Logo } from "./Logo.tsx";
import { BETA_LINKS, SWAP_LINKS } from "./links.ts";
import { WalletStatus } from "./wallet.ts";

type TFn = ReturnType<typeof useTranslation>["t"];

function ExternalLabel({ href, label, t }: { href: string; label: string; t: TFn }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${label} (${t("nav.opensNewTab")})`}>
      {label} <ExportOutlined aria-hidden className="ext-icon" />
    </a>
  );
}

function swapItems(t: TFn): NonNullable<MenuProps["items"]> {
  return (Object.keys(SWAP_LINKS) as (keyof typeof SWAP_LINKS)[]).map((k) => ({
    key: `swap-${k}`,
    label: <ExternalLabel href={SWAP_LINKS[k]} label={t(`nav.${k}`)} t={t} />,
  }));
}

function betaItems(t: TFn): NonNullable<MenuProps["items"]> {
  return (Object.keys(BETA_LINKS) as (keyof typeof BETA_LINKS)[]).map((k) => ({
    key: `beta-${k}`,
    label: <ExternalLabel href={BETA_LINKS[k]} label={t(`nav.${k}`)} t={t} />,
  }));
}

const NFT_KEYS = ["dashboard", "lend", "farm", "auction"] as const;

function nftItems(t: TFn): NonNullable<MenuProps["items"]> {
  return NFT_KEYS.map((k) => ({ key: `nft-${k}`, label: t(`nav.${k}`), disabled: true }));
}

function DesktopNav({ t }: { t: TFn }) {
  return (
    <nav className="header-nav" aria-label={t("nav.mainMenu")}>
      <NavLink to="/sts" className={({ isActive }) => `nav-link${isActive ? " active" : ""}`}>
        {t("nav.socialTrading")}
      </NavLink>
      <Dropdown menu={{ items: swapItems(t) }} trigger={["hover", "click"]}>
        <button type="button" className="nav-link nav-button" aria-haspopup="menu">
          {t("nav.swap")} <DownOutlined aria-hidden className="caret" />
        </button>
      </Dropdown>
      <Dropdown menu={{ items: betaItems(t) }} trigger={["hover", "click"]}>
        <button type="button" className="nav-link nav-button" aria-haspopup="menu">
          {t("nav.pro")}{" "}
          <Tag color="purple" className="nav-tag">
            {t("nav.beta")}
          </Tag>
          <DownOutlined aria-hidden className="caret" />
        </button>
      </Dropdown>
      <Dropdown menu={{ items: nftItems(t) }} trigger={["hover", "click"]}>
        <button type="button" className="nav-link nav-button" aria-haspopup="menu">
          {t("nav.nft")}{" "}
          <Tag color="gold" className="nav-tag">
            {t("nav.comingSoon")}
          </Tag>
          <DownOutlined aria-hidden className="caret" />
        </button>
      </Dropdown>
      <NavLink to="/proposals" className={({ isActive }) => `nav-link${isActive ? " active" : ""}`}>
        {t("nav.governance")}
      </NavLink>
    </nav>
  );
}

function MobileNav({ t, onNavigate }: { t: TFn; onNavigate: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = pathname.startsWith("/proposals")
    ? "gov"
    : pathname === "/" || pathname.startsWith("/sts")
      ? "sts"
      : "";
  const items: MenuProps["items"] = [
    { key: "sts", label: t("nav.socialTrading") },
    { key: "swap", label: t("nav.swap"), children: swapItems(t) },
    {
      key: "beta",
      label: (
        <span>
          {t("nav.pro")}{" "}
          <Tag color="purple" className="nav-tag">
            {t("nav.beta")}
          </Tag>
        </span>
      ),
      children: betaItems(t),
    },
    {
      key: "nft",
      label: (
        <span>
          {t("nav.nft")}{" "}
          <Tag color="gold" className="nav-tag">
            {t("nav.comingSoon")}
          </Tag>
        </span>
      ),
      children: nftItems(t),
    },
    { key: "gov", label: t("nav.governance") },
  ];
  return (
    <nav aria-label={t("nav.mainMenu")}>
      <Menu
        mode="inline"
        selectedKeys={[selected]}
        items={items}
        onClick={({ key }) => {
          if (key === "sts") navigate("/sts");
          else if (key === "gov") navigate("/proposals");
          else if (key.startsWith("nft-")) return;
          onNavigate();
        }}
      />
    </nav>
  );
}

export function Header() {
  const { t } = useTranslation("shell");
  const scrolled = useHeaderScrolled();
  const collapsed = useMediaQuery(MENU_COLLAPSE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
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
            onClick={() => setDrawerOpen(true)}
            className="hamburger"
          />
        )}
        <Link to="/" className="logo" aria-label={t("home")}>
          <Logo />
          <span className="logo-text">{t("appName")}</span>
        </Link>
        {!collapsed && <DesktopNav t={t} />}
        <div className="header-right">
          <WalletStatus />
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
      {collapsed && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={280}
          title={
            <span className="logo drawer-logo">
              <Logo size={24} /> <span className="logo-text">{t("appName")}</span>
            </span>
          }
          closable={{ "aria-label": t("nav.closeMenu") }}
          styles={{ body: { padding: 0 } }}
        >
          <MobileNav t={t} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
    </header>
  );
}
