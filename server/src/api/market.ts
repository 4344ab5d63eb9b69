/**
 * Market area: `GET /api/{chain}/proxy/ticker/24hr` (a pair's price and 24 h change) and
 * `GET /api/{chain}/v2/proxy/history` (its bucketed price history), read through the chain's Market
 * (queries/market.ts, built once per chain by the process wiring and invalidated by the indexer).
 * History replies come from the Market's short-lived cache with `Cache-Control: public, max-age`
 * fitting the range, `Age` (time already spent in that cache) and a strong ETag (`If-None-Match`
 * answers 304).
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
import { type HistoryReply, MarketError } from "./queries/market.ts";
import { validQuery } from "./validate.ts";

export { Market, MarketError } from "./queries/market.ts";

/** Whether an `If-None-Match` header names `etag` (or is `*`); weak comparison, as RFC 9110 asks for GET. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => {
    const v = t.trim();
    return v === "*" || v.replace(/^W\//, "") === bare;
  });
}

/**
 * A cached history reply: 304 when the client holds it already, else its JSON; both with the
 * caching headers (Age: the seconds it has spent in this process's cache, which count against max-age).
 */
function sendHistory(c: Context<ApiEnv>, reply: HistoryReply) {
  const age = Math.max(0, Math.floor((Date.now() - reply.computedAt) / 1000));
  const headers = {
    ETag: reply.etag,
    "Cache-Control": `public, max-age=${reply.maxAgeSeconds}`,
    Age: String(Math.min(age, reply.maxAgeSeconds)),
  };
  if (etagMatches(c.req.header("if-none-match"), reply.etag)) return c.body(null, 304, headers);
  return c.body(reply.body, 200, { ...headers, "Content-Type": "application/json" });
}

/** Replies with `answer(pair)`; an unknown symbol or token answers 400 with the spec's text. */
async function answerPair(c: Context<ApiEnv>, symbol: string, answer: (pair: PairSymbol) => Promise<Response>) {
  const pair = parsePairSymbol(symbol);
  if (!pair) return c.json({ error: ERRORS.invalidSymbol(symbol) }, 400);
  try {
    return await answer(pair);
  } catch (e) {
    if (e instanceof MarketError) return c.json({ error: `${ERRORS.invalidSymbol(symbol)} (${e.message})` }, 400);
    throw e;
  }
}

export const marketArea: ApiArea = () =>
  new Hono<ApiEnv>()
    .get("/proxy/ticker/24hr", validQuery(tickerQuerySchema), (c) => {
      const { symbol } = c.req.valid("query");
      return answerPair(c, symbol, async (pair) => c.json(await c.var.chain.market.ticker(pair)));
    })
    .get("/v2/proxy/history", validQuery(historyQuerySchema), (c) => {
      const { symbol, type } = c.req.valid("query");
      if (symbol.includes("undefined")) return c.json({ error: ERRORS.invalidSymbol(symbol) }, 400);
      return answerPair(c, symbol, async (pair) =>
        sendHistory(c, await c.var.chain.market.historyReply(pair, type as HistoryType)),
      );
    });
