/**
 * The prediction market of spec 002 (issue 19): §2 "Prediction market", §3 (market, position,
 * positions response, transaction row, staking pool read), §4 (the trade flow, redeem, polling), §5
 * (the prediction amount form), §7 (`/sofi/markets…`, `{api}/apr`), §8, §9. Rules the server and
 * the web share: the amount form's patterns and messages, the figures a trade shows, prices from
 * pool balances, market statuses, and the API's schemas.
 */
import { z } from "zod";
import { addressSchema, queryIntSchema } from "./validation.ts";

/** §9: the collateral approval (1e20 base units), the polling of a market, the home's positions. */
export const PREDICT_APPROVAL_AMOUNT = 10n ** 20n;
export const PREDICT_POLL_MS = 5_000;
export const PREDICT_HOME_POSITIONS = 3;
/**
 * The most positions `GET /sofi/markets_positions?top=` or `?limit=` lists: the home and the
 * account panel ask for their 3 open ones every 15 s and the transactions page for its page of 10,
 * so none is sent every position the sender holds.
 */
export const PREDICT_TOP_MAX = 50;
/** The transactions page's positions per page (its table's page size). */
export const PREDICT_POSITIONS_PAGE = 10;
/** The furthest `offset` a positions request may ask for. */
export const PREDICT_OFFSET_MAX = 100_000;
/** §2: the chains whose markets the original showed (elsewhere: the tip banner). */
export const PREDICT_MAIN_CHAINS = [1, 1101] as const;
/** §2 and §8. */
export const PREDICT_REGION_TEXT = "The service is not available in your region";
export const PREDICT_NO_POSITION = "no have any position yet";
/** Default slippage of a trade's bound (0.5 %), in basis points. */
export const PREDICT_DEFAULT_SLIPPAGE_BPS = 50;

/** §3 market status as the API names it (MarketLens numbers 0-5). */
export const MARKET_STATUS = ["active", "closed", "answered", "disputed", "finalized", "resolved"] as const;
export type MarketStatus = (typeof MARKET_STATUS)[number];

/** §2 the outcome history ranges, weekly by default. */
export const MARKET_HISTORY_TYPES = ["24hr", "1w", "1m", "1y", "all"] as const;
export type MarketHistoryType = (typeof MARKET_HISTORY_TYPES)[number];
export const MARKET_HISTORY_RANGES: Record<MarketHistoryType, { seconds: number; stepSeconds: number }> = {
  "24hr": { seconds: 86_400, stepSeconds: 3600 },
  "1w": { seconds: 7 * 86_400, stepSeconds: 6 * 3600 },
  "1m": { seconds: 30 * 86_400, stepSeconds: 86_400 },
  "1y": { seconds: 365 * 86_400, stepSeconds: 7 * 86_400 },
  all: { seconds: 10 * 365 * 86_400, stepSeconds: 7 * 86_400 },
};
/** /predict/transactions' balance ranges (§2: 1d/1w/1m/1y/ALL). */
export const BALANCE_HISTORY_TYPES = ["1d", "1w", "1m", "1y", "all"] as const;
export type BalanceHistoryType = (typeof BALANCE_HISTORY_TYPES)[number];
/** Each balance range's span and step ("all": from the account's first trade, weekly). */
export const BALANCE_HISTORY_RANGES: Record<BalanceHistoryType, { seconds: number; stepSeconds: number }> = {
  "1d": { seconds: 86_400, stepSeconds: 3600 },
  "1w": { seconds: 7 * 86_400, stepSeconds: 6 * 3600 },
  "1m": { seconds: 30 * 86_400, stepSeconds: 86_400 },
  "1y": { seconds: 365 * 86_400, stepSeconds: 7 * 86_400 },
  all: { seconds: 10 * 365 * 86_400, stepSeconds: 7 * 86_400 },
};

/**
 * The sample times of a history from `start` (clamped to `now - seconds`) to `now` at `stepSeconds`,
 * always ending with `now` and never more than `max` points (the step widens instead).
 */
export function sampleTimes(
  range: { seconds: number; stepSeconds: number },
  start: number,
  now: number,
  max = 400,
): number[] {
  const from = Math.max(start, now - range.seconds);
  if (from >= now) return [now];
  const step = Math.max(range.stepSeconds, Math.ceil((now - from) / (max - 1)));
  const times: number[] = [];
  // aligned to the step so repeated reads hit the same samples
  for (let t = Math.ceil(from / step) * step; t < now; t += step) times.push(t);
  times.push(now);
  return times;
}

