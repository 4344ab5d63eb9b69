/**
 * A kept book's positions reply (issue 21 §1): each holding's own text is written once per book and
 * the reply's order is kept as an index, so a reply formats only the value and profit per holding.
 * These check the reply against its fields, its order, and the markets' order changing under a book.
 */
import { type ApiPosition, openPositions, positionSchema } from "@sofi/core";
import { describe, expect, it } from "vitest";
import { JsonBytes } from "../src/api/json-bytes.ts";
import {
  type MarketView,
  marketView,
  type Positions,
  positionsOf,
  type SenderBook,
} from "../src/api/queries/predict-books.ts";

const M = (n: number) => `0x${String(n).padStart(40, "0")}`;
const view = (n: number, order: number, prices: [number, number], status: ApiPosition["status"] = "active") =>
  marketView({
    market: M(n),
    // a title past ASCII: the market's bytes are UTF-8, the reply's own figures ASCII
    title: `Market "${n}" 시장`,
    outcomeNames: ["Yes", "No"],
    status,
    prices,
    conditionId: `0x${String(n).padStart(64, "c")}`,
    order,
  });

/** A book as readBooks writes it: arrays in first-move order, each holding's text, the reply's order. */
function book(rows: { market: number; outcome: number; quantity: number; priceAvg: number }[], display: number[]) {
  const texts = rows.map(
    (r) =>
      `"price_avg":${r.priceAvg},"quantity":${r.quantity},"max_payout":${r.quantity},"redeemed":${r.market === 3},`,
  );
  const b: SenderBook = {
    markets: rows.map((r) => M(r.market)),
    outcomes: Uint8Array.from(rows.map((r) => r.outcome)),
    quantities: Float64Array.from(rows.map((r) => r.quantity)),
    priceAvgs: Float64Array.from(rows.map((r) => r.priceAvg)),
    spent: 10,
    returned: 1,
    redeemed: [`0x${String(3).padStart(64, "c")}`],
    firstMoveAt: 1,
    history: { t0: 0, step: 0, count: 0, end: 0 },
    settledBefore: 0,
    bytes: Buffer.from(texts.join("")),
    textEnds: Uint32Array.from(texts.map((_, i) => Buffer.byteLength(texts.slice(0, i + 1).join("")))),
    display: Uint32Array.from(display),
  };
  return b;
}

/** The positions array as a reply writes it, checked against the bytes it said it would take at most. */
function written(p: Positions) {
  const out = new JsonBytes(1);
  p.write(out);
  const bytes = out.done();
  expect(bytes.length).toBeLessThanOrEqual(p.bytes);
  return bytes.toString("utf8");
}

const parse = (p: Positions) => positionSchema.array().parse(JSON.parse(written(p)));

// first moved: market 1 yes, market 3 no, market 2 yes, market 3 yes (market 3 redeemed: book())
const HELD = [
  { market: 1, outcome: 0, quantity: 2, priceAvg: 0.4 },
  { market: 3, outcome: 1, quantity: 5, priceAvg: 0.5 },
  { market: 2, outcome: 0, quantity: 1.5, priceAvg: 0 },
  { market: 3, outcome: 0, quantity: 1, priceAvg: 0.25 },
];
const VIEWS: [string, MarketView][] = [
  [M(1), view(1, 0, [0.6, 0.4])],
  [M(2), view(2, 1, [0.3, 0.7])],
  [M(3), view(3, 2, [1, 0], "resolved")],
];

describe("a book's positions reply", () => {
  const held = HELD;
  const views = new Map<string, MarketView>(VIEWS);
  // newest market (3) first, then outcome order
  const b = book(held, [3, 1, 2, 0]);

  it("writes every field of each position, newest market first then outcome, and sums the balance", () => {
    const p = positionsOf(b, (m) => views.get(m));
    const rows = parse(p);
    expect(rows.map((r) => [r.market, r.outcome_index])).toEqual([
      [M(3), 0],
      [M(3), 1],
      [M(2), 0],
      [M(1), 0],
    ]);
    expect(rows[0]).toEqual({
      market: M(3),
      market_title: 'Market "3" 시장',
      outcome: "Yes",
      outcome_index: 0,
      value_cur: 1,
      price_avg: 0.25,
      price_cur: 1,
      profit_loss_percentage: 300,
      quantity: 1,
      max_payout: 1,
      status: "resolved",
      redeem: true,
      redeemed: true,
      conditionId: `0x${String(3).padStart(64, "c")}`,
    });
    // bought at no cost (received): no profit figure
    expect(rows[2]?.profit_loss_percentage).toBeNull();
    expect(rows[3]?.value_cur).toBeCloseTo(1.2, 12);
    expect(p.total).toBe(4);
    expect(p.balance).toBeCloseTo(1 + 0 + 0.45 + 1.2, 12);
    expect(p.balanceChanged).toBe((((p.balance + 1 - 10) / 10) * 100).toFixed(2));
  });

  it("sorts again when the markets' places changed since the book was read, and leaves out a market gone", () => {
    const moved = new Map<string, MarketView>([
      [M(1), view(1, 5, [0.6, 0.4])],
      [M(3), view(3, 1, [1, 0], "resolved")],
    ]);
    const rows = parse(positionsOf(b, (m) => moved.get(m)));
    expect(rows.map((r) => [r.market, r.outcome_index])).toEqual([
      [M(1), 0],
      [M(3), 0],
      [M(3), 1],
    ]);
  });
});

