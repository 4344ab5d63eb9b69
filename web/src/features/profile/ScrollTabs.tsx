import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import "./scroll-tabs.css";

/**
 * A row of tabs that scrolls sideways instead of folding tabs into a "…" menu (issue 21 §4: every
 * profile tab one tap away on a phone, as the app stores and news apps do): the bar scrolls by
 * swipe (or shift + wheel, or its thin scrollbar where the pointer is a mouse), the active tab is
 * scrolled into view with some of its neighbours, and a fading edge says more tabs lie past it.
 * ARIA tabs: a tablist with roving focus (arrow keys, Home, End; a tab is chosen as it gets focus)
 * and one tabpanel labelled by the chosen tab.
 */

export type ScrollTab = { key: string; label: ReactNode; testId?: string };

type Box = { left: number; width: number };
type View = { scrollLeft: number; clientWidth: number; scrollWidth: number };

/** Room kept beside the chosen tab, so its neighbours peek out and say the bar goes on. */
export const SCROLL_TAB_MARGIN = 40;

/**
 * Where the bar scrolls so that `tab` (its box inside the bar's content) is in view with `margin`
 * px beside it: the current position when it already is, else the nearest one that shows it.
 */
export function scrollToShow(tab: Box, view: View, margin = SCROLL_TAB_MARGIN): number {
  const max = Math.max(0, view.scrollWidth - view.clientWidth);
  let target = view.scrollLeft;
  if (tab.left - margin < view.scrollLeft) target = tab.left - margin;
  else if (tab.left + tab.width + margin > view.scrollLeft + view.clientWidth)
    target = tab.left + tab.width + margin - view.clientWidth;
  return Math.min(max, Math.max(0, Math.round(target)));
}

/** Which ends of the bar have tabs past them (a pixel of rounding is not more). */
export function overflowEdges(view: View): { start: boolean; end: boolean } {
  return {
    start: view.scrollLeft > 1,
    end: view.scrollLeft + view.clientWidth < view.scrollWidth - 1,
  };
}

/** The tab a key moves to (arrows wrap around, Home and End), or null for other keys. */
export function tabForKey(keys: readonly string[], current: string, key: string): string | null {
  if (keys.length === 0) return null;
  const i = Math.max(0, keys.indexOf(current));
  switch (key) {
    case "ArrowRight":
      return keys[(i + 1) % keys.length] ?? null;
    case "ArrowLeft":
      return keys[(i - 1 + keys.length) % keys.length] ?? null;
    case "Home":
      return keys[0] ?? null;
    case "End":
      return keys[keys.length - 1] ?? null;
    default:
      return null;
  }
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function ScrollTabs({
  id,
  label,
  tabs,
  active,
  onChange,
  children,
  testId,
}: {
  /** Prefix of the tabs' and the panel's ids. */
  id: string;
  /** The tablist's accessible name. */
  label: string;
  tabs: readonly ScrollTab[];
  active: string;
  onChange: (key: string) => void;
  /** The chosen tab's content. */
  children: ReactNode;
  testId?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const placed = useRef(false);
  const [edges, setEdges] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const next = overflowEdges(list);
    setEdges((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
  }, []);

  // The chosen tab in view: at once on the first render (a link to /6 opens with tab 6 shown),
  // smoothly afterwards (unless the user asks for less motion).
  const count = tabs.length;
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = tabRefs.current.get(active);
    if (list && tab && count > 0) {
      const left = scrollToShow({ left: tab.offsetLeft, width: tab.offsetWidth }, list);
      if (left !== list.scrollLeft) {
        const behavior: ScrollBehavior = placed.current && !reducedMotion() ? "smooth" : "auto";
        if (typeof list.scrollTo === "function") list.scrollTo({ left, behavior });
        else list.scrollLeft = left;
      }
      placed.current = true;
    }
    measure();
  }, [active, count, measure]);

  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [measure]);

  const keys = tabs.map((t) => t.key);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabForKey(keys, active, e.key);
    if (next === null) return;
    e.preventDefault();
    tabRefs.current.get(next)?.focus();
    if (next !== active) onChange(next);
  };

  return (
    <div className="st-tabs" data-testid={testId}>
      <div className="st-bar" data-more-start={edges.start} data-more-end={edges.end}>
        <div
          ref={listRef}
          className="st-list"
          role="tablist"
          aria-label={label}
          aria-orientation="horizontal"
          onScroll={measure}
        >
          {tabs.map((t) => {
            const selected = t.key === active;
            return (
              <button
                key={t.key}
                ref={(el) => {
                  if (el) tabRefs.current.set(t.key, el);
                  else tabRefs.current.delete(t.key);
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${t.key}`}
                className="st-tab"
                aria-selected={selected}
                aria-controls={`${id}-panel`}
                tabIndex={selected ? 0 : -1}
                data-tab-key={t.key}
                data-testid={t.testId}
                onClick={() => {
                  if (!selected) onChange(t.key);
                }}
                onKeyDown={onKeyDown}
              >
                {t.label}
              </button>
            );
          })}
        </div>
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`} className="st-panel">
        {children}
      </div>
    </div>
  );
}
