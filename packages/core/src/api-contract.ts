/**
 * The typed API contract shared by the server and the web app (issue 17): every product endpoint
 * under `/api/{chain}` by name, with its method, path (Hono's `:param` syntax), the zod schemas of
 * its path parameters, query and body, the schema of its 2xx reply, and whether it is a signed
 * write (spec headers `address`, `signature`, `signatureMessage`). The server validates each
 * route's input with these schemas; the web app reads and writes through `API[name]`, so both
 * sides change together. Each capability's endpoints are listed under its name (the capability
 * that owns them), which `CAPABILITIES_OFF` switches off.
 */
import { z } from "zod";
import { aiReplySchema, aiRequestSchema } from "./ai.ts";
import {
  apiTokenSchema,
  historyPointSchema,
  historyQuerySchema,
  pageViewBodySchema,
  tickerQuerySchema,
  tickerSchema,
  tokensQuerySchema,
  tradesCacheSchema,
  tradesPageSchema,
  tradesQuerySchema,
} from "./api-schemas.ts";
import {
  ballotBodySchema,
  ballotReplySchema,
  proposalListSchema,
  proposalQuerySchema,
  proposalSchema,
  proposalsCacheSchema,
  proposalsQuerySchema,
  simulateBodySchema,
  simulateReplySchema,
  votesQuerySchema,
  votesSchema,
} from "./governance.ts";
import {
  followBodySchema,
  followListQuerySchema,
  followListSchema,
  followReplySchema,
  managerInfoQuerySchema,
  managerInfoSchema,
  managerListSchema,
  managerParamSchema,
  managerProfileBodySchema,
  managersCacheSchema,
  managersQuerySchema,
} from "./managers.ts";
import {
  ALERT_ERRORS,
  alertBodySchema,
  alertReplySchema,
  alertSettingsSchema,
  faucetBodySchema,
  faucetReplySchema,
} from "./people.ts";
import {
  assetHistoryQuerySchema,
  favoriteBodySchema,
  favoriteReplySchema,
  portfolioDetailQuerySchema,
  portfolioDetailSchema,
  portfolioHistoryQuerySchema,
  portfolioHistorySchema,
  portfolioIdSchema,
  portfolioInfoBodySchema,
  portfolioListSchema,
  portfoliosCacheSchema,
  portfoliosQuerySchema,
  portfoliosV2QuerySchema,
  portfolioTransactionsQuerySchema,
  portfolioTransactionsSchema,
  portfolioWriteReplySchema,
} from "./portfolios.ts";
import {
  aprQuerySchema,
  aprSchema,
  balancesQuerySchema,
  balancesSchema,
  marketParamSchema,
  marketQuerySchema,
  marketSchema,
  marketsPositionsCacheSchema,
  marketsSchema,
  marketTxsSchema,
  positionsQuerySchema,
  positionsSchema,
  senderQuerySchema,
  stakingSchema,
} from "./predict.ts";
import {
  pointsQuerySchema,
  pointsSchema,
  raceSchema,
  racesCacheSchema,
  racesSchema,
  raceTickerSchema,
  roundParamSchema,
  roundQuerySchema,
  roundsQuerySchema,
  tickerTokenQuerySchema,
} from "./races.ts";
import {
  newPostBodySchema,
  newPostReplySchema,
  postActionBodySchema,
  postActionReplySchema,
  postsPageSchema,
  postsQuerySchema,
  postsStreamQuerySchema,
  predictPostBodySchema,
  predictPostReplySchema,
  socialCacheSchema,
  socialProfileQuerySchema,
  socialProfileSchema,
  trendingSchema,
} from "./social.ts";
import { addressSchema } from "./validation.ts";

