/**
 * A sender's market positions kept per sender (issue 21 §1), over synthetic indexed rows: the kept
 * reply equals the balances reply read from the database; the book is kept until a commit names the
 * sender (or a change without keys), while prices move on every read; sample times after the
 * indexed head follow the indexed state; the read-ahead keeps the most active senders; the
 * handler names every account its rows touch.
 */
import {
  balancesSchema,
  marketsPositionsCacheSchema,
  openPositions,
  PREDICT_ERRORS,
  PREDICT_OFFSET_MAX,
  PREDICT_TOP_MAX,
  positionsSchema,
} from "@sofi/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommitSignal } from "../src/api/commit-signal.ts";
import { MARKETS_SENDER_TOPIC } from "../src/api/queries/predict-books.ts";
import type { Db } from "../src/db/client.ts";
import { type EventColumns, type HandlerRows, touchedBy } from "../src/indexer/handler.ts";
import { predictHandler } from "../src/indexer/handlers/predict.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { buildApp } from "./helpers/hardening.ts";

/** The unpaged reply: every position and the history (spec 002 §3). */
const unpagedSchema = positionsSchema.required({ history: true });

const CHAIN = 31337;
const DAY = 86_400;
const WEEK = 7 * DAY;
const E18 = 10n ** 18n;
const M1 = "0xc100000000000000000000000000000000000001";
const M2 = "0xc100000000000000000000000000000000000002";
const A = "0x00000000000000000000000000000000000000a1";
const B = "0x00000000000000000000000000000000000000b2";
const C = "0x00000000000000000000000000000000000000c3";

const now = Math.floor(Date.now() / 1000);
/** The last sample time of the all-time history before now, and an indexed head a day before it. */
const lastGrid = Math.floor((now - 1) / WEEK) * WEEK;
const head = lastGrid - DAY;

let log = 0;
const next = () => ++log;

async function market(db: Db, address: string, created: number) {
  await db.query(
    `INSERT INTO predict_markets (chain_id, market, block_number, log_index, tx_hash, timestamp, registry, creator,
       condition_id, question_id, title, description, photo, outcome_names, resolution_time, fee, initial_funding,
       position_ids, answer_timeout, min_bond)
     VALUES ($1, $2, 1, $3, '0x01', $4, '0xregistry', '0xcreator', $5, $6, $7, '', '', '["Yes","No"]', $8, 0, 0, '["1","2"]', 86400, 0)`,
    [
      CHAIN,
      address,
      next(),
      created,
      `0xc2${address.slice(4)}`,
      `0xc3${address.slice(4)}`,
      `Market ${address.slice(-1)}`,
      now + 30 * DAY,
    ],
  );
}

/** A trade or funding event moving the market's price to `price0` (balances b0, b1 to match). */
async function event(
  db: Db,
  o: {
    market: string;
    ts: number;
    kind: string;
    account: string;
    outcome: number | null;
    collateral: bigint;
    tokens: bigint;
    price0: number;
  },
) {
  const b1 = BigInt(Math.round(o.price0 * 1000)) * E18;
  const b0 = 1000n * E18 - b1;
  await db.query(
    `INSERT INTO predict_events (chain_id, block_number, log_index, tx_hash, timestamp, market, kind, account, outcome,
       collateral, fee, tokens, b0, b1, price0, pool_value)
     VALUES ($1, 2, $2, '0x02', $3, $4, $5, $6, $7, $8, 0, $9, $10, $11, $12, 1000)`,
    [
      CHAIN,
      next(),
      o.ts,
      o.market,
      o.kind,
      o.account,
      o.outcome,
      o.collateral.toString(),
      o.tokens.toString(),
      b0.toString(),
      b1.toString(),
      o.price0,
    ],
  );
}

async function transfer(
  db: Db,
  o: { market: string; outcome: number; ts: number; from: string; to: string; value: bigint },
) {
  await db.query(
    `INSERT INTO predict_transfers (chain_id, block_number, log_index, item, timestamp, market, outcome, "from", "to", value)
     VALUES ($1, 2, $2, 0, $3, $4, $5, $6, $7, $8)`,
    [CHAIN, next(), o.ts, o.market, o.outcome, o.from, o.to, o.value.toString()],
  );
}

