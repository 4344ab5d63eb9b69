import { useMemo } from "react";
import { type CapabilitySet, useCapabilities } from "../kernel/config.ts";
import { type Feature, featureOn, type NavEntry, type NavItem, useFeatures } from "../kernel/feature.ts";
import { BETA_LINKS, SWAP_LINKS } from "./links.ts";

export type { NavEntry, NavItem };
/** A dropdown entry of the menu. */
export type NavGroup = NavEntry & { items: NavItem[] };

/**
 * The shell's own entries of the spec 000 §2 menu, between the features' (Social Trading, order 10;
 * Governance, 50): external swap links (20), Beta links (30), NFT (40, coming soon, no destinations).
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    id: "swap",
    order: 20,
    labelKey: "nav.swap",
    items: (Object.keys(SWAP_LINKS) as (keyof typeof SWAP_LINKS)[]).map((k) => ({
      key: k,
      labelKey: `nav.${k}`,
      href: SWAP_LINKS[k],
    })),
  },
  {
    id: "beta",
    order: 30,
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
    order: 40,
    labelKey: "nav.nft",
    badge: { labelKey: "nav.comingSoon", tone: "soon" },
    items: ["dashboard", "lend", "farm", "auction"].map((k) => ({ key: k, labelKey: `nav.${k}` })),
  },
];

/**
 * The menu: the shell's groups and the nav entries of the features that are on, in order. `compact`
 * (a narrow header) folds the in-app entries marked `more` into one "More" dropdown, where the first
 * of them stood.
 */
export function navEntries(features: readonly Feature[], on: CapabilitySet, compact = false): NavEntry[] {
  const fromFeatures = features.filter((f) => featureOn(f, on)).flatMap((f) => f.nav ?? []);
  const all = [...fromFeatures, ...NAV_GROUPS].sort((a, b) => a.order - b.order);
  if (!compact) return all;
  const folded = all.filter((e) => e.more && e.to !== undefined);
  if (folded.length < 2) return all;
  const more: NavGroup = {
    id: "more",
    order: (folded[0] as NavEntry).order,
    labelKey: "nav.more",
    items: folded.map((e) => ({ key: e.id, labelKey: e.labelKey, ns: e.ns, to: e.to })),
  };
  return [...all.filter((e) => !folded.includes(e)), more].sort((a, b) => a.order - b.order);
}

export function useNavEntries(compact = false): NavEntry[] {
  const features = useFeatures();
  const on = useCapabilities();
  return useMemo(() => navEntries(features, on, compact), [features, on, compact]);
}
