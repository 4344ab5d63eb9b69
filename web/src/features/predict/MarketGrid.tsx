import type { ApiMarket } from "@sofi/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { MarketPhoto, PriceButtons, StatusTag } from "./parts.tsx";
import { resolutionYear } from "./rules.ts";

/** §2 'all events': photo, title, 'In' resolution year, yes/no price buttons. */
export function MarketGrid({ markets }: { markets: ApiMarket[] }) {
  const { t } = useTranslation("predict");
  return (
    <section className="pm-all" aria-labelledby="pm-all-title">
      <h3 id="pm-all-title" className="pm-section-title">
        {t("allEvents")}
      </h3>
      <ul className="pm-grid" aria-labelledby="pm-all-title" data-testid="predict-grid">
        {markets.map((m) => (
          <li
            key={m.market}
            className="pm-card"
            data-testid="market-card"
            data-market={m.market}
            data-status={m.status}
          >
            <Link to={`/predict/${m.market}`} className="pm-card-link" aria-label={t("openMarket", { title: m.title })}>
              <MarketPhoto market={m} size={44} />
              <span className="pm-card-title">
                <OnChainText>{m.title}</OnChainText>
              </span>
            </Link>
            <div className="pm-card-foot">
              <span className="pm-muted">{t("in", { year: resolutionYear(m.resolutionTime) })}</span>
              <StatusTag status={m.status} />
            </div>
            <PriceButtons market={m} />
          </li>
        ))}
      </ul>
    </section>
  );
}
