import type { Capability, PortfolioDetail } from "@sofi/core";
import { type ComponentType, createContext, useContext } from "react";
import type { CapabilitySet } from "./config.ts";

/**
 * A web feature's manifest (DESIGN.md "How a capability plugs in", issue 17): its routes, its
 * navigation entries and what it adds to the named slots other screens render. Each feature's
 * `index.ts` exports one (`export const feature: Feature = {...}`); `src/app/features.ts` lists
 * them, one line each, and gives the list to the kernel through `FeaturesContext`. A feature with a
 * `capability` disappears when the server says that capability is off (`GET /api/config`'s
 * `capabilities`): its routes show Not found and its slot contributions are not rendered. A feature
 * without one (shell, wallet, tokens, transactions, settings, placeholders) is always on.
 *
 * Screens and contributions are lazily loaded components (`lazy(() => import("./Screen.tsx"))`), so
 * the list itself adds almost nothing to the first route's JavaScript.
 */

/** One route: an exact path (react-router syntax) and the screen it shows. */
export type FeatureRoute = {
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: a route's screen takes whatever props it declares
  Component: ComponentType<any>;
  /** Props given to the screen (e.g. `{ chart: true }`). */
  props?: Record<string, unknown>;
  /**
   * What the path shows while the feature's capability is off, instead of Not found (the prediction
   * market's /predict says the service is not available). A small component that reads no API of
   * the switched-off capability.
   */
  // biome-ignore lint/suspicious/noExplicitAny: as Component
  whenOff?: ComponentType<any>;
};

/** An entry of the header's main menu (and of the collapsed menu under 800 px). */
export type NavEntry = {
  id: string;
  /** Position among every feature's entries (lower first). */
  order: number;
  /** Translation key of the label, in `ns` (default: the shell's namespace). */
  labelKey: string;
  ns?: string;
  badge?: { labelKey: string; tone: "beta" | "soon" };
  /**
   * An entry beyond the spec's menu (000 §2): where the header is narrow (under 1360 px) it goes
   * into one "More" dropdown, so the spec's entries and the wallet always fit.
   */
  more?: boolean;
} /** An in-app link, or a dropdown of links (external, in-app, or without a destination yet). */ & (
  | { to: string; items?: undefined }
  | { to?: undefined; items: NavItem[] }
);
export type NavItem = { key: string; labelKey: string; ns?: string; href?: string; to?: string };

/** What a profile tab's contribution is given (spec 001 §2 /sts/profile/{address}/{tab}). */
export type ProfileTabProps = {
  /** The profile's address (valid). */
  address: string;
  /** The connected account, or undefined. */
  account: string | undefined;
  /** The profile is the connected account's own. */
  own: boolean;
  /** The API suffix of the chosen chain. */
  chain: string;
};

/** What an activity row's contribution is given: one tracked transaction's data. */
export type ActivityRowProps = {
  info: { kind: string } & Record<string, unknown>;
};

/**
 * The named places other screens render contributions in, and the props each contribution gets.
 * The table in `src/kernel/README.md` says who renders each one and who contributes.
 */
export type SlotProps = {
  /** The app header, left of the wallet button (outside the wallet providers: no wagmi hooks). */
  "header.actions": Record<string, never>;
  /** Beside the header's wallet button, inside the wallet slice (wagmi hooks work). */
  "wallet.actions": Record<string, never>;
  /** The wallet dialog's account panel, among its links; `close` closes the dialog. */
  "account.panel": { account: `0x${string}`; close: () => void };
  /** The social-trading home (`/sts`, `/`) when no search is shown. */
  "home.sections": Record<string, never>;
  /** A portfolio page's side panel, under Buy, Sell and Manage. */
  "portfolio.actions": { detail: PortfolioDetail; isManager: boolean };
  /** A profile tab's content (several contributions to one tab are shown one after the other). */
  "profile.tabs": ProfileTabProps;
  /** The summary of a tracked transaction, for the kinds a contribution declares. */
  "activity.rows": ActivityRowProps;
};
export type SlotName = keyof SlotProps;
export const SLOT_NAMES = [
  "header.actions",
  "wallet.actions",
  "account.panel",
  "home.sections",
  "portfolio.actions",
  "profile.tabs",
  "activity.rows",
] as const satisfies readonly SlotName[];

/** What some slots ask of a contribution beyond its component. */
type SlotExtras = {
  "profile.tabs": {
    /** The tab's key in the URL (`/sts/profile/{address}/{tab}`), e.g. "3". */
    tab: string;
    /** The tab's label (the lowest-`order` contribution of a tab names it). */
    labelKey: string;
    ns: string;
    /** Who sees this contribution: only the profile's owner, or anyone. A tab none of whose contributions one may see is not shown. */
    visibleTo: "own" | "anyone";
  };
  "activity.rows": {
    /** The `info.kind`s this contribution renders. */
    kinds: readonly string[];
  };
};

export type SlotContribution<S extends SlotName> = {
  /** Unique within the slot (React key; tests find contributions by it). */
  id: string;
  /** Position in the slot (lower first; default 0). The host's own items have documented orders too. */
  order?: number;
  /** Usually `lazy(() => import("./X.tsx"))`, so the host's chunk does not grow. */
  Component: ComponentType<SlotProps[S]>;
} & (S extends keyof SlotExtras ? SlotExtras[S] : unknown);

export type FeatureSlots = { [S in SlotName]?: SlotContribution<S>[] };

export type Feature = {
  /** The folder's name under `src/features/`. */
  name: string;
  /** The capability it belongs to (`CAPABILITIES` of @sofi/core); none: always on. */
  capability?: Capability;
  routes?: FeatureRoute[];
  nav?: NavEntry[];
  slots?: FeatureSlots;
};

/** Every feature of the app, in the order `src/app/features.ts` lists them. */
export const FeaturesContext = createContext<readonly Feature[]>([]);

export function useFeatures(): readonly Feature[] {
  return useContext(FeaturesContext);
}

/** Whether a feature is on, given the set of capabilities the server has on. */
export function featureOn(feature: Feature, on: CapabilitySet): boolean {
  return !feature.capability || on.has(feature.capability);
}

/** The contributions to `slot` of the features that are on, in order (ties: the list's order). */
export function contributionsOf<S extends SlotName>(
  features: readonly Feature[],
  on: CapabilitySet,
  slot: S,
): SlotContribution<S>[] {
  const out: { c: SlotContribution<S>; i: number }[] = [];
  for (const f of features) {
    if (!featureOn(f, on)) continue;
    for (const c of (f.slots?.[slot] ?? []) as SlotContribution<S>[]) out.push({ c, i: out.length });
  }
  return out.sort((a, b) => (a.c.order ?? 0) - (b.c.order ?? 0) || a.i - b.i).map((x) => x.c);
}
