// The portfolios feature's manifest (src/kernel/feature.ts): routes, navigation and slot contributions,
// all lazily loaded, so that src/app/features.ts can list it without growing the first route's
// JavaScript. Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

const HomePage = lazy(() => import("./HomePage.tsx"));

export const feature: Feature = {
  name: "portfolios",
  capability: "portfolios",
  routes: [
    { path: "/", Component: HomePage },
    { path: "/sts", Component: HomePage },
    { path: "/sts/more/:type", Component: lazy(() => import("./MorePage.tsx")) },
    { path: "/sts/portfolio/:address", Component: lazy(() => import("./PortfolioPage.tsx")) },
  ],
  nav: [{ id: "socialTrading", order: 10, labelKey: "nav.socialTrading", to: "/sts" }],
};
