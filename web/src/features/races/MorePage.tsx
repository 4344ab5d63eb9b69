import { ArrowLeftOutlined } from "@ant-design/icons";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HistorySection, RunningSection, TestnetBanner } from "./Sections.tsx";
import { useRacesState } from "./useRacesState.ts";
import "./races.css";

/** /headTail/moreRace (spec 002 §2): up to 100 running races, and the race history (own predictions, paged). */
export default function MorePage() {
  const { t } = useTranslation("races");
  const s = useRacesState(true);
  useEffect(() => {
    document.title = `${t("more.title")} · SoFi`;
  }, [t]);
  return (
    <section className="ht-page" aria-labelledby="page-title" data-testid="races-more">
      <Link to="/headTail" className="ht-back">
        <ArrowLeftOutlined aria-hidden /> {t("race.back")}
      </Link>
      <div className="ht-head">
        <h2 id="page-title" className="page-title">
          {t("more.title")}
        </h2>
        <p className="ht-intro">{t("more.intro")}</p>
      </div>
      <TestnetBanner s={s} />
      <RunningSection s={s} more />
      <HistorySection s={s} more />
    </section>
  );
}
