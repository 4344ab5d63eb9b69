// The swap feature's manifest (src/kernel/feature.ts): routes, navigation and slot contributions,
// all lazily loaded, so that src/app/features.ts can list it without growing the first route's
// JavaScript. Other features import index.ts, which re-exports it.
import { createElement, lazy } from "react";
import { Navigate } from "react-router";
import type { Feature } from "../../kernel/feature.ts";

const SwapPage = lazy(() => import("./SwapPage.tsx"));

/** `/swap` (and `/swap/`) lead to the swap page itself. */
function ToSwapPage() {
  return createElement(Navigate, { to: "/aggregateSwap", replace: true });
}

export const feature: Feature = {
  name: "swap",
  capability: "swap",
  routes: [
    { path: "/aggregateSwap", Component: SwapPage },
    { path: "/aggregateSwap/chart", Component: SwapPage, props: { chart: true } },
    { path: "/swap", Component: ToSwapPage },
  ],
};
