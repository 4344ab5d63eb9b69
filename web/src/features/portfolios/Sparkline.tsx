import { useTranslation } from "react-i18next";
import { linePath } from "../../kernel/line-path.ts";
import { trend } from "./format.ts";
import { usePortfolioHistory } from "./usePortfolioApi.ts";

const W = 240;
const H = 48;

/**
 * The featured list's price chart (spec 001 §2 "featured with a price chart"): the last week's value
 * per set as a line coloured by its direction. A small SVG, not the detail page's chart library, so
 * the home stays light; nothing is drawn while loading or without data.
 */
export function Sparkline({ address }: { address: string }) {
  const { t } = useTranslation("portfolios");
  const history = usePortfolioHistory(address, "1w");
  const values = history.data?.map((p) => p.value) ?? [];
  const d = linePath(values, W, H);
  const first = values[0];
  const last = values.at(-1);
  const direction = first !== undefined && last !== undefined ? trend(last - first) : "is-flat";
  return (
    <svg
      className={`pf-spark ${direction}`}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t("chart")}
      data-testid="portfolio-sparkline"
      data-points={values.length}
    >
      {d && <path d={d} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />}
    </svg>
  );
}
