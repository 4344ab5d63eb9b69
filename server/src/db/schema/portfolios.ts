/**
 * Portfolios (issue 10). Indexed rows are an append-only log keyed by (chain_id, block_number, log_index, …) and removed by block number on a reorg; a portfolio's current state (units, module settings) is the latest row. Off-chain data (intro, icon, views, favourites) lives in its own tables, which a reorg keeps.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { uint256 } from "./indexer.ts";

/** PortfolioFactory `PortfolioCreated`: one row per portfolio (components, units, allocations as JSON arrays of text). */
export const portfolios = pgTable(
  "portfolios",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    factory: text("factory").notNull(),
    manager: text("manager").notNull(),
    /** Storable text of the on-chain name and symbol (U+FFFD where a character was removed). */
    name: text("name").notNull(),
    symbol: text("symbol").notNull(),
    /** The exact on-chain bytes (hex) where `name`/`symbol` are not an exact reading of them. */
    nameRaw: text("name_raw"),
    symbolRaw: text("symbol_raw"),
    components: jsonb("components").$type<string[]>().notNull(),
    units: jsonb("units").$type<string[]>().notNull(),
    allocations: jsonb("allocations").$type<string[]>().notNull(),
    /** USD per whole set at creation, 18 decimals. */
    startPrice: uint256("start_price").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.address] }),
    index("portfolios_new").on(t.chainId, t.timestamp),
    index("portfolios_manager").on(t.chainId, t.manager, t.timestamp),
    index("portfolios_block").on(t.chainId, t.blockNumber),
  ],
);

/**
 * Component units over time (real units: base units per 1e18 set): the creation's units (kind
 * `created`), then each set's `DefaultPositionUnitEdited` (`edited`), `ComponentAdded` (`added`, unit
 * null) and `ComponentRemoved` (`removed`). The latest row per component is its current unit.
 */
export const portfolioPositions = pgTable(
  "portfolio_positions",
  {
    chainId: integer("chain_id").notNull(),
    portfolio: text("portfolio").notNull(),
    component: text("component").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    kind: text("kind").notNull(),
    unit: uint256("unit"),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.portfolio, t.component, t.blockNumber, t.logIndex] }),
    index("portfolio_positions_block").on(t.chainId, t.blockNumber),
  ],
);

/** Each set's `PositionMultiplierEdited` (18 decimals; 1e18 until a fee module edits it). */
export const portfolioMultipliers = pgTable(
  "portfolio_multipliers",
  {
    chainId: integer("chain_id").notNull(),
    portfolio: text("portfolio").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    multiplier: uint256("multiplier").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.portfolio, t.blockNumber, t.logIndex] }),
    index("portfolio_multipliers_block").on(t.chainId, t.blockNumber),
  ],
);

/**
 * PortfolioTradingModule's buys and sells (`buy`, `sell`: account is the buyer or seller, token the
 * token in or out, zero address for ETH) and BasicIssuanceModule's issues and redeems (`issue`,
 * `redeem`: account the issuer or redeemer, recipient the receiver, no token).
 */
export const portfolioTrades = pgTable(
  "portfolio_trades",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    portfolio: text("portfolio").notNull(),
    kind: text("kind").notNull(),
    account: text("account").notNull(),
    recipient: text("recipient"),
    token: text("token"),
    quantity: uint256("quantity").notNull(),
    amount: uint256("amount"),
    tradeFee: uint256("trade_fee"),
    exitFee: uint256("exit_fee"),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("portfolio_trades_portfolio").on(t.chainId, t.portfolio, t.kind),
    index("portfolio_trades_account").on(t.chainId, t.account, t.blockNumber, t.logIndex),
  ],
);

/** Each set's ERC-20 `Transfer`s (mints from and burns to the zero address included). */
export const portfolioTransfers = pgTable(
  "portfolio_transfers",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    portfolio: text("portfolio").notNull(),
    from: text("from").notNull(),
    to: text("to").notNull(),
    value: uint256("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] })],
);

/**
 * Balances folded from portfolio_transfers in the same transaction (a reorg subtracts what its
 * deleted transfers had added). A holder is a row with a positive balance.
 */
export const portfolioHolders = pgTable(
  "portfolio_holders",
  {
    chainId: integer("chain_id").notNull(),
    portfolio: text("portfolio").notNull(),
    holder: text("holder").notNull(),
    balance: uint256("balance").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.portfolio, t.holder] }),
    index("portfolio_holders_holder").on(t.chainId, t.holder),
  ],
);

/**
 * Per portfolio counters kept by the indexer handler in the same transaction as the rows they count
 * (and undone by a reorg's rollback): buys and sells, holders with a positive balance, supply. The
 * metrics refresh reads them instead of counting a million trades on every refresh.
 */
export const portfolioStats = pgTable(
  "portfolio_stats",
  {
    chainId: integer("chain_id").notNull(),
    portfolio: text("portfolio").notNull(),
    tradesCount: integer("trades_count").notNull().default(0),
    holdersCount: integer("holders_count").notNull().default(0),
    supply: uint256("supply").notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.portfolio] })],
);

/** Set TradeModule `ComponentExchanged`: the manager's rebalances. */
export const portfolioRebalances = pgTable(
  "portfolio_rebalances",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    portfolio: text("portfolio").notNull(),
    sendToken: text("send_token").notNull(),
    receiveToken: text("receive_token").notNull(),
    exchangeAdapter: text("exchange_adapter").notNull(),
    sendAmount: uint256("send_amount").notNull(),
    receiveAmount: uint256("receive_amount").notNull(),
    protocolFee: uint256("protocol_fee").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("portfolio_rebalances_portfolio").on(t.chainId, t.portfolio),
  ],
);

