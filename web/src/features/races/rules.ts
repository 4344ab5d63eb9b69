import {
  countdown,
  type PredictionItem,
  RACE_SIDE,
  type Race,
  type RaceButton,
  type RacePhase,
  type RoundStatus,
  racePhase,
  sidePercents,
} from "@sofi/core";

/**
 * The races screens' own rules (spec 002 §2, §4, §9; issue 20), beside core's (`racePhase`,
 * `raceButton`, `roundStatus`, `sidePercents`, `countdown`, `formatPoints`): small pure functions
 * the state hooks use, each tested in rules.test.ts.
 */

/** The rounds list, a round and the chain's clock are read every 10 s (the spec gives no rate; its ticker's). */
export const RACE_POLL_MS = 10_000;
/** The leader board, my points and history: every 30 s (they change when a round settles). */
export const POINTS_POLL_MS = 30_000;
/** A round read again while the API has not caught up with a prediction the chain has (§9 receipt cadence). */
export const CATCH_UP_MS = 3_000;
/** History rows on the home; the race history on the more page shows them all, a page at a time. */
export const HOME_HISTORY = 5;
export const HISTORY_PAGE_SIZE = 10;

/** §9 carousels: 3 slides, 2 under 600 px, 1 under 480 px (never cloned: no duplicate content for screen readers). */
export const CAROUSEL = {
  slidesToShow: 3,
  responsive: [
    { breakpoint: 600, settings: { slidesToShow: 2 } },
    { breakpoint: 480, settings: { slidesToShow: 1 } },
  ],
} as const;

export type RaceKind = Race["kind"];
export type Side = 0 | 1 | 2;

/** §2 the price race path's pair segment: `{token}-usdt` (the token's symbol in lower case). */
export function pairSegment(token: string): string {
  return `${token.toLowerCase()}-usdt`;
}

/** The page of a round: `/headTail/{token}-usdt/{roundId}` or `/headTail/event/{roundId}`. */
export function raceHref(r: { kind: RaceKind; token: string; roundId: number }): string {
  return r.kind === "event" || !r.token
    ? `/headTail/event/${r.roundId}`
    : `/headTail/${pairSegment(r.token)}/${r.roundId}`;
}

/** A history item's round is a price round: it has no teams (event rounds always have both). */
export function isPriceItem(item: Pick<PredictionItem, "team_a" | "team_b">): boolean {
  return item.team_a === "" && item.team_b === "";
}

/** The token of a price round's name (`WETH-price` → `WETH`). */
export function tokenOfName(name: string): string {
  return name.replace(/-price$/i, "");
}

/** The page of a history item's round. */
export function itemHref(item: Pick<PredictionItem, "team_a" | "team_b" | "name" | "round_id">): string {
  return isPriceItem(item)
    ? raceHref({ kind: "price", token: tokenOfName(item.name), roundId: item.round_id })
    : raceHref({ kind: "event", token: "", roundId: item.round_id });
}

/** The round id of a path, or null when it is not a round number (the API's own rule). */
export function parseRoundId(param: string | undefined): string | null {
  return param && /^[1-9]\d{0,17}$/.test(param) ? param : null;
}

/**
 * Where a round's page belongs when the path named another (an event at a price path, a price
 * round under another pair): the canonical path, or null when the path is right.
 */
export function canonicalPath(race: Pick<Race, "kind" | "token" | "roundId">, pair: string | undefined): string | null {
  const href = raceHref(race);
  if (race.kind === "event") return pair === undefined ? null : href;
  return pair !== undefined && pair.toLowerCase() === pairSegment(race.token) ? null : href;
}

/** What a round's status says (§2, §4): its phase, the result once settled, and what a countdown counts to. */
export type RaceStatus =
  | { key: "notStarted"; until: number }
  | { key: "open"; until: number }
  | { key: "inGame"; until: number | null }
  | { key: "headWon" | "tailWon" | "draw" | "cancelled" };

