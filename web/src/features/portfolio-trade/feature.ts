// The portfolio-trade feature's manifest (src/kernel/feature.ts): routes, navigation and slot contributions,
// all lazily loaded, so that src/app/features.ts can list it without growing the first route's
// JavaScript. Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

const TradePage = lazy(() => import("./TradePage.tsx"));

export const feature: Feature = {
  name: "portfolio-trade",
  capability: "portfolios",
  routes: [
    { path: "/sts/buy/:contractAddress", Component: TradePage },
    { path: "/sts/sell/:contractAddress", Component: TradePage },
    { path: "/sts/manage/:contractAddress", Component: TradePage },
  ],
};
