/**
 * A sender's prediction-market positions kept in memory (issue 21 §1): what only their own trades
 * change (holdings, cost basis, what they spent and got back, redemptions, and their all-time
 * balance history up to the indexed head) is read once into a book, kept until a commit names the
 * sender (`markets.sender`); what moves with every market's trade (prices, statuses, the balance now)
 * is added from the markets snapshot on each request. The history prices every held market at
 * sample times shared by all senders (sampleTimes aligns them to the step), so those outcome prices
 * are read once per time for every market (OutcomePriceGrid), not once per sender.
 */
import { type ApiPosition, BALANCE_HISTORY_RANGES, sampleTimes } from "@sofi/core";
import { type JsonBytes, ownBytes } from "../json-bytes.ts";
import type { MarketRow, Move, PredictSql } from "./predict.ts";

/** The topic whose keys are the senders (lowercased) whose trades, transfers or redemptions a commit wrote. */
export const MARKETS_SENDER_TOPIC = "markets.sender";

/** The chain's markets as read at `now` (api/predict.ts's snapshot). */
export type MarketsState = {
  rows: readonly MarketRow[];
  now: number;
  /** The latest indexed block's time: no row committed later is dated before it. */
  head: number;
  /** The indexed state the rows were read at; null when it moved during the read. */
  mark: string | null;
  byAddress: ReadonlyMap<string, MarketRow>;
};

/** Outcome 0's price per market at one time (null: no trade or funding yet then). */
export type PriceColumn = ReadonlyMap<string, number | null>;

/**
 * Every market's outcome-0 price at sample times, shared by the senders' histories. A time before
 * the indexed head is final (no later commit is dated before it) and kept until a reorg; a later one
 * is kept only while the indexed state is the one it was read at (the snapshot's mark).
 */
export class OutcomePriceGrid {
  private readonly settled = new Map<number, PriceColumn>();
  private readonly provisional = new Map<number, { mark: string; column: PriceColumn }>();
  /** Bumped by a reorg: a read begun before it is answered but not kept. */
  private epoch = 0;

  constructor(
    private readonly sql: PredictSql,
    commits?: { on(listener: (change?: unknown) => void): void },
  ) {
    // a change without keys is a reorg (or a signal that could not say): any past price may differ
    commits?.on((change) => {
      if (change === undefined) {
        this.settled.clear();
        this.provisional.clear();
        this.epoch++;
      }
    });
  }

  /** Times with a column kept (final and provisional). */
  get size(): number {
    return this.settled.size + this.provisional.size;
  }

  /** The columns of `times` at the state `s` was read at, read in one query for the missing ones. */
  async columns(times: readonly number[], s: MarketsState): Promise<Map<number, PriceColumn>> {
    const out = new Map<number, PriceColumn>();
    const missing: number[] = [];
    for (const t of new Set(times)) {
      const column =
        t < s.head
          ? this.settled.get(t)
          : s.mark !== null && this.provisional.get(t)?.mark === s.mark
            ? this.provisional.get(t)?.column
            : undefined;
      if (column) out.set(t, column);
      else missing.push(t);
    }
    if (missing.length === 0) return out;
    const epoch = this.epoch;
    const series = await this.sql.histories(
      s.rows.map((r) => r.market),
      missing,
    );
    const read = new Map<number, Map<string, number | null>>(missing.map((t) => [t, new Map()]));
    for (const [market, points] of series) for (const p of points) read.get(p.t)?.set(market, p.price0);
    for (const [t, column] of read) {
      out.set(t, column);
      if (epoch !== this.epoch) continue;
      if (t < s.head) this.settled.set(t, column);
      else if (s.mark !== null) this.provisional.set(t, { mark: s.mark, column });
    }
    return out;
  }
}

/**
 * What a sender's positions reply keeps: holdings (positive, in the order each market and outcome
 * first moved) as parallel arrays, money in and out in whole tokens, and the all-time history's
 * values at its sample times before `settledBefore`.
 */
