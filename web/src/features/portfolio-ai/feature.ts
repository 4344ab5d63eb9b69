// The portfolio-ai feature's manifest (src/kernel/feature.ts): routes, navigation and slot contributions,
// all lazily loaded, so that src/app/features.ts can list it without growing the first route's
// JavaScript. Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

export const feature: Feature = {
  name: "portfolio-ai",
  capability: "ai",
  slots: {
    "home.sections": [
      { id: "ai.box", order: 20, Component: lazy(() => import("./AiBox.tsx").then((m) => ({ default: m.AiBox }))) },
      {
        id: "ai.interest",
        order: 60,
        Component: lazy(() => import("./InterestView.tsx").then((m) => ({ default: m.InterestView }))),
      },
    ],
  },
};
