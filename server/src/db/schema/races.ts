/**
 * Head and Tail races (issue 20): HeadTailRaces' rounds, predictions and results indexed, and the
 * points board races and the social feed share. Rounds, predictions and results are append-only
 * logs removed by block number on a reorg; the points ledger holds one row per award (a race's
 * rows carry the settlement's block and go with it on a reorg; a post's have none), and
 * points_totals the sums the leader board reads, kept with the ledger in the same statements.
 */
import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { uint256 } from "./indexer.ts";

/** `RoundCreated`. Times in unix seconds. Price rounds: token and pair; event rounds: the teams. */
export const raceRounds = pgTable(
  "race_rounds",
  {
    chainId: integer("chain_id").notNull(),
    roundId: bigint("round_id", { mode: "number" }).notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    contract: text("contract").notNull(),
    kind: integer("kind").notNull(),
    name: text("name").notNull(),
    token: text("token"),
    pair: text("pair"),
    teamA: text("team_a").notNull(),
    teamB: text("team_b").notNull(),
    startPredict: bigint("start_predict", { mode: "number" }).notNull(),
    endPredict: bigint("end_predict", { mode: "number" }).notNull(),
    startRound: bigint("start_round", { mode: "number" }).notNull(),
    endRound: bigint("end_round", { mode: "number" }).notNull(),
    window: integer("window").notNull(),
    totalRewards: uint256("total_rewards").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.roundId] }),
    index("race_rounds_start").on(t.chainId, t.startPredict),
    index("race_rounds_block").on(t.chainId, t.blockNumber),
  ],
);

/** `Predicted`: one per wallet and round; side 1 head / team A, 2 tail / team B. */
export const racePredictions = pgTable(
  "race_predictions",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    roundId: bigint("round_id", { mode: "number" }).notNull(),
    account: text("account").notNull(),
    side: integer("side").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("race_predictions_round").on(t.chainId, t.roundId, t.blockNumber),
    index("race_predictions_account").on(t.chainId, t.account, t.blockNumber),
  ],
);

/** `RoundSettled` (+ `RoundCancelled`'s reason): prices are the TWAPs, quote per token at 18 decimals. */
export const raceResults = pgTable(
  "race_results",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    roundId: bigint("round_id", { mode: "number" }).notNull(),
    result: integer("result").notNull(),
    startPrice: uint256("start_price").notNull(),
    endPrice: uint256("end_price").notNull(),
    cancelReason: integer("cancel_reason"),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("race_results_round").on(t.chainId, t.roundId),
  ],
);

/**
 * Every award of points: races' (source "race", ref the round id, written when the settlement is
 * indexed, with its block) and the feed's (source "post", ref the post id, block null). One row per
 * (source, ref, address): awarding twice awards once.
 */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    chainId: integer("chain_id").notNull(),
    source: text("source").notNull(),
    ref: text("ref").notNull(),
    address: text("address").notNull(),
    points: integer("points").notNull(),
    /** Unix seconds. */
    at: bigint("at", { mode: "number" }).notNull(),
    blockNumber: bigint("block_number", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.source, t.ref, t.address] }),
    index("points_ledger_address").on(t.chainId, t.address, t.at),
    index("points_ledger_block").on(t.chainId, t.blockNumber),
  ],
);

/** Points per address (the leader board), kept with the ledger. */
export const pointsTotals = pgTable(
  "points_totals",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    points: bigint("points", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] }), index("points_totals_rank").on(t.chainId, t.points)],
);
