// The portfolio-promote feature's manifest (src/kernel/feature.ts): routes, navigation and slot contributions,
// all lazily loaded, so that src/app/features.ts can list it without growing the first route's
// JavaScript. Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

export const feature: Feature = {
  name: "portfolio-promote",
  capability: "promotion",
  slots: {
    // Issue 21 §4: the promotion contract owner's withdraw, found in the account panel; the dialog
    // is mounted beside the wallet button (it outlives the wallet dialog, which closes first).
    "account.panel": [
      {
        id: "promotion.withdraw",
        order: 40,
        Component: lazy(() => import("./WithdrawEntry.tsx").then((m) => ({ default: m.WithdrawEntry }))),
      },
    ],
    "wallet.actions": [
      {
        id: "promotion.withdraw.host",
        order: 95,
        Component: lazy(() => import("./WithdrawHost.tsx").then((m) => ({ default: m.WithdrawHost }))),
      },
    ],
    "portfolio.actions": [
      {
        id: "promotion.entry",
        order: 10,
        Component: lazy(() => import("./PromoteEntry.tsx").then((m) => ({ default: m.PromoteAction }))),
      },
    ],
  },
};