/** The product's capabilities (the server's modules and the web's features name them the same). */
export const CAPABILITIES = [
  "health",
  "market",
  "tokens",
  "swap",
  "portfolios",
  "people",
  "faucet",
  "convert",
  "promotion",
  "ai",
  "alerts",
  "governance",
  "social",
  "races",
  "predict",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * The platform every other capability stands on (health and config, pair prices, the token list):
 * never switched off.
 */
export const ALWAYS_ON: readonly Capability[] = ["health", "market", "tokens"];

/** `CAPABILITIES_OFF` (comma-separated names): the set switched off, or the text of what is wrong. */
export function parseCapabilitiesOff(value: string | undefined): Set<Capability> | string {
  const off = new Set<Capability>();
  for (const raw of (value ?? "").split(",")) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    if (!(CAPABILITIES as readonly string[]).includes(name))
      return `unknown capability "${name}" (known: ${CAPABILITIES.join(", ")})`;
    if ((ALWAYS_ON as readonly string[]).includes(name))
      return `"${name}" cannot be switched off (always on: ${ALWAYS_ON.join(", ")})`;
    off.add(name as Capability);
  }
  return off;
}

/** What any zod schema offers that the contract needs (the web app never imports zod itself). */
export type Schema<T = unknown> = z.ZodType<T>;

export type Endpoint = {
  capability: Capability;
  method: "GET" | "POST";
  /** After `/api/{chain}`, with `:name` path parameters. */
  path: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The 2xx reply (non-2xx replies are `{ error }`, apiErrorSchema). */
  reply: Schema;
  /** A signed write (or read): the spec's three headers are required. */
  signed?: boolean;
};

const imageSchema = z.unknown(); // binary replies (photos, icons) are not JSON

/** `GET /sofi/alert?set=`: the signer's alert on one of their portfolios. */
export const alertQuerySchema = z.object({ set: z.string({ message: ALERT_ERRORS.missingSet }).pipe(addressSchema) });

