import { DiscordOutlined, GithubOutlined, MediumOutlined, SendOutlined, XOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTermsStore } from "../features/shell/terms-store.ts";
import { Logo } from "./Logo.tsx";
import { DOCS_URL, SOCIAL_LINKS } from "./links.ts";

const SOCIAL: { key: keyof typeof SOCIAL_LINKS; label: string; icon: ReactNode }[] = [
  { key: "x", label: "X", icon: <XOutlined /> },
  { key: "telegram", label: "Telegram", icon: <SendOutlined /> },
  { key: "discord", label: "Discord", icon: <DiscordOutlined /> },
  { key: "medium", label: "Medium", icon: <MediumOutlined /> },
  { key: "github", label: "GitHub", icon: <GithubOutlined /> },
];

export function Footer() {
  const { t } = useTranslation("shell");
  const openTerms = useTermsStore((s) => s.show);
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Link to="/" className="logo" aria-label={t("home")}>
            <Logo size={28} />
            <span className="logo-text">{t("appName")}</span>
          </Link>
          <p className="footer-tagline">{t("footer.tagline")}</p>
          <ul className="social-links" aria-label={t("footer.socialLinks")}>
            {SOCIAL.map((s) => (
              <li key={s.key}>
                <a
                  href={SOCIAL_LINKS[s.key]}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${s.label} (${t("nav.opensNewTab")})`}
                  title={s.label}
                >
                  {s.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer-col" aria-label={t("footer.product")}>
          <h2>{t("footer.product")}</h2>
          <ul>
            <li>
              <Link to="/sts">{t("footer.socialTrading")}</Link>
            </li>
            <li>
              <Link to="/aggregateSwap">{t("footer.aggregateSwap")}</Link>
            </li>
            <li>
              <Link to="/proposals">{t("footer.governance")}</Link>
            </li>
            <li>
              <Link to="/predict">{t("footer.predict")}</Link>
            </li>
            <li>
              <Link to="/headTail">{t("footer.headTail")}</Link>
            </li>
            <li>
              <Link to="/social">{t("footer.social")}</Link>
            </li>
          </ul>
        </nav>
        <nav className="footer-col" aria-label={t("footer.resources")}>
          <h2>{t("footer.resources")}</h2>
          <ul>
            <li>
              <a href={DOCS_URL} target="_blank" rel="noopener noreferrer">
                {t("footer.docs")}
              </a>
            </li>
            <li>
              <a href={SOCIAL_LINKS.github} target="_blank" rel="noopener noreferrer">
                {t("footer.sourceCode")}
              </a>
            </li>
            <li>
              <a href="/api/health" target="_blank" rel="noopener noreferrer">
                {t("footer.apiHealth")}
              </a>
            </li>
            <li>
              <button type="button" className="link-button" onClick={openTerms}>
                {t("footer.terms")}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <p className="footer-copy">{t("footer.copyright", { year })}</p>
    </footer>
  );
}
