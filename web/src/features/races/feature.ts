// The Head & Tail races' manifest (src/kernel/feature.ts): its four routes and the menu entry, all
// lazily loaded, so that src/app/features.ts can list it without growing the first route's
// JavaScript. Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

const RacePage = lazy(() => import("./RacePage.tsx"));

export const feature: Feature = {
  name: "races",
  capability: "races",
  routes: [
    { path: "/headTail", Component: lazy(() => import("./HomePage.tsx")) },
    { path: "/headTail/moreRace", Component: lazy(() => import("./MorePage.tsx")) },
    { path: "/headTail/event/:id", Component: RacePage, props: { kind: "event" } },
    { path: "/headTail/:pair/:id", Component: RacePage, props: { kind: "price" } },
  ],
  nav: [{ id: "headTail", order: 60, labelKey: "nav", ns: "races", to: "/headTail", more: true }],
};