export const API = {
  // market (pair prices) and swap (the aggregator's trades)
  ticker: {
    capability: "market",
    method: "GET",
    path: "/proxy/ticker/24hr",
    query: tickerQuerySchema,
    reply: tickerSchema,
  },
  history: {
    capability: "market",
    method: "GET",
    path: "/v2/proxy/history",
    query: historyQuerySchema,
    reply: z.array(historyPointSchema),
  },
  trades: {
    capability: "swap",
    method: "GET",
    path: "/sofi/trades",
    query: tradesQuerySchema,
    reply: tradesPageSchema,
  },
  tradesCache: { capability: "swap", method: "GET", path: "/sofi/trades/cache", reply: tradesCacheSchema },
  // tokens
  tokens: {
    capability: "tokens",
    method: "GET",
    path: "/sofi/tokens",
    query: tokensQuerySchema,
    reply: z.union([z.array(apiTokenSchema), z.object({ tokens: z.array(apiTokenSchema) }).passthrough()]),
  },
  // the platform (always on): the signed page-view tracker of spec 000 §2
  pageView: {
    capability: "health",
    method: "POST",
    path: "/sofi/page-view",
    body: pageViewBodySchema,
    reply: z.object({ ok: z.literal(true), id: z.number().int().optional(), address: z.string() }),
    signed: true,
  },
  // portfolios
  portfoliosV2: {
    capability: "portfolios",
    method: "GET",
    path: "/v2/sofi/portfolios",
    query: portfoliosV2QuerySchema,
    reply: portfolioListSchema,
  },
  portfolios: {
    capability: "portfolios",
    method: "GET",
    path: "/sofi/portfolios",
    query: portfoliosQuerySchema,
    reply: portfolioListSchema,
  },
  portfoliosCache: {
    capability: "portfolios",
    method: "GET",
    path: "/sofi/portfolios/cache",
    reply: portfoliosCacheSchema,
  },
  portfolio: {
    capability: "portfolios",
    method: "GET",
    path: "/sofi/portfolios/:id",
    params: portfolioIdSchema,
    query: portfolioDetailQuerySchema,
    reply: portfolioDetailSchema,
  },
  portfolioHistory: {
    capability: "portfolios",
    method: "GET",
    path: "/sofi/portfolios/:id/history",
    params: portfolioIdSchema,
    query: portfolioHistoryQuerySchema,
    reply: portfolioHistorySchema,
  },
  portfolioIcon: {
    capability: "portfolios",
    method: "GET",
    path: "/sofi/portfolios/:id/icon",
    params: portfolioIdSchema,
    reply: imageSchema,
  },
  portfolioInfo: {
    capability: "portfolios",
    method: "POST",
    path: "/sofi/portfolio",
    body: portfolioInfoBodySchema,
    reply: portfolioWriteReplySchema,
    signed: true,
  },
  favorite: {
    capability: "portfolios",
    method: "POST",
    path: "/sofi/favorite",
    body: favoriteBodySchema,
    reply: favoriteReplySchema,
    signed: true,
  },
  assetHistory: {
    capability: "portfolios",
    method: "GET",
    path: "/sofi/asset/history",
    query: assetHistoryQuerySchema,
    reply: portfolioHistorySchema,
  },
  portfolioTransactions: {
    capability: "portfolios",
    method: "GET",
    path: "/sofi/transactions",
    query: portfolioTransactionsQuerySchema,
    reply: portfolioTransactionsSchema,
  },
  // people
  managers: {
    capability: "people",
    method: "GET",
    path: "/sofi/managers",
    query: managersQuerySchema,
    reply: managerListSchema,
  },
  manager: {
    capability: "people",
    method: "GET",
    path: "/sofi/managers/:address",
    params: managerParamSchema,
    query: managerInfoQuerySchema,
    reply: managerInfoSchema,
  },
  managersCache: {
    capability: "people",
    method: "GET",
    path: "/sofi/managers/cache",
    reply: managersCacheSchema,
  },
  managerPhoto: {
    capability: "people",
    method: "GET",
    path: "/sofi/managers/:address/photo",
    params: managerParamSchema,
    reply: imageSchema,
  },
  managerProfile: {
    capability: "people",
    method: "POST",
    path: "/sofi/managers/:address",
    params: managerParamSchema,
    body: managerProfileBodySchema,
    reply: managerInfoSchema,
    signed: true,
  },
  follow: {
    capability: "people",
    method: "POST",
    path: "/sofi/follow",
    body: followBodySchema,
    reply: followReplySchema,
    signed: true,
  },
  follows: {
    capability: "people",
    method: "GET",
    path: "/sofi/follow",
    query: followListQuerySchema,
    reply: followListSchema,
  },
  // faucet
  faucet: {
    capability: "faucet",
    method: "POST",
    path: "/sts/faucet",
    body: faucetBodySchema,
    reply: faucetReplySchema,
  },
  // alerts
  alert: {
    capability: "alerts",
    method: "POST",
    path: "/sofi/alert",
    body: alertBodySchema,
    reply: alertReplySchema,
    signed: true,
  },
  alertSettings: {
    capability: "alerts",
    method: "GET",
    path: "/sofi/alert",
    query: alertQuerySchema,
    reply: alertSettingsSchema,
    signed: true,
  },
  // AI builder
  ai: { capability: "ai", method: "POST", path: "/sofi/ai", body: aiRequestSchema, reply: aiReplySchema },
  // governance
  proposals: {
    capability: "governance",
    method: "GET",
    path: "/sofi/proposals",
    query: proposalsQuerySchema,
    reply: proposalListSchema,
  },
  proposalsCache: {
    capability: "governance",
    method: "GET",
    path: "/sofi/proposals/cache",
    reply: proposalsCacheSchema,
  },
  proposal: {
    capability: "governance",
    method: "GET",
    path: "/sofi/proposal",
    query: proposalQuerySchema,
    reply: proposalSchema,
  },
  votes: { capability: "governance", method: "GET", path: "/sofi/votes", query: votesQuerySchema, reply: votesSchema },
  vote: {
    capability: "governance",
    method: "POST",
    path: "/sofi/vote",
    body: ballotBodySchema,
    reply: ballotReplySchema,
  },
  simulate: {
    capability: "governance",
    method: "POST",
    path: "/sofi/simulate",
    body: simulateBodySchema,
    reply: simulateReplySchema,
  },
  // social
  posts: { capability: "social", method: "GET", path: "/sofi/posts", query: postsQuerySchema, reply: postsPageSchema },
  trending: { capability: "social", method: "GET", path: "/sofi/trending", reply: trendingSchema },
  socialCache: { capability: "social", method: "GET", path: "/sofi/social/cache", reply: socialCacheSchema },
  /** Server-sent events (text/event-stream), one `post` event per new post. */
  postsStream: {
    capability: "social",
    method: "GET",
    path: "/sofi/posts/stream",
    query: postsStreamQuerySchema,
    reply: z.unknown(),
  },
  socialProfile: {
    capability: "social",
    method: "GET",
    path: "/sofi/social/profile",
    query: socialProfileQuerySchema,
    reply: socialProfileSchema,
  },
  newPost: {
    capability: "social",
    method: "POST",
    path: "/sofi/posts",
    body: newPostBodySchema,
    reply: newPostReplySchema,
    signed: true,
  },
  predictPost: {
    capability: "social",
    method: "POST",
    path: "/sofi/predict",
    body: predictPostBodySchema,
    reply: predictPostReplySchema,
    signed: true,
  },
  postAction: {
    capability: "social",
    method: "POST",
    path: "/sofi/post",
    body: postActionBodySchema,
    reply: postActionReplySchema,
    signed: true,
  },
  // races
  rounds: { capability: "races", method: "GET", path: "/sofi/rounds", query: roundsQuerySchema, reply: racesSchema },
  round: {
    capability: "races",
    method: "GET",
    path: "/sofi/rounds/:roundId",
    params: roundParamSchema,
    query: roundQuerySchema,
    reply: raceSchema,
  },
  points: { capability: "races", method: "GET", path: "/sofi/points", query: pointsQuerySchema, reply: pointsSchema },
  racesCache: { capability: "races", method: "GET", path: "/sofi/races/cache", reply: racesCacheSchema },
  raceTicker: {
    capability: "races",
    method: "GET",
    path: "/sofi/tickers",
    query: tickerTokenQuerySchema,
    reply: raceTickerSchema,
  },
  // the prediction market and the staking reader
  markets: { capability: "predict", method: "GET", path: "/sofi/markets", reply: marketsSchema },
  market: {
    capability: "predict",
    method: "GET",
    path: "/sofi/markets/:market",
    params: marketParamSchema,
    query: marketQuerySchema,
    reply: marketSchema,
  },
  marketsPositions: {
    capability: "predict",
    method: "GET",
    path: "/sofi/markets_positions",
    query: positionsQuerySchema,
    reply: positionsSchema,
  },
  marketsPositionsCache: {
    capability: "predict",
    method: "GET",
    path: "/sofi/markets_positions/cache",
    reply: marketsPositionsCacheSchema,
  },
  marketsTxs: {
    capability: "predict",
    method: "GET",
    path: "/sofi/markets_txs",
    query: senderQuerySchema,
    reply: marketTxsSchema,
  },
  marketsBalances: {
    capability: "predict",
    method: "GET",
    path: "/sofi/markets_balances",
    query: balancesQuerySchema,
    reply: balancesSchema,
  },
  apr: { capability: "predict", method: "GET", path: "/apr", query: aprQuerySchema, reply: aprSchema },
  staking: {
    capability: "predict",
    method: "GET",
    path: "/sofi/staking",
    query: senderQuerySchema.partial(),
    reply: stakingSchema,
  },
} as const satisfies Record<string, Endpoint>;

export type ApiName = keyof typeof API;
/** The parsed 2xx reply of an endpoint. */
export type ApiReply<N extends ApiName> = z.infer<(typeof API)[N]["reply"]>;
/** What an endpoint's body is, as the client sends it (before the server's transforms). */
export type ApiBody<N extends ApiName> = (typeof API)[N] extends { body: infer B extends Schema } ? z.input<B> : never;
/** What an endpoint's query is, as the client sends it. */
export type ApiQuery<N extends ApiName> = (typeof API)[N] extends { query: infer Q extends Schema }
  ? z.input<Q>
  : never;

/** `path` with its `:name` parameters filled (each URI-encoded). Throws when one is missing. */
export function apiPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(v);
  });
}
