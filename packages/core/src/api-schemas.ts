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
