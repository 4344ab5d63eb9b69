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
  type RacesCacheState,
  roundParamSchema,
  roundQuerySchema,
  roundStatus,
  roundsQuerySchema,
  sidePercents,
  tickerTokenQuerySchema,
} from "@sofi/core";
import { type Context, Hono } from "hono";
import type { ApiArea, ApiEnv, ChainRuntime } from "./area.ts";
import { checksum } from "./checksum.ts";
import { jsonText, sendCompressedJson } from "./compressed-json.ts";
import { type FreshReply, KeptReplies } from "./kept-replies.ts";
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

/**
 * A round's page and a predictor's points, kept per round and per address until a commit names
 * them (issue 21 §1; the races handler's `touches`): a settled round's page never changes again,
 * and most predictors' points change only when a round settles. Read ahead for the newest rounds
 * and the most recent predictors. The live parts (a round's current price, the leader board) are
 * the reply's first field and rebuilt into the kept reply when they moved.
 */
export const ROUND_PAGES_BYTES = 96 * 1024 * 1024;
export const POINTS_PAGES_BYTES = 128 * 1024 * 1024;
/** Share of each budget reading ahead may fill, and the most rounds and predictors it reads. */
export const RACES_WARM_SHARE = 0.75;
export const RACES_WARM_ROUNDS = 20_000;
export const RACES_WARM_PREDICTORS = 50_000;
/**
 * Kept replies from 1 KB are kept gzip-compressed (a round of 20 predictions is about 7 KB of JSON
 * and 1.5 KB compressed): here memory is what bounds how many are kept, not the wire.
 */
const RACES_GZIP_FROM = 1024;
/** The change topics (indexer/handlers/races.ts names their keys; the points ledger names "points.address"). */
export const RACES_ROUND_TOPIC = "races.round";
export const RACES_ACCOUNT_TOPIC = "races.account";
export const RACES_SETTLED_TOPIC = "races.settled";
export const POINTS_ADDRESS_TOPIC = "points.address";

/** A kept round page starts with its live price; a kept points reply with the leader board. */
const PRICE_HEAD = '{"current_price":';
const BOARD_HEAD = '{"leaderborad":';
const MINE_MARK = ',"mypoints":';

/** A race's JSON with `current_price` first, so a newer price replaces only the head. */
export const roundJson = (race: Race) => {
  const { current_price, ...rest } = race;
  return `${PRICE_HEAD}${JSON.stringify(current_price)},${JSON.stringify(rest).slice(1)}`;
};
const withPrice = (text: string, price: number) =>
  `${PRICE_HEAD}${JSON.stringify(price)}${text.slice(text.indexOf(",", PRICE_HEAD.length))}`;
/** A points reply: the leader board first, then the predictor's own part (`{"mypoints":…}`). */
export const pointsJson = (board: string, mine: string) => `${BOARD_HEAD}${board},${mine.slice(1)}`;
const withBoard = (text: string, board: string) => `${BOARD_HEAD}${board}${text.slice(text.indexOf(MINE_MARK))}`;

/** What a kept round page is rebuilt from when the live price moves: its token (priced tokens only) and that price. */
type RoundLive = { token: string | null; price: number };
const NO_ROUND: FreshReply<RoundLive> = { text: "null", meta: { token: null, price: 0 } };

