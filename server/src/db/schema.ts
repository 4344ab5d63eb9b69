/**
 * Database schema. Every indexed row carries chain_id and block_number, keyed by
 * (chain_id, block_number, log_index) so replays insert nothing twice. Money and reserves are
 * numeric(78,0) base units (bigint in TypeScript).
 */

import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** numeric(78,0) ↔ bigint. */
export const uint256 = customType<{ data: bigint; driverData: string }>({
  dataType: () => "numeric(78, 0)",
  toDriver: (v) => v.toString(),
  fromDriver: (v) => BigInt(v),
});

/** Where each indexer of each chain stands: the last fully indexed block and its hash. */
export const checkpoints = pgTable(
  "indexer_checkpoints",
  {
    chainId: integer("chain_id").notNull(),
    indexer: text("indexer").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    blockHash: text("block_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.indexer] })],
);

/**
 * Contracts that a factory created at run time, found by the handler that follows them (its
 * `factory` source): kept so a restart does not rescan, rolled back with the block they came from.
 */
export const children = pgTable(
  "indexer_children",
  {
    chainId: integer("chain_id").notNull(),
    handler: text("handler").notNull(),
    address: text("address").notNull(),
    factory: text("factory").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.handler, t.address] })],
);

/** Hashes and timestamps of indexed blocks: reorg detection (recent ones) and event times. */
export const blocks = pgTable(
  "indexer_blocks",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    blockHash: text("block_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber] })],
);

/** Uniswap V2 pair `Swap` events. */
export const pairSwaps = pgTable(
  "pair_swaps",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    pair: text("pair").notNull(),
    sender: text("sender").notNull(),
    recipient: text("recipient").notNull(),
    amount0In: uint256("amount0_in").notNull(),
    amount1In: uint256("amount1_in").notNull(),
    amount0Out: uint256("amount0_out").notNull(),
    amount1Out: uint256("amount1_out").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] })],
);

/** Uniswap V2 pair `Sync` events: reserves over time, the source of prices. */
export const pairSyncs = pgTable(
  "pair_syncs",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    pair: text("pair").notNull(),
    reserve0: uint256("reserve0").notNull(),
    reserve1: uint256("reserve1").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] })],
);

/**
 * Last reserves of each pair per 5-minute bucket (CANDLE_SECONDS), maintained by the indexer in
 * the same transaction as pair_syncs. Prices, 24 h changes and history read this small table
 * instead of every Sync; chart buckets (15 min, 1 h, 4 h, 1 d) are multiples of it, so they stay exact.
 */
export const pairCandles = pgTable(
  "pair_candles",
  {
    chainId: integer("chain_id").notNull(),
    pair: text("pair").notNull(),
    bucket: bigint("bucket", { mode: "number" }).notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    reserve0: uint256("reserve0").notNull(),
    reserve1: uint256("reserve1").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.pair, t.bucket] })],
);

/** Spec 000 §2 page-view tracker: signed POSTs from the web app. */
export const pageViews = pgTable(
  "page_views",
  {
    id: serial("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    path: text("path").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_views_path").on(t.chainId, t.path)],
);

/**
 * SofiAggregator `Trade` events (one per trade through the aggregator): the profile's transaction
 * tab and the swap page's recent transactions. Native ETH is the zero address in token_in/token_out.
 */
export const aggregatorTrades = pgTable(
  "aggregator_trades",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    user: text("user").notNull(),
    router: text("router").notNull(),
    tokenIn: text("token_in").notNull(),
    tokenOut: text("token_out").notNull(),
    amountIn: uint256("amount_in").notNull(),
    amountOut: uint256("amount_out").notNull(),
    recipient: text("recipient").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    // Ascending columns: newest-first pages are a backward index scan, and the keyset condition
    // `(block_number, log_index) < (…)` is an index condition with no sort (DESC columns made PostgreSQL sort).
    index("aggregator_trades_user_block").on(t.chainId, t.user, t.blockNumber, t.logIndex),
  ],
);

