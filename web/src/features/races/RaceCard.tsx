import { TeamOutlined } from "@ant-design/icons";
import type { Race } from "@sofi/core";
import { Button } from "antd";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { Countdown, StatusTag } from "./parts.tsx";
import { cardButton, phaseOf, raceHref, raceStatus } from "./rules.ts";

/**
 * §2 race card: round id, status (not started, countdown to the end of predictions, in the game,
 * result), joined count, the token pair or the event's teams, and the button (coming soon, join
 * now, ended). The round's heading links to its page whatever its state; only join now is a button
 * that leads there (coming soon and ended are disabled).
 */
export const RaceCard = memo(function RaceCard({ race, now }: { race: Race; now: number }) {
  const { t } = useTranslation("races");
  const status = raceStatus(race, now);
  const button = cardButton(phaseOf(race, now));
  const href = raceHref(race);
  const label = race.kind === "price" ? t("card.pair", { token: race.token }) : race.name;
  return (
    <li
      className={`ht-card ht-card-${race.kind}`}
      data-testid="race-card"
      data-round={race.roundId}
      data-kind={race.kind}
    >
      <div className="ht-card-top">
        <Link to={href} className="ht-card-round" aria-label={t("card.open", { id: race.roundId, name: label })}>
          {t("card.round", { id: race.roundId })}
        </Link>
        <StatusTag status={status} race={race} />
      </div>
      <h4 className="ht-card-title">
        {race.kind === "price" ? <span data-testid="race-pair">{label}</span> : <OnChainText>{race.name}</OnChainText>}
      </h4>
      {race.kind === "event" && (
        <p className="ht-card-teams" data-testid="race-teams">
          <OnChainText className="ht-team-a">{race.team_a}</OnChainText>
          <span className="ht-muted"> {t("card.vs")} </span>
          <OnChainText className="ht-team-b">{race.team_b}</OnChainText>
        </p>
      )}
      <div className="ht-card-meta">
        <span className="ht-joined">
          <TeamOutlined aria-hidden /> <span className="ht-muted">{t("card.joined")}</span>{" "}
          <strong data-testid="race-joined">{race.joined.toLocaleString("en-US")}</strong>
        </span>
        {status.key === "open" || status.key === "notStarted" ? (
          <Countdown until={status.until} now={now} label={t(`countdown.${status.key}`)} />
        ) : null}
      </div>
      {button === "joinNow" ? (
        <Link to={href} className="ht-card-button ht-card-button-primary" data-testid="race-button" data-state={button}>
          {t("button.joinNow")}
        </Link>
      ) : (
        <Button block disabled className="ht-card-button" data-testid="race-button" data-state={button}>
          {t(`button.${button}`)}
        </Button>
      )}
    </li>
  );
});

/** A grid of race cards. */
export function RaceGrid({ races, now, label }: { races: readonly Race[]; now: number; label: string }) {
  return (
    <ul className="ht-grid" aria-label={label} data-testid="race-list">
      {races.map((r) => (
        <RaceCard key={r.roundId} race={r} now={now} />
      ))}
    </ul>
  );
}
