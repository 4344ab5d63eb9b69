// The profile feature's manifest (src/kernel/feature.ts): routes, navigation and slot contributions,
// all lazily loaded, so that src/app/features.ts can list it without growing the first route's
// JavaScript. Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

const ProfilePage = lazy(() => import("./ProfilePage.tsx"));

export const feature: Feature = {
  name: "profile",
  capability: "people",
  routes: [
    { path: "/sts/profile/:address", Component: ProfilePage },
    { path: "/sts/profile/:address/:tab", Component: ProfilePage },
  ],
  slots: {
    "account.panel": [{ id: "profile.link", order: 10, Component: lazy(() => import("./ProfileLink.tsx")) }],
  },
};
