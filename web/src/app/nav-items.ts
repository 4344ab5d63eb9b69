import { BETA_LINKS, SWAP_LINKS } from "./links.ts";

export type NavItem = { key: string; labelKey: string; href?: string };
export type NavGroup = {
  id: string;
  labelKey: string;
  badge?: { labelKey: string; tone: "beta" | "soon" };
  items: NavItem[];
};

/** Spec 000 §2 menu: Social Trading; external swap links; Beta links; NFT (coming soon, no destinations); Governance. */
export const NAV_GROUPS: NavGroup[] = [
  {
    id: "swap",
    labelKey: "nav.swap",
    items: (Object.keys(SWAP_LINKS) as (keyof typeof SWAP_LINKS)[]).map((k) => ({
      key: k,
      labelKey: `nav.${k}`,
      href: SWAP_LINKS[k],
    })),
  },
  {
    id: "beta",
    labelKey: "nav.pro",
    badge: { labelKey: "nav.beta", tone: "beta" },
    items: (Object.keys(BETA_LINKS) as (keyof typeof BETA_LINKS)[]).map((k) => ({
      key: k,
      labelKey: `nav.${k}`,
      href: BETA_LINKS[k],
    })),
  },
  {
    id: "nft",
    labelKey: "nav.nft",
    badge: { labelKey: "nav.comingSoon", tone: "soon" },
    items: ["dashboard", "lend", "farm", "auction"].map((k) => ({ key: k, labelKey: `nav.${k}` })),
  },
];
