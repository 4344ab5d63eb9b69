// The portfolio-profile feature's manifest (src/kernel/feature.ts): routes, navigation and slot contributions,
// all lazily loaded, so that src/app/features.ts can list it without growing the first route's
// JavaScript. Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

const ParticipatedTab = lazy(() => import("./tabs.tsx").then((m) => ({ default: m.ParticipatedTab })));
const CreatedTab = lazy(() => import("./tabs.tsx").then((m) => ({ default: m.CreatedTab })));

export const feature: Feature = {
  name: "portfolio-profile",
  capability: "portfolios",
  slots: {
    "profile.tabs": [
      {
        id: "portfolios.participated",
        tab: "2",
        order: 10,
        labelKey: "tab2",
        ns: "portfolio-profile",
        visibleTo: "anyone",
        Component: ParticipatedTab,
      },
      {
        id: "portfolios.created",
        tab: "3",
        order: 10,
        labelKey: "tab3",
        ns: "portfolio-profile",
        visibleTo: "anyone",
        Component: CreatedTab,
      },
    ],
  },
};
