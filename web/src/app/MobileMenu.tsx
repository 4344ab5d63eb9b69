import { DownOutlined, ExportOutlined } from "@ant-design/icons";
import { Drawer } from "antd";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { Logo } from "./Logo.tsx";
import { NavBadge } from "./NavDropdown.tsx";
import { useNavEntries } from "./nav-items.ts";

/** The collapsed menu under 800 px: a drawer with the same entries as the header. Loaded on first open. */
export default function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("shell");
  const linkClass = ({ isActive }: { isActive: boolean }) => `mobile-link${isActive ? " active" : ""}`;
  const nav = useNavEntries();
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={280}
      title={
        <span className="logo drawer-logo">
          <Logo size={24} /> <span className="logo-text">{t("appName")}</span>
        </span>
      }
      closable={{ "aria-label": t("nav.closeMenu") }}
      styles={{ body: { padding: "8px 0" } }}
    >
      <nav aria-label={t("nav.mainMenu")} className="mobile-nav">
        {nav.map((group) =>
          !group.items ? (
            <NavLink key={group.id} to={group.to} className={linkClass} onClick={onClose}>
              {t(group.labelKey, { ns: group.ns ?? "shell" })}
            </NavLink>
          ) : (
            <details key={group.id} className="mobile-group">
              <summary className="mobile-link">
                <span>
                  {t(group.labelKey)} <NavBadge group={group} />
                </span>
                <DownOutlined aria-hidden className="caret" />
              </summary>
              <ul>
                {group.items.map((item) => (
                  <li key={item.key}>
                    {item.href ? (
                      <a
                        href={item.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mobile-sublink"
                        aria-label={`${t(item.labelKey)} (${t("nav.opensNewTab")})`}
                        onClick={onClose}
                      >
                        {t(item.labelKey)} <ExportOutlined aria-hidden className="ext-icon" />
                      </a>
                    ) : (
                      <span className="mobile-sublink nav-menu-disabled" aria-disabled="true">
                        {t(item.labelKey)}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </details>
          ),
        )}
      </nav>
    </Drawer>
  );
}
