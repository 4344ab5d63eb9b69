import { QuestionCircleOutlined, ShareAltOutlined } from "@ant-design/icons";
import { formatPoints, type Race } from "@sofi/core";
import { Button, Radio, Tooltip } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { Countdown, SideName, StatusTag, sideText } from "./parts.tsx";
import { formatPrice, percentLine, type RaceStatus, raceHref, shareUrl } from "./rules.ts";
import type { RacePageState } from "./useRacePage.ts";

/** The race page's views: the summary card, the head/tail percentage line, the radio and the button. */

function Row({ label, children, testid }: { label: ReactNode; children: ReactNode; testid: string }) {
  return (
    <div className="ht-summary-row">
      <dt>{label}</dt>
      <dd data-testid={testid}>{children}</dd>
    </div>
  );
}

/** The status with its countdown (§9: days, hours, minutes, seconds). */
export function StatusLine({ race, status, now }: { race: Race; status: RaceStatus; now: number }) {
  const { t } = useTranslation("races");
  const until = "until" in status ? status.until : null;
  return (
    <span className="ht-status-line">
      <StatusTag status={status} race={race} />
      {until !== null && (
        <Countdown until={until} now={now} label={t(`countdown.${status.key as "notStarted" | "open" | "inGame"}`)} />
      )}
    </span>
  );
}

/**
 * §2 summary card. Event: team A, team B, joined, round, status. Price: start price, current price,
 * round, status (and joined; the end price once settled).
 */
export function SummaryCard({ s }: { s: RacePageState }) {
  const { t } = useTranslation("races");
  const race = s.race;
  if (!race || !s.status) return null;
  const usdt = (v: number) => (v > 0 ? t("race.usdt", { price: formatPrice(v) }) : "—");
  return (
    <section className="ht-panel ht-summary" aria-labelledby="ht-summary-title" data-testid="race-summary">
      <h3 id="ht-summary-title" className="ht-section-title">
        {t("race.summary")}
      </h3>
      <dl className="ht-summary-grid">
        {race.kind === "event" ? (
          <>
            <Row label={t("race.teamA")} testid="summary-team-a">
              <OnChainText>{race.team_a}</OnChainText>
            </Row>
            <Row label={t("race.teamB")} testid="summary-team-b">
              <OnChainText>{race.team_b}</OnChainText>
            </Row>
          </>
        ) : (
          <>
            <Row
              label={
                <>
                  {t("race.startPrice")}{" "}
                  <Tooltip title={t("race.startPriceHint")}>
                    <QuestionCircleOutlined aria-label={t("race.startPriceHint")} className="ht-hint-icon" />
                  </Tooltip>
                </>
              }
              testid="summary-start-price"
            >
              {race.start_price > 0 ? (
                usdt(race.start_price)
              ) : (
                <span className="ht-muted ht-normal">{t("race.startPriceLater")}</span>
              )}
            </Row>
            {/* a settled round shows the price it settled at, not today's (PancakeSwap's "closed price") */}
            {race.end_price === 0 && (
              <Row label={t("race.currentPrice")} testid="summary-current-price">
                {usdt(s.currentPrice)}
              </Row>
            )}
            {race.end_price > 0 && (
              <Row label={t("race.endPrice")} testid="summary-end-price">
                {usdt(race.end_price)}
              </Row>
            )}
          </>
        )}
        <Row label={t("race.joined")} testid="summary-joined">
          {race.joined.toLocaleString("en-US")}
        </Row>
        <Row label={t("race.round")} testid="summary-round">
          #{race.roundId}
        </Row>
        <Row label={t("race.pool")} testid="summary-pool">
          {t("points", { points: formatPoints(Number(race.total_rewards)) })}
        </Row>
        <Row label={t("race.status")} testid="summary-status">
          <StatusLine race={race} status={s.status} now={s.now} />
        </Row>
      </dl>
    </section>
  );
}

