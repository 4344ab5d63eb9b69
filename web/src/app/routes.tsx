import { type ReactElement, useMemo } from "react";
import { NotFound } from "../features/placeholders/feature.ts";
import { ALL_CAPABILITIES, type CapabilitySet, useCapabilities } from "../kernel/config.ts";
import { type Feature, featureOn } from "../kernel/feature.ts";
import { FEATURES } from "./features.ts";

export type AppRoute = { path: string; element: ReactElement };

/**
 * The route map of spec 000 §2 (all exact match) as a fold over the features' routes: a route of a
 * feature whose capability is off shows Not found (issue 17), or its `whenOff` screen when it has one. Screens load lazily, one chunk each.
 */
export function buildRoutes(features: readonly Feature[], on: CapabilitySet): AppRoute[] {
  return features.flatMap((f) =>
    (f.routes ?? []).map(({ path, Component, props, whenOff: Off }) => ({
      path,
      element: featureOn(f, on) ? <Component {...props} /> : Off ? <Off {...props} /> : <NotFound />,
    })),
  );
}

/** Every route with every capability on (the map the tests check). */
export const ROUTES: AppRoute[] = buildRoutes(FEATURES, ALL_CAPABILITIES);

export const NOT_FOUND_ROUTE: AppRoute = { path: "*", element: <NotFound /> };

/** The routes for the capabilities the server has on. */
export function useRoutes(features: readonly Feature[] = FEATURES): AppRoute[] {
  const on = useCapabilities();
  return useMemo(() => buildRoutes(features, on), [features, on]);
}
