/**
 * Prediction-market area (issue 19, spec 002 §3, §7): `GET /sofi/markets` (every market, newest
 * last), `/sofi/markets/{market}?type` (one with its outcome history over the range),
 * `/sofi/markets_positions?sender&top&limit&offset` (the sender's positions, their `top` open
 * ones or a page, the balance, its all-time change, and unpaged the history),
 * `/sofi/markets_txs?sender` (their trades, funding and redemptions),
 * `/sofi/markets_balances?sender&type` (their balance history over the range), and the staking
 * reader: `/apr?addr` (the pool's APR) and `/sofi/staking?sender` (the pool's and the sender's
 * reads). Markets, prices and positions come from the index alone; statuses are read at the chain's
 * time the way MarketLens computes them on chain. Only the staking reads call the chain (one
 * multicall). A sender's positions are kept per sender (queries/predict-books.ts) until a commit
 * names them; their prices and statuses come from the markets snapshot on every read.
 */
import {
  type ApiMarket,
  aprQuerySchema,
  BALANCE_HISTORY_RANGES,
  balancesQuerySchema,
  binaryAnswer,
  MARKET_HISTORY_RANGES,
  type MarketStatus,
  type MarketsPositionsCacheState,
  marketParamSchema,
  marketQuerySchema,
  marketStatus,
  nextStatusChange,
  PREDICT_ERRORS,
  PREDICT_TOP_MAX,
  poolPrices,
  poolValue,
  positionsQuerySchema,
  sampleTimes,
  senderQuerySchema,
} from "@sofi/core";
import { stakingRewardsAbi, uniswapV2PairAbi } from "@sofi/protocol";
import { type Context, Hono } from "hono";
import { RecencyMap } from "../recency-map.ts";
import type { ApiArea, ApiEnv, ChainRuntime } from "./area.ts";
import { checksum } from "./checksum.ts";
import { type CompressedJson, compressedJson, sendCompressedJson } from "./compressed-json.ts";
import { JsonBytes } from "./json-bytes.ts";
import { KeptReplies } from "./kept-replies.ts";
import { chainHead, chainNow } from "./queries/chain-time.ts";
import { type MarketRow, PredictSql } from "./queries/predict.ts";
import {
  asciiPart,
  bookBytes,
  historyJson,
  historyOf,
  jsonNumber,
  MARKETS_SENDER_TOPIC,
  type MarketView,
  marketView,
  OutcomePriceGrid,
  positionsOf,
  readBooks,
  replayHistory,
  type SenderBook,
} from "./queries/predict-books.ts";
import { ReplyCache } from "./reply-cache.ts";
import { validParam, validQuery } from "./validate.ts";

/** How long a market's reply is reused (never past a commit of this process's indexer). */
export const PREDICT_CACHE_MS = 2_000;
/**
 * The longest the chain's market rows (and the list built from them) are reused: the spec's market
 * pool and price polling (002 §9, 5 s). Any commit ends them sooner, and so does the next time a
 * market's status changes by time alone (nextStatusChange): within their life nothing they show can
 * change without a change signal, so this bound only matters if a signal were lost.
 */
export const MARKETS_SNAPSHOT_MAX_MS = 5_000;
/** What a staking read that failed on the chain answers (502). */
export const STAKING_UNREADABLE = "The staking pool could not be read";
/**
 * Bytes of books kept per chain (estimated, bookBytes): about 8 KB for a sender with 40 positions
 * and a year of weekly points: the history's JSON text and each holding's own JSON (written once
 * per book so that a reply does not format them again). The heap is smaller than the estimate
 * (stop 36 measured 0.85 KB a book before any text, against an estimate of 2 KB): the bound is
 * conservative. Stop 39 doubled it for the holdings' text (20,031 senders: 163 MB estimated).
 */
export const BOOKS_BYTES = 256 * 1024 * 1024;
/** The most active senders whose books are read ahead, the share of BOOKS_BYTES they may fill, per read. */
export const BOOKS_WARM_MAX = 50_000;
export const BOOKS_WARM_SHARE = 0.75;
export const BOOKS_WARM_BATCH = 200;
/**
 * Senders whose last positions request is remembered (per sender and selection: the home's 3, a
 * page and the full list are apart): a sender asked again while neither their book nor the markets
 * snapshot changed gets the reply made then (kept from the second ask on).
 */
