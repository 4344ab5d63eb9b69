/**
 * Portfolios (issue 10): PortfolioFactory's `PortfolioCreated` makes each new Set token a source
 * (factory source, parameter `portfolio`), whose own events give holders (`Transfer`) and component
 * units (`DefaultPositionUnitEdited`, `ComponentAdded`/`Removed`, `PositionMultiplierEdited`); fixed
 * sources give trades (PortfolioTradingModule's buys, sells and settings, BasicIssuanceModule's
 * issues and redeems) and rebalances (Set TradeModule's `ComponentExchanged`). Every table is an
 * append-only log removed by block number on a reorg, except portfolio_holders, folded from the
 * transfers actually inserted (and unfolded from those a reorg deletes) in the same transaction.
 */
import { parseAbiItem, zeroAddress } from "viem";
import type { Queryable } from "../../db/client.ts";
import { arrayLiteral, bulkInsert, CHUNK } from "../bulk.ts";
import { argOf, type EventColumns, type Handler, type HandlerRows, rowsOf } from "../handler.ts";

export const PORTFOLIO_CREATED_EVENT = parseAbiItem(
  "event PortfolioCreated(address indexed portfolio, address indexed manager, string name, string symbol, address[] components, int256[] units, uint256[] allocations, uint256 startPrice)",
);
export const PORTFOLIO_EVENTS = [
  // each portfolio (Set token)
  parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)"),
  parseAbiItem("event DefaultPositionUnitEdited(address indexed _component, int256 _realUnit)"),
  parseAbiItem("event ComponentAdded(address indexed _component)"),
  parseAbiItem("event ComponentRemoved(address indexed _component)"),
  parseAbiItem("event PositionMultiplierEdited(int256 _newMultiplier)"),
  // a set's own `ModuleAdded(_module)`; its `ModuleRemoved(_module)` shares the trading module's
  // `ModuleRemoved(setToken)` signature below and is told apart by the emitting address
  parseAbiItem("event ModuleAdded(address indexed _module)"),
  // PortfolioTradingModule
  parseAbiItem(
    "event PortfolioBought(address indexed setToken, address indexed buyer, address indexed tokenIn, uint256 quantity, uint256 amountIn, uint256 tradeFee)",
  ),
  parseAbiItem(
    "event PortfolioSold(address indexed setToken, address indexed seller, address indexed tokenOut, uint256 quantity, uint256 amountOut, uint256 tradeFee, uint256 exitFee)",
  ),
  parseAbiItem(
    "event ModuleInitialized(address indexed setToken, address indexed manager, uint256 exitFeeBps, address exitFeeRecipient)",
  ),
  parseAbiItem("event TradingEnabled(address indexed setToken, bool enabled)"),
  parseAbiItem("event ExitFeeSet(address indexed setToken, uint256 exitFeeBps, address exitFeeRecipient)"),
  parseAbiItem("event ModuleRemoved(address indexed setToken)"),
  // BasicIssuanceModule
  parseAbiItem(
    "event SetTokenIssued(address indexed _setToken, address indexed _issuer, address indexed _to, address _hookContract, uint256 _quantity)",
  ),
  parseAbiItem(
    "event SetTokenRedeemed(address indexed _setToken, address indexed _redeemer, address indexed _to, uint256 _quantity)",
  ),
  // TradeModule
  parseAbiItem(
    "event ComponentExchanged(address indexed _setToken, address indexed _sendToken, address indexed _receiveToken, address _exchangeAdapter, uint256 _totalSendAmount, uint256 _totalReceiveAmount, uint256 _protocolFee)",
  ),
];

/** Parses a JSON array column (the decoder's text for array arguments), addresses lower-cased. */
const jsonArray = (v: string | undefined): string[] =>
  (JSON.parse(v ?? "[]") as unknown[]).map((x) => String(x).toLowerCase());

/** Column values repeated `n` times. */
const fill = <T>(n: number, v: T): T[] => Array.from({ length: n }, () => v);

