// The placeholders feature's manifest (src/kernel/feature.ts). Every screen a later issue owned has
// landed (the races last, issue 20), so it contributes no route any more; it keeps Not found, the
// app's fallback route (src/app/routes.tsx). Other features import index.ts, which re-exports it.
import { lazy } from "react";
import type { Feature } from "../../kernel/feature.ts";

export const NotFound = lazy(() => import("./NotFound.tsx"));

export const feature: Feature = {
  name: "placeholders",
  routes: [],
};
