/** The portfolios handler on synthetic rows: every table written, holders folded, replays and reorgs. */
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { type EventColumns, type HandlerRows, rollbackHandler } from "../src/indexer/handler.ts";
import { portfoliosHandler } from "../src/indexer/handlers/portfolios.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";

const ZERO = "0x0000000000000000000000000000000000000000";
const P = "0x00000000000000000000000000000000000000a1";
const M = "0x00000000000000000000000000000000000000b1";
const T1 = "0x00000000000000000000000000000000000000c1";
const T2 = "0x00000000000000000000000000000000000000C2";
const ALICE = "0x00000000000000000000000000000000000000d1";
const BOB = "0x00000000000000000000000000000000000000d2";
const MODULE = "0x00000000000000000000000000000000000000e1";

/** Columns of one event from row objects. */
function cols(rows: { block: number; log: number; address: string; args: Record<string, string> }[]): EventColumns {
  const args: Record<string, string[]> = {};
  for (const r of rows)
    for (const [k, v] of Object.entries(r.args)) {
      args[k] = [...(args[k] ?? []), v];
    }
  return {
    block: rows.map((r) => r.block),
    logIndex: rows.map((r) => r.log),
    tx: rows.map((r) => `0x${r.block.toString(16).padStart(64, "0")}`),
    ts: rows.map((r) => 1_700_000_000 + r.block * 12),
    address: rows.map((r) => r.address),
    args,
  } as EventColumns;
}

const created = (block: number): HandlerRows => ({
  PortfolioCreated: cols([
    {
      block,
      log: 0,
      address: "0x00000000000000000000000000000000000000f1",
      args: {
        portfolio: P,
        manager: M,
        name: 'Blue "chips", {x}',
        symbol: "BLUE",
        components: JSON.stringify([T1, T2]),
        units: JSON.stringify(["500000000000000000", "25000000"]),
        allocations: JSON.stringify(["5000", "5000"]),
        startPrice: "100000000000000000000",
      },
    },
  ]),
});

const transfer = (block: number, log: number, from: string, to: string, value: string) => ({
  block,
  log,
  address: P,
  args: { from, to, value },
});

async function holders(db: Db) {
  return (
    await db.query<{ holder: string; balance: string }>(
      "SELECT holder, balance::text AS balance FROM portfolio_holders WHERE portfolio = $1 AND balance > 0 ORDER BY holder",
      [P],
    )
  ).map((r) => [r.holder, r.balance]);
}

/** The handler's counters, and the same counted afresh from the tables they summarise. */
async function stats(db: Db) {
  const [kept] = await db.query<{ trades: number; holders: number; supply: string }>(
    "SELECT trades_count AS trades, holders_count AS holders, supply::text AS supply FROM portfolio_stats WHERE portfolio = $1",
    [P],
  );
  const [counted] = await db.query<{ trades: string; holders: string; supply: string }>(
    `SELECT (SELECT count(*) FROM portfolio_trades WHERE portfolio = $1 AND kind IN ('buy', 'sell')) AS trades,
       (SELECT count(*) FROM portfolio_holders WHERE portfolio = $1 AND balance > 0) AS holders,
       (SELECT COALESCE(sum(CASE WHEN "from" = $2 THEN value ELSE 0 END) - sum(CASE WHEN "to" = $2 THEN value ELSE 0 END), 0)::text
        FROM portfolio_transfers WHERE portfolio = $1) AS supply`,
    [P, ZERO],
  );
  const k = { trades: Number(kept?.trades ?? 0), holders: Number(kept?.holders ?? 0), supply: kept?.supply ?? "0" };
  expect(k).toEqual({ trades: Number(counted?.trades), holders: Number(counted?.holders), supply: counted?.supply });
  return k;
}

afterAll(closeAllDbs);