async function insertCreated(tx: Queryable, chainId: number, c: EventColumns): Promise<void> {
  const components = argOf(c, "components").map(jsonArray);
  const units = argOf(c, "units").map(jsonArray);
  await bulkInsert(tx, "portfolios", chainId, [
    { name: "address", type: "text", values: argOf(c, "portfolio") },
    { name: "block_number", type: "int8", values: c.block },
    { name: "log_index", type: "int4", values: c.logIndex },
    { name: "tx_hash", type: "text", values: c.tx },
    { name: "timestamp", type: "int8", values: c.ts },
    { name: "factory", type: "text", values: c.address },
    { name: "manager", type: "text", values: argOf(c, "manager") },
    { name: "name", type: "text", values: argOf(c, "name") },
    { name: "symbol", type: "text", values: argOf(c, "symbol") },
    { name: "components", type: "jsonb", values: components.map((x) => JSON.stringify(x)) },
    { name: "units", type: "jsonb", values: units.map((x) => JSON.stringify(x)) },
    { name: "allocations", type: "jsonb", values: argOf(c, "allocations").map((x) => JSON.stringify(jsonArray(x))) },
    { name: "start_price", type: "numeric", values: argOf(c, "startPrice") },
  ]);
  // the creation's units: the first row of each component's position log
  const p: { portfolio: string[]; component: string[]; block: number[]; log: number[]; ts: number[]; unit: string[] } =
    { portfolio: [], component: [], block: [], log: [], ts: [], unit: [] };
  for (let i = 0; i < c.block.length; i++) {
    const comps = components[i] ?? [];
    for (let k = 0; k < comps.length; k++) {
      p.portfolio.push(argOf(c, "portfolio")[i] as string);
      p.component.push(comps[k] as string);
      p.block.push(c.block[i] as number);
      p.log.push(c.logIndex[i] as number);
      p.ts.push(c.ts[i] as number);
      p.unit.push(units[i]?.[k] ?? "0");
    }
  }
  await bulkInsert(tx, "portfolio_positions", chainId, [
    { name: "portfolio", type: "text", values: p.portfolio },
    { name: "component", type: "text", values: p.component },
    { name: "block_number", type: "int8", values: p.block },
    { name: "log_index", type: "int4", values: p.log },
    { name: "timestamp", type: "int8", values: p.ts },
    { name: "kind", type: "text", values: fill(p.block.length, "created") },
    { name: "unit", type: "numeric", values: p.unit },
  ]);
}

/** Position log rows of one set event kind (`unit` null for added/removed: text "NULL" in the array). */
async function insertPositions(tx: Queryable, chainId: number, c: EventColumns, kind: string, unit?: string[]) {
  await bulkInsert(tx, "portfolio_positions", chainId, [
    { name: "portfolio", type: "text", values: c.address },
    { name: "component", type: "text", values: argOf(c, "_component") },
    { name: "block_number", type: "int8", values: c.block },
    { name: "log_index", type: "int4", values: c.logIndex },
    { name: "timestamp", type: "int8", values: c.ts },
    { name: "kind", type: "text", values: fill(c.block.length, kind) },
    { name: "unit", type: "numeric", values: unit ?? fill(c.block.length, "NULL") },
  ]);
}

