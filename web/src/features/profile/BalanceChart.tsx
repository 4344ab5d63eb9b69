import { useTranslation } from "react-i18next";

const W = 320;
const H = 80;

/** The SVG path of `values` scaled into a W×H box (a flat series draws a line across the middle). */
export function linePath(values: readonly number[]): string {
  if (values.length < 2) return "";
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo;
  return values
    .map((v, i) => {
      const x = (i / (values.length - 1)) * W;
      const y = span === 0 ? H / 2 : H - 2 - ((v - lo) / span) * (H - 4);
      return `${i === 0 ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}

/** The portfolio balance over the last week as an inline SVG line, coloured by its direction. */
export function BalanceChart({ values }: { values: readonly number[] }) {
  const { t } = useTranslation("profile");
  const d = linePath(values);
  const first = values[0] ?? 0;
  const last = values.at(-1) ?? 0;
  const direction = last > first ? "is-up" : last < first ? "is-down" : "is-flat";
  return (
    <svg
      className={`pr-chart ${direction}`}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t("balanceChart")}
      data-testid="balance-chart"
      data-points={values.length}
    >
      {d && <path d={d} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />}
    </svg>
  );
}