describe("a book's positions, selected", () => {
  // market 3 (both outcomes) was redeemed: listed in full, not open. Market 4's no is worth
  // 2 × 0.6, as much as market 1's yes (2 × 0.6): a tie
  const held = [...HELD, { market: 4, outcome: 1, quantity: 2, priceAvg: 0.2 }];
  const views = new Map<string, MarketView>([...VIEWS, [M(4), view(4, 3, [0.4, 0.6])]]);
  const b = book(held, [4, 3, 1, 2, 0]);
  const full = positionsOf(b, (m) => views.get(m));
  const all = parse(full);

  it("`top`: the open ones largest value first, ties in the list's order (openPositions), the same balance", () => {
    for (const top of [1, 2, 3, 10]) {
      const p = positionsOf(b, (m) => views.get(m), { top });
      expect(parse(p), String(top)).toEqual(openPositions(all, top));
      expect(p.total).toBe(3);
      expect(p.balance).toBe(full.balance);
      expect(p.balanceChanged).toBe(full.balanceChanged);
    }
    // the tie: market 4 is newer, so it comes first
    expect(all.find((r) => r.market === M(4))?.value_cur).toBe(all.find((r) => r.market === M(1))?.value_cur);
    expect(parse(positionsOf(b, (m) => views.get(m), { top: 2 })).map((r) => r.market)).toEqual([M(4), M(1)]);
    // places moved (market 1 now newest): the tie follows the new order, as the full list does
    const moved = new Map(views).set(M(1), view(1, 9, [0.6, 0.4]));
    const movedFull = positionsOf(b, (m) => moved.get(m));
    const movedAll = parse(movedFull);
    const movedTop = positionsOf(b, (m) => moved.get(m), { top: 2 });
    expect(parse(movedTop)).toEqual(openPositions(movedAll, 2));
    // summed in the same (sorted again) order as the full list: the same balance to the last bit
    expect(movedTop.balance).toBe(movedFull.balance);
    expect(openPositions(movedAll, 2).map((r) => r.market)).toEqual([M(1), M(4)]);
  });

  it("a page: the list's order from `offset`, `limit` of them; past the end none; the total is every position", () => {
    const page = positionsOf(b, (m) => views.get(m), { offset: 1, limit: 2 });
    expect(parse(page)).toEqual(all.slice(1, 3));
    expect(page.total).toBe(5);
    expect(page.balance).toBe(full.balance);
    expect(parse(positionsOf(b, (m) => views.get(m), { offset: 4, limit: 10 }))).toEqual(all.slice(4));
    const past = positionsOf(b, (m) => views.get(m), { offset: 5, limit: 10 });
    expect(parse(past)).toEqual([]);
    expect(past.total).toBe(5);
    // a market the snapshot no longer shows is neither listed nor counted
    const gone = new Map(views);
    gone.delete(M(2));
    const without = positionsOf(b, (m) => gone.get(m), { offset: 0, limit: 10 });
    expect(without.total).toBe(4);
    expect(parse(without).map((r) => r.market)).not.toContain(M(2));
  });
});

describe("a reply written as bytes", () => {
  it("grows past the capacity it started at and keeps every byte in order", () => {
    const out = new JsonBytes(1);
    const piece = Buffer.from("가".repeat(100));
    out
      .ascii("[")
      .bytes(piece)
      .bytes(piece, 3, 9)
      .bytes(new Uint8Array(piece), 6, 9) // a plain Uint8Array, not a Buffer: the same bytes
      .ascii(`,${"1".repeat(200)}]`);
    expect(out.done().toString("utf8")).toBe(`[${"가".repeat(103)},${"1".repeat(200)}]`);
  });
});