async function insertTrades(tx: Queryable, chainId: number, rows: HandlerRows): Promise<void> {
  const cols = {
    block: [] as number[],
    log: [] as number[],
    tx: [] as string[],
    ts: [] as number[],
    portfolio: [] as string[],
    kind: [] as string[],
    account: [] as string[],
    recipient: [] as string[],
    token: [] as string[],
    quantity: [] as string[],
    amount: [] as string[],
    tradeFee: [] as string[],
    exitFee: [] as string[],
  };
  const add = (
    c: EventColumns,
    kind: string,
    f: {
      portfolio: string;
      account: string;
      recipient?: string;
      token?: string;
      quantity: string;
      amount?: string;
      tradeFee?: string;
      exitFee?: string;
    },
  ) => {
    for (let i = 0; i < c.block.length; i++) {
      const arg = (name: string | undefined) => (name ? (argOf(c, name)[i] as string) : "NULL");
      cols.block.push(c.block[i] as number);
      cols.log.push(c.logIndex[i] as number);
      cols.tx.push(c.tx[i] as string);
      cols.ts.push(c.ts[i] as number);
      cols.portfolio.push(arg(f.portfolio));
      cols.kind.push(kind);
      cols.account.push(arg(f.account));
      cols.recipient.push(arg(f.recipient));
      cols.token.push(arg(f.token));
      cols.quantity.push(arg(f.quantity));
      cols.amount.push(arg(f.amount));
      cols.tradeFee.push(arg(f.tradeFee));
      cols.exitFee.push(arg(f.exitFee));
    }
  };
  add(rowsOf(rows, "PortfolioBought"), "buy", {
    portfolio: "setToken",
    account: "buyer",
    token: "tokenIn",
    quantity: "quantity",
    amount: "amountIn",
    tradeFee: "tradeFee",
  });
  add(rowsOf(rows, "PortfolioSold"), "sell", {
    portfolio: "setToken",
    account: "seller",
    token: "tokenOut",
    quantity: "quantity",
    amount: "amountOut",
    tradeFee: "tradeFee",
    exitFee: "exitFee",
  });
  add(rowsOf(rows, "SetTokenIssued"), "issue", {
    portfolio: "_setToken",
    account: "_issuer",
    recipient: "_to",
    quantity: "_quantity",
  });
  add(rowsOf(rows, "SetTokenRedeemed"), "redeem", {
    portfolio: "_setToken",
    account: "_redeemer",
    recipient: "_to",
    quantity: "_quantity",
  });
  await bulkInsert(
    tx,
    "portfolio_trades",
    chainId,
    [
      { name: "block_number", type: "int8", values: cols.block },
      { name: "log_index", type: "int4", values: cols.log },
      { name: "tx_hash", type: "text", values: cols.tx },
      { name: "timestamp", type: "int8", values: cols.ts },
      { name: "portfolio", type: "text", values: cols.portfolio },
      { name: "kind", type: "text", values: cols.kind },
      { name: "account", type: "text", values: cols.account },
      { name: "recipient", type: "text", values: cols.recipient },
      { name: "token", type: "text", values: cols.token },
      { name: "quantity", type: "numeric", values: cols.quantity },
      { name: "amount", type: "numeric", values: cols.amount },
      { name: "trade_fee", type: "numeric", values: cols.tradeFee },
      { name: "exit_fee", type: "numeric", values: cols.exitFee },
    ],
    "ON CONFLICT DO NOTHING RETURNING portfolio, kind",
    // buys and sells actually inserted (a replayed range counts nothing twice)
    (insert) => `WITH ins AS (${insert})
      INSERT INTO portfolio_stats (chain_id, portfolio, trades_count)
      SELECT $1, portfolio, count(*) FROM ins WHERE kind IN ('buy', 'sell') GROUP BY portfolio
      ON CONFLICT (chain_id, portfolio) DO UPDATE SET trades_count = portfolio_stats.trades_count + EXCLUDED.trades_count`,
  );
}

