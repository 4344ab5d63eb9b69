/**
 * The API's product areas, each a Hono sub-app mounted under `/api/:chain` in this order. A
 * capability adds its area as `api/<area>.ts` and one line here.
 */
import { aiArea } from "./ai.ts";
import { alertsArea } from "./alerts.ts";
import type { ApiArea } from "./area.ts";
import { faucetArea } from "./faucet.ts";
import { followsArea } from "./follows.ts";
import { managersArea } from "./managers.ts";
import { marketArea } from "./market.ts";
import { pageViewArea } from "./page-view.ts";
import { portfoliosArea } from "./portfolios.ts";
import { tokensArea } from "./tokens.ts";
import { tradesArea } from "./trades.ts";

export const AREAS: readonly ApiArea[] = [
  tokensArea,
  marketArea,
  tradesArea,
  pageViewArea,
  portfoliosArea,
  managersArea,
  followsArea,
  faucetArea,
  alertsArea,
  aiArea,
];

/**
 * Routes that take more than the API's default body limit (8 KB) and enforce their own with
 * `limitBody` (image uploads): the default limit skips them.
 */
export const LARGE_BODY_ROUTES: readonly RegExp[] = [
  /^\/api\/[^/]+\/sofi\/portfolio$/, // intro and icon, PORTFOLIO_BODY_MAX
  /^\/api\/[^/]+\/sofi\/managers\/[^/]+$/, // profile and photo, PROFILE_BODY_MAX
];
