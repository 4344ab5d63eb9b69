/**
 * Portfolio rules of spec 001 §5 (intro), §6 (who may write what), §7 (the portfolio endpoints, with
 * the spec's field names) and §8/§9 (texts, limits): zod schemas of every request and reply of the
 * portfolio API area, shared by the server (validation) and the web app (parsing), and the
 * valuation arithmetic (APY, changes) both sides agree on; the track record (volatility, risk score,
 * drawdown) is track-record.ts.
 */
import { z } from "zod";
import { trackRecordSchema } from "./track-record.ts";
import { addressSchema, queryIntSchema, textProblem } from "./validation.ts";

// ------------------------------------------------------------------ texts and limits

/** Spec 001 §5, §8: texts the portfolio endpoints answer with. */
export const PORTFOLIO_ERRORS = {
  /** §5: "Portfolio intro max 800 characters". */
  introTooLong: `intro must be at most 800 characters`,
  /** §5: image rules. */
  iconType: "You can only upload JPG/PNG file!",
  iconSize: "Image must smaller than 2MB!",
  /** §8: an edit refused (a non-manager, an unknown portfolio). */
  settingFailed: "Setting Failed!",
  notManager: "Only the portfolio's manager can edit it",
  notFound: "Portfolio not found",
  notSigner: "address must be the signing address",
  orderby: "orderby must be one of favorited, best, rated, viewed, traded, risk, new",
  historyType: "type must be one of 1d, 1w, 1m",
  assetHistoryType: "type must be one of 1d, 1w, 1m",
  limit: "limit must be an integer from 1 to 1000",
  offset: "offset must be an integer from 0 to 1000000",
  search: "search must be at most 64 characters",
} as const;

/** Spec 001 §5: the intro's longest length (the "800 words" reading is the looser one; see decisions). */
export const PORTFOLIO_INTRO_MAX = 800;
/** Spec 001 §5: images under 2 MB. */
export const PORTFOLIO_ICON_MAX_BYTES = 2 * 1024 * 1024;
/** Spec 001 §7: "up to 1000 on more pages". */
export const PORTFOLIOS_PAGE_MAX = 1000;
export const PORTFOLIOS_PAGE_DEFAULT = 20;
export const PORTFOLIOS_OFFSET_MAX = 1_000_000;
export const PORTFOLIO_SEARCH_MAX = 64;

/** Spec 001 §2: the list kinds of `/sts/more/{type}` that are portfolio lists (managers is another endpoint). */
export const PORTFOLIO_ORDERS = ["favorited", "best", "rated", "viewed", "traded", "risk", "new"] as const;
export type PortfolioOrder = (typeof PORTFOLIO_ORDERS)[number];

/** Spec 001 §3 "Chart ranges 1d and 1w" (and a month of daily points): spacing and span of each. */
export const PORTFOLIO_HISTORY_RANGES = {
  "1d": { seconds: 86_400, stepSeconds: 900 },
  "1w": { seconds: 7 * 86_400, stepSeconds: 3_600 },
  "1m": { seconds: 30 * 86_400, stepSeconds: 86_400 },
} as const;
export type PortfolioHistoryType = keyof typeof PORTFOLIO_HISTORY_RANGES;

// ------------------------------------------------------------------ requests

const optionalAddress = z
  .string()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(addressSchema.optional())
  .optional();

const searchSchema = z.string().superRefine((v, ctx) => {
  const problem = textProblem(v, PORTFOLIO_SEARCH_MAX);
  if (problem) ctx.addIssue({ code: "custom", message: `search ${problem}` });
});

const limitSchema = queryIntSchema(1, PORTFOLIOS_PAGE_MAX, PORTFOLIO_ERRORS.limit).default(PORTFOLIOS_PAGE_DEFAULT);
const offsetSchema = queryIntSchema(0, PORTFOLIOS_OFFSET_MAX, PORTFOLIO_ERRORS.offset).default(0);

/**
 * `GET /v2/sofi/portfolios`: by `search` (name, symbol or address), by `orderby` with `limit`, or by
 * `manager`; `address` is the requesting wallet (its favourites). `offset` pages in SQL.
 */
export const portfoliosV2QuerySchema = z.object({
  search: searchSchema.optional(),
  orderby: z.enum(PORTFOLIO_ORDERS, { message: PORTFOLIO_ERRORS.orderby }).optional(),
  manager: optionalAddress,
  address: optionalAddress,
  limit: limitSchema,
  offset: offsetSchema,
});
export type PortfoliosV2Query = z.infer<typeof portfoliosV2QuerySchema>;

/** `GET /sofi/portfolios`: the portfolios `buyer` holds (or every portfolio); `address` as above. */
export const portfoliosQuerySchema = z.object({
  buyer: optionalAddress,
  address: optionalAddress,
  limit: limitSchema,
  offset: offsetSchema,
});