export type SenderBook = {
  markets: string[];
  outcomes: Uint8Array;
  quantities: Float64Array;
  /** What the sender paid per token on average (0: never bought). */
  priceAvgs: Float64Array;
  spent: number;
  returned: number;
  /** Condition ids the sender redeemed. */
  redeemed: readonly string[];
  /** The first move's time (null: never held a position). */
  firstMoveAt: number | null;
  /**
   * The history's points at t0, t0 + step, … (`count` of them: the sample times before
   * `settledBefore`), as the reply's JSON items (`{"value":…,"ts":…}` joined by commas) in
   * `bytes[0, end)`: they never change while the book is kept, so they are written once, not on
   * every ask.
   */
  history: { t0: number; step: number; count: number; end: number };
  settledBefore: number;
  /**
   * The history's JSON, then each holding's part of its position's JSON that only the book sets
   * (`"price_avg":…,"quantity":…,"max_payout":…,"redeemed":…,`), as UTF-8 bytes written once:
   * formatting a double is a few hundred nanoseconds, a reply of 40 positions formatted four per
   * row, and a reply written as bytes is not encoded again on its way out (json-bytes.ts).
   */
  bytes: Buffer;
  /** Where each holding's text ends in `bytes` (holding i's starts where i - 1's ends, the first's at history.end). */
  textEnds: Uint32Array;
  /** The holdings' indices in the reply's order (newest market first, then outcome) when read. */
  display: Uint32Array;
};

/** Holding i's text in the book's bytes: [start, end). */
const textStart = (b: SenderBook, i: number) => (i === 0 ? b.history.end : (b.textEnds[i - 1] as number));

/** Bytes a book holds, estimated from its parts (typed arrays, references, headers). */
export const bookBytes = (b: SenderBook): number =>
  600 + b.markets.length * 60 + b.bytes.length + b.redeemed.length * 80;

/** Each market's place in the snapshot's list (its view's `order`), made once per list of rows. */
const ordersOf = new WeakMap<readonly MarketRow[], Map<string, number>>();
const marketOrder = (rows: readonly MarketRow[]) => {
  let orders = ordersOf.get(rows);
  if (!orders) {
    orders = new Map(rows.map((r, i) => [r.market, i]));
    ordersOf.set(rows, orders);
  }
  return orders;
};

/** The all-time balance history's sample times before `now` (the last point, now's, is the balance). */
export const pastSampleTimes = (firstMoveAt: number | null, now: number): number[] =>
  firstMoveAt === null ? [] : sampleTimes(BALANCE_HISTORY_RANGES.all, firstMoveAt, now).slice(0, -1);

/** A column's price of `outcome` (0.5 before the market's first event, as a market starts). */
const priceIn = (column: PriceColumn | undefined, market: string, outcome: number) => {
  const p0 = column?.get(market) ?? 0.5;
  return outcome === 0 ? p0 : 1 - p0;
};

/**
 * The balance history's one replay, shared by the kept books and the balances reply: the value at
 * each of `times` is the positive holdings after every move up to it, each at its outcome's price
 * (`price0At(i, market)` is outcome 0's at times[i]). Also returns the holdings after every move.
 */
export function replayHistory(
  moves: readonly Move[], // oldest first
  times: readonly number[],
  price0At: (i: number, market: string) => number,
): { values: Float64Array; qty: Map<string, bigint> } {
  const qty = new Map<string, bigint>();
  const values = new Float64Array(times.length);
  const apply = (mv: Move) => {
    const key = `${mv.market}|${mv.outcome}`;
    qty.set(key, (qty.get(key) ?? 0n) + BigInt(mv.delta));
  };
  let k = 0;
  for (const [i, t] of times.entries()) {
    for (; k < moves.length && Number(moves[k]?.ts) <= t; k++) apply(moves[k] as Move);
    let value = 0;
    // summed in the order each position first moved, so both readers' floating-point sums agree
    for (const [key, q] of qty) {
      if (q <= 0n) continue;
      const [market = "", outcome] = key.split("|");
      const p0 = price0At(i, market);
      value += (Number(q) / 1e18) * (outcome === "0" ? p0 : 1 - p0);
    }
    values[i] = value;
  }
  for (; k < moves.length; k++) apply(moves[k] as Move);
  return { values, qty };
}

