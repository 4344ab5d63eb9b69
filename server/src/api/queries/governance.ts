/**
 * Governance reads (issue 18): proposal pages with their tallies, the quorum at their snapshot and
 * their lifecycle events in one query each; a proposal's votes paged in SQL; ballots for the relay.
 * The status is derived from these facts with core's proposalStatusAt, as the contract derives it.
 */
import type { Queryable } from "../../db/client.ts";

export type ProposalEvent = {
  kind: "queued" | "executed" | "funded" | "canceled" | "claimed" | "refunded";
  eta: number | null;
  tx: string;
  ts: number;
  amount: string | null;
};

export type ProposalRecord = {
  governor: string;
  proposalId: string;
  blockNumber: number;
  txHash: string;
  timestamp: number;
  proposer: string;
  targets: string[];
  values: string[];
  calldatas: string[];
  voteStart: number;
  voteEnd: number;
  description: string;
  title: string;
  stake: string;
  forVotes: bigint;
  againstVotes: bigint;
  voters: number;
  quorum: bigint;
  events: ProposalEvent[];
  total: number;
};

type Raw = {
  governor: string;
  proposal_id: string;
  block_number: string | number;
  tx_hash: string;
  timestamp: string | number;
  proposer: string;
  targets: string[];
  values: string[];
  calldatas: string[];
  vote_start: string | number;
  vote_end: string | number;
  description: string;
  title: string;
  stake: string;
  for_votes: string | null;
  against_votes: string | null;
  voters: number | null;
  quorum: string | null;
  events: { kind: ProposalEvent["kind"]; eta: number | null; tx: string; ts: number; amount: string | null }[] | null;
  total?: string | number;
};

const COLUMNS = `p.governor, p.proposal_id::text AS proposal_id, p.block_number, p.tx_hash, p.timestamp, p.proposer,
  p.targets, p."values", p.calldatas, p.vote_start, p.vote_end, p.description, p.title, p.stake::text AS stake,
  t.for_votes::text AS for_votes, t.against_votes::text AS against_votes, t.voters,
  (SELECT q.quorum::text FROM governance_quorums q
   WHERE q.chain_id = p.chain_id AND q.governor = p.governor AND q.timestamp <= p.vote_start
   ORDER BY q.timestamp DESC, q.block_number DESC, q.log_index DESC LIMIT 1) AS quorum,
  (SELECT json_agg(json_build_object('kind', e.kind, 'eta', e.eta, 'tx', e.tx_hash, 'ts', e.timestamp,
     'amount', e.amount::text) ORDER BY e.block_number, e.log_index)
   FROM governance_events e WHERE e.chain_id = p.chain_id AND e.governor = p.governor AND e.proposal_id = p.proposal_id)
   AS events`;

const FROM = `FROM governance_proposals p
  LEFT JOIN governance_tallies t ON t.chain_id = p.chain_id AND t.governor = p.governor AND t.proposal_id = p.proposal_id`;

const toRecord = (r: Raw): ProposalRecord => ({
  governor: r.governor,
  proposalId: r.proposal_id,
  blockNumber: Number(r.block_number),
  txHash: r.tx_hash,
  timestamp: Number(r.timestamp),
  proposer: r.proposer,
  targets: r.targets,
  values: r.values,
  calldatas: r.calldatas,
  voteStart: Number(r.vote_start),
  voteEnd: Number(r.vote_end),
  description: r.description,
  title: r.title,
  stake: r.stake,
  forVotes: BigInt(r.for_votes ?? "0"),
  againstVotes: BigInt(r.against_votes ?? "0"),
  voters: Number(r.voters ?? 0),
  quorum: BigInt(r.quorum ?? "0"),
  events: (r.events ?? []).map((e) => ({
    kind: e.kind,
    eta: e.eta === null ? null : Number(e.eta),
    tx: e.tx,
    ts: Number(e.ts),
    amount: e.amount,
  })),
  total: Number(r.total ?? 0),
});

export class GovernanceSql {
  constructor(
    private readonly db: Queryable,
    private readonly chainId: number,
    private readonly governor: string,
  ) {}