export function raceStatus(
  r: Pick<Race, "start_predict" | "end_predict" | "end_round" | "result">,
  now: number,
): RaceStatus {
  const phase = racePhase(
    { startPredict: r.start_predict, endPredict: r.end_predict, endRound: r.end_round, result: r.result },
    now,
  );
  if (phase === "notStarted") return { key: "notStarted", until: r.start_predict };
  if (phase === "open") return { key: "open", until: r.end_predict };
  if (phase === "inGame") return { key: "inGame", until: now < r.end_round ? r.end_round : null };
  if (r.result === 1) return { key: "headWon" };
  if (r.result === 2) return { key: "tailWon" };
  if (r.result === 3) return { key: "draw" };
  return { key: "cancelled" };
}

export function phaseOf(r: Pick<Race, "start_predict" | "end_predict" | "end_round" | "result">, now: number) {
  return racePhase(
    { startPredict: r.start_predict, endPredict: r.end_predict, endRound: r.end_round, result: r.result },
    now,
  );
}

/** §9 "Race countdown format days hours minutes seconds": `1d 02h 03m 04s` (days only when there are some). */
export function countdownParts(seconds: number): { d: number; h: string; m: string; s: string; days: boolean } {
  const c = countdown(seconds);
  const pad = (n: number) => String(n).padStart(2, "0");
  return { d: c.days, h: pad(c.hours), m: pad(c.minutes), s: pad(c.seconds), days: c.days > 0 };
}

/** The card's button (§2: coming soon, join now, ended): core's, without "predicted" (the list has no account). */
export function cardButton(phase: RacePhase): Exclude<RaceButton, "predicted"> {
  if (phase === "notStarted") return "comingSoon";
  if (phase === "open") return "joinNow";
  return "ended";
}

/**
 * The race page's predict button (§4, §5): coming soon before the window, ended after it, predicted
 * (disabled) once the account has a side; inside the window connect wallet, switch network, or
 * join now (disabled until a side is chosen, and while a prediction is on its way).
 */
export type PredictButton =
  | { kind: "comingSoon" | "ended" | "predicted"; disabled: true }
  | { kind: "connect" | "switch"; disabled: false }
  | { kind: "joinNow"; disabled: boolean };

export function predictButton(o: {
  phase: RacePhase;
  myPredict: number;
  connected: boolean;
  wrongNetwork: boolean;
  side: Side;
  busy: boolean;
}): PredictButton {
  if (o.myPredict !== 0) return { kind: "predicted", disabled: true };
  if (o.phase === "notStarted") return { kind: "comingSoon", disabled: true };
  if (o.phase !== "open") return { kind: "ended", disabled: true };
  if (!o.connected) return { kind: "connect", disabled: false };
  if (o.wrongNetwork) return { kind: "switch", disabled: false };
  return { kind: "joinNow", disabled: o.side === 0 || o.busy };
}

/** The head/tail percentage line's two widths: the shares, or an even line before anyone joined. */
export function percentLine(head: number, tail: number): { head: number; tail: number; empty: boolean } {
  if (head + tail <= 0) return { head: 50, tail: 50, empty: true };
  return { head, tail, empty: false };
}

/** §3 round_status as the history's tag (§4 "results won, fail, draw"; on going before a result). */
export const STATUS_TAGS: Record<RoundStatus, { key: string; color: string }> = {
  ONGOING: { key: "ongoing", color: "processing" },
  SUCCESS: { key: "won", color: "success" },
  FAIL: { key: "fail", color: "error" },
  DRAW: { key: "draw", color: "warning" },
  CANCELLED: { key: "cancelled", color: "default" },
};

/** §3 a prediction's side: 1 head / team A, anything else tail / team B. */
export function sideOf(info: number): 1 | 2 {
  return info === RACE_SIDE.head ? 1 : 2;
}