/** `GET /sofi/portfolios/{id}`: the id is the portfolio's address. */
export const portfolioIdSchema = z.object({ id: addressSchema });
export const portfolioDetailQuerySchema = z.object({ address: optionalAddress });

/** The detail page's 1D and 1W (spec 001 §2) and a month for the manager and profile charts. */
export const portfolioHistoryQuerySchema = z.object({
  type: z.enum(["1d", "1w", "1m"], { message: PORTFOLIO_ERRORS.historyType }),
});

/** `GET /sofi/asset/history`: the value of `buyer`'s portfolio holdings over time. */
export const assetHistoryQuerySchema = z.object({
  buyer: z.string({ message: "Missing buyer" }).pipe(addressSchema),
  type: z.enum(["1d", "1w", "1m"], { message: PORTFOLIO_ERRORS.assetHistoryType }).default("1w"),
});

/**
 * `GET /sofi/transactions`: an address's portfolio buys and sells, newest first; `portfolio` keeps
 * one portfolio's (filtered in SQL, so a page of them is complete however many others there are).
 */
export const portfolioTransactionsQuerySchema = z.object({
  address: z.string({ message: "Missing address" }).pipe(addressSchema),
  portfolio: optionalAddress,
  limit: limitSchema,
  offset: offsetSchema,
});

/** What an icon data URL holds: JPG or PNG (by its first bytes, not its label) under 2 MB. */
export function iconProblem(dataUrl: string): string | null {
  const m = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl);
  if (!m?.[2]) return PORTFOLIO_ERRORS.iconType;
  const b64 = m[2];
  const bytes = Math.floor((b64.length * 3) / 4) - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);
  if (bytes >= PORTFOLIO_ICON_MAX_BYTES) return PORTFOLIO_ERRORS.iconSize;
  let head: string;
  try {
    head = atob(b64.slice(0, 12));
  } catch {
    return PORTFOLIO_ERRORS.iconType;
  }
  const png = head.startsWith("\x89PNG\r\n\x1a\n");
  const jpg = head.startsWith("\xff\xd8\xff");
  return png || jpg ? null : PORTFOLIO_ERRORS.iconType;
}

/** Longest icon data URL: 2 MB as base64 plus its header. */
export const PORTFOLIO_ICON_MAX_CHARS = Math.ceil(PORTFOLIO_ICON_MAX_BYTES / 3) * 4 + 32;

/**
 * `POST /sofi/portfolio` (signed by the manager): the portfolio's intro (at most 800 characters;
 * newlines allowed, other control characters not) and optional icon (a JPG/PNG data URL under 2 MB;
 * `null` removes it). `manager`, when sent, must be the signer.
 */
export const portfolioInfoBodySchema = z.object({
  portfolio: z.string({ message: "Missing portfolio" }).pipe(addressSchema),
  manager: addressSchema.optional(),
  intro: z.string({ message: "intro must be a string" }).superRefine((v, ctx) => {
    if (v.length > PORTFOLIO_INTRO_MAX)
      return void ctx.addIssue({ code: "custom", message: PORTFOLIO_ERRORS.introTooLong });
    // Paragraphs are allowed; every other control character is not.
    const problem = textProblem(v.replace(/\r?\n/g, " "), PORTFOLIO_INTRO_MAX);
    if (problem) ctx.addIssue({ code: "custom", message: `intro ${problem}` });
  }),
  icon: z
    .string()
    .max(PORTFOLIO_ICON_MAX_CHARS, PORTFOLIO_ERRORS.iconSize)
    .superRefine((v, ctx) => {
      const problem = iconProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .nullable()
    .optional(),
});
export type PortfolioInfoBody = z.infer<typeof portfolioInfoBodySchema>;

/** `POST /sofi/favorite` (signed): the signer's favourite flag of one portfolio (true/false or 1/0). */
export const favoriteBodySchema = z.object({
  portfolio: z.string({ message: "Missing portfolio" }).pipe(addressSchema),
  address: addressSchema.optional(),
  favorite: z
    .union([z.boolean(), z.literal(0), z.literal(1)], { message: "favorite must be true or false" })
    .transform(Boolean),
});

// ------------------------------------------------------------------ replies

/** Spec 001 §3 "Portfolio list item" (plus manager, market cap and 24 h change for the lists' cards). */
export const portfolioListItemSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  manager: z.string(),
  avatar_uri: z.string().nullable(),
  favorite: z.boolean(),
  value_per_set: z.number(),
  apy: z.number(),
  cumulative_apy: z.number(),
  price_changed_24hr: z.number(),
  total_value: z.number(),
  holders_count: z.number().int(),
  created_at: z.number().int(),
  /**
   * The track record's risk score, 1 to 10 (the "High risk" order), null under
   * TRACK_RECORD_MIN_DAYS of history; absent from servers before issue 21 §3.
   */
  risk_score: z.number().int().min(1).max(10).nullable().optional(),
});
export type PortfolioListItem = z.infer<typeof portfolioListItemSchema>;

