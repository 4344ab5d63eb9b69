/**
 * Portfolios (issue 10): PortfolioFactory's `PortfolioCreated` makes each new Set token a source
 * (factory source, parameter `portfolio`), whose own events give holders (`Transfer`) and component
 * units (`DefaultPositionUnitEdited`, `ComponentAdded`/`Removed`, `PositionMultiplierEdited`); fixed
 * sources give trades (PortfolioTradingModule's buys, sells and settings, BasicIssuanceModule's
 * issues and redeems) and rebalances (Set TradeModule's `ComponentExchanged`). Every table is an
 * append-only log removed by block number on a reorg, except portfolio_holders, folded from the
 * transfers actually inserted (and unfolded from those a reorg deletes) in the same transaction.
 */
import {
  basicIssuanceModuleAbi,
  portfolioFactoryAbi,
  portfolioTradingModuleAbi,
  setTokenAbi,
  tradeModuleAbi,
} from "@sofi/protocol";
import { zeroAddress } from "viem";
import type { Queryable } from "../../db/client.ts";
import { arrayLiteral, bulkInsert, CHUNK } from "../bulk.ts";
import { defineHandler, type EventColumns, eventOf, type HandlerRows, type RowsOf, rawOf } from "../handler.ts";

export const PORTFOLIO_CREATED_EVENT = eventOf(portfolioFactoryAbi, "PortfolioCreated");
export const PORTFOLIO_EVENTS = [
  // each portfolio (Set token)
  eventOf(setTokenAbi, "Transfer"),
  eventOf(setTokenAbi, "DefaultPositionUnitEdited"),
  eventOf(setTokenAbi, "ComponentAdded"),
  eventOf(setTokenAbi, "ComponentRemoved"),
  eventOf(setTokenAbi, "PositionMultiplierEdited"),
  // a set's own `ModuleAdded(_module)`; its `ModuleRemoved(_module)` shares the trading module's
  // `ModuleRemoved(setToken)` signature below (one topic, decoded with the trading module's
  // argument name) and is told apart by the emitting address
  eventOf(setTokenAbi, "ModuleAdded"),
  // PortfolioTradingModule
  eventOf(portfolioTradingModuleAbi, "PortfolioBought"),
  eventOf(portfolioTradingModuleAbi, "PortfolioSold"),
  eventOf(portfolioTradingModuleAbi, "ModuleInitialized"),
  eventOf(portfolioTradingModuleAbi, "TradingEnabled"),
  eventOf(portfolioTradingModuleAbi, "ExitFeeSet"),
  eventOf(portfolioTradingModuleAbi, "ModuleRemoved"),
  // BasicIssuanceModule
  eventOf(basicIssuanceModuleAbi, "SetTokenIssued"),
  eventOf(basicIssuanceModuleAbi, "SetTokenRedeemed"),
  // TradeModule
  eventOf(tradeModuleAbi, "ComponentExchanged"),
] as const;

/** A range's rows, by event: the portfolio events and the factory's `PortfolioCreated`. */
type Rows = RowsOf<(typeof PORTFOLIO_EVENTS)[number] | typeof PORTFOLIO_CREATED_EVENT>;

/** Parses a JSON array column (the decoder's text for array arguments), addresses lower-cased. */
const jsonArray = (v: string | undefined): string[] =>
  (JSON.parse(v ?? "[]") as unknown[]).map((x) => String(x).toLowerCase());

/** Column values repeated `n` times. */
const fill = <T>(n: number, v: T): T[] => Array.from({ length: n }, () => v);

