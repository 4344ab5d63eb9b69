import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { BannerCarousel } from "./BannerCarousel.tsx";
import { HistorySection, LeaderSection, RunningSection, TestnetBanner } from "./Sections.tsx";
import { useRacesState } from "./useRacesState.ts";
import "./races.css";

/** /headTail (spec 002 §2): the banner carousel, up to 3 running races, the leader board, own history and points. */
export default function HomePage() {
  const { t } = useTranslation("races");
  const s = useRacesState(false);
  useEffect(() => {
    document.title = `${t("title")} · SoFi`;
  }, [t]);
  return (
    <section className="ht-page" aria-labelledby="page-title" data-testid="races-home">
      <div className="ht-head">
        <h2 id="page-title" className="page-title">
          {t("title")}
        </h2>
        <p className="ht-intro">{t("intro")}</p>
      </div>
      <TestnetBanner s={s} />
      <BannerCarousel state={s.banner} />
      <RunningSection s={s} more={false} />
      <LeaderSection s={s} />
      <HistorySection s={s} more={false} />
    </section>
  );
}