/** The round as the chain has it now (`roundInfo` and `predicts`), for what changes between the API's reads. */
export type ChainRound = {
  result: number;
  joined: number;
  headCount: number;
  tailCount: number;
  /** USDT per token (0 until observed). */
  startPrice: number;
  endPrice: number;
  /** The account's side (0: none; undefined: no account). */
  mine: number | undefined;
};

/**
 * The round to show: the API's, with what the chain already has that the index may not yet (a
 * prediction just mined, the start price observed before settlement, a settlement): the counts and
 * shares of whichever saw more predictions, the result once either has one, the prices once known,
 * and the account's side from either.
 */
export function mergeRound(api: Race, chain: ChainRound | undefined): Race {
  if (!chain) return api;
  const chainAhead = chain.joined > api.joined;
  const [h, t] = chainAhead ? sidePercents(chain.headCount, chain.tailCount) : [api.info_1_percent, api.info_2_percent];
  return {
    ...api,
    result: api.result !== 0 ? api.result : chain.result,
    joined: Math.max(api.joined, chain.joined),
    info_1_percent: h,
    info_2_percent: t,
    start_price: api.start_price > 0 ? api.start_price : chain.startPrice,
    end_price: api.end_price > 0 ? api.end_price : chain.endPrice,
    my_predict: api.my_predict !== 0 ? api.my_predict : (chain.mine ?? 0),
  };
}

/** The API has not yet indexed the account's prediction the chain already has (read it again soon). */
export function apiBehind(api: Race | undefined, chain: ChainRound | undefined): boolean {
  return !!api && !!chain && (chain.mine ?? 0) !== 0 && api.my_predict === 0;
}

/** A price in USDT: 2 decimals from 1 up, 4 significant digits below; "—" when not known (0). */
export function formatPrice(v: number): string {
  if (!Number.isFinite(v) || v <= 0) return "—";
  if (v >= 1) return v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return v.toLocaleString("en-US", { maximumSignificantDigits: 4 });
}

/** A unix time as `YYYY-MM-DD HH:mm:ss` in the viewer's time zone. */
export function formatTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** §2 share-to-social (price races): an X/Twitter post with the text and the race's page. */
export function shareUrl(text: string, pageUrl: string): string {
  return `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(pageUrl)}`;
}

/** Rank badges for the top three (§2), numbers after. */
export function rankBadge(rank: number): "gold" | "silver" | "bronze" | null {
  return rank === 1 ? "gold" : rank === 2 ? "silver" : rank === 3 ? "bronze" : null;
}

/**
 * The banner carousel's labels: a slide for price races and one for event races, each live while
 * a round of its kind takes predictions or will, ended otherwise (§2's ended label).
 */
export function bannerState(races: readonly Race[], now: number): { price: "live" | "ended"; event: "live" | "ended" } {
  const live = (kind: RaceKind) =>
    races.some((r) => r.kind === kind && ["notStarted", "open"].includes(phaseOf(r, now)));
  return { price: live("price") ? "live" : "ended", event: live("event") ? "live" : "ended" };
}

/** The contract's refusals the screens translate (§8 'Round not predictable'; the others its reason strings). */
export const CONTRACT_REASONS = {
  "Round not predictable": "notPredictable",
  "Already predicted": "alreadyPredicted",
  "Invalid side": "invalidSide",
} as const;

/**
 * What a failed prediction says (§8): the wallet's refusal (null message) the cancelled text, the
 * contract's known reasons in the reader's language, anything else its own message.
 */
export function failureKey(message: string | null): { key: string } | { text: string } {
  if (message === null) return { key: "cancelled" };
  for (const [reason, key] of Object.entries(CONTRACT_REASONS))
    if (message.includes(reason)) return { key: `reasons.${key}` };
  return message ? { text: message } : { key: "failed" };
}

/** §2 the home's running races: the ones taking predictions first (the API's order), at most `limit`. */
export function homeRaces(races: readonly Race[], limit: number): Race[] {
  return races.slice(0, limit);
}

/** History items of a page (1-based). */
export function pageOf<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice((page - 1) * size, page * size);
}