/** The indexed head: its block's time, and the checkpoint (the markets snapshot's mark) moved with it. */
async function indexedHead(db: Db, block: number, ts: number) {
  await db.query("INSERT INTO indexer_blocks (chain_id, block_number, block_hash, timestamp) VALUES ($1, $2, $3, $4)", [
    CHAIN,
    block,
    `0x${block.toString(16)}`,
    ts,
  ]);
  await db.query(
    `INSERT INTO indexer_checkpoints (chain_id, indexer, block_number, block_hash) VALUES ($1, 'predict', $2, $3)
     ON CONFLICT (chain_id, indexer) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash`,
    [CHAIN, block, `0x${block.toString(16)}`],
  );
}

/** A buy of `tokens` outcome tokens for `cost`: the event and the pool's transfer to the buyer. */
async function buy(
  db: Db,
  o: { market: string; account: string; outcome: number; ts: number; cost: bigint; tokens: bigint; price0: number },
) {
  await event(db, { ...o, kind: "buy", collateral: o.cost });
  await transfer(db, {
    market: o.market,
    outcome: o.outcome,
    ts: o.ts,
    from: o.market,
    to: o.account,
    value: o.tokens,
  });
}

describe.each(DB_KINDS)("market positions kept per sender (issue 21 §1, %s)", (kind) => {
  let db: Db;
  let commits: CommitSignal;
  let app: ReturnType<typeof buildApp>;

  const get = async (path: string, on = app) => {
    const res = await on.request(`/api/local${path}`);
    expect(res.status).toBe(200);
    return res.json();
  };
  const positions = async (sender: string, on = app) =>
    unpagedSchema.parse(await get(`/sofi/markets_positions?sender=${sender}`, on));
  const balancesAll = async (sender: string, on = app) =>
    balancesSchema.parse(await get(`/sofi/markets_balances?sender=${sender}&type=all`, on));
  const quantityOf = (p: Awaited<ReturnType<typeof positions>>, market: string, outcome: number) =>
    p.positions.find((x) => x.market.toLowerCase() === market && x.outcome_index === outcome)?.quantity ?? 0;
  /**
   * The history's last point is the reply's "now", so two reads made a second apart differ there
   * alone (CI once read across a second's edge): compare that point's time within 2 s, then the rest.
   */
  const sameAtNow = <T extends { history: { ts: number; value: number }[] }>(a: T, b: T) => {
    const last = (x: T) => x.history[x.history.length - 1]?.ts ?? 0;
    expect(Math.abs(last(a) - last(b))).toBeLessThanOrEqual(2);
    const trimmed = (x: T) => ({
      ...x,
      history: x.history.map((h, i) => (i === x.history.length - 1 ? { ...h, ts: 0 } : h)),
    });
    expect(trimmed(a)).toEqual(trimmed(b));
  };
  /** The database's answer (the balances reply reads the history with SQL) and the kept reply agree. */
  const agrees = async (sender: string, on = app) => {
    const [p, b] = await Promise.all([positions(sender, on), balancesAll(sender, on)]);
    expect(p.balance).toBe(b.balance);
    sameAtNow({ history: p.history }, { history: b.history });
    return p;
  };

  beforeAll(async () => {
    db = await freshDb(kind);
    await market(db, M1, now - 90 * DAY);
    await market(db, M2, now - 80 * DAY);
    await event(db, {
      market: M1,
      ts: now - 89 * DAY,
      kind: "addFunding",
      account: C,
      outcome: null,
      collateral: 1000n * E18,
      tokens: 1000n * E18,
      price0: 0.5,
    });
    await event(db, {
      market: M2,
      ts: now - 79 * DAY,
      kind: "addFunding",
      account: C,
      outcome: null,
      collateral: 1000n * E18,
      tokens: 1000n * E18,
      price0: 0.5,
    });
    // A: 10 yes of M1 (at 0.4 each), 5 no of M2 (at 0.7), then sells 4 of M1 back
    await buy(db, {
      market: M1,
      account: A,
      outcome: 0,
      ts: now - 50 * DAY,
      cost: 4n * E18,
      tokens: 10n * E18,
      price0: 0.55,
    });
    await buy(db, {
      market: M2,
      account: A,
      outcome: 1,
      ts: now - 40 * DAY,
      cost: (7n * E18) / 2n,
      tokens: 5n * E18,
      price0: 0.35,
    });
    await event(db, {
      market: M1,
      ts: now - 20 * DAY,
      kind: "sell",
      account: A,
      outcome: 0,
      collateral: 3n * E18,
      tokens: 4n * E18,
      price0: 0.6,
    });
    await transfer(db, { market: M1, outcome: 0, ts: now - 20 * DAY, from: A, to: M1, value: 4n * E18 });
    // B: 8 no of M1
    await buy(db, {
      market: M1,
      account: B,
      outcome: 1,
      ts: now - 30 * DAY,
      cost: 3n * E18,
      tokens: 8n * E18,
      price0: 0.62,
    });
    await event(db, {
      market: M2,
      ts: head - 2 * DAY,
      kind: "buy",
      account: C,
      outcome: 0,
      collateral: E18,
      tokens: 2n * E18,
      price0: 0.3,
    });
    await indexedHead(db, 10, head);
    commits = new CommitSignal();
    app = buildApp(db, { commits });
  });
  afterAll(closeAllDbs);

  it("answers what the database holds: holdings, average prices, prices now, and the balance history the balances reply reads", async () => {
    const p = await agrees(A);
    expect(quantityOf(p, M1, 0)).toBe(6);
    expect(quantityOf(p, M2, 1)).toBe(5);
    const m1 = p.positions.find((x) => x.market.toLowerCase() === M1);
    const m2 = p.positions.find((x) => x.market.toLowerCase() === M2);
    expect(m1?.price_avg).toBeCloseTo(0.4, 12);
    expect(m2?.price_avg).toBeCloseTo(0.7, 12);
    expect(m1?.price_cur).toBeCloseTo(0.62, 12); // B's buy left M1 at 0.62 for outcome 0
    expect(m2?.price_cur).toBeCloseTo(0.7, 12); // C's left M2 at 0.3 for outcome 0
    // newest market first
    expect(p.positions.map((x) => x.market.toLowerCase())).toEqual([M2, M1]);
    // spent 7.5, got 3 back, holds 6 × 0.62 + 5 × 0.7 = 7.22: (7.22 + 3 - 7.5) / 7.5
    expect(p.balance).toBeCloseTo(7.22, 12);
    expect(p.balance_changed).toBe((((7.22 + 3 - 7.5) / 7.5) * 100).toFixed(2));
    // the history runs over the weeks since the first move, the last after the indexed head
    expect(p.history.length).toBeGreaterThan(7);
    expect(p.history.some((h) => h.ts === lastGrid)).toBe(true);
    expect(p.history.at(-1)?.value).toBe(p.balance);
    // asked again at the same snapshot: made again, then kept from the second ask on
    const again = await Promise.all([positions(A), positions(A), positions(A)]);
    for (const r of again) expect(r).toEqual(p);
    const none = await agrees(C.replace("c3", "c4"));
    expect(none.positions).toEqual([]);
    expect(none.history).toHaveLength(1);
  });

  it("keeps a sender's holdings until a commit names them, while prices move on every read", async () => {
    const before = await positions(A);
    // rows the indexer wrote without telling: A's extra 3 no of M2, and a trade that moves M1
    await transfer(db, { market: M2, outcome: 1, ts: head - DAY, from: M2, to: A, value: 3n * E18 });
    await event(db, {
      market: M1,
      ts: head - DAY,
      kind: "buy",
      account: C,
      outcome: 1,
      collateral: E18,
      tokens: 2n * E18,
      price0: 0.25,
    });
    // a commit that names C (its trade; the indexer's checkpoint moved): the markets are read
    // again, A's book is kept
    await indexedHead(db, 20, head);
    commits.emit({ touched: { [MARKETS_SENDER_TOPIC]: [C] } });
    const kept = await positions(A);
    expect(quantityOf(kept, M2, 1)).toBe(5);
    expect(kept.positions.find((x) => x.market.toLowerCase() === M1)?.price_cur).toBeCloseTo(0.25, 12);
    expect(kept.balance).not.toBe(before.balance);
    // a commit that names A: the new holding shows on the next read
    commits.emit({ touched: { [MARKETS_SENDER_TOPIC]: [A.toUpperCase().replace("0X", "0x")] } });
    const read = await agrees(A);
    expect(quantityOf(read, M2, 1)).toBe(8);
  });

  it("a change without keys (a reorg) drops every book", async () => {
    await transfer(db, { market: M1, outcome: 1, ts: head - DAY, from: M1, to: B, value: 2n * E18 });
    commits.emit({ touched: { "other.topic": [B] } });
    expect(quantityOf(await positions(B), M1, 1)).toBe(8);
    commits.emit();
    expect(quantityOf(await agrees(B), M1, 1)).toBe(10);
  });

  it("a sample time after the indexed head follows the indexed state", async () => {
    const before = await agrees(A);
    const at = (p: typeof before) => p.history.find((h) => h.ts === lastGrid)?.value;
    // a block after the old head, before the last sample time, moves M2: the head passes that time
    await event(db, {
      market: M2,
      ts: lastGrid - 60,
      kind: "buy",
      account: C,
      outcome: 0,
      collateral: E18,
      tokens: E18,
      price0: 0.9,
    });
    await indexedHead(db, 30, lastGrid + Math.max(1, Math.floor((now - lastGrid) / 2)));
    commits.emit({ touched: { [MARKETS_SENDER_TOPIC]: [C] } });
    const after = await agrees(A);
    // A holds 8 no of M2: at 0.7 before, 0.1 after
    expect((at(before) ?? 0) - (at(after) ?? 0)).toBeCloseTo(8 * 0.6, 9);
  });

  it("reads ahead the most active senders' books, which answer as a read on demand does", async () => {
    const fresh = buildApp(db, { commits: new CommitSignal() });
    let state = marketsPositionsCacheSchema.parse(await get("/sofi/markets_positions/cache", fresh));
    for (let i = 0; i < 100 && state.warmth !== "warm"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = marketsPositionsCacheSchema.parse(await get("/sofi/markets_positions/cache", fresh));
    }
    expect(state.warmth).toBe("warm");
    // A, B and C traded
    expect(state.senders).toBe(3);
    expect(state.bytes).toBeGreaterThan(0);
    sameAtNow(await positions(A, fresh), await positions(A));
    sameAtNow(await positions(B, fresh), await positions(B));
  });

  it("without a commit signal nothing is kept: every read is the database's", async () => {
    const plain = buildApp(db);
    await transfer(db, { market: M2, outcome: 1, ts: head - DAY, from: M2, to: A, value: E18 });
    expect(quantityOf(await agrees(A, plain), M2, 1)).toBe(9);
  });

  it("`top` lists the open positions largest value first (core's openPositions), with the full reply's balance, no history", async () => {
    const topOf = async (sender: string, top: number) =>
      positionsSchema.parse(await get(`/sofi/markets_positions?sender=${sender}&top=${top}`));
    const full = await positions(A);
    // newest market first in the full list; by value (M1's yes is worth more) with `top`
    expect(full.positions.map((x) => x.market.toLowerCase())).toEqual([M2, M1]);
    const two = await topOf(A, 2);
    expect(two.positions.map((x) => x.market.toLowerCase())).toEqual([M1, M2]);
    expect(two.positions).toEqual(openPositions(full.positions, 2));
    const one = await topOf(A, 1);
    expect(one.positions).toEqual(openPositions(full.positions, 1));
    expect(one.positions).toHaveLength(1);
    expect(one.balance).toBe(full.balance);
    expect(one.balance_changed).toBe(full.balance_changed);
    // the history only unpaged: the screens that ask for a selection chart the balances reply
    expect(one.history).toBeUndefined();
    expect(two.history).toBeUndefined();
    // asked again (kept from the second ask on) and beside the full list: each keeps its own reply
    expect((await Promise.all([topOf(A, 1), topOf(A, 1), positions(A)])).map((r) => r.positions.length)).toEqual([
      1,
      1,
      full.positions.length,
    ]);
    // A redeemed M2's condition while still holding its tokens: listed in full, not open
    await db.query(
      `INSERT INTO predict_settlements (chain_id, block_number, log_index, tx_hash, timestamp, condition_id, kind, account, payout)
       VALUES ($1, 40, $2, '0x02', $3, $4, 'redemption', $5, 0)`,
      [CHAIN, next(), head, `0xc2${M2.slice(4)}`, A],
    );
    await indexedHead(db, 40, lastGrid + Math.max(1, Math.floor((now - lastGrid) / 2)));
    commits.emit({ touched: { [MARKETS_SENDER_TOPIC]: [A] } });
    const redeemed = await positions(A);
    expect(redeemed.positions.find((x) => x.market.toLowerCase() === M2)?.redeemed).toBe(true);
    const open = await topOf(A, 3);
    expect(open.positions.map((x) => x.market.toLowerCase())).toEqual([M1]);
    expect(open.positions).toEqual(openPositions(redeemed.positions, 3));
    // a sender with nothing: no positions, the same balance
    expect((await topOf(B.replace("b2", "b9"), 3)).positions).toEqual([]);
  });

  it("a page (`limit`, `offset`) is the full list's slice, with its total and the same balance, no history", async () => {
    const pageOf = async (query: string) =>
      positionsSchema.parse(await get(`/sofi/markets_positions?sender=${A}&${query}`));
    const full = await positions(A);
    expect(full.total).toBe(full.positions.length);
    const first = await pageOf("limit=1");
    expect(first.positions).toEqual(full.positions.slice(0, 1));
    expect(first.total).toBe(full.positions.length);
    expect(first.balance).toBe(full.balance);
    expect(first.history).toBeUndefined();
    expect((await pageOf("limit=1&offset=1")).positions).toEqual(full.positions.slice(1, 2));
    expect((await pageOf(`offset=${full.positions.length}`)).positions).toEqual([]);
  });

  it("refuses a `top`, `limit` or `offset` out of range, or `top` with a page, with the error's text", async () => {
    const bad: [string, string][] = [
      ...["0", "-1", "1.5", "x", "1e1", String(PREDICT_TOP_MAX + 1), ""].map((v): [string, string] => [
        `top=${v}`,
        PREDICT_ERRORS.top,
      ]),
      ...["0", "2.5", String(PREDICT_TOP_MAX + 1)].map((v): [string, string] => [`limit=${v}`, PREDICT_ERRORS.limit]),
      ...["-1", "y", String(PREDICT_OFFSET_MAX + 1)].map((v): [string, string] => [
        `offset=${v}`,
        PREDICT_ERRORS.offset,
      ]),
      ["top=3&limit=3", PREDICT_ERRORS.topWithPage],
      ["top=3&offset=0", PREDICT_ERRORS.topWithPage],
    ];
    for (const [query, error] of bad) {
      const res = await app.request(`/api/local/sofi/markets_positions?sender=${A}&${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json()), query).toContain(error);
    }
    for (const query of [`top=${PREDICT_TOP_MAX}`, `limit=${PREDICT_TOP_MAX}&offset=${PREDICT_OFFSET_MAX}`])
      expect((await app.request(`/api/local/sofi/markets_positions?sender=${A}&${query}`)).status, query).toBe(200);
  });
});

describe("the predict handler names the accounts its rows touch", () => {
  const cols = (args: Record<string, string[]>): EventColumns =>
    ({ block: [1], logIndex: [0], tx: ["0x01"], ts: [1], address: [M1], args }) as unknown as EventColumns;
  const touched = (rows: HandlerRows) => touchedBy([predictHandler], { predict: rows })?.[MARKETS_SENDER_TOPIC];

  it.each([
    ["FPMMBuy", { buyer: [A] }, [A]],
    ["FPMMSell", { seller: [A] }, [A]],
    ["FPMMFundingAdded", { funder: [A] }, [A]],
    ["FPMMFundingRemoved", { funder: [A] }, [A]],
    ["TransferSingle", { from: [A], to: [B] }, [A, B]],
    ["TransferBatch", { from: [B], to: [A] }, [B, A]],
    ["PayoutRedemption", { redeemer: [A.toUpperCase().replace("0X", "0x")] }, [A]],
  ] as const)("%s", (event, args, keys) => {
    expect(touched({ [event]: cols(args as unknown as Record<string, string[]>) } as unknown as HandlerRows)).toEqual(
      keys,
    );
  });

  it("a market's answer names no sender", () => {
    expect(touched({ LogNewAnswer: cols({ question_id: ["0x01"] }) } as unknown as HandlerRows) ?? []).toEqual([]);
  });
});
