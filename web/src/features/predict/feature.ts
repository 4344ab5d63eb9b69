// The prediction market's manifest (src/kernel/feature.ts): its three routes, the menu entry and its account
// panel contribution, all lazily loaded, so that src/app/features.ts can list it without growing the first
// route's JavaScript. Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

export const feature: Feature = {
  name: "predict",
  capability: "predict",
  routes: [
    {
      path: "/predict",
      Component: lazy(() => import("./HomePage.tsx")),
      // Spec 002 §2 and issue 19: a deployment with the market switched off says so at /predict.
      whenOff: lazy(() => import("./RegionNotice.tsx")),
    },
    { path: "/predict/transactions", Component: lazy(() => import("./TransactionsPage.tsx")) },
    { path: "/predict/:id", Component: lazy(() => import("./MarketPage.tsx")) },
  ],
  nav: [{ id: "predict", order: 70, labelKey: "nav", ns: "predict", to: "/predict", more: true }],
  slots: {
    // The open positions and the staking pool (no screen of its own, spec 002 §2) in the wallet's
    // account panel, after the profile link and Convert.
    "account.panel": [{ id: "predict.account", order: 30, Component: lazy(() => import("./AccountPanel.tsx")) }],
  },
};
