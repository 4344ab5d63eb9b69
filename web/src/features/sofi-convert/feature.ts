// The sofi-convert feature's manifest (src/kernel/feature.ts): routes, navigation and slot contributions,
// all lazily loaded, so that src/app/features.ts can list it without growing the first route's
// JavaScript. Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

export const feature: Feature = {
  name: "sofi-convert",
  capability: "convert",
  slots: {
    "wallet.actions": [
      {
        id: "convert.host",
        order: 90,
        Component: lazy(() => import("./ConvertHost.tsx").then((m) => ({ default: m.ConvertHost }))),
      },
    ],
    "account.panel": [
      {
        id: "convert.entry",
        order: 20,
        Component: lazy(() => import("./ConvertEntry.tsx").then((m) => ({ default: m.ConvertEntry }))),
      },
    ],
  },
};
