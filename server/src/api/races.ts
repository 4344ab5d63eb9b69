/**
 * Races area (issue 20, spec 002 §7): `GET /sofi/rounds?limit` (running rounds: open first, then
 * not started, then in the game), `GET /sofi/rounds/{roundId}?address` (a round with its
 * predictions, the head/tail shares and the address's side), `GET /sofi/points?address` (the spec's
 * `leaderborad`, `mypoints` and `history`), `GET /sofi/tickers?token` (the token's USDT price and
 * 24 h change). Prices are the indexed ones (the `prices` service); the races' own start and end
 * prices are the contract's TWAPs.
 */
import {
  type PointsReply,
  type PredictionItem,
  pointsQuerySchema,
  RACE_ERRORS,
  type Race,
  roundParamSchema,
  roundQuerySchema,
  roundStatus,
  roundsQuerySchema,
  sidePercents,
  tickerTokenQuerySchema,
} from "@sofi/core";
import { type Context, Hono } from "hono";
import type { ApiArea, ApiEnv, AreaDeps, ChainRuntime } from "./area.ts";
import { checksum } from "./checksum.ts";
import { chainNow } from "./queries/chain-time.ts";
import type { Prices } from "./queries/market.ts";
import { type PredictionRow, RacesSql, type RoundRow } from "./queries/races.ts";
import { ReplyCache } from "./reply-cache.ts";
import { validParam, validQuery } from "./validate.ts";

/** How long replies are reused (and never past a commit of this process's indexer). */
export const RACES_CACHE_MS = 2_000;
/** Predictions a round's page lists; history items a points reply lists; leaders it shows. */
export const ROUND_PREDICTIONS = 100;
export const HISTORY_ITEMS = 50;
export const LEADERS = 10;
const DAY = 86_400;

const fromWad = (v: string) => Number(BigInt(v.split(".")[0] ?? "0")) / 1e18;

/** The token's symbol (price rounds), from the chain's tokens. */
const symbolOf = (prices: Prices, token: string | null) => (token ? (prices.tokenByAddress(token)?.symbol ?? "") : "");

export function toRace(
  r: RoundRow,
  prices: Prices,
  current: Map<string, number>,
  mine: number,
  predicts: PredictionItem[],
): Race {
  const [h, t] = sidePercents(r.heads, r.tails);
  const symbol = symbolOf(prices, r.token);
  const token = r.token ? prices.tokenByAddress(r.token) : undefined;
  return {
    name: r.name,
    roundId: r.roundId,
    kind: r.kind === 1 ? "price" : "event",
    token: symbol,
    token_address: r.token ? checksum(r.token) : null,
    team_a: r.teamA,
    team_b: r.teamB,
    start_predict: r.startPredict,
    end_predict: r.endPredict,
    start_round: r.startRound,
    end_round: r.endRound,
    result: r.result,
    joined: r.heads + r.tails,
    total_rewards: r.totalRewards,
    start_price: fromWad(r.startPrice),
    end_price: fromWad(r.endPrice),
    current_price: token ? (current.get(token.address) ?? 0) : 0,
    info_1_percent: h,
    info_2_percent: t,
    my_predict: mine,
    predicts,
  };
}

