/** zod schemas (and their types) of the product API's shared endpoints: server validates, web parses. */
import { z } from "zod";
import { HISTORY_TYPES } from "./prices.ts";
import { addressSchema } from "./validation.ts";

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

export const tickerQuerySchema = z.object({ symbol: z.string({ message: "Missing symbol" }).min(1, "Missing symbol") });
export const tickerSchema = z.object({ symbol: z.string(), price: z.number(), priceChangePercent: z.number() });
export type Ticker = z.infer<typeof tickerSchema>;

export const historyQuerySchema = z.object({
  symbol: z.string({ message: "Missing symbol" }).min(1, "Missing symbol"),
  type: z.enum(HISTORY_TYPES as [string, ...string[]], { message: "type must be one of day, week, month, year" }),
});
export const historyPointSchema = z.object({ ts: z.number().int(), value: z.number() });
export type HistoryPoint = z.infer<typeof historyPointSchema>;

export const chainHealthSchema = z.object({
  chain: z.string(),
  chainId: z.number().int(),
  indexedBlock: z.number().int().nullable(),
  headBlock: z.number().int().nullable(),
});
export const healthSchema = z.object({ ok: z.boolean(), chains: z.array(chainHealthSchema) });
export type Health = z.infer<typeof healthSchema>;

export const pageViewBodySchema = z.object({ path: z.string().min(1).max(2048) });

/** Error body of every non-2xx API reply. */
export const apiErrorSchema = z.object({ error: z.string() });

/** Most trades one `GET /sofi/trades` page returns (and the default). */
export const TRADES_PAGE_MAX = 100;
export const TRADES_PAGE_DEFAULT = 20;
/** Keyset cursor of `GET /sofi/trades`: `{blockNumber}-{logIndex}` of the last trade of the previous page. */
export const TRADES_CURSOR_RE = /^\d{1,15}-\d{1,9}$/;

export const tradesQuerySchema = z.object({
  user: z.string({ message: "Missing user" }).pipe(addressSchema),
  limit: z.coerce
    .number({ message: `limit must be an integer from 1 to ${TRADES_PAGE_MAX}` })
    .int(`limit must be an integer from 1 to ${TRADES_PAGE_MAX}`)
    .min(1, `limit must be an integer from 1 to ${TRADES_PAGE_MAX}`)
    .max(TRADES_PAGE_MAX, `limit must be an integer from 1 to ${TRADES_PAGE_MAX}`)
    .default(TRADES_PAGE_DEFAULT),
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
