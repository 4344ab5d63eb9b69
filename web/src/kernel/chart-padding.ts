/**
 * Room at both ends of a lightweight-charts time scale, so the first and last time labels (centred
 * on the end points) are not cut by the pane's edges (issue 9 #20: "12:0" at 360 px). Shared by the
 * swap's price chart and the portfolio chart.
 */

/** Room left and right of the line, in pixels: half the widest time label ("12:00", "Nov 23"). */
export const TIME_LABEL_ROOM_PX = 30;

/** The visible logical range that shows every point with `roomPx` free at both ends of a pane `widthPx` wide. */
export function paddedRange(range: { from: number; to: number }, widthPx: number, roomPx = TIME_LABEL_ROOM_PX) {
  const span = Math.max(range.to - range.from, 1);
  const usable = Math.max(widthPx - 2 * roomPx, widthPx / 2, 1);
  const pad = (span * roomPx) / usable;
  return { from: range.from - pad, to: range.to + pad };
}

type TimeScale = {
  fitContent(): void;
  width(): number;
  setVisibleLogicalRange(r: { from: number; to: number }): void;
  subscribeSizeChange(handler: () => void): void;
};

/**
 * Shows every point (logical indexes 0 … count − 1) with room at both ends, now and whenever the
 * pane's width changes (autoSize measures after creation; rotation, resize). Until the pane has a
 * width, it only fits the content.
 */
export function keepTimeLabelsInside(ts: TimeScale, count: number): void {
  let paddedWidth = -1;
  const fit = () => {
    const width = ts.width();
    if (width === paddedWidth) return;
    paddedWidth = width;
    if (width <= 0 || count < 2) ts.fitContent();
    else ts.setVisibleLogicalRange(paddedRange({ from: 0, to: count - 1 }, width));
  };
  fit();
  ts.subscribeSizeChange(fit);
}