/**
 * A market's status at `now`, as MarketLens computes it on chain: resolved once payouts are
 * reported, disputed while arbitration is pending, finalized once the answer's finalize time has
 * passed, answered before that, else active until the resolution time and closed after it.
 */
export function marketStatus(
  m: { resolved: boolean; arbitrationPending: boolean; finalizeTime: number | null; resolutionTime: number },
  now: number,
): MarketStatus {
  if (m.resolved) return "resolved";
  if (m.arbitrationPending) return "disputed";
  if (m.finalizeTime !== null) return m.finalizeTime <= now ? "finalized" : "answered";
  return now < m.resolutionTime ? "active" : "closed";
}

/**
 * When `marketStatus(m, t)` next changes for some t after `now` (seconds): the resolution time of an
 * unanswered market, the finalize time of an answered one; null when only a chain event (an answer,
 * arbitration, the payouts) can change it. A reply built at `now` holds until then.
 */
export function nextStatusChange(
  m: { resolved: boolean; arbitrationPending: boolean; finalizeTime: number | null; resolutionTime: number },
  now: number,
): number | null {
  if (m.resolved || m.arbitrationPending) return null;
  const at = m.finalizeTime ?? m.resolutionTime;
  return at > now ? at : null;
}

/** The answer of a Reality.eth binary question (bytes32): 0 or 1, or invalid (anything else). */
export function binaryAnswer(answer: string | null): { answer: number | null; invalid: boolean } {
  if (answer === null) return { answer: null, invalid: false };
  const v = BigInt(answer);
  return v === 0n || v === 1n ? { answer: Number(v), invalid: false } : { answer: null, invalid: true };
}

// ------------------------------------------------------------------ prices (FPMM, two outcomes)

/** Spot prices of a binary FPMM from its pool balances: p0 = b1 / (b0 + b1), p1 = b0 / (b0 + b1). */
export function poolPrices(b0: bigint, b1: bigint): [number, number] {
  const total = b0 + b1;
  if (total === 0n) return [0.5, 0.5];
  const p0 = Number((b1 * 1_000_000_000_000n) / total) / 1e12;
  return [p0, 1 - p0];
}

/** The pool's value in collateral at its own prices (the spec's "liquidity"), from balances in base units. */
export function poolValue(b0: bigint, b1: bigint, decimals = 18): number {
  const [p0, p1] = poolPrices(b0, b1);
  const scale = 10 ** decimals;
  return (Number(b0) / scale) * p0 + (Number(b1) / scale) * p1;
}

// ------------------------------------------------------------------ the amount form (§5)

export type PredictSide = "buy" | "sell";
/** §5's labels: SOFI amount when buying, share amount when selling. */
export const amountLabel = (side: PredictSide) => (side === "buy" ? "SOFI amount" : "share amount");

export const PREDICT_MESSAGES = {
  required: (label: string) => `Please input ${label}!`,
  pattern: (label: string) => `Please input right ${label}`,
  tooMuch: (label: string, limit: string) => `${label} must less than ${limit}`,
  liquidity: "Due to insufficient liquidity, please reduce the selling shares",
  terms: "Should accept the Terms of Use",
} as const;

/** §5 buy: positive, at most 2 decimals, at least one non-zero digit. */
export const BUY_PATTERN = /^(?=.*[1-9])\d+(\.\d{1,2})?$/;
/** §5 sell: a positive whole number without a leading zero. */
export const SELL_PATTERN = /^[1-9]\d*$/;

/**
 * §5: the amount field's message, or null when it is fine. `limit` is, for a buy, the smaller of
 * the wallet's SOFI and the market's liquidity (whole SOFI, shown with 2 decimals); for a sell, the
 * whole shares held.
 */
export function amountProblem(side: PredictSide, value: string, limit: number): string | null {
  const label = amountLabel(side);
  const v = value.trim();
  if (!v) return PREDICT_MESSAGES.required(label);
  if (!(side === "buy" ? BUY_PATTERN : SELL_PATTERN).test(v)) return PREDICT_MESSAGES.pattern(label);
  if (Number(v) > limit)
    return PREDICT_MESSAGES.tooMuch(label, side === "buy" ? limit.toFixed(2) : String(Math.floor(limit)));
  return null;
}

