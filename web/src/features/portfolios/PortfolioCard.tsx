import { HeartFilled } from "@ant-design/icons";
import type { PortfolioListItem } from "@sofi/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { shortenAddress } from "../wallet/index.ts";
import { formatCompactUsd, formatDate, formatPercent, formatUsd, trend } from "./format.ts";
import { PortfolioIcon } from "./PortfolioIcon.tsx";
import { Sparkline } from "./Sparkline.tsx";
import { RiskScore } from "./TrackRecordCard.tsx";

/**
 * One portfolio in a list (spec 001 §2, §3): icon, name, symbol, value per set with its 24 h change,
 * APY, market cap, holders and manager; `showCreated` adds the address and created date (the new list),
 * `showChart` the last week's price line (the featured list), `showRisk` the track record's risk
 * score (the High risk list, issue 21 §3).
 * The whole card is the link to `/sts/portfolio/{address}`.
 */
export function PortfolioCard({
  p,
  showCreated = false,
  showChart = false,
  showRisk = false,
}: {
  p: PortfolioListItem;
  showCreated?: boolean;
  showChart?: boolean;
  showRisk?: boolean;
}) {
  const { t } = useTranslation("portfolios");
  return (
    <li className="pf-card">
      <Link
        to={`/sts/portfolio/${p.address}`}
        className="pf-card-link"
        aria-label={t("portfolioLink", { name: p.name, symbol: p.symbol })}
        data-testid="portfolio-card"
      >
        <div className="pf-card-head">
          <PortfolioIcon uri={p.avatar_uri} symbol={p.symbol} />
          <div className="pf-card-title">
            <OnChainText className="pf-card-name">{p.name}</OnChainText>
            <OnChainText className="pf-card-symbol">{p.symbol}</OnChainText>
          </div>
          {p.favorite && <HeartFilled className="pf-fav-mark" aria-label={t("orders.favorited")} />}
          {showRisk && <RiskScore score={p.risk_score} compact />}
        </div>
        <div className="pf-card-price">
          <span className="pf-card-value" title={t("valuePerSet")}>
            {formatUsd(p.value_per_set)}
          </span>
          <span className={`pf-change ${trend(p.price_changed_24hr)}`} title={t("change24h")}>
            {formatPercent(p.price_changed_24hr)}
          </span>
        </div>
        {showChart && <Sparkline address={p.address} />}
        <dl className="pf-card-stats">
          <div>
            <dt>{t("apy")}</dt>
            <dd className={trend(p.apy)}>{formatPercent(p.apy)}</dd>
          </div>
          <div>
            <dt>{t("marketCap")}</dt>
            <dd>{formatCompactUsd(p.total_value)}</dd>
          </div>
          <div>
            <dt>{t("holders")}</dt>
            <dd>{p.holders_count}</dd>
          </div>
          <div>
            <dt>{showCreated ? t("created") : t("manager")}</dt>
            <dd className="mono">{showCreated ? formatDate(p.created_at) : shortenAddress(p.manager)}</dd>
          </div>
        </dl>
        {showCreated && <div className="pf-card-address mono">{shortenAddress(p.address)}</div>}
      </Link>
    </li>
  );
}