// ------------------------------------------------------------------ portfolios (issue 10)
// Indexed rows are an append-only log keyed by (chain_id, block_number, log_index, …) and removed by
// block number on a reorg; a portfolio's current state (units, module settings) is the latest row.
// Off-chain data (intro, icon, views, favourites) lives in its own tables, which a reorg keeps.

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
    name: text("name").notNull(),
    symbol: text("symbol").notNull(),
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
 * Valuation of every portfolio (api/queries/portfolios.ts refreshes it from indexed prices), so the
 * lists order and page by value, APY and risk in SQL.
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
    volatility: doublePrecision("volatility").notNull(),
    /** Buys and sells through the trading module (the "most traded" order). */
    tradesCount: integer("trades_count").notNull(),
    holdersCount: integer("holders_count").notNull(),
    computedAt: bigint("computed_at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.address] }),
    index("portfolio_metrics_apy").on(t.chainId, t.apy),
    index("portfolio_metrics_volatility").on(t.chainId, t.volatility),
    index("portfolio_metrics_traded").on(t.chainId, t.tradesCount),
  ],
);

// ------------------------------------------------------------------ people (issue 11)

/**
 * A manager's profile (signed `POST /sofi/managers/{address}`, spec 001 §3 "Manager"), written for
 * every configured chain at once. The photo is a JPG/PNG data URL checked by content, served by
 * `GET /sofi/managers/{address}/photo?v={photo_version}`.
 */
export const managerProfiles = pgTable(
  "manager_profiles",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    name: text("name").notNull().default(""),
    profile: text("profile").notNull().default(""),
    photo: text("photo"),
    photoVersion: integer("photo_version").notNull().default(0),
    mainnetEth: text("mainnet_eth").notNull().default(""),
    twitterUrl: text("twitter_url").notNull().default(""),
    github: text("github").notNull().default(""),
    email: text("email").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

/** Who follows whom (signed `POST /sofi/follow`); the followers list reads by followee. */
export const follows = pgTable(
  "follows",
  {
    chainId: integer("chain_id").notNull(),
    follower: text("follower").notNull(),
    followee: text("followee").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.follower, t.followee] }),
    index("follows_followee").on(t.chainId, t.followee, t.createdAt),
  ],
);

// ------------------------------------------------------------------ faucet and price alerts (issue 11)

/**
 * Faucet claims (`POST /sts/faucet`): one row per address, UTC day and kind (normal, extra), written
 * and committed BEFORE anything is sent, so concurrent requests cannot both pass the unique key.
 * status: pending (claimed, nothing broadcast yet), sent (transactions broadcast, hashes stored),
 * confirmed, failed (nothing was transferred: the address may claim again that day).
 */
export const faucetClaims = pgTable(
  "faucet_claims",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    /** UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
    kind: text("kind").notNull(),
    name: text("name").notNull().default(""),
    status: text("status").notNull(),
    /** Transaction hashes, the token transfer first. */
    txHashes: text("tx_hashes").array().notNull().default([]),
    error: text("error"),
    attempts: integer("attempts").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address, t.day, t.kind] })],
);

/**
 * Price alerts (signed `POST /sofi/alert` by the portfolio's manager) and the alerts worker's state:
 * whether the value was last seen at/above `up` and at/below `down` (a post goes out once per
 * crossing), and the last portfolio trade already announced (trade alerts).
 */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    chainId: integer("chain_id").notNull(),
    portfolio: text("portfolio").notNull(),
    owner: text("owner").notNull(),
    /** Thresholds as typed (digits, at most two decimals), null when empty. */
    up: text("up"),
    down: text("down"),
    tradeAlert: boolean("trade_alert").notNull().default(false),
    discord: text("discord").notNull(),
    upCrossed: boolean("up_crossed").notNull().default(false),
    downCrossed: boolean("down_crossed").notNull().default(false),
    lastTradeBlock: bigint("last_trade_block", { mode: "number" }).notNull().default(0),
    lastTradeLog: integer("last_trade_log").notNull().default(-1),
    lastError: text("last_error"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.portfolio, t.owner] })],
);

/**
 * PortfolioPromotion `Promoted` (issue 11): an append-only log of SOFI paid to promote a portfolio.
 * amount is SOFI base units (18 decimals); end_at the promotion's new end (unix seconds) as the
 * contract computed it, so a portfolio's promote_end_at is its latest row's end_at.
 */
export const portfolioPromotions = pgTable(
  "portfolio_promotions",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    portfolio: text("portfolio").notNull(),
    payer: text("payer").notNull(),
    amount: uint256("amount").notNull(),
    endAt: bigint("end_at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("portfolio_promotions_portfolio").on(t.chainId, t.portfolio),
  ],
);
