// The social-trading portfolios feature (spec 001 §2). The routes load its screens lazily:
//   lazy(() => import("../features/portfolios/HomePage.tsx"))      /sts, /
//   lazy(() => import("../features/portfolios/MorePage.tsx"))      /sts/more/{type}
//   lazy(() => import("../features/portfolios/PortfolioPage.tsx")) /sts/portfolio/{address}

export {
  displaySymbol,
  formatCompactUsd,
  formatDate,
  formatPercent,
  formatUnitsShort,
  formatUsd,
  trend,
} from "./format.ts";
export { FAVORITE_THROTTLE_MS } from "./PortfolioHeader.tsx";
export { PortfolioIcon } from "./PortfolioIcon.tsx";
export { useAccount, useChainSuffix, usePortfolioDetail } from "./usePortfolioApi.ts";
