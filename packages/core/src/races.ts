/**
 * Head and Tail races of spec 002 (issue 20): §2, §3 (race, prediction/history item, points
 * response, on-chain round), §4 (the race timeline, the predict flow), §7 (`GET /sofi/points`,
 * `/sofi/rounds`, `/sofi/rounds/{roundId}`, `/sofi/tickers`), §8 ('Round not predictable'), §9.
 * The rules the server and the web share: a round's phase at a time, result codes, the points a
 * correct prediction earns (docs/decisions.md "Races"), and the API's schemas.
 */
import { z } from "zod";
import { addressSchema, queryIntSchema } from "./validation.ts";

/** §3 results: 0 undecided, 1 team A / head, 2 team B / tail, 3 draw, 4 cancelled. */
export const RACE_RESULT = { undecided: 0, head: 1, tail: 2, draw: 3, cancelled: 4 } as const;
export type RaceResult = (typeof RACE_RESULT)[keyof typeof RACE_RESULT];
/** Sides: 1 head / team A, 2 tail / team B. */
export const RACE_SIDE = { head: 1, tail: 2 } as const;
/** HeadTailRaces' round kinds. */
export const RACE_KIND = { price: 1, event: 2 } as const;

/** §9: races on the home, and on the more page. */
export const RACES_HOME = 3;
export const RACES_MORE = 100;
/** §8. */
export const ROUND_NOT_PREDICTABLE = "Round not predictable";
/** Points of a correct prediction when everyone chose the winning side (docs/decisions.md). */
export const RACE_BASE_POINTS = 100;

/** §4 race timeline: the phase of a round at `now` (unix seconds). */
export type RacePhase = "notStarted" | "open" | "inGame" | "result";
export function racePhase(
  r: { startPredict: number; endPredict: number; endRound: number; result: number },
  now: number,
): RacePhase {
  if (r.result !== 0) return "result";
  if (now < r.startPredict) return "notStarted";
  if (now < r.endPredict) return "open";
  return "inGame";
}

/** §4: the button: coming soon, join now, predicted (already), ended. */
export type RaceButton = "comingSoon" | "joinNow" | "predicted" | "ended";
export function raceButton(phase: RacePhase, myPredict: number): RaceButton {
  if (myPredict !== 0) return "predicted";
  if (phase === "notStarted") return "comingSoon";
  if (phase === "open") return "joinNow";
  return "ended";
}

/**
 * Points of a correct prediction, weighted by how contrarian it was: RACE_BASE_POINTS × joined /
 * winners (everyone right: 100; one in ten right: 1,000), rounded down. Draws, cancellations and
 * wrong predictions earn none.
 */
export function racePoints(result: number, side: number, joined: number, winners: number): number {
  if (result !== 1 && result !== 2) return 0;
  if (side !== result || winners <= 0 || joined <= 0) return 0;
  return Math.floor((RACE_BASE_POINTS * joined) / winners);
}

/** §3 round_status of a prediction. */
export type RoundStatus = "ONGOING" | "CANCELLED" | "DRAW" | "SUCCESS" | "FAIL";
export function roundStatus(result: number, side: number): RoundStatus {
  if (result === 0) return "ONGOING";
  if (result === 4) return "CANCELLED";
  if (result === 3) return "DRAW";
  return result === side ? "SUCCESS" : "FAIL";
}

/** §3 info_1_percent / info_2_percent: the head (team A) and tail shares of the predictions, in percent. */
export function sidePercents(head: number, tail: number): [number, number] {
  const total = head + tail;
  if (total === 0) return [0, 0];
  const h = Math.round((head * 10_000) / total) / 100;
  return [h, Math.round((100 - h) * 100) / 100];
}

/** §9 "Race countdown format days hours minutes seconds". */
export function countdown(seconds: number): { days: number; hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.floor(seconds));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}

/** §9 "points use thousands separators". */
export const formatPoints = (points: number): string => Math.floor(points).toLocaleString("en-US");