type ChainRaces = { rounds: KeptReplies<RoundLive>; points: KeptReplies<string> };

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

  /** Round pages of `ids` (absent: no such round), from one read of the rounds and their predictions. */
  const roundPages = async (ch: ChainRuntime, ids: readonly number[]) => {
    const sql = sqlOf(ch);
    const prices = deps.services.get(ch, "prices");
    const [rounds, preds] = await Promise.all([sql.roundsByIds(ids), sql.predictionsOfRounds(ids, ROUND_PREDICTIONS)]);
    const byId = new Map(rounds.map((r) => [r.roundId, r]));
    const rows = preds.flatMap((p) => {
      const round = byId.get(Number(p.round_id));
      return round
        ? [
            {
              id: `${p.block_number}-${p.log_index}`,
              txid: p.tx_hash,
              sender: p.account,
              side: Number(p.side),
              roundId: round.roundId,
              timestamp: Number(p.timestamp),
              points: Number(p.points ?? 0),
              round,
            },
          ]
        : [];
    });
    const items = await predictionItems(prices, rows);
    const current = await prices.usdPrices();
    const pages = new Map<string, FreshReply<RoundLive>>();
    for (const r of rounds) {
      const race = toRace(
        r,
        prices,
        current,
        0,
        items.filter((i) => i.round_id === r.roundId),
      );
      const token = r.token ? (prices.tokenByAddress(r.token)?.address ?? null) : null;
      pages.set(String(r.roundId), { text: roundJson(race), meta: { token, price: race.current_price } });
    }
    return pages;
  };

  /** The leader board's JSON (the same string while it reads the same, so kept replies compare by it). */
  const boards = new WeakMap<ChainRuntime, string>();
  const boardOf = async (ch: ChainRuntime) => {
    const text = await cacheOf(ch).get("leaders", version(ch), async () => {
      const rows = await sqlOf(ch).leaders(LEADERS);
      const profiles = await deps.services.find(ch, "profiles")?.of(rows.map((r) => r.address));
      return JSON.stringify(
        rows.map((r) => ({
          sender: checksum(r.address),
          photo_url: profiles?.get(r.address.toLowerCase())?.photoUrl ?? null,
          points: Number(r.points),
        })),
      );
    });
    const held = boards.get(ch);
    if (held === text) return held;
    boards.set(ch, text ?? "[]");
    return text ?? "[]";
  };

  /** Predictors' own parts (`{"mypoints":…,"history":[…]}`) of `addresses` (lowercased), in two queries. */
  const minePages = async (ch: ChainRuntime, addresses: readonly string[]) => {
    const sql = sqlOf(ch);
    const prices = deps.services.get(ch, "prices");
    const [points, histories] = await Promise.all([
      sql.pointsOfMany(addresses),
      sql.historiesOf(addresses, HISTORY_ITEMS),
    ]);
    const items = await predictionItems(prices, [...histories.values()].flat());
    const byId = new Map(items.map((i) => [i.id, i]));
    return new Map(
      addresses.map((a) => [
        a,
        JSON.stringify({
          mypoints: points.get(a) ?? 0,
          history: (histories.get(a) ?? []).map((h) => byId.get(h.id) as PredictionItem),
        } satisfies Omit<PointsReply, "leaderborad">),
      ]),
    );
  };

  const state = new WeakMap<ChainRuntime, ChainRaces>();
  const racesOf = (ch: ChainRuntime): ChainRaces => {
    let s = state.get(ch);
    if (s) return s;
    const rounds = new KeptReplies<RoundLive>({
      commits: ch.commits,
      keysOf: (c) => c.touched[RACES_ROUND_TOPIC] ?? [],
      maxBytes: ROUND_PAGES_BYTES,
      gzipFrom: RACES_GZIP_FROM,
    });
    const points = new KeptReplies<string>({
      commits: ch.commits,
      // a settlement may award anyone in its round and moves the board: every predictor's reply goes
      keysOf: (c) =>
        c.touched[RACES_SETTLED_TOPIC]?.length
          ? "all"
          : [...(c.touched[RACES_ACCOUNT_TOPIC] ?? []), ...(c.touched[POINTS_ADDRESS_TOPIC] ?? [])],
      maxBytes: POINTS_PAGES_BYTES,
      gzipFrom: RACES_GZIP_FROM,
    });
    const warm = { share: RACES_WARM_SHARE, batch: 20, pauseMs: 20 };
    // the first races request starts reading ahead (GET /sofi/races/cache tells when it is done)
    void Promise.all([
      rounds.warm(
        async () => (await sqlOf(ch).recentRoundIds(RACES_WARM_ROUNDS)).map(String),
        "",
        (ids) => roundPages(ch, ids.map(Number)),
        warm,
      ),
      (async () => {
        const board = await boardOf(ch);
        await points.warm(
          () => sqlOf(ch).recentPredictors(RACES_WARM_PREDICTORS),
          "",
          async (addresses) =>
            new Map(
              [...(await minePages(ch, addresses))].map(([a, mine]) => [
                a,
                { text: pointsJson(board, mine), meta: board },
              ]),
            ),
          { ...warm, batch: 100 },
        );
      })(),
    ]).catch((e: Error) => console.error(`races: reading ahead stopped: ${e.message}`));
    s = { rounds, points };
    state.set(ch, s);
    return s;
  };

  return (
    new Hono<ApiEnv>()
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
      // what is kept in memory, for operators and the bench: whether reading ahead is done
      .get("/sofi/races/cache", (c) => {
        const { rounds, points } = racesOf(c.var.chain);
        const warmth: RacesCacheState["warmth"] =
          rounds.warmth === "warming" || points.warmth === "warming"
            ? "warming"
            : rounds.warmth === "warm" && points.warmth === "warm"
              ? "warm"
              : "cold";
        return c.json({
          warmth,
          rounds: rounds.heldKeys,
          predictors: points.heldKeys,
          bytes: rounds.heldBytes + points.heldBytes,
        } satisfies RacesCacheState);
      })
      .get("/sofi/rounds/:roundId", validParam(roundParamSchema), validQuery(roundQuerySchema), async (c) => {
        const roundId = Number(c.req.valid("param").roundId);
        const { address } = c.req.valid("query");
        const ch = c.var.chain;
        const { rounds } = racesOf(ch);
        const key = String(roundId);
        let page = await rounds.get(key, "", async () => (await roundPages(ch, [roundId])).get(key) ?? NO_ROUND);
        if (page.text === NO_ROUND.text) return c.json({ error: RACE_ERRORS.notFound }, 404);
        // the live price moved since the page was kept: the same page with the new price
        const { token } = page.meta;
        const price = token ? ((await deps.services.get(ch, "prices").usdPrices()).get(token) ?? 0) : 0;
        if (price !== page.meta.price)
          page = await rounds.rewrite(key, "", page, {
            text: withPrice(jsonText(page), price),
            meta: { token, price },
          });
        if (!address) return sendCompressedJson(c, page);
        const race = JSON.parse(jsonText(page)) as Race;
        return c.json({ ...race, my_predict: await sqlOf(ch).sideOf(roundId, address) } satisfies Race);
      })
      .get("/sofi/points", validQuery(pointsQuerySchema), async (c) => {
        const { address } = c.req.valid("query");
        const ch = c.var.chain;
        const board = await boardOf(ch);
        if (!address) return json(c, `{"leaderborad":${board},"mypoints":0,"history":[]}`);
        const { points } = racesOf(ch);
        let reply = await points.get(address, "", async () => {
          const mine = (await minePages(ch, [address])).get(address) as string;
          return { text: pointsJson(board, mine), meta: board };
        });
        // the board moved since the reply was kept (not this predictor's points: those drop the reply)
        if (reply.meta !== board)
          reply = await points.rewrite(address, "", reply, { text: withBoard(jsonText(reply), board), meta: board });
        return sendCompressedJson(c, reply);
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
      })
  );
};

/** §3 prediction items, each with the token's price when it was made (price rounds). */
async function predictionItems(prices: Prices, rows: PredictionRow[]): Promise<PredictionItem[]> {
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
