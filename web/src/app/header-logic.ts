import { HEADER_SCROLL_THRESHOLD_PX, MENU_COLLAPSE_WIDTH_PX } from "@sofi/core";

/** Spec 000 §2: the header's scroll state changes at 60 px of scroll. */
export function isHeaderScrolled(scrollY: number): boolean {
  return scrollY >= HEADER_SCROLL_THRESHOLD_PX;
}

/** Spec 000 §2: the menu collapses under an 800 px width. */
export function isMenuCollapsed(width: number): boolean {
  return width < MENU_COLLAPSE_WIDTH_PX;
}

export const MENU_COLLAPSE_QUERY = `(max-width: ${MENU_COLLAPSE_WIDTH_PX - 0.02}px)`;

/** Under this width the entries beyond the spec's menu go into one "More" dropdown (NavEntry.more). */
export const MENU_COMPACT_WIDTH_PX = 1360;
export const MENU_COMPACT_QUERY = `(max-width: ${MENU_COMPACT_WIDTH_PX - 0.02}px)`;
