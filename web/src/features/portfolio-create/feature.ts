// The portfolio-create feature's manifest (src/kernel/feature.ts): routes, navigation and slot contributions,
// all lazily loaded, so that src/app/features.ts can list it without growing the first route's
// JavaScript. Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

export const feature: Feature = {
  name: "portfolio-create",
  capability: "portfolios",
  routes: [{ path: "/sts/create", Component: lazy(() => import("./CreatePage.tsx")) }],
};
