import { type ReactNode, useState } from "react";

export const TOKEN_ROW_HEIGHT = 56;

export type VirtualListProps<T> = {
  items: readonly T[];
  /** Spec 000 §2: rows are 56 px high. */
  rowHeight?: number;
  /** Visible height in px; rows beyond it are not rendered until scrolled into view. */
  height: number;
  overscan?: number;
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  ariaLabel: string;
};

/** A small windowed list: only the rows in view (plus `overscan`) are in the DOM. */
export function VirtualList<T>({
  items,
  rowHeight = TOKEN_ROW_HEIGHT,
  height,
  overscan = 4,
  itemKey,
  renderItem,
  ariaLabel,
}: VirtualListProps<T>) {
  const [scrollTop, setScrollTop] = useState(0);
  const total = items.length * rowHeight;
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const visible = items.slice(first, last);
  return (
    <div
      role="listbox"
      aria-label={ariaLabel}
      tabIndex={-1}
      style={{ height: Math.min(height, total), overflowY: "auto", position: "relative" }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div style={{ height: total, position: "relative" }}>
        {visible.map((item, i) => (
          <div
            key={itemKey(item)}
            style={{ position: "absolute", top: (first + i) * rowHeight, left: 0, right: 0, height: rowHeight }}
          >
            {renderItem(item, first + i)}
          </div>
        ))}
      </div>
    </div>
  );
}
