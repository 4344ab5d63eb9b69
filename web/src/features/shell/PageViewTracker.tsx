import { useEffect } from "react";
import { useLocation } from "react-router";
import { trackPageView } from "./page-view.ts";

/** Calls trackPageView(path + query) on every navigation. Renders nothing. */
export function PageViewTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    trackPageView(`${pathname}${search}`);
  }, [pathname, search]);
  return null;
}
