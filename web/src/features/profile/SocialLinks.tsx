import { GithubOutlined, MailOutlined, WalletOutlined, XOutlined } from "@ant-design/icons";
import type { ManagerInfo } from "@sofi/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./social-links.css";

/** What a profile saved of its social links (spec 001 §2, §3 manager info). */
export type SocialLinksOf = Pick<ManagerInfo, "twitter_url" | "github" | "email" | "mainnet_eth">;

export type SocialLinkKind = "twitter" | "github" | "email" | "mainnet";

/** One line of the list: what it is, where it goes (null: not a link) and what it shows. */
export type SocialLinkItem = { kind: SocialLinkKind; href: string | null; value: string };

/**
 * The lines the list shows, in order: Twitter (the author of the pasted tweet, as @name), GitHub,
 * email and, where asked (`mainnet`), the mainnet address (spec 001 §2: the manager card lists
 * twitter, github and email; the profile's overview adds the mainnet address). Only web links go
 * out: a Twitter URL that is not https is left out (the server stores only x.com links).
 */
export function socialLinkItems(m: SocialLinksOf, o: { mainnet?: boolean } = {}): SocialLinkItem[] {
  const items: SocialLinkItem[] = [];
  const twitter = m.twitter_url.trim();
  if (/^https:\/\//i.test(twitter)) {
    const handle = /^https:\/\/(?:www\.)?(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})\/?$/i.exec(twitter)?.[1];
    items.push({ kind: "twitter", href: twitter, value: handle ? `@${handle}` : "" });
  }
  const github = m.github.trim();
  if (github) items.push({ kind: "github", href: `https://github.com/${encodeURIComponent(github)}`, value: github });
  const email = m.email.trim();
  if (email) items.push({ kind: "email", href: `mailto:${email}`, value: email });
  if (o.mainnet && m.mainnet_eth.trim()) items.push({ kind: "mainnet", href: null, value: m.mainnet_eth.trim() });
  return items;
}

/** Whether the list would show anything. */
export function hasSocialLinks(m: SocialLinksOf, o: { mainnet?: boolean } = {}): boolean {
  return socialLinkItems(m, o).length > 0;
}

const ICONS: Record<SocialLinkKind, ReactNode> = {
  twitter: <XOutlined aria-hidden />,
  github: <GithubOutlined aria-hidden />,
  email: <MailOutlined aria-hidden />,
  mainnet: <WalletOutlined aria-hidden />,
};

/**
 * A profile's social links (issue 21 §4: one list for the manager card and the profile's overview):
 * each line its icon, the service's name and what was saved (the @name, the GitHub user, the
 * address), so a link's accessible name says where it goes. Renders nothing when there is none;
 * the host decides what an empty list says.
 */
export function SocialLinks({
  m,
  mainnet = false,
  testId = "social-links",
}: {
  m: SocialLinksOf;
  /** Show the mainnet address too (the profile's overview). */
  mainnet?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation("profile");
  const items = socialLinkItems(m, { mainnet });
  if (items.length === 0) return null;
  return (
    <ul className="sl-list" data-testid={testId}>
      {items.map((item) => {
        const body = (
          <>
            <span className="sl-icon">{ICONS[item.kind]}</span>
            <span className="sl-service">{t(item.kind)}</span>{" "}
            {item.value && (
              <span
                className={item.kind === "mainnet" ? "sl-value mono" : "sl-value"}
                data-testid={item.kind === "email" || item.kind === "mainnet" ? `social-${item.kind}` : undefined}
              >
                {item.value}
              </span>
            )}
          </>
        );
        return (
          <li key={item.kind} className="sl-item" data-kind={item.kind}>
            {item.href === null ? (
              <span className="sl-line">{body}</span>
            ) : (
              <a
                className="sl-line"
                href={item.href}
                {...(item.kind === "email" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
              >
                {body}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
