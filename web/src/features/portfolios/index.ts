// The social-trading portfolios (spec 001 §2): the home (`/sts`, `/`), the See-more lists and a
// portfolio's page, the header's Social Trading link; its formatters and icon for other features.
// Other capabilities add to its screens through the `home.sections` and `portfolio.actions` slots.

export { feature } from "./feature.ts";
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
export { RiskScore, TrackRecordCard } from "./TrackRecordCard.tsx";
export {
  type Hex,
  type TradeTarget,
  useDetailTradeTarget,
  useTradeInput,
} from "./trade-state.ts";
export { useAccount, useChainSuffix, usePortfolioDetail } from "./usePortfolioApi.ts";
export {
  boundLegs,
  type PayToken,
  payTokensOf,
  type TradeOutcome,
  type TradeState,
  useTrade,
} from "./useTrade.ts";