async function insertCreated(tx: Queryable, chainId: number, c: Rows["PortfolioCreated"]): Promise<void> {
  const components = c.args.components.map(jsonArray);
  const units = c.args.units.map(jsonArray);
  await bulkInsert(tx, "portfolios", chainId, [
    { name: "address", type: "text", values: c.args.portfolio },
    { name: "block_number", type: "int8", values: c.block },
    { name: "log_index", type: "int4", values: c.logIndex },
    { name: "tx_hash", type: "text", values: c.tx },
    { name: "timestamp", type: "int8", values: c.ts },
    { name: "factory", type: "text", values: c.address },
    { name: "manager", type: "text", values: c.args.manager },
    { name: "name", type: "text", values: c.args.name },
    { name: "symbol", type: "text", values: c.args.symbol },
    { name: "name_raw", type: "text", values: rawOf(c, "name") },
    { name: "symbol_raw", type: "text", values: rawOf(c, "symbol") },
    { name: "components", type: "jsonb", values: components.map((x) => JSON.stringify(x)) },
    { name: "units", type: "jsonb", values: units.map((x) => JSON.stringify(x)) },
    { name: "allocations", type: "jsonb", values: c.args.allocations.map((x) => JSON.stringify(jsonArray(x))) },
    { name: "start_price", type: "numeric", values: c.args.startPrice },
  ]);
  // the creation's units: the first row of each component's position log
  const p: { portfolio: string[]; component: string[]; block: number[]; log: number[]; ts: number[]; unit: string[] } =
    { portfolio: [], component: [], block: [], log: [], ts: [], unit: [] };
  for (let i = 0; i < c.block.length; i++) {
    const comps = components[i] ?? [];
    for (let k = 0; k < comps.length; k++) {
      p.portfolio.push(c.args.portfolio[i] as string);
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

/** Position log rows of one set event kind (`unit` null for added/removed). */
async function insertPositions(
  tx: Queryable,
  chainId: number,
  c: EventColumns<"_component">,
  kind: string,
  unit?: string[],
): Promise<void> {
  await bulkInsert(tx, "portfolio_positions", chainId, [
    { name: "portfolio", type: "text", values: c.address },
    { name: "component", type: "text", values: c.args._component },
    { name: "block_number", type: "int8", values: c.block },
    { name: "log_index", type: "int4", values: c.logIndex },
    { name: "timestamp", type: "int8", values: c.ts },
    { name: "kind", type: "text", values: fill(c.block.length, kind) },
    { name: "unit", type: "numeric", values: unit ?? fill(c.block.length, null) },
  ]);
}

/** Which argument of a trade event fills each portfolio_trades column (optional ones NULL when absent). */
type TradeFields<A extends string> = {
  portfolio: A;
  account: A;
  recipient?: A;
  token?: A;
  quantity: A;
  amount?: A;
  tradeFee?: A;
  exitFee?: A;
};

async function insertTrades(tx: Queryable, chainId: number, rows: Rows): Promise<void> {
  const cols = {
    block: [] as number[],
    log: [] as number[],
    tx: [] as string[],
    ts: [] as number[],
    portfolio: [] as string[],
    kind: [] as string[],
    account: [] as string[],
    recipient: [] as (string | null)[],
    token: [] as (string | null)[],
    quantity: [] as string[],
    amount: [] as (string | null)[],
    tradeFee: [] as (string | null)[],
    exitFee: [] as (string | null)[],
  };
  const add = <A extends string>(c: EventColumns<A>, kind: string, f: TradeFields<NoInfer<A>>) => {
    const arg = (name: A) => c.args[name];
    const opt = (name: A | undefined) => (name ? c.args[name] : undefined);
    const [portfolio, account, quantity] = [arg(f.portfolio), arg(f.account), arg(f.quantity)];
    const [recipient, token, amount, tradeFee, exitFee] = [
      opt(f.recipient),
      opt(f.token),
      opt(f.amount),
      opt(f.tradeFee),
      opt(f.exitFee),
    ];
    for (let i = 0; i < c.block.length; i++) {
      cols.block.push(c.block[i] as number);
      cols.log.push(c.logIndex[i] as number);
      cols.tx.push(c.tx[i] as string);
      cols.ts.push(c.ts[i] as number);
      cols.portfolio.push(portfolio[i] as string);
      cols.kind.push(kind);
      cols.account.push(account[i] as string);
      cols.recipient.push(recipient ? (recipient[i] as string) : null);
      cols.token.push(token ? (token[i] as string) : null);
      cols.quantity.push(quantity[i] as string);
      cols.amount.push(amount ? (amount[i] as string) : null);
      cols.tradeFee.push(tradeFee ? (tradeFee[i] as string) : null);
      cols.exitFee.push(exitFee ? (exitFee[i] as string) : null);
    }
  };
  add(rows.PortfolioBought, "buy", {
    portfolio: "setToken",
    account: "buyer",
    token: "tokenIn",
    quantity: "quantity",
    amount: "amountIn",
    tradeFee: "tradeFee",
  });
  add(rows.PortfolioSold, "sell", {
    portfolio: "setToken",
    account: "seller",
    token: "tokenOut",
    quantity: "quantity",
    amount: "amountOut",
    tradeFee: "tradeFee",
    exitFee: "exitFee",
  });
  add(rows.SetTokenIssued, "issue", {
    portfolio: "_setToken",
    account: "_issuer",
    recipient: "_to",
    quantity: "_quantity",
  });
  add(rows.SetTokenRedeemed, "redeem", {
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
  rows: Rows,
  children: ReadonlySet<string>,
): Promise<void> {
  const out = { block: [] as number[], log: [] as number[], portfolio: [] as string[], kind: [] as string[] };
  const enabled: (string | null)[] = [];
  const fee: (string | null)[] = [];
  const recipient: (string | null)[] = [];
  type Picked = [string | null, string | null, string | null];
  const add = (c: EventColumns<"setToken">, kind: string, pick: (i: number) => Picked) => {
    for (let i = 0; i < c.block.length; i++) {
      out.block.push(c.block[i] as number);
      out.log.push(c.logIndex[i] as number);
      out.portfolio.push(c.args.setToken[i] as string);
      out.kind.push(kind);
      const [e, f, r] = pick(i);
      enabled.push(e);
      fee.push(f);
      recipient.push(r);
    }
  };
  const feeOf =
    (c: EventColumns<"exitFeeBps" | "exitFeeRecipient">) =>
    (i: number): Picked => [null, c.args.exitFeeBps[i] as string, c.args.exitFeeRecipient[i] as string];
  add(rows.ModuleInitialized, "initialized", feeOf(rows.ModuleInitialized));
  add(rows.ExitFeeSet, "exit_fee", feeOf(rows.ExitFeeSet));
  const trading = rows.TradingEnabled;
  add(trading, "trading", (i) => [trading.args.enabled[i] as string, null, null]);
  // the trading module's ModuleRemoved(setToken) and a set's ModuleRemoved(_module) (same topic):
  // a set emits it with the module's address in the argument; the module with the set's
  const removed = rows.ModuleRemoved;
  const arg = removed.args.setToken;
  const fromSet = (i: number) => children.has(removed.address[i] as string);
  for (let i = 0; i < removed.block.length; i++) {
    out.block.push(removed.block[i] as number);
    out.log.push(removed.logIndex[i] as number);
    out.portfolio.push(fromSet(i) ? (removed.address[i] as string) : (arg[i] as string));
    out.kind.push(fromSet(i) ? "set_removed" : "removed");
    enabled.push(null);
    fee.push(null);
    recipient.push(fromSet(i) ? (arg[i] as string) : null);
  }
  const added = rows.ModuleAdded;
  for (let i = 0; i < added.block.length; i++) {
    out.block.push(added.block[i] as number);
    out.log.push(added.logIndex[i] as number);
    out.portfolio.push(added.address[i] as string);
    out.kind.push("added");
    enabled.push(null);
    fee.push(null);
    recipient.push(added.args._module[i] as string);
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
async function insertTransfers(tx: Queryable, chainId: number, t: Rows["Transfer"]): Promise<void> {
  const { from, to, value } = t.args;
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
async function knownSets(tx: Queryable, chainId: number, rows: Rows): Promise<Set<string>> {
  const emitters = [...new Set(rows.ModuleRemoved.address)];
  if (emitters.length === 0) return new Set();
  const found = await tx.query<{ address: string }>(
    "SELECT address FROM portfolios WHERE chain_id = $1 AND address = ANY($2::text[])",
    [chainId, arrayLiteral(emitters)],
  );
  return new Set([...found.map((r) => r.address), ...rows.PortfolioCreated.args.portfolio]);
}

async function insert(tx: Queryable, chainId: number, rows: Rows): Promise<void> {
  await insertCreated(tx, chainId, rows.PortfolioCreated);
  const edited = rows.DefaultPositionUnitEdited;
  await insertPositions(tx, chainId, edited, "edited", edited.args._realUnit);
  await insertPositions(tx, chainId, rows.ComponentAdded, "added");
  await insertPositions(tx, chainId, rows.ComponentRemoved, "removed");
  const m = rows.PositionMultiplierEdited;
  await bulkInsert(tx, "portfolio_multipliers", chainId, [
    { name: "portfolio", type: "text", values: m.address },
    { name: "block_number", type: "int8", values: m.block },
    { name: "log_index", type: "int4", values: m.logIndex },
    { name: "timestamp", type: "int8", values: m.ts },
    { name: "multiplier", type: "numeric", values: m.args._newMultiplier },
  ]);
  await insertTrades(tx, chainId, rows);
  await insertModuleEvents(tx, chainId, rows, await knownSets(tx, chainId, rows));
  const x = rows.ComponentExchanged;
  await bulkInsert(tx, "portfolio_rebalances", chainId, [
    { name: "block_number", type: "int8", values: x.block },
    { name: "log_index", type: "int4", values: x.logIndex },
    { name: "tx_hash", type: "text", values: x.tx },
    { name: "timestamp", type: "int8", values: x.ts },
    { name: "portfolio", type: "text", values: x.args._setToken },
    { name: "send_token", type: "text", values: x.args._sendToken },
    { name: "receive_token", type: "text", values: x.args._receiveToken },
    { name: "exchange_adapter", type: "text", values: x.args._exchangeAdapter },
    { name: "send_amount", type: "numeric", values: x.args._totalSendAmount },
    { name: "receive_amount", type: "numeric", values: x.args._totalReceiveAmount },
    { name: "protocol_fee", type: "numeric", values: x.args._protocolFee },
  ]);
  await insertTransfers(tx, chainId, rows.Transfer);
}

/**
 * After the generic rollback deleted the plain logs above `fork` (`tables`): deletes the trades and
 * transfers above it, each in one statement that unfolds what their insert folded (the buys and
 * sells counted in portfolio_stats; the holders' balances, holder counts and supply).
 */
async function rollback(tx: Queryable, chainId: number, fork: number): Promise<void> {
  await tx.query(
    `WITH del AS (
       DELETE FROM portfolio_trades WHERE chain_id = $1 AND block_number > $2 RETURNING portfolio, kind
     )
     UPDATE portfolio_stats s SET trades_count = s.trades_count - d.n
     FROM (SELECT portfolio, count(*) AS n FROM del WHERE kind IN ('buy', 'sell') GROUP BY portfolio) d
     WHERE s.chain_id = $1 AND s.portfolio = d.portfolio`,
    [chainId, fork],
  );
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

/**
 * The portfolios a range's rows are about: the emitter of every row (a set token's own events:
 * Transfer, positions, its modules) and the `setToken`/`_setToken`/`portfolio` argument (the
 * modules' and the factory's events). A module's or the factory's own address is named too, which
 * drops nothing.
 */
function touchedPortfolios(rows: HandlerRows): string[] {
  const out = new Set<string>();
  for (const cols of Object.values(rows)) {
    const args = cols.args as Record<string, readonly string[] | undefined>;
    for (const a of cols.address) out.add(a.toLowerCase());
    for (const a of args.setToken ?? args._setToken ?? args.portfolio ?? []) out.add(String(a).toLowerCase());
  }
  return [...out];
}

export const portfoliosHandler = defineHandler({
  name: "portfolios",
  events: PORTFOLIO_EVENTS,
  // the manager of a new portfolio: replies that link an author to their manager page (the feed's
  // kept topic pages, issue 21 §1) are made again; every portfolio a row is about: its kept detail
  // (api/portfolios.ts, "portfolios.portfolio")
  touches: (rows) => ({
    "people.manager": [...new Set(rows.PortfolioCreated?.args.manager ?? [])],
    "portfolios.portfolio": touchedPortfolios(rows),
  }),
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
  // the plain logs; portfolio_trades and portfolio_transfers are undone by `rollback` (counters)
  tables: [
    "portfolios",
    "portfolio_positions",
    "portfolio_multipliers",
    "portfolio_module_events",
    "portfolio_rebalances",
  ],
  insert,
  rollback,
});
