import type { PortfolioDetail } from "@sofi/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { shortenAddress } from "../wallet/index.ts";
import { formatCompactUsd, formatDate, formatPercent, trend } from "./format.ts";

/** Summary (spec 001 §2): market cap, APYs, changes, holders, inception date, creator, exit fee. */
export function PortfolioSummary({ d }: { d: PortfolioDetail }) {
  const { t } = useTranslation("portfolios");
  const rows: [string, React.ReactNode, string?][] = [
    [t("marketCap"), formatCompactUsd(d.total_value)],
    [t("apy"), formatPercent(d.apy), trend(d.apy)],
    [t("cumulativeApy"), formatPercent(d.cumulative_apy), trend(d.cumulative_apy)],
    [t("change7d"), formatPercent(d.price_changed_7day), trend(d.price_changed_7day)],
    [t("holders"), d.holders_count],
    [t("inception"), formatDate(d.created_at)],
    [
      t("manager"),
      <Link key="m" to={`/sts/profile/${d.manager}`} className="mono">
        {shortenAddress(d.manager)}
      </Link>,
    ],
    [t("exitFee"), `${d.fee}%`],
  ];
  return (
    <section className="pf-panel" aria-labelledby="pf-summary-title">
      <h2 id="pf-summary-title" className="pf-section-title">
        {t("summary")}
      </h2>
      <dl className="pf-summary" data-testid="portfolio-summary">
        {rows.map(([k, v, cls]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd className={cls}>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
