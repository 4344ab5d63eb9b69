/** zod schemas (and their types) of the product API's shared endpoints: server validates, web parses. */
import { z } from "zod";
import { HISTORY_TYPES } from "./prices.ts";
import { addressSchema, queryIntSchema, textProblem, textSchema } from "./validation.ts";

export const tokensQuerySchema = z.object({
  address: addressSchema.optional(),
  format: z.enum(["plain", "tokenlist"]).optional(),
});

export const apiTokenSchema = z.object({
  chainId: z.number().int(),
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  logoURI: z.string(),
  tags: z.array(z.string()),
  price_usd: z.number(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** Longest pair symbol a query may name (`BASE-QUOTE`; token symbols are short). */
export const SYMBOL_MAX_LENGTH = 64;

/** A pair symbol parameter: present, short, no control characters (its shape is checked by parsePairSymbol). */
const symbolParamSchema = z
  .string({ message: "Missing symbol" })
  .min(1, "Missing symbol")
  .superRefine((v, ctx) => {
    const problem = textProblem(v, SYMBOL_MAX_LENGTH);
    if (problem) ctx.addIssue({ code: "custom", message: `symbol ${problem}` });
  });

export const tickerQuerySchema = z.object({ symbol: symbolParamSchema });
export const tickerSchema = z.object({ symbol: z.string(), price: z.number(), priceChangePercent: z.number() });
export type Ticker = z.infer<typeof tickerSchema>;

export const historyQuerySchema = z.object({
  symbol: symbolParamSchema,
  type: z.enum(HISTORY_TYPES as [string, ...string[]], { message: "type must be one of day, week, month, year" }),
});
export const historyPointSchema = z.object({ ts: z.number().int(), value: z.number() });
export type HistoryPoint = z.infer<typeof historyPointSchema>;

export const chainHealthSchema = z.object({
  chain: z.string(),
  chainId: z.number().int(),
  /** The lowest checkpoint of the chain's indexer handlers (null before any commit). */
  indexedBlock: z.number().int().nullable(),
  /** The chain's head (null when the RPC did not answer in time). */
  headBlock: z.number().int().nullable(),
  /** headBlock - indexedBlock (null when either is unknown). */
  lag: z.number().int().nullable(),
  /** Seconds since this process's indexer last committed a range (null: no commit yet, or no indexer here). */
  lastCommitAgeS: z.number().nullable(),
  /** The indexer's last error on this chain, if any since its last successful commit. */
  lastError: z.object({ message: z.string(), ageS: z.number(), count: z.number().int() }).nullable(),
  /** Logs set aside because a handler could not store them (null when the database did not answer). */
  quarantined: z.number().int().nullable(),
  /** Why this chain is unhealthy; empty when it is fine. */
  problems: z.array(z.string()),
});
/** `GET /api/health`: 200 with ok true, or 503 with ok false and each chain's problems. */
export const healthSchema = z.object({ ok: z.boolean(), chains: z.array(chainHealthSchema) });
export type Health = z.infer<typeof healthSchema>;

/** Longest page-view path (path plus query string). */
export const PAGE_VIEW_PATH_MAX = 2048;
export const pageViewBodySchema = z.object({ path: textSchema(PAGE_VIEW_PATH_MAX, "must be a non-empty string") });

/** Error body of every non-2xx API reply. */
export const apiErrorSchema = z.object({ error: z.string() });

/** Most trades one `GET /sofi/trades` page returns (and the default). */
export const TRADES_PAGE_MAX = 100;
export const TRADES_PAGE_DEFAULT = 20;
/** Keyset cursor of `GET /sofi/trades`: `{blockNumber}-{logIndex}` of the last trade of the previous page. */
export const TRADES_CURSOR_RE = /^\d{1,15}-\d{1,9}$/;

export const tradesQuerySchema = z.object({
  user: z.string({ message: "Missing user" }).pipe(addressSchema),
  limit: queryIntSchema(1, TRADES_PAGE_MAX, `limit must be an integer from 1 to ${TRADES_PAGE_MAX}`).default(
    TRADES_PAGE_DEFAULT,
  ),
  cursor: z
    .string()
    .regex(TRADES_CURSOR_RE, "Invalid cursor")
    .transform((v) => {
      const [b, l] = v.split("-");
      return { blockNumber: Number(b), logIndex: Number(l) };
    })
    .optional(),
});

/** A token side of a trade: symbol and decimals from the chain's deployment (null for an unknown token). */
export const tradeTokenSchema = z.object({
  /** Checksummed; the zero address for the native coin. */
  address: z.string(),
  symbol: z.string().nullable(),
  decimals: z.number().int().nullable(),
  native: z.boolean(),
});
export type TradeToken = z.infer<typeof tradeTokenSchema>;

/** One SofiAggregator trade. Amounts are base-unit decimal strings. */
export const apiTradeSchema = z.object({
  txHash: z.string(),
  blockNumber: z.number().int(),
  logIndex: z.number().int(),
  /** Block time, unix seconds. */
  timestamp: z.number().int(),
  user: z.string(),
  router: z.string(),
  /** The router's DEX name from the deployment (null when unknown). */
  dex: z.string().nullable(),
  tokenIn: tradeTokenSchema,
  tokenOut: tradeTokenSchema,
  amountIn: z.string(),
  amountOut: z.string(),
  recipient: z.string(),
});
export type ApiTrade = z.infer<typeof apiTradeSchema>;

/** `GET /api/{chain}/sofi/trades` reply, newest first; `nextCursor` is null on the last page. */
export const tradesPageSchema = z.object({ trades: z.array(apiTradeSchema), nextCursor: z.string().nullable() });
export type TradesPage = z.infer<typeof tradesPageSchema>;

/**
 * The trade page cache's state (issue 21 §1): whether reading ahead the active users' first pages
 * is done, and what it keeps. A rollout waits for "warm" before sending a new replica traffic.
 */
export const tradesCacheSchema = z.object({
  warmth: z.enum(["cold", "warming", "warm"]),
  users: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type TradesCacheState = z.infer<typeof tradesCacheSchema>;