// ------------------------------------------------------------------ the API (§7)

export const RACE_ERRORS = {
  roundId: "roundId must be a round number",
  notFound: "Round not found",
  token: "token must be a token symbol",
} as const;

export const pointsQuerySchema = z.object({ address: addressSchema.optional() });
export const roundsQuerySchema = z.object({
  limit: queryIntSchema(1, RACES_MORE, `limit must be an integer from 1 to ${RACES_MORE}`)
    .optional()
    .default(RACES_HOME),
});
export const roundParamSchema = z.object({ roundId: z.string().regex(/^[1-9]\d{0,17}$/, RACE_ERRORS.roundId) });
export const roundQuerySchema = z.object({ address: addressSchema.optional() });
export const tickerTokenQuerySchema = z.object({
  token: z.string({ message: RACE_ERRORS.token }).regex(/^[A-Za-z][A-Za-z0-9]{0,11}$/, RACE_ERRORS.token),
});

/** §3 "Prediction / history item". */
export const predictionItemSchema = z.object({
  id: z.string(),
  txid: z.string(),
  sender: z.string(),
  /** 1 head / team A, 2 tail / team B. */
  info: z.number().int(),
  /** The token's price when the prediction was made (price rounds; 0 for events). */
  my_predict: z.number(),
  round_id: z.number().int(),
  round_status: z.enum(["ONGOING", "CANCELLED", "DRAW", "SUCCESS", "FAIL"]),
  timestamp: z.number().int(),
  points: z.number().int(),
  start_price: z.number(),
  name: z.string(),
  team_a: z.string(),
  team_b: z.string(),
});
export type PredictionItem = z.infer<typeof predictionItemSchema>;

/** §3 "Race (round)". */
export const raceSchema = z.object({
  name: z.string(),
  roundId: z.number().int(),
  kind: z.enum(["price", "event"]),
  /** Price rounds: the token's symbol and address (empty for events). */
  token: z.string(),
  token_address: z.string().nullable(),
  team_a: z.string(),
  team_b: z.string(),
  start_predict: z.number().int(),
  end_predict: z.number().int(),
  start_round: z.number().int(),
  end_round: z.number().int(),
  result: z.number().int().min(0).max(4),
  joined: z.number().int(),
  total_rewards: z.string(),
  /** Price rounds: the start and end TWAPs once known (quote per token), and the price now. */
  start_price: z.number(),
  end_price: z.number(),
  current_price: z.number(),
  info_1_percent: z.number(),
  info_2_percent: z.number(),
  /** The address's side (0: not predicted). */
  my_predict: z.number().int(),
  predicts: z.array(predictionItemSchema),
});
export type Race = z.infer<typeof raceSchema>;

export const racesSchema = z.array(raceSchema);

/** §3 "Points response" (the spec's spelling `leaderborad` kept). */
export const pointsSchema = z.object({
  leaderborad: z.array(z.object({ sender: z.string(), photo_url: z.string().nullable(), points: z.number().int() })),
  mypoints: z.number().int(),
  history: z.array(predictionItemSchema),
});
export type PointsReply = z.infer<typeof pointsSchema>;

/**
 * `GET /sofi/races/cache` (issue 21 §1): whether the recent rounds' pages and the recent predictors'
 * points are being read ahead into memory ("warming"), done ("warm") or not yet asked for ("cold"),
 * with how many of each are kept and their bytes. A rollout waits for anything but "warming".
 */
export const racesCacheSchema = z.object({
  warmth: z.enum(["cold", "warming", "warm"]),
  rounds: z.number().int().nonnegative(),
  predictors: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type RacesCacheState = z.infer<typeof racesCacheSchema>;

/** `GET /sofi/tickers?token=`: the token's price in USDT and its 24 h change (as the swap ticker). */
export const raceTickerSchema = z.object({ symbol: z.string(), price: z.number(), priceChangePercent: z.number() });