/**
 * PortfolioTradingModule's settings per set, as events: `initialized` (exit fee and recipient),
 * `trading` (enabled), `exit_fee`, `removed`. The latest of each kind after the last `removed` counts.
 */
export const portfolioModuleEvents = pgTable(
  "portfolio_module_events",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    portfolio: text("portfolio").notNull(),
    kind: text("kind").notNull(),
    enabled: boolean("enabled"),
    exitFeeBps: integer("exit_fee_bps"),
    recipient: text("recipient"),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("portfolio_module_events_portfolio").on(t.chainId, t.portfolio),
  ],
);

/** Off-chain portfolio data: the manager's intro and icon (signed writes), views, promotion end. */
export const portfolioInfo = pgTable(
  "portfolio_info",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    intro: text("intro").notNull().default(""),
    /** A JPG/PNG data URL, served by `GET /sofi/portfolios/{id}/icon`. */
    icon: text("icon"),
    iconVersion: integer("icon_version").notNull().default(0),
    views: bigint("views", { mode: "number" }).notNull().default(0),
    /**
     * Not read any more: a detail's promote_end_at is the latest indexed PortfolioPromotion end
     * (portfolio_promotions). Kept so migrations stay additive; always 0.
     */
    promoteEndAt: bigint("promote_end_at", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] }), index("portfolio_info_views").on(t.chainId, t.views)],
);

/** A wallet's favourite portfolios (signed `POST /sofi/favorite`). */
export const favorites = pgTable(
  "favorites",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    portfolio: text("portfolio").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.address, t.portfolio] }),
    index("favorites_portfolio").on(t.chainId, t.portfolio),
  ],
);

/**
 * A track record's columns (issue 21 §3, @sofi/core track-record.ts), in the API's units: returns,
 * drawdown and volatility in percent, null where the history is too short.
 */
const trackRecordColumns = () => ({
  /** Whole days of daily closes the record holds. */
  recordDays: integer("record_days").notNull().default(0),
  return7d: doublePrecision("return_7d"),
  return30d: doublePrecision("return_30d"),
  return90d: doublePrecision("return_90d"),
  returnInception: doublePrecision("return_inception"),
  ethReturn7d: doublePrecision("eth_return_7d"),
  ethReturn30d: doublePrecision("eth_return_30d"),
  ethReturn90d: doublePrecision("eth_return_90d"),
  ethReturnInception: doublePrecision("eth_return_inception"),
  maxDrawdown: doublePrecision("max_drawdown"),
  riskScore: integer("risk_score"),
  riskAdjusted: doublePrecision("risk_adjusted"),
});

/**
 * Valuation of every portfolio (api/queries/portfolios.ts refreshes it from indexed prices), so the
 * lists order and page by value, APY and risk in SQL; with the portfolio's track record (issue 21 §3).
 */
export const portfolioMetrics = pgTable(
  "portfolio_metrics",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    valuePerSet: doublePrecision("value_per_set").notNull(),
    totalValue: doublePrecision("total_value").notNull(),
    apy: doublePrecision("apy").notNull(),
    cumulativeApy: doublePrecision("cumulative_apy").notNull(),
    change24h: doublePrecision("change_24h").notNull(),
    change7d: doublePrecision("change_7d").notNull(),
    /** The track record's annualised volatility, percent (0 without a record: risk_score is null then). */
    volatility: doublePrecision("volatility").notNull(),
    /** Buys and sells through the trading module (the "most traded" order). */
    tradesCount: integer("trades_count").notNull(),
    holdersCount: integer("holders_count").notNull(),
    computedAt: bigint("computed_at", { mode: "number" }).notNull(),
    ...trackRecordColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.address] }),
    index("portfolio_metrics_apy").on(t.chainId, t.apy),
    // the "High risk" order: risk score, then volatility
    index("portfolio_metrics_risk").on(t.chainId, t.riskScore, t.volatility),
    index("portfolio_metrics_traded").on(t.chainId, t.tradesCount),
  ],
);

/**
 * Each manager's track record (issue 21 §3): the value-weighted composite of the portfolios they
 * run, refreshed with portfolio_metrics (so the managers list orders by return, risk-adjusted return
 * and risk in SQL). A manager with no portfolio left (a reorg) keeps a row nobody reads: the list
 * starts from `portfolios`.
 */
export const managerRecords = pgTable(
  "manager_records",
  {
    chainId: integer("chain_id").notNull(),
    manager: text("manager").notNull(),
    /** Annualised, percent (null without a record). */
    volatility: doublePrecision("volatility"),
    ...trackRecordColumns(),
    computedAt: bigint("computed_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.manager] })],
);

/**
 * Who viewed a portfolio on a UTC day (issue 21): one row per (portfolio, day, viewer), the viewer a
 * hash of the day and the client (no IP stored), so a view counts once per viewer per day across
 * processes and restarts. Rows older than yesterday are pruned as views are written.
 */
export const portfolioViewers = pgTable(
  "portfolio_viewers",
  {
    chainId: integer("chain_id").notNull(),
    portfolio: text("portfolio").notNull(),
    day: text("day").notNull(),
    viewer: text("viewer").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.portfolio, t.day, t.viewer] })],
);