/** §2 the head/tail percentage line (event: team A / team B). */
export function PercentLine({ race }: { race: Race }) {
  const { t } = useTranslation("races");
  const line = percentLine(race.info_1_percent, race.info_2_percent);
  const head = sideText(t, race, 1);
  const tail = sideText(t, race, 2);
  const label = t("race.shares", {
    head,
    tail,
    headPercent: race.info_1_percent,
    tailPercent: race.info_2_percent,
  });
  return (
    <div className="ht-percent" data-testid="percent-line">
      <div className="ht-percent-labels">
        <span className="ht-side-1" data-testid="percent-head">
          <OnChainText>{head}</OnChainText> {race.info_1_percent}%
        </span>
        <span className="ht-side-2" data-testid="percent-tail">
          <OnChainText>{tail}</OnChainText> {race.info_2_percent}%
        </span>
      </div>
      <div className={`ht-percent-bar${line.empty ? " is-empty" : ""}`} role="img" aria-label={label}>
        <span className="ht-percent-head" style={{ width: `${line.head}%` }} />
        <span className="ht-percent-tail" style={{ width: `${line.tail}%` }} />
      </div>
    </div>
  );
}

/** §2 the two-option radio and §4 the predict button (coming soon, join now, predicted, ended). */
export function PredictPanel({ s }: { s: RacePageState }) {
  const { t } = useTranslation("races");
  const race = s.race;
  if (!race) return null;
  const option = (side: 1 | 2) => (
    <Radio.Button value={side} className={`ht-radio ht-radio-${side}`} data-testid={`side-${side}`}>
      <span className="ht-radio-name">
        {t(
          side === 1
            ? race.kind === "price"
              ? "side.head"
              : "side.teamA"
            : race.kind === "price"
              ? "side.tail"
              : "side.teamB",
        )}
      </span>
      <span className="ht-radio-hint">
        {race.kind === "price" ? (
          t(side === 1 ? "side.headHint" : "side.tailHint")
        ) : (
          <SideName race={race} side={side} />
        )}
      </span>
    </Radio.Button>
  );
  const b = s.button;
  const share =
    race.kind === "price"
      ? shareUrl(
          s.mySideText
            ? t("history.shareText", { side: s.mySideText, token: race.token, id: race.roundId })
            : t("history.inviteText", { token: race.token, id: race.roundId }),
          `${window.location.origin}${raceHref(race)}`,
        )
      : null;
  return (
    <section className="ht-panel ht-predict" aria-labelledby="ht-predict-title" data-testid="predict-panel">
      <h3 id="ht-predict-title" className="ht-section-title">
        {t("race.yourPrediction")}
      </h3>
      <PercentLine race={race} />
      <Radio.Group
        value={s.choice === 0 ? undefined : s.choice}
        onChange={(e) => s.setChoice(e.target.value as 1 | 2)}
        disabled={s.radioDisabled}
        className="ht-radios"
        aria-label={t("race.yourPrediction")}
        data-testid="side-radio"
        optionType="button"
      >
        {option(1)}
        {option(2)}
      </Radio.Group>
      <p className="ht-muted ht-predict-hint" data-testid="predict-hint">
        {s.mySideText
          ? t("race.predictedAs", { side: s.mySideText })
          : b.kind === "joinNow"
            ? t("race.chooseHint")
            : null}
      </p>
      <Button
        type="primary"
        size="large"
        block
        disabled={b.disabled}
        loading={s.busy}
        onClick={() => void s.predict()}
        data-testid="predict-button"
        data-state={b.kind}
      >
        {t(`button.${b.kind}`)}
      </Button>
      {share && (
        <a
          href={share}
          target="_blank"
          rel="noopener noreferrer"
          className="ht-share"
          aria-label={t("history.shareLabel", { id: race.roundId })}
          data-testid="race-share"
        >
          <ShareAltOutlined aria-hidden /> {t("race.share")}
        </a>
      )}
    </section>
  );
}
