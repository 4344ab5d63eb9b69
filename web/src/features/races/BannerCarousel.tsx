import { FireOutlined, RiseOutlined, TrophyOutlined } from "@ant-design/icons";
import { Carousel, Tag } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Slide = { key: string; icon: ReactNode; title: string; text: string; state?: "live" | "ended" };

/**
 * §2 the banner carousel titled Head & Tail ("guess the up and down of a pair over a time period"),
 * with the ended label: a slide for price races and one for event races, each labelled live while a
 * round of its kind takes predictions or will, ended otherwise; and one that tells how points are
 * earned. One slide at a time, dots, no autoplay (nothing moves under the reader).
 */
export function BannerCarousel({ state }: { state: { price: "live" | "ended"; event: "live" | "ended" } }) {
  const { t } = useTranslation("races");
  const slides: Slide[] = [
    {
      key: "price",
      icon: <RiseOutlined />,
      title: t("banner.priceTitle"),
      text: t("banner.priceText"),
      state: state.price,
    },
    {
      key: "event",
      icon: <FireOutlined />,
      title: t("banner.eventTitle"),
      text: t("banner.eventText"),
      state: state.event,
    },
    { key: "points", icon: <TrophyOutlined />, title: t("banner.pointsTitle"), text: t("banner.pointsText") },
  ];
  return (
    <section className="ht-banner" aria-label={t("banner.label")} data-testid="race-banner">
      <Carousel dots infinite={false} draggable className="ht-banner-carousel">
        {slides.map((s, i) => (
          <div key={s.key}>
            <article
              className={`ht-banner-slide ht-banner-${s.key}`}
              aria-roledescription="slide"
              aria-label={t("banner.slide", { n: i + 1, total: slides.length })}
              data-testid={`banner-${s.key}`}
            >
              <span className="ht-banner-icon" aria-hidden>
                {s.icon}
              </span>
              <div className="ht-banner-text">
                <h3 className="ht-banner-title">
                  {s.title}
                  {s.state && (
                    <Tag
                      className="ht-banner-tag"
                      color={s.state === "live" ? "green" : "default"}
                      data-testid="banner-state"
                      data-state={s.state}
                    >
                      {t(`banner.${s.state}`)}
                    </Tag>
                  )}
                </h3>
                <p className="ht-banner-body">{s.text}</p>
              </div>
            </article>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
