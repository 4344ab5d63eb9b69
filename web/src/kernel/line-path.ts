/**
 * The SVG path of `values` scaled into a `width`×`height` box with 2 units of padding top and
 * bottom (a flat series draws a line across the middle; fewer than two values draw nothing). The
 * small inline charts (featured cards, profile balance) draw with it.
 */
export function linePath(values: readonly number[], width: number, height: number): string {
  if (values.length < 2) return "";
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo;
  return values
    .map((v, i) => {
      const x = (i / (values.length - 1)) * width;
      const y = span === 0 ? height / 2 : height - 2 - ((v - lo) / span) * (height - 4);
      return `${i === 0 ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}