async function insertModuleEvents(
  tx: Queryable,
  chainId: number,
  rows: HandlerRows,
  children: ReadonlySet<string>,
): Promise<void> {
  const out = { block: [] as number[], log: [] as number[], portfolio: [] as string[], kind: [] as string[] };
  const enabled: string[] = [];
  const fee: string[] = [];
  const recipient: string[] = [];
  const add = (event: string, kind: string, pick: (c: EventColumns, i: number) => [string, string, string]) => {
    const c = rowsOf(rows, event);
    for (let i = 0; i < c.block.length; i++) {
      out.block.push(c.block[i] as number);
      out.log.push(c.logIndex[i] as number);
      out.portfolio.push(argOf(c, "setToken")[i] as string);
      out.kind.push(kind);
      const [e, f, r] = pick(c, i);
      enabled.push(e);
      fee.push(f);
      recipient.push(r);
    }
  };
  const feeOf = (c: EventColumns, i: number): [string, string, string] => [
    "NULL",
    argOf(c, "exitFeeBps")[i] as string,
    argOf(c, "exitFeeRecipient")[i] as string,
  ];
  add("ModuleInitialized", "initialized", feeOf);
  add("ExitFeeSet", "exit_fee", feeOf);
  add("TradingEnabled", "trading", (c, i) => [argOf(c, "enabled")[i] as string, "NULL", "NULL"]);
  // the trading module's ModuleRemoved(setToken) and a set's ModuleRemoved(_module) (same topic):
  // a set emits it with the module's address in the argument; the module with the set's
  const removed = rowsOf(rows, "ModuleRemoved");
  const arg = argOf(removed, "setToken");
  const fromSet = (i: number) => children.has(removed.address[i] as string);
  for (let i = 0; i < removed.block.length; i++) {
    out.block.push(removed.block[i] as number);
    out.log.push(removed.logIndex[i] as number);
    out.portfolio.push(fromSet(i) ? (removed.address[i] as string) : (arg[i] as string));
    out.kind.push(fromSet(i) ? "set_removed" : "removed");
    enabled.push("NULL");
    fee.push("NULL");
    recipient.push(fromSet(i) ? (arg[i] as string) : "NULL");
  }
  const added = rowsOf(rows, "ModuleAdded");
  for (let i = 0; i < added.block.length; i++) {
    out.block.push(added.block[i] as number);
    out.log.push(added.logIndex[i] as number);
    out.portfolio.push(added.address[i] as string);
    out.kind.push("added");
    enabled.push("NULL");
    fee.push("NULL");
    recipient.push(argOf(added, "_module")[i] as string);
  }
  await bulkInsert(tx, "portfolio_module_events", chainId, [
    { name: "block_number", type: "int8", values: out.block },
    { name: "log_index", type: "int4", values: out.log },
    { name: "portfolio", type: "text", values: out.portfolio },
    { name: "kind", type: "text", values: out.kind },
    { name: "enabled", type: "bool", values: enabled },
    { name: "exit_fee_bps", type: "int4", values: fee },
    { name: "recipient", type: "text", values: recipient },
  ]);
}

/**
 * The tail of a transfers statement (insert or reorg delete) that moves portfolio_stats with it:
 * `moved` the transfers' rows (portfolio, from, to, value), `folded` the holders' rows after the fold
 * (portfolio, holder, balance), `delta` what the fold added to each (portfolio, holder, delta).
 * A holder whose balance crossed zero adds or removes one holder; mints and burns move the supply,
 * with `sign` -1 when the transfers are being deleted.
 */
function foldStats(moved: string, folded: string, delta: string, sign: 1 | -1): string {
  return `, hs AS (
      SELECT f.portfolio, sum(CASE WHEN f.balance > 0 AND f.balance - x.delta <= 0 THEN 1
                               WHEN f.balance <= 0 AND f.balance - x.delta > 0 THEN -1 ELSE 0 END) AS dh
      FROM ${folded} f JOIN ${delta} x ON x.portfolio = f.portfolio AND x.holder = f.holder GROUP BY f.portfolio
    ), ss AS (
      SELECT portfolio, ${sign} * (sum(CASE WHEN "from" = '${zeroAddress}' THEN value ELSE 0 END)
        - sum(CASE WHEN "to" = '${zeroAddress}' THEN value ELSE 0 END)) AS ds
      FROM ${moved} GROUP BY portfolio
    )
    INSERT INTO portfolio_stats (chain_id, portfolio, holders_count, supply)
    SELECT $1, coalesce(hs.portfolio, ss.portfolio), coalesce(hs.dh, 0), coalesce(ss.ds, 0)
    FROM hs FULL JOIN ss ON ss.portfolio = hs.portfolio
    ON CONFLICT (chain_id, portfolio) DO UPDATE SET holders_count = portfolio_stats.holders_count + EXCLUDED.holders_count,
      supply = portfolio_stats.supply + EXCLUDED.supply`;
}