/** §4 button logic. */
export type PredictButton = "connectWallet" | "approve" | "placeOrder" | "insufficientBalance" | "ended";
export function predictButton(o: {
  connected: boolean;
  active: boolean;
  side: PredictSide;
  approved: boolean;
  balance: number;
  shares: number;
}): PredictButton {
  if (!o.connected) return "connectWallet";
  if (!o.active) return "ended";
  if (o.side === "buy" && !o.approved) return "approve";
  if (o.side === "buy" ? o.balance <= 0 : o.shares < 1) return "insufficientBalance";
  return "placeOrder";
}

/** §2's figures of a buy: cost per share (4 decimals shown), shares, max ROI and potential returns. */
export function buyFigures(investment: number, shares: number) {
  const costPerShare = shares > 0 ? investment / shares : 0;
  return {
    costPerShare,
    totalShares: shares,
    potentialReturns: shares,
    maxRoiPercent: investment > 0 ? ((shares - investment) / investment) * 100 : 0,
  };
}

/** The minimum outcome tokens of a buy / the most sold by a sell, from the quote and the slippage (never 0). */
export function boundWithSlippage(amount: bigint, slippageBps: number, direction: "min" | "max"): bigint {
  const bps = BigInt(Math.max(0, Math.min(5_000, Math.floor(slippageBps))));
  const bound =
    direction === "min" ? (amount * (10_000n - bps)) / 10_000n : (amount * (10_000n + bps) + 9_999n) / 10_000n;
  return bound > 0n ? bound : 1n;
}

// ------------------------------------------------------------------ the API (§7)

export const PREDICT_ERRORS = {
  market: "market must be a market address",
  notFound: "Market not found",
  type: `type must be one of ${MARKET_HISTORY_TYPES.join(", ")}`,
  balanceType: `type must be one of ${BALANCE_HISTORY_TYPES.join(", ")}`,
  sender: "sender must be an address",
  top: `top must be a whole number from 1 to ${PREDICT_TOP_MAX}`,
  limit: `limit must be a whole number from 1 to ${PREDICT_TOP_MAX}`,
  offset: `offset must be a whole number from 0 to ${PREDICT_OFFSET_MAX}`,
  topWithPage: "top cannot be combined with limit or offset",
  addr: "addr must be a staking pool address",
  unknownPool: "Unknown staking pool",
} as const;

/** An address field whose every refusal (missing, not text, not an address) reads `message`. */
const addressNamed = (message: string) =>
  z
    .string({ message })
    .refine((v) => addressSchema.safeParse(v).success, { message })
    .transform((v) => v.toLowerCase() as `0x${string}`);

export const marketParamSchema = z.object({ market: addressNamed(PREDICT_ERRORS.market) });
export const marketQuerySchema = z.object({
  type: z.enum(MARKET_HISTORY_TYPES, { message: PREDICT_ERRORS.type }).optional().default("1w"),
});
export const senderQuerySchema = z.object({ sender: addressNamed(PREDICT_ERRORS.sender) });
/**
 * `GET /sofi/markets_positions`: without a selection every position (spec 002 §3); with `top` only
 * the `top` open positions, largest value first (openPositions: the home and the account panel);
 * with `limit` (and `offset`) one page of the list in its order (the transactions page's table).
 * `total` counts what the selection picks from (every position, or the open ones for `top`).
 * Balance and its change are the same for every selection; the history comes only without one.
 */
export const positionsQuerySchema = senderQuerySchema
  .extend({
    top: queryIntSchema(1, PREDICT_TOP_MAX, PREDICT_ERRORS.top).optional(),
    limit: queryIntSchema(1, PREDICT_TOP_MAX, PREDICT_ERRORS.limit).optional(),
    offset: queryIntSchema(0, PREDICT_OFFSET_MAX, PREDICT_ERRORS.offset).optional(),
  })
  .refine((q) => q.top === undefined || (q.limit === undefined && q.offset === undefined), {
    message: PREDICT_ERRORS.topWithPage,
  });
export const balancesQuerySchema = senderQuerySchema.extend({
  type: z.enum(BALANCE_HISTORY_TYPES, { message: PREDICT_ERRORS.balanceType }).optional().default("all"),
});
export const aprQuerySchema = z.object({ addr: addressNamed(PREDICT_ERRORS.addr) });