export const portfolioListSchema = z.object({ portfolios: z.array(portfolioListItemSchema), total: z.number().int() });
export type PortfolioList = z.infer<typeof portfolioListSchema>;

export const portfolioComponentSchema = z.object({
  symbol: z.string(),
  address: z.string(),
  decimals: z.number().int(),
  price_usd: z.number(),
  /** USD value of this component in one whole set. */
  value_per_set: z.number(),
  /** Base units of the component in one whole set (1e18 set units), a decimal string. */
  amount: z.string(),
});

/** Spec 001 §3 "Portfolio detail". */
export const portfolioDetailSchema = portfolioListItemSchema.extend({
  icon: z.string().nullable(),
  intro: z.string(),
  decimals: z.number().int(),
  total_amount: z.string(),
  price_changed_7day: z.number(),
  fee: z.number(),
  promote_end_at: z.number().int(),
  components: z.array(portfolioComponentSchema),
  up: z.number().nullable(),
  down: z.number().nullable(),
  trade_alert: z.boolean(),
  discord: z.string().nullable(),
  views: z.number().int(),
  start_price: z.number(),
  /** Trading module state (0 not added or removed, 2 initialised) and the buy/sell flag. */
  module_state: z.number().int(),
  trading_enabled: z.boolean(),
  /** The track record from indexed prices (issue 21 §3; absent from servers before it). */
  track_record: trackRecordSchema.optional(),
});
export type PortfolioDetail = z.infer<typeof portfolioDetailSchema>;

/**
 * `GET /sofi/portfolios/cache` (operators and the bench): whether the most viewed portfolios'
 * details have been read ahead, how many portfolios have one kept, and their bytes.
 */
export const portfoliosCacheSchema = z.object({
  warmth: z.enum(["cold", "warming", "warm"]),
  portfolios: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type PortfoliosCacheState = z.infer<typeof portfoliosCacheSchema>;

export const portfolioPointSchema = z.object({ ts: z.number().int(), value: z.number() });
export const portfolioHistorySchema = z.array(portfolioPointSchema);

/** Spec 001 §3 "Profile transaction" (plus the portfolio, the side and the block for keys). */
export const portfolioTransactionSchema = z.object({
  txid: z.string(),
  created_at: z.number().int(),
  kind: z.enum(["buy", "sell"]),
  portfolio: z.string(),
  token_in_symbol: z.string(),
  token_out_symbol: z.string(),
  token_in_amount: z.string(),
  token_out_amount: z.string(),
});
export const portfolioTransactionsSchema = z.object({ transactions: z.array(portfolioTransactionSchema) });

/** Answers of the signed writes: the affected address on success (spec 001 §7). */
export const portfolioWriteReplySchema = z.object({ address: z.string() });
export const favoriteReplySchema = z.object({ address: z.string(), favorite: z.boolean() });

// ------------------------------------------------------------------ valuation

const YEAR_SECONDS = 365 * 86_400;
/** APY is annualised over at least this age: a day-old portfolio's move is not multiplied by 365. */
export const APY_MIN_AGE_SECONDS = 30 * 86_400;

/** Percent change from `start` to `now` (0 when `start` is not a positive number). */
export function percentChange(now: number, start: number | null | undefined): number {
  if (!start || !(start > 0) || !Number.isFinite(now)) return 0;
  return (now / start - 1) * 100;
}

/** Cumulative APY: percent return since inception (value per set against the start price). */
export function cumulativeApy(valuePerSet: number, startPrice: number): number {
  return percentChange(valuePerSet, startPrice);
}

/**
 * APY: the return since inception compounded to a year, `((v / start) ^ (year / age) − 1) × 100`,
 * with the age floored at APY_MIN_AGE_SECONDS (see docs/decisions.md).
 */
export function apy(valuePerSet: number, startPrice: number, ageSeconds: number): number {
  if (!(startPrice > 0) || !(valuePerSet > 0)) return startPrice > 0 && valuePerSet === 0 ? -100 : 0;
  const age = Math.max(ageSeconds, APY_MIN_AGE_SECONDS);
  const r = (valuePerSet / startPrice) ** (YEAR_SECONDS / age) - 1;
  return Number.isFinite(r) ? r * 100 : 0;
}

/** USD value of one whole set: Σ units (base units per 1e18 set) / 10^decimals × price. */
export function valuePerSet(components: readonly { unit: bigint; decimals: number; priceUsd: number }[]): number {
  let v = 0;
  for (const c of components) v += (Number(c.unit) / 10 ** c.decimals) * c.priceUsd;
  return v;
}