describe.each(DB_KINDS)("portfolios handler (%s)", (kind) => {
  it("writes creations, positions, trades, module settings, rebalances and holders; replays add nothing; reorgs undo", async () => {
    const db = await freshDb(kind);
    const range1: HandlerRows = {
      ...created(10),
      Transfer: cols([transfer(11, 1, ZERO, ALICE, "300"), transfer(11, 2, ALICE, BOB, "100")]),
      PortfolioBought: cols([
        {
          block: 11,
          log: 3,
          address: MODULE,
          args: { setToken: P, buyer: ALICE, tokenIn: ZERO, quantity: "300", amountIn: "1000", tradeFee: "3" },
        },
      ]),
      SetTokenIssued: cols([
        {
          block: 11,
          log: 0,
          address: "0x00000000000000000000000000000000000000e2",
          args: { _setToken: P, _issuer: MODULE, _to: MODULE, _hookContract: ZERO, _quantity: "300" },
        },
      ]),
      ModuleInitialized: cols([
        {
          block: 11,
          log: 4,
          address: MODULE,
          args: { setToken: P, manager: M, exitFeeBps: "50", exitFeeRecipient: M },
        },
      ]),
      TradingEnabled: cols([{ block: 11, log: 5, address: MODULE, args: { setToken: P, enabled: "true" } }]),
    };
    await db.transaction((tx) => portfoliosHandler.insert(tx, 31337, range1));
    await db.transaction((tx) => portfoliosHandler.insert(tx, 31337, range1)); // a replay
    const [p] = await db.query<{ name: string; components: string[]; units: string[]; start_price: string }>(
      "SELECT name, components, units, start_price::text FROM portfolios WHERE chain_id = 31337 AND address = $1",
      [P],
    );
    expect(p).toMatchObject({
      name: 'Blue "chips", {x}',
      components: [T1, T2.toLowerCase()],
      units: ["500000000000000000", "25000000"],
      start_price: "100000000000000000000",
    });
    expect(await holders(db)).toEqual([
      [ALICE, "200"],
      [BOB, "100"],
    ]);
    expect(await stats(db)).toEqual({ trades: 1, holders: 2, supply: "300" });
    const trades = await db.query<{ kind: string; account: string; amount: string | null }>(
      "SELECT kind, account, amount::text FROM portfolio_trades ORDER BY log_index",
    );
    expect(trades).toEqual([
      { kind: "issue", account: MODULE, amount: null },
      { kind: "buy", account: ALICE, amount: "1000" },
    ]);
    const mods = await db.query<{ kind: string; enabled: boolean | null; exit_fee_bps: number | null }>(
      "SELECT kind, enabled, exit_fee_bps FROM portfolio_module_events ORDER BY log_index",
    );
    expect(mods).toEqual([
      { kind: "initialized", enabled: null, exit_fee_bps: 50 },
      { kind: "trading", enabled: true, exit_fee_bps: null },
    ]);

    const range2: HandlerRows = {
      // Bob burns his 100, gets 50 from Alice and gives them back: no longer a holder
      Transfer: cols([
        transfer(20, 0, BOB, ZERO, "100"),
        transfer(20, 1, ALICE, BOB, "50"),
        transfer(20, 7, BOB, ALICE, "50"),
      ]),
      PortfolioSold: cols([
        {
          block: 20,
          log: 6,
          address: MODULE,
          args: {
            setToken: P,
            seller: BOB,
            tokenOut: ZERO,
            quantity: "100",
            amountOut: "300",
            tradeFee: "1",
            exitFee: "1",
          },
        },
      ]),
      DefaultPositionUnitEdited: cols([{ block: 20, log: 2, address: P, args: { _component: T1, _realUnit: "-1" } }]),
      ComponentRemoved: cols([{ block: 20, log: 3, address: P, args: { _component: T2.toLowerCase() } }]),
      PositionMultiplierEdited: cols([
        { block: 20, log: 4, address: P, args: { _newMultiplier: "999000000000000000" } },
      ]),
      ComponentExchanged: cols([
        {
          block: 20,
          log: 5,
          address: "0x00000000000000000000000000000000000000e3",
          args: {
            _setToken: P,
            _sendToken: T1,
            _receiveToken: T2.toLowerCase(),
            _exchangeAdapter: ZERO,
            _totalSendAmount: "10",
            _totalReceiveAmount: "20",
            _protocolFee: "0",
          },
        },
      ]),
    };
    await db.transaction((tx) => portfoliosHandler.insert(tx, 31337, range2));
    await db.transaction((tx) => portfoliosHandler.insert(tx, 31337, range2)); // a replay
    expect(await holders(db)).toEqual([[ALICE, "200"]]);
    expect(await stats(db)).toEqual({ trades: 2, holders: 1, supply: "200" });
    const pos = await db.query<{ kind: string; unit: string | null }>(
      "SELECT kind, unit::text FROM portfolio_positions ORDER BY block_number, log_index, component",
    );
    expect(pos).toEqual([
      { kind: "created", unit: "500000000000000000" },
      { kind: "created", unit: "25000000" },
      { kind: "edited", unit: "-1" },
      { kind: "removed", unit: null },
    ]);
    expect((await db.query("SELECT * FROM portfolio_rebalances")).length).toBe(1);
    expect((await db.query("SELECT * FROM portfolio_multipliers")).length).toBe(1);

    // a reorg back to block 15 undoes range 2 exactly, including the balances
    await db.transaction((tx) => rollbackHandler(tx, portfoliosHandler, 31337, 15));
    expect(await holders(db)).toEqual([
      [ALICE, "200"],
      [BOB, "100"],
    ]);
    expect(await stats(db)).toEqual({ trades: 1, holders: 2, supply: "300" });
    expect((await db.query("SELECT * FROM portfolio_positions")).length).toBe(2);
    expect((await db.query("SELECT * FROM portfolio_rebalances")).length).toBe(0);
    // and back to block 5 removes the portfolio itself
    await db.transaction((tx) => rollbackHandler(tx, portfoliosHandler, 31337, 5));
    expect(await holders(db)).toEqual([]);
    expect(await stats(db)).toEqual({ trades: 0, holders: 0, supply: "0" });
    for (const t of [
      "portfolios",
      "portfolio_positions",
      "portfolio_trades",
      "portfolio_module_events",
      "portfolio_transfers",
    ])
      expect((await db.query(`SELECT * FROM ${t}`)).length, t).toBe(0);
  });
});
