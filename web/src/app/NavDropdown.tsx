import { DownOutlined, ExportOutlined } from "@ant-design/icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { NavGroup } from "./nav-items.ts";

export function NavBadge({ group }: { group: NavGroup }) {
  const { t } = useTranslation("shell");
  if (!group.badge) return null;
  return <span className={`nav-badge ${group.badge.tone}`}>{t(group.badge.labelKey)}</span>;
}

/** A disclosure menu for the header (opens on hover or click, closes on Escape or outside click). */
export function NavDropdown({ group }: { group: NavGroup }) {
  const { t } = useTranslation("shell");
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const menuId = `nav-menu-${group.id}`;
  const { pathname } = useLocation();
  // a dropdown of in-app links (the narrow header's "More") is the active entry on their pages
  const active = group.items.some((i) => i.to && (pathname === i.to || pathname.startsWith(`${i.to}/`)));

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const hover = (next: boolean) => (e: React.PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => setOpen(next), next ? 60 : 150);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opening is a mouse nicety; the button is the keyboard control
    <div
      className="nav-dropdown"
      ref={root}
      onPointerEnter={hover(true)}
      onPointerLeave={hover(false)}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`nav-link nav-button${active ? " active" : ""}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {t(group.labelKey)} <NavBadge group={group} />
        <DownOutlined aria-hidden className="caret" />
      </button>
      <ul id={menuId} className="nav-menu" hidden={!open}>
        {group.items.map((item) => (
          <li key={item.key}>
            {item.to ? (
              <Link to={item.to} onClick={() => setOpen(false)}>
                {t(item.labelKey, { ns: item.ns ?? "shell" })}
              </Link>
            ) : item.href ? (
              <a
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${t(item.labelKey)} (${t("nav.opensNewTab")})`}
                onClick={() => setOpen(false)}
              >
                {t(item.labelKey)} <ExportOutlined aria-hidden className="ext-icon" />
              </a>
            ) : (
              <span className="nav-menu-disabled" aria-disabled="true">
                {t(item.labelKey)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