export const racesArea: ApiArea = (deps) => {
  const caches = new WeakMap<ChainRuntime, ReplyCache<string>>();
  const cacheOf = (ch: ChainRuntime) => {
    let c = caches.get(ch);
    if (!c) {
      c = new ReplyCache<string>(RACES_CACHE_MS);
      caches.set(ch, c);
    }
    return c;
  };
  const version = (ch: ChainRuntime) => String(ch.commits?.generation ?? 0);
  const json = (c: Context<ApiEnv>, text: string) => c.body(text, 200, { "Content-Type": "application/json" });
  const sqlOf = (ch: ChainRuntime) => new RacesSql(deps.db, ch.config.info.id);

  return new Hono<ApiEnv>()
    .get("/sofi/rounds", validQuery(roundsQuerySchema), async (c) => {
      const { limit } = c.req.valid("query");
      const ch = c.var.chain;
      const text = await cacheOf(ch).get(`rounds|${limit}`, version(ch), async () => {
        const prices = deps.services.get(ch, "prices");
        const rows = await sqlOf(ch).running(limit, await chainNow(deps.db, ch.config.info.id));
        const current = await prices.usdPrices();
        return JSON.stringify(rows.map((r) => toRace(r, prices, current, 0, [])));
      });
      return json(c, text ?? "[]");
    })
    .get("/sofi/rounds/:roundId", validParam(roundParamSchema), validQuery(roundQuerySchema), async (c) => {
      const roundId = Number(c.req.valid("param").roundId);
      const { address } = c.req.valid("query");
      const ch = c.var.chain;
      const sql = sqlOf(ch);
      const text = await cacheOf(ch).get(`round|${roundId}`, version(ch), async () => {
        const r = await sql.round(roundId);
        if (!r) return "";
        const prices = deps.services.get(ch, "prices");
        const preds = await sql.predictionsOf(roundId, ROUND_PREDICTIONS);
        const items = await predictionItems(
          deps,
          ch,
          prices,
          preds.map((p) => ({
            id: `${p.block_number}-${p.log_index}`,
            txid: p.tx_hash,
            sender: p.account,
            side: Number(p.side),
            roundId,
            timestamp: Number(p.timestamp),
            points: Number(p.points ?? 0),
            round: r,
          })),
        );
        return JSON.stringify(toRace(r, prices, await prices.usdPrices(), 0, items));
      });
      if (!text) return c.json({ error: RACE_ERRORS.notFound }, 404);
      if (!address) return json(c, text);
      const race = JSON.parse(text) as Race;
      return c.json({ ...race, my_predict: await sql.sideOf(roundId, address) } satisfies Race);
    })
    .get("/sofi/points", validQuery(pointsQuerySchema), async (c) => {
      const { address } = c.req.valid("query");
      const ch = c.var.chain;
      const sql = sqlOf(ch);
      const board = await cacheOf(ch).get("leaders", version(ch), async () => {
        const rows = await sql.leaders(LEADERS);
        const profiles = await deps.services.find(ch, "profiles")?.of(rows.map((r) => r.address));
        return JSON.stringify(
          rows.map((r) => ({
            sender: checksum(r.address),
            photo_url: profiles?.get(r.address.toLowerCase())?.photoUrl ?? null,
            points: Number(r.points),
          })),
        );
      });
      if (!address) return json(c, `{"leaderborad":${board ?? "[]"},"mypoints":0,"history":[]}`);
      // A predictor's points and history: cached per address like every reply here (a commit with
      // rows bumps the version, so a settlement shows on the next read).
      const mine = await cacheOf(ch).get(`points|${address}`, version(ch), async () => {
        const prices = deps.services.get(ch, "prices");
        const [points, history] = await Promise.all([sql.pointsOf(address), sql.historyOf(address, HISTORY_ITEMS)]);
        const items = await predictionItems(deps, ch, prices, history);
        return JSON.stringify({ mypoints: points, history: items } satisfies Omit<PointsReply, "leaderborad">);
      });
      return json(c, `{"leaderborad":${board ?? "[]"},${mine.slice(1)}`);
    })
    .get("/sofi/tickers", validQuery(tickerTokenQuerySchema), async (c) => {
      const { token } = c.req.valid("query");
      const ch = c.var.chain;
      const prices = deps.services.get(ch, "prices");
      const t = prices.tokenBySymbol(token);
      if (!t) return c.json({ error: RACE_ERRORS.token }, 400);
      const now = await chainNow(deps.db, ch.config.info.id);
      const [current, before] = await Promise.all([prices.usdPrices(), prices.usdPrices(now - DAY)]);
      const price = current.get(t.address) ?? 0;
      const then = before.get(t.address) ?? 0;
      return c.json({
        symbol: `${t.symbol}-USDT`,
        price,
        priceChangePercent: price > 0 && then > 0 ? ((price - then) / then) * 100 : 0,
      });
    });
};

/** §3 prediction items, each with the token's price when it was made (price rounds). */
async function predictionItems(
  _deps: AreaDeps,
  _ch: ChainRuntime,
  prices: Prices,
  rows: PredictionRow[],
): Promise<PredictionItem[]> {
  const priced = rows.filter((r) => r.round.token);
  const times = [...new Set(priced.map((r) => r.timestamp))];
  // only the pools that price the rounds' tokens: a round's hundred predictions read a hundred times
  const tokens = [...new Set(priced.map((r) => r.round.token as string))]
    .map((a) => prices.tokenByAddress(a))
    .filter((t) => t !== undefined);
  const at = times.length ? await prices.usdPricesAtTimes(times, prices.usdPairsOf(tokens)) : [];
  const priceAt = new Map(times.map((t, i) => [t, at[i] as Map<string, number>]));
  return rows.map((p) => {
    const token = p.round.token ? prices.tokenByAddress(p.round.token) : undefined;
    return {
      id: p.id,
      txid: p.txid,
      sender: checksum(p.sender),
      info: p.side,
      my_predict: token ? (priceAt.get(p.timestamp)?.get(token.address) ?? 0) : 0,
      round_id: p.roundId,
      round_status: roundStatus(p.round.result, p.side),
      timestamp: p.timestamp,
      points: p.points,
      start_price: fromWad(p.round.startPrice),
      name: p.round.name,
      team_a: p.round.teamA,
      team_b: p.round.teamB,
    };
  });
}
