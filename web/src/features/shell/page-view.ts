/**
 * Page-view tracking (spec 000 §2): the shell reports path plus query string on each navigation.
 * Nothing is sent anywhere unless an operator registers a tracker (docs/decisions.md).
 */
export type PageViewTracker = (pathWithQuery: string) => void;

let tracker: PageViewTracker | null = null;

/** Registers the tracker; returns a function that unregisters it. */
export function registerPageViewTracker(fn: PageViewTracker): () => void {
  tracker = fn;
  return () => {
    if (tracker === fn) tracker = null;
  };
}

export function trackPageView(pathWithQuery: string): void {
  if (!tracker) return;
  try {
    tracker(pathWithQuery);
  } catch {
    // a failing analytics hook must never break navigation
  }
}

/**
 * A tracker that POSTs `{ path, ts }` as JSON to `url` (sendBeacon when available). main.tsx
 * registers it when the build sets VITE_PAGE_VIEW_URL; otherwise nothing is sent.
 */
export function beaconTracker(url: string): PageViewTracker {
  return (pathWithQuery) => {
    const body = JSON.stringify({ path: pathWithQuery, ts: Date.now() });
    if (typeof navigator !== "undefined" && navigator.sendBeacon?.(url, new Blob([body], { type: "application/json" })))
      return;
    void fetch(url, { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true }).catch(
      () => undefined,
    );
  };
}
