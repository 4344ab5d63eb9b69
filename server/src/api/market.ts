/**
 * Market area: `GET /api/{chain}/proxy/ticker/24hr` (a pair's price and 24 h change) and
 * `GET /api/{chain}/v2/proxy/history` (its bucketed price history), read through the chain's Market
 * (queries/market.ts, built once per chain by the process wiring and invalidated by the indexer).
 */
import {
  ERRORS,
  type HistoryType,
  historyQuerySchema,
  type PairSymbol,
  parsePairSymbol,
  tickerQuerySchema,
} from "@sofi/core";
import { type Context, Hono } from "hono";
import type { ApiArea, ApiEnv } from "./area.ts";
import { MarketError } from "./queries/market.ts";
import { validQuery } from "./validate.ts";

export { Market, MarketError } from "./queries/market.ts";

/** Replies with `read(pair)`; an unknown symbol or token answers 400 with the spec's text. */
async function answerPair<T>(c: Context<ApiEnv>, symbol: string, read: (pair: PairSymbol) => Promise<T>) {
  const pair = parsePairSymbol(symbol);
  if (!pair) return c.json({ error: ERRORS.invalidSymbol(symbol) }, 400);
  try {
    return c.json(await read(pair));
  } catch (e) {
    if (e instanceof MarketError) return c.json({ error: `${ERRORS.invalidSymbol(symbol)} (${e.message})` }, 400);
    throw e;
  }
}

export const marketArea: ApiArea = () =>
  new Hono<ApiEnv>()
    .get("/proxy/ticker/24hr", validQuery(tickerQuerySchema), (c) => {
      const { symbol } = c.req.valid("query");
      return answerPair(c, symbol, (pair) => c.var.chain.market.ticker(pair));
    })
    .get("/v2/proxy/history", validQuery(historyQuerySchema), (c) => {
      const { symbol, type } = c.req.valid("query");
      if (symbol.includes("undefined")) return c.json({ error: ERRORS.invalidSymbol(symbol) }, 400);
      return answerPair(c, symbol, (pair) => c.var.chain.market.history(pair, type as HistoryType));
    });