/**
 * Transfers, and the holders' balances folded from exactly the rows this statement inserted (a
 * replayed range adds nothing twice). Mints and burns move no zero-address balance.
 */
async function insertTransfers(tx: Queryable, chainId: number, t: EventColumns): Promise<void> {
  const from = argOf(t, "from");
  const to = argOf(t, "to");
  const value = argOf(t, "value");
  for (let i = 0; i < t.block.length; i += CHUNK) {
    const j = i + CHUNK;
    await tx.query(
      `WITH ins AS (
         INSERT INTO portfolio_transfers (chain_id, block_number, log_index, timestamp, portfolio, "from", "to", value)
         SELECT $1, * FROM unnest($2::int8[], $3::int4[], $4::int8[], $5::text[], $6::text[], $7::text[], $8::numeric[])
         ON CONFLICT DO NOTHING RETURNING portfolio, "from", "to", value
       ), d AS (
         SELECT portfolio, "from" AS holder, -value AS delta FROM ins WHERE "from" <> '${zeroAddress}'
         UNION ALL SELECT portfolio, "to", value FROM ins WHERE "to" <> '${zeroAddress}'
       ), g AS (
         SELECT portfolio, holder, sum(delta) AS delta FROM d GROUP BY portfolio, holder
       ), folded AS (
         INSERT INTO portfolio_holders (chain_id, portfolio, holder, balance)
         SELECT $1, portfolio, holder, delta FROM g
         ON CONFLICT (chain_id, portfolio, holder) DO UPDATE SET balance = portfolio_holders.balance + EXCLUDED.balance
         RETURNING portfolio, holder, balance
       )
       ${foldStats("ins", "folded", "g", 1)}`,
      [
        chainId,
        arrayLiteral(t.block, i, j),
        arrayLiteral(t.logIndex, i, j),
        arrayLiteral(t.ts, i, j),
        arrayLiteral(t.address, i, j),
        arrayLiteral(from, i, j),
        arrayLiteral(to, i, j),
        arrayLiteral(value, i, j),
      ],
    );
  }
}

/** The portfolios among the emitters of a range's `ModuleRemoved` logs (stored or created in the range). */
async function knownSets(tx: Queryable, chainId: number, rows: HandlerRows): Promise<Set<string>> {
  const emitters = [...new Set(rowsOf(rows, "ModuleRemoved").address)];
  if (emitters.length === 0) return new Set();
  const found = await tx.query<{ address: string }>(
    "SELECT address FROM portfolios WHERE chain_id = $1 AND address = ANY($2::text[])",
    [chainId, arrayLiteral(emitters)],
  );
  return new Set([...found.map((r) => r.address), ...argOf(rowsOf(rows, "PortfolioCreated"), "portfolio")]);
}