export const RECENT_POSITIONS = 1_000;
type RecentPositions = { book: SenderBook; snapshot: MarketsSnapshot; reply: Buffer<ArrayBuffer> | null };
/** Transactions a sender's list shows (newest first). */
export const MARKET_TXS = 100;
const YEAR = 365 * 86_400;

/** Base units (18 decimals, numeric text) as a number of whole tokens. */
export const fromWad = (v: string | null | undefined): number =>
  v ? Number(BigInt(v.split(".")[0] ?? "0")) / 1e18 : 0;

/** What a market's status depends on besides the time. */
function statusInputs(r: MarketRow) {
  // an arbitrated answer is final when given; any other one after its timeout, which runs again
  // from a cancelled arbitration request (Reality.eth's cancelArbitration)
  const finalizeTime =
    r.answeredAt === null
      ? null
      : r.finalAnswer
        ? r.answeredAt
        : Math.max(r.answeredAt, r.reopenedAt ?? 0) + r.answerTimeout;
  return {
    resolved: r.payouts !== null,
    arbitrationPending: r.arbitration,
    finalizeTime,
    resolutionTime: r.resolutionTime,
  };
}

/** The first time after `now` any of `rows` changes status by time alone (seconds); null: none does. */
export function nextMarketsChange(rows: readonly MarketRow[], now: number): number | null {
  let next: number | null = null;
  for (const r of rows) {
    const at = nextStatusChange(statusInputs(r), now);
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}

/** A market's figures at `now`: status, prices (a resolved market's are its payouts), answer. */
export function marketFigures(r: MarketRow, now: number) {
  const b0 = BigInt(r.b0 ?? "0");
  const b1 = BigInt(r.b1 ?? "0");
  const payouts = r.payouts ? r.payouts.map((p) => Number(p)) : null;
  const paid = payouts ? (payouts[0] ?? 0) + (payouts[1] ?? 0) : 0;
  const { answer, invalid } = binaryAnswer(r.finalAnswer ?? r.answer);
  const inputs = statusInputs(r);
  const finalizeTime = inputs.finalizeTime;
  const status: MarketStatus = marketStatus(inputs, now);
  const prices: [number, number] =
    payouts && paid > 0 ? [(payouts[0] ?? 0) / paid, (payouts[1] ?? 0) / paid] : poolPrices(b0, b1);
  return {
    status,
    prices,
    liquidity: poolValue(b0, b1),
    payouts: payouts && payouts.length === 2 ? (payouts.map((p) => (paid > 0 ? p / paid : 0)) as number[]) : null,
    question: {
      answer,
      invalid,
      bond: fromWad(r.bond),
      finalizeTime,
      arbitrationPending: r.arbitration,
      minBond: fromWad(r.minBond),
    },
  };
}

export function toMarket(r: MarketRow, now: number): ApiMarket {
  const f = marketFigures(r, now);
  return {
    market: checksum(r.market),
    title: r.title,
    description: r.description,
    photo: r.photo,
    outcomeNames: [r.outcomeNames[0] ?? "Yes", r.outcomeNames[1] ?? "No"],
    outcomePrice: f.prices,
    resolutionTime: r.resolutionTime,
    expiration: r.resolutionTime,
    volume: fromWad(r.volume),
    liquidity: f.liquidity,
    status: f.status,
    conditionId: r.conditionId,
    redeem: f.status === "resolved",
    fee: fromWad(r.fee),
    createdAt: r.timestamp,
    question: f.question,
    payouts: f.payouts,
  };
}

/** The chain's markets as read at `now`, and the list reply built from them on first ask. */
type MarketsSnapshot = {
  rows: MarketRow[];
  now: number;
  /** The indexed state the rows were read at (chainHead's mark); null when it moved during the read. */
  mark: string | null;
  /** The latest indexed block's time (chainHead's head). */
  head: number;
  byAddress: Map<string, MarketRow>;
  /** Each market as positions show it at `now`, made on the first positions request. */
  views: Map<string, MarketView> | null;
  /** Every market's status at `now`: the only thing in the list that `now` alone changes. */
  statuses: string;
  /** The list reply, built on the first request for it. */
  list: Promise<CompressedJson> | null;
};

export const predictArea: ApiArea = (deps) => {
  // Per chain: the replies by key, and the chain's market rows (with the list built from them).
  const caches = new WeakMap<
    ChainRuntime,
    { replies: ReplyCache<string>; markets: ReplyCache<MarketsSnapshot>; latest: MarketsSnapshot | null }
  >();
  const chainCaches = (ch: ChainRuntime) => {
    let c = caches.get(ch);
    if (!c) {
      c = {
        replies: new ReplyCache<string>(PREDICT_CACHE_MS),
        markets: new ReplyCache<MarketsSnapshot>(MARKETS_SNAPSHOT_MAX_MS, 1),
        latest: null,
      };
      caches.set(ch, c);
    }
    return c;
  };
  const cacheOf = (ch: ChainRuntime) => chainCaches(ch).replies;
  const version = (ch: ChainRuntime) => String(ch.commits?.generation ?? 0);
  const json = (c: Context<ApiEnv>, body: string | Buffer<ArrayBuffer>) =>
    c.body(body, 200, { "Content-Type": "application/json" });
  const sqlOf = (ch: ChainRuntime) => new PredictSql(deps.db, ch.config.info.id);
  const nowOf = (ch: ChainRuntime) => chainNow(deps.db, ch.config.info.id);
  /**
   * Every market of the chain and the time they were read at, shared by the list, positions and
   * transactions: made again on each commit signal, at the next time a market's status changes by
   * time alone (nextMarketsChange), and at most 5 s apart (the bound for a lost signal). Each time,
   * one cheap read of the indexed state's mark (chainHead) comes first: the rows (at 1,000 markets
   * about 54 ms on PostgreSQL, the list's p99 when it ran every 5 s) are read again only when the
   * indexer committed since, and the list's JSON and gzip are made again only when the rows or a
   * status changed. A committed trade therefore shows on the next read, and an unchanged chain
   * costs one small query per 5 s.
   */
  const marketsOf = (ch: ChainRuntime) =>
    chainCaches(ch).markets.get(
      "markets",
      version(ch),
      async () => {
        const cached = chainCaches(ch);
        const { now, mark, head } = await chainHead(deps.db, ch.config.info.id);
        const same = cached.latest && cached.latest.mark === mark ? cached.latest : null;
        const rows = same ? same.rows : await sqlOf(ch).markets();
        // Rows read while the indexer committed belong to no single mark: such a snapshot is never
        // reused (a reorg back to the first mark would otherwise keep rows it took back).
        const settled = same || (await chainHead(deps.db, ch.config.info.id)).mark === mark;
        const statuses = rows.map((r) => marketStatus(statusInputs(r), now)).join();
        const snapshot: MarketsSnapshot = {
          rows,
          now,
          mark: settled ? mark : null,
          head,
          byAddress: same ? same.byAddress : new Map(rows.map((m) => [m.market, m])),
          views: same && same.now === now ? same.views : null,
          statuses,
          list: same && same.statuses === statuses ? same.list : null,
        };
        cached.latest = snapshot;
        return snapshot;
      },
      (s) => {
        const next = nextMarketsChange(s.rows, s.now);
        return next === null ? MARKETS_SNAPSHOT_MAX_MS : Math.min(MARKETS_SNAPSHOT_MAX_MS, (next - s.now) * 1000);
      },
    );

  /** Each market as a position shows it at the snapshot's time, with its place in the list. */
  const viewsOf = (snapshot: MarketsSnapshot) => {
    if (!snapshot.views) {
      snapshot.views = new Map(
        snapshot.rows.map((m, order) => {
          const f = marketFigures(m, snapshot.now);
          const view = marketView({
            market: checksum(m.market),
            title: m.title,
            outcomeNames: m.outcomeNames,
            status: f.status,
            prices: f.prices,
            conditionId: m.conditionId,
            order,
          });
          return [m.market, view];
        }),
      );
    }
    return snapshot.views;
  };

  /**
   * Per chain: each sender's book (their holdings, cost basis and history up to the indexed head,
   * queries/predict-books.ts), kept until a commit names the sender, a reorg, or the signal's
   * keptMs; the outcome prices the histories share; and the last replies made (the reply of a book
   * at one snapshot is the same until either changes).
   */
  const positionStates = new WeakMap<
    ChainRuntime,
    { books: KeptReplies<SenderBook>; grid: OutcomePriceGrid; recent: RecencyMap<string, RecentPositions> }
  >();
  const positionStateOf = (ch: ChainRuntime) => {
    let st = positionStates.get(ch);
    if (!st) {
      st = {
        books: new KeptReplies<SenderBook>({
          commits: ch.commits,
          keysOf: (change) => change.touched[MARKETS_SENDER_TOPIC] ?? [],
          maxBytes: BOOKS_BYTES,
          gzipFrom: Number.POSITIVE_INFINITY,
          metaBytes: bookBytes,
        }),
        grid: new OutcomePriceGrid(sqlOf(ch), ch.commits),
        recent: new RecencyMap(),
      };
      positionStates.set(ch, st);
      const { books, grid } = st;
      const sql = sqlOf(ch);
      books
        .warm(
          () => sql.activeSenders(BOOKS_WARM_MAX),
          "",
          async (senders) => {
            const read = await readBooks(sql, grid, senders, await marketsOf(ch));
            return new Map([...read].map(([k, meta]) => [k, { text: "", meta }]));
          },
          { share: BOOKS_WARM_SHARE, batch: BOOKS_WARM_BATCH, pauseMs: 20 },
        )
        .catch((e: Error) => console.error(`market positions: reading ahead stopped: ${e.message}`));
    }
    return st;
  };

  /** The sender's book at the snapshot (kept, or read now). */
  async function bookOf(ch: ChainRuntime, sender: string, snapshot: MarketsSnapshot) {
    const { books, grid } = positionStateOf(ch);
    const kept = await books.get(sender, "", async () => ({
      text: "",
      meta: (await readBooks(sqlOf(ch), grid, [sender], snapshot)).get(sender) as SenderBook,
    }));
    return kept.meta;
  }

  /** The sender's balance history over `range` (holdings then × outcome prices then); the last point is now's. */
  async function balanceHistory(
    ch: ChainRuntime,
    sender: string,
    range: { seconds: number; stepSeconds: number },
    current: { balance: number; now: number },
  ) {
    const sql = sqlOf(ch);
    const moves = await sql.moves(sender);
    if (moves.length === 0) return [{ value: current.balance, ts: current.now }];
    const times = sampleTimes(range, Number(moves[0]?.ts ?? current.now), current.now);
    const held = [...new Set(moves.map((m) => m.market))];
    const priceSeries = await sql.histories(held, times);
    const { values } = replayHistory(moves, times.slice(0, -1), (i, m) => priceSeries.get(m)?.[i]?.price0 ?? 0.5);
    return times.map((t, i) => ({ value: i === times.length - 1 ? current.balance : (values[i] as number), ts: t }));
  }

  /** The chain's staking pool (the deployment's), or null. */
  const poolOf = (ch: ChainRuntime) =>
    ((ch.config.deployment?.contracts as Record<string, `0x${string}` | undefined> | undefined)?.stakingRewards ??
      null) as `0x${string}` | null;

  /** The pool's reads (and the sender's) in one multicall, with its APR from indexed prices. */
  async function stakingReads(ch: ChainRuntime, pool: `0x${string}`, sender?: `0x${string}`) {
    const base = { address: pool, abi: stakingRewardsAbi } as const;
    const [stakingToken, rewardsToken, totalSupply, rewardRate, periodFinish] = await ch.client.multicall({
      allowFailure: false,
      multicallAddress: ch.config.deployment?.multicall3,
      contracts: [
        { ...base, functionName: "stakingToken" },
        { ...base, functionName: "rewardsToken" },
        { ...base, functionName: "totalSupply" },
        { ...base, functionName: "rewardRate" },
        { ...base, functionName: "periodFinish" },
      ],
    });
    const pair = { address: stakingToken, abi: uniswapV2PairAbi } as const;
    const [token0, token1, reserves, lpSupply, balanceOf, earned] = await ch.client.multicall({
      allowFailure: false,
      multicallAddress: ch.config.deployment?.multicall3,
      contracts: [
        { ...pair, functionName: "token0" },
        { ...pair, functionName: "token1" },
        { ...pair, functionName: "getReserves" },
        { ...pair, functionName: "totalSupply" },
        { ...base, functionName: "balanceOf", args: [sender ?? pool] },
        { ...base, functionName: "earned", args: [sender ?? pool] },
      ],
    });
    const prices = deps.services.get(ch, "prices");
    const usd = await prices.usdPrices();
    const priceOf = (a: string) => usd.get(a.toLowerCase()) ?? 0;
    const decimalsOf = (a: string) => prices.tokenByAddress(a)?.decimals ?? 18;
    const pairValue =
      (Number(reserves[0]) / 10 ** decimalsOf(token0)) * priceOf(token0) +
      (Number(reserves[1]) / 10 ** decimalsOf(token1)) * priceOf(token1);
    const lpPrice = lpSupply > 0n ? pairValue / (Number(lpSupply) / 1e18) : 0;
    const staked = (Number(totalSupply) / 1e18) * lpPrice;
    const now = await nowOf(ch);
    const yearly = (Number(rewardRate) / 10 ** decimalsOf(rewardsToken)) * YEAR * priceOf(rewardsToken);
    const apr = Number(periodFinish) > now && staked > 0 ? (yearly / staked) * 100 : 0;
    return {
      pool: checksum(pool),
      stakingToken: checksum(stakingToken),
      apr,
      balanceOf: sender ? balanceOf.toString() : "0",
      earned: sender ? earned.toString() : "0",
      totalSupply: totalSupply.toString(),
      rewardRate: rewardRate.toString(),
      periodFinish: Number(periodFinish),
    };
  }

  return new Hono<ApiEnv>()
    .get("/sofi/markets", async (c) => {
      const ch = c.var.chain;
      // the whole list (the spec's reply): about 1 KB a market, so it is sent gzip-compressed too
      const snapshot = await marketsOf(ch);
      snapshot.list ??= compressedJson(JSON.stringify(snapshot.rows.map((r) => toMarket(r, snapshot.now))));
      try {
        return sendCompressedJson(c, await snapshot.list);
      } catch (e) {
        snapshot.list = null; // (a later snapshot may share it) the next request builds it again
        throw e;
      }
    })
    .get("/sofi/markets/:market", validParam(marketParamSchema), validQuery(marketQuerySchema), async (c) => {
      const market = c.req.valid("param").market.toLowerCase();
      const { type } = c.req.valid("query");
      const ch = c.var.chain;
      const text = await cacheOf(ch).get(`market|${market}|${type}`, version(ch), async () => {
        const sql = sqlOf(ch);
        const [row, now] = await Promise.all([sql.market(market), nowOf(ch)]);
        if (!row) return "";
        const times = sampleTimes(MARKET_HISTORY_RANGES[type], row.timestamp, now);
        const history = await sql.history(market, times);
        const reply: ApiMarket = {
          ...toMarket(row, now),
          outcomeHistory: history
            .filter((p) => p.price0 !== null)
            .map((p) => ({
              timestamp: p.t,
              yes: p.price0 ?? 0.5,
              no: 1 - (p.price0 ?? 0.5),
              liquidity: p.value ?? 0,
            })),
        };
        return JSON.stringify(reply);
      });
      if (!text) return c.json({ error: PREDICT_ERRORS.notFound }, 404);
      return json(c, text);
    })
    .get("/sofi/markets_positions/cache", async (c) => {
      // the positions read-ahead's state, for operators and the bench; asking it starts reading ahead
      const { books } = positionStateOf(c.var.chain);
      return c.json({
        warmth: books.warmth,
        senders: books.heldKeys,
        bytes: books.heldBytes,
      } satisfies MarketsPositionsCacheState);
    })
    .get("/sofi/markets_positions", validQuery(positionsQuerySchema), async (c) => {
      const { top, limit, offset } = c.req.valid("query");
      const sender = c.req.valid("query").sender.toLowerCase();
      const selection =
        top !== undefined
          ? { top }
          : limit !== undefined || offset !== undefined
            ? { offset: offset ?? 0, limit: limit ?? PREDICT_TOP_MAX }
            : undefined;
      const ch = c.var.chain;
      const snapshot = await marketsOf(ch);
      const book = await bookOf(ch, sender, snapshot);
      // a book's reply at one snapshot is the same until either is made again. It is kept from a
      // sender's second ask on, so senders asked once (in turn) leave no 20 KB reply behind
      const st = positionStateOf(ch);
      // keyed by the selection as read, so `limit=10` and `limit=10&offset=0` share a reply
      const key =
        selection === undefined
          ? sender
          : "top" in selection
            ? `${sender}|top ${selection.top}`
            : `${sender}|${selection.offset}+${selection.limit}`;
      const last = st.recent.get(key);
      const again = last !== undefined && last.book === book && last.snapshot === snapshot;
      if (again && last.reply !== null) return json(c, last.reply);
      const p = positionsOf(book, (m) => viewsOf(snapshot).get(m), selection);
      // the history only in the unpaged reply (spec 002 §3): a selection is what a screen polls, and
      // the screens chart the balances reply (`/sofi/markets_balances`), not this one
      const history =
        selection !== undefined
          ? null
          : ((await historyOf(book, st.grid, snapshot, p.balance)) ??
            asciiPart(
              historyJson(
                await balanceHistory(ch, sender, BALANCE_HISTORY_RANGES.all, {
                  balance: p.balance,
                  now: snapshot.now,
                }),
              ),
            ));
      // written as bytes from the book's and the markets' kept bytes (json-bytes.ts); balance_changed
      // is toFixed's digits, so every formatted part is ASCII
      const head = `{"balance":${jsonNumber(p.balance)},"balance_changed":"${p.balanceChanged}","total":${p.total},"positions":`;
      const out = new JsonBytes(head.length + p.bytes + 12 + (history?.bytes ?? 0));
      out.ascii(head);
      p.write(out);
      if (history) {
        out.ascii(`,"history":`);
        history.write(out);
      }
      const reply = out.ascii("}").done();
      st.recent.set(key, { book, snapshot, reply: again ? reply : null });
      if (st.recent.size > RECENT_POSITIONS) st.recent.delete(st.recent.oldest() as string);
      return json(c, reply);
    })
    .get("/sofi/markets_balances", validQuery(balancesQuerySchema), async (c) => {
      const { sender, type } = c.req.valid("query");
      const ch = c.var.chain;
      const snapshot = await marketsOf(ch);
      const book = await bookOf(ch, sender.toLowerCase(), snapshot);
      const { balance } = positionsOf(book, (m) => viewsOf(snapshot).get(m));
      const history = await balanceHistory(ch, sender.toLowerCase(), BALANCE_HISTORY_RANGES[type], {
        balance,
        now: snapshot.now,
      });
      return c.json({ balance, history });
    })
    .get("/sofi/markets_txs", validQuery(senderQuerySchema), async (c) => {
      const sender = c.req.valid("query").sender.toLowerCase();
      const ch = c.var.chain;
      const sql = sqlOf(ch);
      const [{ rows: markets, byAddress }, trades, redemptions] = await Promise.all([
        marketsOf(ch),
        sql.transactions(sender, MARKET_TXS),
        sql.redemptions(sender),
      ]);
      const byCondition = new Map(markets.map((m) => [m.conditionId, m]));
      const rows = [
        ...trades.map((t) => {
          const m = byAddress.get(t.market);
          return {
            market: checksum(t.market),
            market_title: m?.title ?? "",
            action: t.kind as "buy" | "sell" | "addFunding" | "removeFunding",
            outcome: t.outcome === null ? null : (m?.outcomeNames[t.outcome] ?? String(t.outcome)),
            shares: fromWad(t.tokens),
            volume: fromWad(t.collateral),
            txid: t.tx_hash,
            timestamp: Number(t.timestamp),
          };
        }),
        ...redemptions.flatMap((r) => {
          const m = byCondition.get(r.condition_id);
          if (!m) return [];
          return [
            {
              market: checksum(m.market),
              market_title: m.title,
              action: "redeem" as const,
              outcome: null,
              shares: 0,
              volume: fromWad(r.payout),
              txid: r.tx_hash,
              timestamp: Number(r.timestamp),
            },
          ];
        }),
      ];
      rows.sort((x, y) => y.timestamp - x.timestamp);
      return c.json(rows.slice(0, MARKET_TXS));
    })
    .get("/apr", validQuery(aprQuerySchema), async (c) => {
      const ch = c.var.chain;
      const pool = poolOf(ch);
      if (!pool || pool.toLowerCase() !== c.req.valid("query").addr.toLowerCase())
        return c.json({ error: PREDICT_ERRORS.unknownPool }, 404);
      const s = await stakingReads(ch, pool).catch(() => null);
      if (!s) return c.json({ error: STAKING_UNREADABLE }, 502);
      return c.json({ apr: s.apr, totalSupply: s.totalSupply, rewardRate: s.rewardRate, periodFinish: s.periodFinish });
    })
    .get("/sofi/staking", validQuery(senderQuerySchema.partial()), async (c) => {
      const ch = c.var.chain;
      const pool = poolOf(ch);
      if (!pool) return c.json({ error: PREDICT_ERRORS.unknownPool }, 404);
      const sender = c.req.valid("query").sender as `0x${string}` | undefined;
      const s = await stakingReads(ch, pool, sender).catch(() => null);
      if (!s) return c.json({ error: STAKING_UNREADABLE }, 502);
      return c.json(s);
    });
};