/** The senders' books at the state `s` was read at: three queries, and the grid's missing columns. */
export async function readBooks(
  sql: PredictSql,
  grid: OutcomePriceGrid,
  senders: readonly string[],
  s: MarketsState,
): Promise<Map<string, SenderBook>> {
  const [movesBy, flowsBy, redemptionsBy] = await Promise.all([
    sql.movesOf(senders),
    sql.flowsOf(senders),
    sql.redemptionsOf(senders),
  ]);
  const plans = senders.map((sender) => {
    const moves = movesBy.get(sender) ?? [];
    const firstMoveAt = moves[0] ? Number(moves[0].ts) : null;
    const times = pastSampleTimes(firstMoveAt, s.now).filter((t) => t < s.head);
    return { sender, moves, firstMoveAt, times };
  });
  const columns = await grid.columns(
    plans.flatMap((p) => p.times),
    s,
  );
  const books = new Map<string, SenderBook>();
  for (const { sender, moves, firstMoveAt, times } of plans) {
    const { values, qty } = replayHistory(
      moves,
      times,
      (i, market) => columns.get(times[i] as number)?.get(market) ?? 0.5,
    );
    const bought = new Map<string, { cost: bigint; tokens: bigint }>();
    let spent = 0n;
    const redemptions = redemptionsBy.get(sender) ?? [];
    let returned = redemptions.reduce((sum, r) => sum + BigInt(r.payout), 0n);
    for (const f of flowsBy.get(sender) ?? []) {
      if (f.kind === "buy") {
        const key = `${f.market}|${f.outcome}`;
        const b = bought.get(key) ?? { cost: 0n, tokens: 0n };
        bought.set(key, { cost: b.cost + BigInt(f.collateral), tokens: b.tokens + BigInt(f.tokens) });
        spent += BigInt(f.collateral);
      } else if (f.kind === "sell") returned += BigInt(f.collateral);
    }
    const held = [...qty].filter(([, q]) => q > 0n);
    const redeemed = [...new Set(redemptions.map((r) => r.condition_id))];
    const redeemedSet = new Set(redeemed);
    const markets: string[] = [];
    const outcomes = new Uint8Array(held.length);
    const quantities = new Float64Array(held.length);
    const priceAvgs = new Float64Array(held.length);
    const texts: string[] = [];
    for (const [i, [key, q]] of held.entries()) {
      const [market = "", outcome = "0"] = key.split("|");
      const b = bought.get(key);
      const row = s.byAddress.get(market);
      // the snapshot's own string: a market's address is held once however many books name it
      markets.push(row?.market ?? market);
      outcomes[i] = Number(outcome);
      quantities[i] = Number(q) / 1e18;
      priceAvgs[i] = b && b.tokens > 0n ? Number(b.cost) / Number(b.tokens) : 0;
      const quantity = jsonNumber(quantities[i] as number);
      texts.push(
        `"price_avg":${jsonNumber(priceAvgs[i] as number)},"quantity":${quantity},"max_payout":${quantity},"redeemed":${row !== undefined && redeemedSet.has(row.conditionId)},`,
      );
    }
    // one buffer per book: the history's points, then the holdings' texts (all ASCII: numbers and keys)
    const history = times.map((t, i) => historyPoint(values[i] as number, t)).join(",");
    const textEnds = new Uint32Array(held.length);
    let end = Buffer.byteLength(history);
    for (const [i, t] of texts.entries()) {
      end += Buffer.byteLength(t);
      textEnds[i] = end;
    }
    const book: SenderBook = {
      markets,
      outcomes,
      quantities,
      priceAvgs,
      spent: Number(spent) / 1e18,
      returned: Number(returned) / 1e18,
      redeemed,
      firstMoveAt,
      history: {
        t0: times[0] ?? 0,
        step: times.length > 1 ? (times[1] as number) - (times[0] as number) : 0,
        count: times.length,
        end: Buffer.byteLength(history),
      },
      settledBefore: s.head,
      bytes: ownBytes(history + texts.join("")),
      textEnds,
      display: new Uint32Array(held.length),
    };
    // the arrays stay in first-move order (the histories sum in it); the reply's order is an index
    const orders = marketOrder(s.rows);
    book.display.set(held.map((_, i) => i).sort(byDisplay(book, (m) => orders.get(m))));
    books.set(sender, book);
  }
  return books;
}

/**
 * A market as a position shows it at the snapshot's time (api/predict.ts's marketFigures and names),
 * with its place in the list and the parts of a position's JSON that only the market sets, made
 * once per snapshot as bytes: a reply is then numbers spliced between them (MarketView's `json`).
 */
export type MarketView = {
  order: number;
  status: ApiPosition["status"];
  prices: readonly number[];
  conditionId: string;
  json: {
    /** An outcome's `{"market":…,"market_title":…,"outcome":…,"outcome_index":i,` */
    head: (outcome: number) => Buffer;
    /** `"status":…,"redeem":…,"conditionId":…}`: the position's last fields. */
    tail: Buffer;
    /** An outcome's price now as JSON writes it. */
    price: (outcome: number) => string;
  };
};

