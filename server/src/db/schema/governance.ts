/**
 * Governance (issue 18): SofiGovernor's proposals, votes and lifecycle events, indexed. Every table
 * is an append-only log removed by block number on a reorg, except governance_tallies: for and
 * against votes per proposal, folded from the votes actually inserted (and unfolded from those a
 * reorg deletes) in the same transaction, so lists never sum a million votes.
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
} from "drizzle-orm/pg-core";
import { uint256 } from "./indexer.ts";

/** `ProposalCreated` (+ `ProposalStaked`'s stake): one row per proposal. */
export const governanceProposals = pgTable(
  "governance_proposals",
  {
    chainId: integer("chain_id").notNull(),
    governor: text("governor").notNull(),
    /** Sequential from 1 (the SOFIP- index). */
    proposalId: uint256("proposal_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    /** Creation time (unix seconds). */
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    proposer: text("proposer").notNull(),
    targets: jsonb("targets").$type<string[]>().notNull(),
    values: jsonb("values").$type<string[]>().notNull(),
    calldatas: jsonb("calldatas").$type<string[]>().notNull(),
    /** Voting starts after this (the snapshot) and ends at vote_end (unix seconds). */
    voteStart: bigint("vote_start", { mode: "number" }).notNull(),
    voteEnd: bigint("vote_end", { mode: "number" }).notNull(),
    /** "# {title}\n\n{content}" as storable text (multi-line); the title apart for lists. */
    description: text("description").notNull(),
    title: text("title").notNull(),
    /** SOFI staked (ProposalStaked; 0 until its log is indexed, which comes in the same transaction). */
    stake: uint256("stake").notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.governor, t.proposalId] }),
    index("governance_proposals_proposer").on(t.chainId, t.proposer, t.blockNumber),
    index("governance_proposals_block").on(t.chainId, t.blockNumber),
  ],
);

/** `VoteCast` / `VoteCastWithParams`: one row per vote (a voter votes once per proposal). */
export const governanceVotes = pgTable(
  "governance_votes",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    governor: text("governor").notNull(),
    proposalId: uint256("proposal_id").notNull(),
    voter: text("voter").notNull(),
    support: boolean("support").notNull(),
    weight: uint256("weight").notNull(),
    /**
     * The weight as a double, for ordering only: PGlite (0.5, 32-bit wasm) sorts numeric(78,0)
     * values above ~2^31 out of order (docs/decisions.md "PGlite sorts large numerics wrongly").
     */
    weightOrder: doublePrecision("weight_order").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("governance_votes_proposal").on(t.chainId, t.governor, t.proposalId, t.weightOrder),
    index("governance_votes_voter").on(t.chainId, t.governor, t.proposalId, t.voter),
  ],
);

/** For and against votes per proposal (kept by the handler with the votes). */
export const governanceTallies = pgTable(
  "governance_tallies",
  {
    chainId: integer("chain_id").notNull(),
    governor: text("governor").notNull(),
    proposalId: uint256("proposal_id").notNull(),
    forVotes: uint256("for_votes").notNull().default(sql`0`),
    againstVotes: uint256("against_votes").notNull().default(sql`0`),
    voters: integer("voters").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.governor, t.proposalId] })],
);

/**
 * A proposal's on-chain transitions and stake moves: queued (with its eta), executed, funded,
 * canceled, claimed and refunded (with the amount).
 */
export const governanceEvents = pgTable(
  "governance_events",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    txHash: text("tx_hash").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    governor: text("governor").notNull(),
    proposalId: uint256("proposal_id").notNull(),
    kind: text("kind").notNull(),
    eta: bigint("eta", { mode: "number" }),
    amount: uint256("amount"),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("governance_events_proposal").on(t.chainId, t.governor, t.proposalId),
  ],
);

/** `QuorumVoteCountSet`: the quorum's history (a proposal's quorum is the one at its snapshot). */
export const governanceQuorums = pgTable(
  "governance_quorums",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    logIndex: integer("log_index").notNull(),
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    governor: text("governor").notNull(),
    quorum: uint256("quorum").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] }),
    index("governance_quorums_time").on(t.chainId, t.governor, t.timestamp),
  ],
);

/**
 * Gasless ballots (`POST /sofi/vote`) waiting for, or sent by, the relayer: one per voter and
 * proposal; the relay job (exactly one server) sends them in order and records the transaction.
 */
export const governanceBallots = pgTable(
  "governance_ballots",
  {
    chainId: integer("chain_id").notNull(),
    governor: text("governor").notNull(),
    proposalId: uint256("proposal_id").notNull(),
    voter: text("voter").notNull(),
    support: boolean("support").notNull(),
    signature: text("signature").notNull(),
    /** pending (waiting for the relayer), sent (tx_hash), failed (error). */
    status: text("status").notNull(),
    txHash: text("tx_hash"),
    error: text("error"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.governor, t.proposalId, t.voter] }),
    index("governance_ballots_pending").on(t.chainId, t.status, t.createdAt),
  ],
);
