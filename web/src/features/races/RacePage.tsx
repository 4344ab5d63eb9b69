import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, message, Result, Skeleton } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { HistoryList } from "./HistoryList.tsx";
import { ListState } from "./parts.tsx";
import { PredictPanel, SummaryCard } from "./RaceViews.tsx";
import { HISTORY_PAGE_SIZE } from "./rules.ts";
import { useRacePage } from "./useRacePage.ts";
import "./races.css";

/**
 * /headTail/{token}-usdt/{roundId} (`kind` price) and /headTail/event/{roundId} (`kind` event),
 * spec 002 §2: the summary card, the round's predictions, the head/tail percentage line, the radio
 * and the predict button (§4).
 */
export default function RacePage({ kind }: { kind: "price" | "event" }) {
  const { t } = useTranslation("races");
  const [toast, holder] = message.useMessage();
  const s = useRacePage(kind, toast);
  const race = s.race;
  const title = race
    ? race.kind === "price"
      ? t("race.titlePrice", { token: race.token })
      : race.name
    : t("card.round", { id: s.roundId ?? "" });
  useEffect(() => {
    document.title = `${title} · SoFi`;
  }, [title]);

  let body: React.ReactNode;
  if (s.notFound) {
    body = (
      <Result
        status="404"
        title={t("race.notFound")}
        subTitle={t("race.notFoundText", { id: s.roundId ?? "" })}
        data-testid="race-not-found"
        extra={
          <Link to="/headTail" className="ht-more-link">
            {t("race.back")}
          </Link>
        }
      />
    );
  } else if (s.error) {
    body = (
      <Result
        status="warning"
        title={t("race.error")}
        data-testid="race-error"
        extra={<Button onClick={s.refetch}>{t("retry")}</Button>}
      />
    );
  } else if (s.loading || !race || s.redirecting) {
    body = (
      <div aria-busy="true" data-testid="race-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  } else {
    body = (
      <>
        <div className="ht-race-top">
          <SummaryCard s={s} />
          <PredictPanel s={s} />
        </div>
        <section className="ht-panel ht-section" aria-labelledby="ht-predictions-title">
          <h3 id="ht-predictions-title" className="ht-section-title">
            {t("race.predictions")}
          </h3>
          <ListState
            kind="predictions"
            loading={false}
            error={false}
            errorTitle={t("race.predictionsError")}
            onRetry={s.refetch}
            empty={race.predicts.length === 0}
          >
            <HistoryList
              items={race.predicts}
              account={s.account}
              own={false}
              pageSize={HISTORY_PAGE_SIZE}
              label={t("history.list")}
            />
          </ListState>
        </section>
      </>
    );
  }

  return (
    <section
      className="ht-page"
      aria-labelledby="page-title"
      data-testid="race-page"
      data-round={race?.roundId}
      data-kind={kind}
    >
      {holder}
      <Link to="/headTail" className="ht-back">
        <ArrowLeftOutlined aria-hidden /> {t("race.back")}
      </Link>
      <div className="ht-head">
        <h2 id="page-title" className="page-title">
          {race?.kind === "event" ? <OnChainText>{title}</OnChainText> : title}
        </h2>
        {race && (
          <p className="ht-intro" data-testid="race-subtitle">
            {t("card.round", { id: race.roundId })}
            {race.kind === "event" && (
              <>
                {" · "}
                <OnChainText>{race.team_a}</OnChainText> {t("card.vs")} <OnChainText>{race.team_b}</OnChainText>
              </>
            )}
          </p>
        )}
      </div>
      {body}
    </section>
  );
}
