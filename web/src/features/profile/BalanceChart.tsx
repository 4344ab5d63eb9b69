import { useTranslation } from "react-i18next";
import { linePath } from "../../kernel/line-path.ts";

const W = 320;
const H = 80;

/** The portfolio balance over the last week as an inline SVG line, coloured by its direction. */
export function BalanceChart({ values }: { values: readonly number[] }) {
  const { t } = useTranslation("profile");
  const d = linePath(values, W, H);
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