/** §3 "Market" (prices and amounts in SOFI as numbers; times unix seconds). */
export const marketSchema = z.object({
  market: z.string(),
  title: z.string(),
  description: z.string(),
  photo: z.string(),
  outcomeNames: z.array(z.string()).length(2),
  outcomePrice: z.array(z.number()).length(2),
  resolutionTime: z.number().int(),
  /** The same moment: trading closes at the resolution time. */
  expiration: z.number().int(),
  volume: z.number(),
  liquidity: z.number(),
  status: z.enum(MARKET_STATUS),
  conditionId: z.string(),
  /** Resolved: payouts reported (redeem possible). */
  redeem: z.boolean(),
  fee: z.number(),
  createdAt: z.number().int(),
  /** The question: its current answer (0 / 1 / null), bond, when it becomes final, arbitration pending. */
  question: z.object({
    answer: z.number().int().nullable(),
    invalid: z.boolean(),
    bond: z.number(),
    finalizeTime: z.number().int().nullable(),
    arbitrationPending: z.boolean(),
    minBond: z.number(),
  }),
  payouts: z.array(z.number()).length(2).nullable(),
  outcomeHistory: z
    .array(z.object({ timestamp: z.number().int(), yes: z.number(), no: z.number(), liquidity: z.number() }))
    .optional(),
});
export type ApiMarket = z.infer<typeof marketSchema>;
export const marketsSchema = z.array(marketSchema);

/** §3 "Position". */
export const positionSchema = z.object({
  market: z.string(),
  market_title: z.string(),
  outcome: z.string(),
  outcome_index: z.number().int(),
  value_cur: z.number(),
  price_avg: z.number(),
  price_cur: z.number(),
  /** null: no cost basis (tokens received, not bought). */
  profit_loss_percentage: z.number().nullable(),
  quantity: z.number(),
  max_payout: z.number(),
  status: z.enum(MARKET_STATUS),
  redeem: z.boolean(),
  /** The sender redeemed this market's positions already. */
  redeemed: z.boolean(),
  conditionId: z.string(),
});
export type ApiPosition = z.infer<typeof positionSchema>;

/**
 * The open positions the home and the account panel show (`?top=`): held, not redeemed, largest
 * value first, ties in the list's order (a resolved winner not yet redeemed counts: it is still to
 * be collected). The server keeps positions as books, not as these objects, and its tests hold its
 * `top` reply to this rule.
 */
export function openPositions(positions: readonly ApiPosition[], limit: number): ApiPosition[] {
  return positions
    .filter((p) => p.quantity > 0 && !p.redeemed)
    .sort((a, b) => b.value_cur - a.value_cur)
    .slice(0, limit);
}

export const balancePointSchema = z.object({ value: z.number(), ts: z.number().int() });
/** §3 "Positions response". */
export const positionsSchema = z.object({
  balance: z.number(),
  balance_changed: z.string(),
  /** The positions the request's selection picks from (every one, or the open ones for `top`). */
  total: z.number().int().nonnegative(),
  positions: z.array(positionSchema),
  /**
   * The all-time balance history, in the unpaged reply only (spec 002 §3): a selection (`top`, a
   * page) is what a screen polls every 15 s, and the screens chart `/sofi/markets_balances`.
   */
  history: z.array(balancePointSchema).optional(),
});
/**
 * `GET /sofi/markets_positions/cache` (operators and the bench): whether the most active traders'
 * positions have been read ahead, how many senders have theirs kept, and their bytes (estimated).
 */
export const marketsPositionsCacheSchema = z.object({
  warmth: z.enum(["cold", "warming", "warm"]),
  senders: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type MarketsPositionsCacheState = z.infer<typeof marketsPositionsCacheSchema>;
/** §3 "Transaction row". */
export const marketTxSchema = z.object({
  market: z.string(),
  market_title: z.string(),
  action: z.enum(["buy", "sell", "addFunding", "removeFunding", "redeem"]),
  outcome: z.string().nullable(),
  shares: z.number(),
  volume: z.number(),
  txid: z.string(),
  timestamp: z.number().int(),
});
export const marketTxsSchema = z.array(marketTxSchema);
export const balancesSchema = z.object({ balance: z.number(), history: z.array(balancePointSchema) });
/** `{api}/apr?addr=`: the staking pool's APR (percent) and its reads. */
export const aprSchema = z.object({
  apr: z.number(),
  totalSupply: z.string(),
  rewardRate: z.string(),
  periodFinish: z.number().int(),
});
export const stakingSchema = z.object({
  pool: z.string(),
  stakingToken: z.string(),
  apr: z.number(),
  balanceOf: z.string(),
  earned: z.string(),
  totalSupply: z.string(),
  rewardRate: z.string(),
  periodFinish: z.number().int(),
});
