/**
 * The prediction market (issue 19): the registry's markets, their FPMMs' trades and funding with
 * the pool's balances after each (so prices and liquidity have a history), outcome-token transfers
 * of the markets' positions (holdings are their sums), Reality.eth answers, resolutions and
 * redemptions. Every table is an append-only log removed by block number on a reorg.
 */
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { uint256 } from "./indexer.ts";

/** `MarketCreated`: a market (its FPMM) with the API's entity. */
export const predictMarkets = pgTable(
  "predict_markets",
  {
    chainId: integer("chain_id").notNull(),
    market: text("market").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    registry: text("registry").notNull(),
    creator: text("creator").notNull(),
    conditionId: text("condition_id").notNull(),
    questionId: text("question_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    photo: text("photo").notNull(),
    outcomeNames: jsonb("outcome_names").$type<string[]>().notNull(),
    resolutionTime: bigint("resolution_time", { mode: "number" }).notNull(),
    /** 1e18 = 100 %. */
    fee: uint256("fee").notNull(),
    initialFunding: uint256("initial_funding").notNull(),
    /** The two outcomes' ERC-1155 position ids (decimal text). */
    positionIds: jsonb("position_ids").$type<string[]>().notNull(),
    answerTimeout: bigint("answer_timeout", { mode: "number" }).notNull(),
    minBond: uint256("min_bond").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.market] }),
    index("predict_markets_question").on(t.chainId, t.questionId),
    index("predict_markets_condition").on(t.chainId, t.conditionId),
    index("predict_markets_block").on(t.chainId, t.blockNumber),
  ],
);

/**
 * A market's trades and funding, with the pool's outcome balances after each (b0, b1), outcome 0's
 * price then (p1 = 1 - p0) and the pool's value in SOFI. kind: buy, sell, addFunding, removeFunding.
 * collateral: a buy's investment (fee included), a sell's return, funding's amount; tokens: outcome
 * tokens bought or sold, or liquidity shares minted or burnt.
 */
export const predictEvents = pgTable(
  "predict_events",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    market: text("market").notNull(),
    kind: text("kind").notNull(),
    account: text("account").notNull(),
    outcome: integer("outcome"),
    collateral: uint256("collateral").notNull(),
    fee: uint256("fee").notNull(),
    tokens: uint256("tokens").notNull(),
    b0: uint256("b0").notNull(),
    b1: uint256("b1").notNull(),
    price0: doublePrecision("price0").notNull(),
    poolValue: doublePrecision("pool_value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("predict_events_market").on(t.chainId, t.market, t.blockNumber, t.logIndex),
    index("predict_events_account").on(t.chainId, t.account, t.blockNumber, t.logIndex),
    index("predict_events_time").on(t.chainId, t.market, t.timestamp),
  ],
);

/** Per market: trade volume (buys' investments and sells' returns) and trades, kept by the handler. */
export const predictStats = pgTable(
  "predict_stats",
  {
    chainId: integer("chain_id").notNull(),
    market: text("market").notNull(),
    volume: uint256("volume").notNull(),
    trades: integer("trades").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.market] })],
);

/** Conditional Tokens transfers of the markets' positions (one row per id of a batch). */
export const predictTransfers = pgTable(
  "predict_transfers",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    item: integer("item").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    market: text("market").notNull(),
    outcome: integer("outcome").notNull(),
    from: text("from").notNull(),
    to: text("to").notNull(),
    value: uint256("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex, t.item] }),
    index("predict_transfers_to").on(t.chainId, t.to),
    index("predict_transfers_from").on(t.chainId, t.from),
  ],
);

/** Reality.eth: answers (with bond), arbitration requests and arbitrated final answers. */
export const predictAnswers = pgTable(
  "predict_answers",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    questionId: text("question_id").notNull(),
    kind: text("kind").notNull(),
    answer: text("answer"),
    bond: uint256("bond"),
    account: text("account"),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("predict_answers_question").on(t.chainId, t.questionId),
  ],
);

/** Conditional Tokens: `ConditionResolution` (payouts) and `PayoutRedemption`. */
export const predictSettlements = pgTable(
  "predict_settlements",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    conditionId: text("condition_id").notNull(),
    kind: text("kind").notNull(),
    /** resolution: the payout numerators; redemption: null. */
    payouts: jsonb("payouts").$type<string[]>(),
    account: text("account"),
    payout: uint256("payout"),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("predict_settlements_condition").on(t.chainId, t.conditionId),
    index("predict_settlements_account").on(t.chainId, t.account),
  ],
);