  /**
   * A page of proposals, newest first (ids are sequential), optionally one proposer's. The page's
   * ids are chosen first: a window count over the joined columns evaluated the quorum and events
   * subqueries for every proposal, not only the page's (slow with thousands of proposals).
   */
  async list(limit: number, offset: number, proposer?: string): Promise<ProposalRecord[]> {
    const rows = await this.db.query<Raw>(
      `WITH page AS (
         SELECT proposal_id FROM governance_proposals
         WHERE chain_id = $1 AND governor = $2 AND ($5::text IS NULL OR proposer = $5)
         ORDER BY block_number DESC, log_index DESC LIMIT $3 OFFSET $4)
       SELECT ${COLUMNS},
         (SELECT count(*) FROM governance_proposals
          WHERE chain_id = $1 AND governor = $2 AND ($5::text IS NULL OR proposer = $5)) AS total
       ${FROM} JOIN page ON page.proposal_id = p.proposal_id
       WHERE p.chain_id = $1 AND p.governor = $2
       ORDER BY p.block_number DESC, p.log_index DESC`,
      [this.chainId, this.governor, limit, offset, proposer ?? null],
    );
    return rows.map(toRecord);
  }

  /** The number of proposals (a page past the end has no row to count with). */
  async count(proposer?: string): Promise<number> {
    const [r] = await this.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM governance_proposals
       WHERE chain_id = $1 AND governor = $2 AND ($3::text IS NULL OR proposer = $3)`,
      [this.chainId, this.governor, proposer ?? null],
    );
    return Number(r?.n ?? 0);
  }

  async one(proposalId: string): Promise<ProposalRecord | null> {
    const [r] = await this.db.query<Raw>(
      `SELECT ${COLUMNS} ${FROM} WHERE p.chain_id = $1 AND p.governor = $2 AND p.proposal_id = $3`,
      [this.chainId, this.governor, proposalId],
    );
    return r ? toRecord(r) : null;
  }

  /** A proposal's votes, the largest first. */
  votes(proposalId: string, limit: number, offset: number) {
    return this.db.query<{ voter: string; support: boolean; weight: string; tx_hash: string; timestamp: string }>(
      `SELECT voter, support, weight::text AS weight, tx_hash, timestamp FROM governance_votes
       WHERE chain_id = $1 AND governor = $2 AND proposal_id = $3
       ORDER BY weight_order DESC, block_number, log_index LIMIT $4 OFFSET $5`,
      [this.chainId, this.governor, proposalId, limit, offset],
    );
  }

  /** The first `limit` votes (as `votes` orders them) of each of `proposalIds`, in one query. */
  async votesOfMany(proposalIds: readonly string[], limit: number) {
    const rows = await this.db.query<{
      proposal_id: string;
      voter: string;
      support: boolean;
      weight: string;
      tx_hash: string;
      timestamp: string;
    }>(
      `SELECT x.proposal_id::text AS proposal_id, v.voter, v.support, v.weight::text AS weight, v.tx_hash, v.timestamp
       FROM unnest($3::numeric[]) AS x(proposal_id)
       CROSS JOIN LATERAL (
         SELECT voter, support, weight, tx_hash, timestamp, weight_order, block_number, log_index FROM governance_votes
         WHERE chain_id = $1 AND governor = $2 AND proposal_id = x.proposal_id
         ORDER BY weight_order DESC, block_number, log_index LIMIT $4) v
       ORDER BY x.proposal_id, v.weight_order DESC, v.block_number, v.log_index`,
      [this.chainId, this.governor, `{${proposalIds.join(",")}}`, limit],
    );
    const out = new Map<string, typeof rows>();
    for (const r of rows) {
      const list = out.get(r.proposal_id) ?? [];
      out.set(r.proposal_id, list);
      list.push(r);
    }
    return out;
  }

  /** One voter's vote on a proposal, if any. */
  async voteOf(proposalId: string, voter: string): Promise<{ support: boolean; weight: string } | null> {
    const [r] = await this.db.query<{ support: boolean; weight: string }>(
      `SELECT support, weight::text AS weight FROM governance_votes
       WHERE chain_id = $1 AND governor = $2 AND proposal_id = $3 AND voter = $4 LIMIT 1`,
      [this.chainId, this.governor, proposalId, voter],
    );
    return r ?? null;
  }
}
