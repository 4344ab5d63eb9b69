// The social feed's manifest (src/kernel/feature.ts): its route and the menu entry, lazily loaded, so that
// src/app/features.ts can list it without growing the first route's JavaScript. Other features
// import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

export const feature: Feature = {
  name: "social",
  capability: "social",
  routes: [{ path: "/social", Component: lazy(() => import("./SocialPage.tsx")) }],
  nav: [{ id: "social", order: 80, labelKey: "nav", ns: "social", to: "/social", more: true }],
};