/** A market's view: its figures and the JSON parts of its positions. */
export function marketView(m: {
  market: string;
  title: string;
  outcomeNames: readonly string[];
  status: ApiPosition["status"];
  prices: readonly number[];
  conditionId: string;
  order: number;
}): MarketView {
  const head = (outcome: number) =>
    ownBytes(
      `{"market":${JSON.stringify(m.market)},"market_title":${JSON.stringify(m.title)},"outcome":${JSON.stringify(m.outcomeNames[outcome] ?? String(outcome))},"outcome_index":${outcome},`,
    );
  const heads = [head(0), head(1)];
  const price = (outcome: number) => jsonNumber(m.prices[outcome] ?? 0);
  const prices = [price(0), price(1)];
  return {
    order: m.order,
    status: m.status,
    prices: m.prices,
    conditionId: m.conditionId,
    json: {
      // the two outcomes a market has, made once; any other (none today) when asked
      head: (outcome) => heads[outcome] ?? head(outcome),
      tail: ownBytes(
        `"status":${JSON.stringify(m.status)},"redeem":${m.status === "resolved"},"conditionId":${JSON.stringify(m.conditionId)}}`,
      ),
      price: (outcome) => prices[outcome] ?? price(outcome),
    },
  };
}

/** A number as JSON writes it (a value that is not finite is null). */
export const jsonNumber = (x: number) => (Number.isFinite(x) ? String(x) : "null");

/**
 * Which of a book's positions a reply lists: every one (none given), the `top` open ones largest
 * value first (core's openPositions, which the tests hold this to), or a page of the list's order.
 */
export type PositionsSelection = { top: number } | { offset: number; limit: number };

/**
 * The book's positions at the snapshot's prices: their balance and its all-time change, how many
 * the selection picks from (`total`), and the ones listed, in order (newest market first, then
 * outcome order; for `top`, largest value first). `write` writes the `positions` array
 * (ApiPosition's fields) into a reply.
 */
export type Positions = {
  total: number;
  balance: number;
  balanceChanged: string;
  /** The bytes `write` adds, at most (an estimate that the reply's buffer starts at). */
  bytes: number;
  write: (out: JsonBytes) => void;
};

export function positionsOf(
  book: SenderBook,
  view: (market: string) => MarketView | undefined,
  selection?: PositionsSelection,
): Positions {
  const top = selection && "top" in selection ? selection.top : undefined;
  // the holdings the selection picks from: every one the snapshot shows, or (top) the open ones
  // (every kept holding is held; not those the sender redeemed) with their values
  const redeemed = top !== undefined && book.redeemed.length > 0 ? new Set(book.redeemed) : null;
  const pick = (order: Uint32Array, checked: boolean) => {
    const picked: number[] = [];
    const values: number[] = [];
    let balance = 0;
    let orderBefore = Number.POSITIVE_INFINITY;
    let outcomeBefore = -1;
    for (const i of order) {
      const m = view(book.markets[i] as string);
      if (!m) continue;
      const outcome = book.outcomes[i] as number;
      // the markets' places changed since the book was read (a reorg took a market back): the
      // caller sorts again, so every selection sums the balance in the same order
      if (!checked && (m.order > orderBefore || (m.order === orderBefore && outcome <= outcomeBefore))) return null;
      orderBefore = m.order;
      outcomeBefore = outcome;
      const value = (book.quantities[i] as number) * (m.prices[outcome] ?? 0);
      balance += value;
      if (top !== undefined && redeemed?.has(m.conditionId)) continue;
      picked.push(i);
      values.push(value);
    }
    return { picked, values, balance };
  };
  // one pass over the holdings in the kept order, checking it on the way (they are walked once);
  // sorted again, the order needs no check
  const { picked, values, balance } =
    pick(book.display, false) ??
    (pick(Uint32Array.from(book.display).sort(byDisplay(book, (m) => view(m)?.order)), true) as NonNullable<
      ReturnType<typeof pick>
    >);
  let listed: ArrayLike<number> = picked;
  if (top !== undefined) {
    // largest value first; equal values in the list's order (newest market first, then outcome)
    const byPlace = byDisplay(book, (m) => view(m)?.order);
    listed = picked
      .map((_, k) => k)
      .sort(
        (x, y) => (values[y] as number) - (values[x] as number) || byPlace(picked[x] as number, picked[y] as number),
      )
      .slice(0, top)
      .map((k) => picked[k] as number);
  } else if (selection && "limit" in selection) {
    listed = picked.slice(selection.offset, selection.offset + selection.limit);
  }
  let bytes = 2;
  for (let k = 0; k < listed.length; k++) {
    const i = listed[k] as number;
    const m = view(book.markets[i] as string) as MarketView;
    bytes +=
      m.json.head(book.outcomes[i] as number).length +
      (book.textEnds[i] as number) -
      textStart(book, i) +
      m.json.tail.length +
      POSITION_NUMBERS;
  }
  const change = book.spent > 0 ? ((balance + book.returned - book.spent) / book.spent) * 100 : 0;
  return {
    total: picked.length,
    balance,
    balanceChanged: change.toFixed(2),
    bytes,
    write: (out) => writePositions(out, listed, book, view),
  };
}

