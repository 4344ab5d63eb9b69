// The governance feature's manifest (src/kernel/feature.ts): its routes, the Governance menu entry
// and its profile tab contribution, all lazily loaded, so that src/app/features.ts can list it
// without growing the first route's JavaScript. Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

export const feature: Feature = {
  name: "governance",
  capability: "governance",
  routes: [
    { path: "/proposals", Component: lazy(() => import("./ProposalsPage.tsx")) },
    { path: "/proposals/select", Component: lazy(() => import("./SelectPage.tsx")) },
    { path: "/proposals/create", Component: lazy(() => import("./CreatePage.tsx")) },
    { path: "/proposals/:contract/:proposalId", Component: lazy(() => import("./ProposalPage.tsx")) },
  ],
  nav: [{ id: "governance", order: 50, labelKey: "nav.governance", to: "/proposals" }],
  slots: {
    "profile.tabs": [
      {
        id: "governance.createdProposals",
        tab: "3",
        order: 20,
        labelKey: "createdTab",
        ns: "governance",
        visibleTo: "own",
        Component: lazy(() => import("./CreatedProposals.tsx")),
      },
    ],
  },
};
