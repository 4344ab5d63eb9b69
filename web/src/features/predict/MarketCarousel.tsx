import type { ApiMarket } from "@sofi/core";
import { Carousel } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMediaQuery } from "../../kernel/hooks.ts";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { MarketPhoto, PriceButtons, StatusTag } from "./parts.tsx";
import { CAROUSEL, formatResolutionDate, slidesAt } from "./rules.ts";

/** §2 'newly added': newest first; 3 slides, 2 under 600 px, 1 under 480 px; dots, infinite, speed 500. */
export function MarketCarousel({ markets }: { markets: ApiMarket[] }) {
  const { t, i18n } = useTranslation("predict");
  // The breakpoints by the viewport's width (react-slick's own `responsive` did not apply them in a
  // first render at 360 px): the same figures, 3 / 2 under 600 / 1 under 480.
  const under480 = useMediaQuery("(max-width: 479.98px)");
  const under600 = useMediaQuery("(max-width: 599.98px)");
  const slides = slidesAt(under480 ? 479 : under600 ? 599 : 600);
  if (markets.length === 0) return null;
  return (
    <section className="pm-newly" aria-labelledby="pm-newly-title" data-testid="predict-carousel" data-slides={slides}>
      <h3 id="pm-newly-title" className="pm-section-title">
        {t("newlyAdded")}
      </h3>
      <Carousel
        key={slides}
        slidesToShow={slides}
        dots={CAROUSEL.dots}
        infinite={CAROUSEL.infinite && markets.length > slides}
        speed={CAROUSEL.speed}
        draggable
        className="pm-carousel"
      >
        {markets.map((m) => (
          <div key={m.market} className="pm-slide-wrap">
            <article className="pm-slide" data-testid="carousel-slide" data-market={m.market}>
              <Link
                to={`/predict/${m.market}`}
                className="pm-slide-link"
                aria-label={t("openMarket", { title: m.title })}
              >
                <MarketPhoto market={m} size={48} />
                <span className="pm-slide-title">
                  <OnChainText>{m.title}</OnChainText>
                </span>
              </Link>
              <div className="pm-slide-foot">
                <span className="pm-muted" data-testid="slide-date">
                  {t("on", { date: formatResolutionDate(m.resolutionTime, i18n.language) })}
                </span>
                <StatusTag status={m.status} />
              </div>
              <PriceButtons market={m} />
            </article>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
