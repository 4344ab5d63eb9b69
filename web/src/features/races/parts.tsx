import { UserOutlined } from "@ant-design/icons";
import type { Race } from "@sofi/core";
import { Skeleton, Tag } from "antd";
import { type ComponentProps, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListStates } from "../../kernel/ListStates.tsx";
import { OnChainText } from "../../kernel/OnChainText.tsx";
import { countdownParts, type RaceStatus } from "./rules.ts";

/** Small views the races screens share; they only render what they are given. */

/** A list's loading, error and empty states ("no record"), or the list (the kernel's ListStates). */
export function ListState({
  rows = 2,
  ...props
}: Omit<ComponentProps<typeof ListStates>, "retryLabel" | "skeleton" | "emptyText"> & { rows?: number }) {
  const { t } = useTranslation("races");
  return (
    <ListStates
      {...props}
      retryLabel={t("retry")}
      emptyText={t("noRecord")}
      skeleton={<Skeleton active paragraph={{ rows }} />}
    />
  );
}

/** §9 countdown: days, hours, minutes and seconds to `until`. */
export function Countdown({ until, now, label }: { until: number; now: number; label?: string }) {
  const { t } = useTranslation("races");
  const c = countdownParts(until - now);
  const text = t(c.days ? "countdown.days" : "countdown.short", c);
  return (
    <span className="ht-countdown" data-testid="countdown">
      {label && <span className="ht-muted">{label} </span>}
      <time dateTime={`PT${Math.max(0, until - now)}S`} className="ht-countdown-value">
        {text}
      </time>
    </span>
  );
}

const STATUS_COLORS: Record<RaceStatus["key"], string> = {
  notStarted: "default",
  open: "processing",
  inGame: "gold",
  headWon: "success",
  tailWon: "success",
  draw: "warning",
  cancelled: "default",
};

/** A round's status tag (§2, §4): not started, running, in the game, or the result. */
export function StatusTag({ status, race }: { status: RaceStatus; race: Pick<Race, "kind" | "team_a" | "team_b"> }) {
  const { t } = useTranslation("races");
  let text: ReactNode = t(`status.${status.key}`);
  if (race.kind === "event" && (status.key === "headWon" || status.key === "tailWon"))
    text = t("status.teamWon", { team: status.key === "headWon" ? race.team_a : race.team_b });
  return (
    <Tag color={STATUS_COLORS[status.key]} className="ht-status" data-testid="race-status" data-status={status.key}>
      {text}
    </Tag>
  );
}

/** A side's name: head or tail for price rounds, the team for events. */
export function SideName({ race, side }: { race: Pick<Race, "kind" | "team_a" | "team_b">; side: 1 | 2 }) {
  const { t } = useTranslation("races");
  if (race.kind === "price") return <>{t(side === 1 ? "side.head" : "side.tail")}</>;
  return <OnChainText>{side === 1 ? race.team_a : race.team_b}</OnChainText>;
}

/** The text of a side (for attributes and share texts). */
export function sideText(
  t: (k: string) => string,
  race: Pick<Race, "kind" | "team_a" | "team_b">,
  side: 1 | 2,
): string {
  if (race.kind === "price") return t(side === 1 ? "side.head" : "side.tail");
  return side === 1 ? race.team_a : race.team_b;
}

/** A photo from the API (http(s) or the app's own path), else the default icon (§2 leader board). */
export function Avatar({ photo, size = 36 }: { photo: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const src = photo && !failed && /^(https?:\/\/|\/[^/])/i.test(photo) ? photo : null;
  return (
    <span className="ht-avatar" style={{ width: size, height: size }} aria-hidden>
      {src ? (
        <img src={src} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <UserOutlined />
      )}
    </span>
  );
}