/** The most a position's own figures and keys take (three numbers of at most 24 characters and their keys). */
const POSITION_NUMBERS = 160;

/** Orders holdings' indices as a reply lists them: newest market first (`orderOf`), then outcome. */
const byDisplay = (book: SenderBook, orderOf: (market: string) => number | undefined) => {
  const rank = (i: number) => orderOf(book.markets[i] as string) ?? -1;
  return (x: number, y: number) => rank(y) - rank(x) || (book.outcomes[x] as number) - (book.outcomes[y] as number);
};

/**
 * The positions' JSON array in the order `order`. Per holding only its value and profit are
 * formatted: the rest is the book's and the market's bytes.
 */
function writePositions(
  out: JsonBytes,
  order: ArrayLike<number>,
  book: SenderBook,
  view: (market: string) => MarketView | undefined,
) {
  out.ascii("[");
  let first = true;
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    const m = view(book.markets[i] as string);
    if (!m) continue;
    const outcome = book.outcomes[i] as number;
    const priceAvg = book.priceAvgs[i] as number;
    const priceCur = m.prices[outcome] ?? 0;
    const value = (book.quantities[i] as number) * priceCur;
    const pl = priceAvg > 0 ? ((priceCur - priceAvg) / priceAvg) * 100 : null;
    if (!first) out.ascii(",");
    first = false;
    out
      .bytes(m.json.head(outcome))
      .bytes(book.bytes, textStart(book, i), book.textEnds[i] as number)
      .ascii(
        `"value_cur":${jsonNumber(value)},"price_cur":${m.json.price(outcome)},"profit_loss_percentage":${pl === null ? "null" : jsonNumber(pl)},`,
      )
      .bytes(m.json.tail);
  }
  out.ascii("]");
}

/** A balance history's point as JSON text. */
const historyPoint = (value: number, ts: number) => `{"value":${jsonNumber(value)},"ts":${ts}}`;

/** A balance history as JSON text. */
export const historyJson = (points: readonly { value: number; ts: number }[]) =>
  `[${points.map((p) => historyPoint(p.value, p.ts)).join(",")}]`;

/** A reply's part that writes itself into the reply, and the bytes it takes. */
export type ReplyPart = { bytes: number; write: (out: JsonBytes) => void };

/** JSON text that is ASCII only (numbers and keys) as a reply's part. */
export const asciiPart = (text: string): ReplyPart => ({ bytes: text.length, write: (out) => out.ascii(text) });

/**
 * The book's all-time balance history at `now`, ending at `balance`, as a reply's JSON array: the
 * kept points before the book's head, current holdings at the grid's prices after it (no move of
 * the sender came since, or the book would have been dropped). Null when the sample times no longer
 * fall on the kept ones (the span outgrew 399 steps): the caller reads the history instead.
 */
export async function historyOf(
  book: SenderBook,
  grid: OutcomePriceGrid,
  s: MarketsState,
  balance: number,
): Promise<ReplyPart | null> {
  const times = pastSampleTimes(book.firstMoveAt, s.now);
  const { t0, step, count, end } = book.history;
  // the sample times are evenly spaced: the same first time, step and count are the same times
  const settled = times.filter((t) => t < book.settledBefore);
  if (settled.length !== count) return null;
  if (count > 0 && settled[0] !== t0) return null;
  if (count > 1 && (settled[1] as number) - (settled[0] as number) !== step) return null;
  const later = times.slice(count);
  const columns = later.length ? await grid.columns(later, s) : null;
  const points: string[] = [];
  for (const t of later) {
    let value = 0;
    for (let i = 0; i < book.markets.length; i++)
      value +=
        (book.quantities[i] as number) *
        priceIn(columns?.get(t), book.markets[i] as string, book.outcomes[i] as number);
    points.push(historyPoint(value, t));
  }
  points.push(historyPoint(balance, s.now));
  // the kept points' bytes as they are, then the later ones (numbers: ASCII)
  const rest = `${count > 0 ? "," : ""}${points.join(",")}]`;
  return {
    bytes: 1 + end + rest.length,
    write: (out) => out.ascii("[").bytes(book.bytes, 0, end).ascii(rest),
  };
}