async function insert(tx: Queryable, chainId: number, rows: HandlerRows): Promise<void> {
  await insertCreated(tx, chainId, rowsOf(rows, "PortfolioCreated"));
  await insertPositions(
    tx,
    chainId,
    rowsOf(rows, "DefaultPositionUnitEdited"),
    "edited",
    argOf(rowsOf(rows, "DefaultPositionUnitEdited"), "_realUnit"),
  );
  await insertPositions(tx, chainId, rowsOf(rows, "ComponentAdded"), "added");
  await insertPositions(tx, chainId, rowsOf(rows, "ComponentRemoved"), "removed");
  const m = rowsOf(rows, "PositionMultiplierEdited");
  await bulkInsert(tx, "portfolio_multipliers", chainId, [
    { name: "portfolio", type: "text", values: m.address },
    { name: "block_number", type: "int8", values: m.block },
    { name: "log_index", type: "int4", values: m.logIndex },
    { name: "timestamp", type: "int8", values: m.ts },
    { name: "multiplier", type: "numeric", values: argOf(m, "_newMultiplier") },
  ]);
  await insertTrades(tx, chainId, rows);
  await insertModuleEvents(tx, chainId, rows, await knownSets(tx, chainId, rows));
  const x = rowsOf(rows, "ComponentExchanged");
  await bulkInsert(tx, "portfolio_rebalances", chainId, [
    { name: "block_number", type: "int8", values: x.block },
    { name: "log_index", type: "int4", values: x.logIndex },
    { name: "tx_hash", type: "text", values: x.tx },
    { name: "timestamp", type: "int8", values: x.ts },
    { name: "portfolio", type: "text", values: argOf(x, "_setToken") },
    { name: "send_token", type: "text", values: argOf(x, "_sendToken") },
    { name: "receive_token", type: "text", values: argOf(x, "_receiveToken") },
    { name: "exchange_adapter", type: "text", values: argOf(x, "_exchangeAdapter") },
    { name: "send_amount", type: "numeric", values: argOf(x, "_totalSendAmount") },
    { name: "receive_amount", type: "numeric", values: argOf(x, "_totalReceiveAmount") },
    { name: "protocol_fee", type: "numeric", values: argOf(x, "_protocolFee") },
  ]);
  await insertTransfers(tx, chainId, rowsOf(rows, "Transfer"));
}

const LOGS = [
  "portfolios",
  "portfolio_positions",
  "portfolio_multipliers",
  "portfolio_trades",
  "portfolio_module_events",
  "portfolio_rebalances",
];

async function rollback(tx: Queryable, chainId: number, fork: number): Promise<void> {
  // the deleted buys and sells were counted when inserted
  await tx.query(
    `UPDATE portfolio_stats s SET trades_count = s.trades_count - d.n
     FROM (SELECT portfolio, count(*) AS n FROM portfolio_trades
           WHERE chain_id = $1 AND block_number > $2 AND kind IN ('buy', 'sell') GROUP BY portfolio) d
     WHERE s.chain_id = $1 AND s.portfolio = d.portfolio`,
    [chainId, fork],
  );
  for (const table of LOGS)
    await tx.query(`DELETE FROM ${table} WHERE chain_id = $1 AND block_number > $2`, [chainId, fork]);
  await tx.query(
    `WITH del AS (
       DELETE FROM portfolio_transfers WHERE chain_id = $1 AND block_number > $2 RETURNING portfolio, "from", "to", value
     ), d AS (
       SELECT portfolio, "from" AS holder, value AS delta FROM del WHERE "from" <> '${zeroAddress}'
       UNION ALL SELECT portfolio, "to", -value FROM del WHERE "to" <> '${zeroAddress}'
     ), g AS (
       SELECT portfolio, holder, sum(delta) AS delta FROM d GROUP BY portfolio, holder
     ), folded AS (
       UPDATE portfolio_holders h SET balance = h.balance + g.delta FROM g
       WHERE h.chain_id = $1 AND h.portfolio = g.portfolio AND h.holder = g.holder
       RETURNING h.portfolio, h.holder, h.balance
     )
     ${foldStats("del", "folded", "g", -1)}`,
    [chainId, fork],
  );
}

export const portfoliosHandler: Handler = {
  name: "portfolios",
  events: PORTFOLIO_EVENTS,
  sources: [
    {
      kind: "factory",
      factories: (d) => (d.contracts?.portfolioFactory ? [d.contracts.portfolioFactory] : []),
      event: PORTFOLIO_CREATED_EVENT,
      parameter: "portfolio",
    },
    {
      kind: "fixed",
      addresses: (d) =>
        [d.contracts?.portfolioTradingModule, d.contracts?.basicIssuanceModule, d.contracts?.tradeModule].filter(
          (a): a is `0x${string}` => Boolean(a),
        ),
    },
  ],
  insert,
  rollback,
};
