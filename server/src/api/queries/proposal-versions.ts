/**
 * Versions of a chain's governance replies (issue 21 §1), so a cached proposal lives until a commit
 * touches that proposal instead of until any commit at all: on a live chain every block with a
 * swap is a commit, which emptied the whole governance cache about every 2 s.
 *
 * - A proposal's version moves when a commit names it (GOVERNANCE_PROPOSAL_TOPIC: its creation,
 *   stake, votes, queue, execution, funding, cancel, claim or refund).
 * - Every version moves when a commit cannot say what it changed (a reorg, a server on the bus
 *   that could not say) or changes a quorum (GOVERNANCE_QUORUM_TOPIC: it may move the quorum of
 *   any proposal whose vote starts after it).
 * - The lists' version moves with any of those (a new proposal, a tally that moved).
 * - Commits that touch other topics (trades, portfolios, writes through the API) move nothing:
 *   governance replies read only the governance handler's rows.
 *
 * A reply cached under a version is served only while the version holds (ReplyCache), so a read
 * that started before a commit never serves after it.
 */
import type { Change, CommitSignal } from "../commit-signal.ts";

/**
 * The change topics the governance handler names in `touches` (indexer/handlers/governance.ts):
 * a proposal's id; the governor whose quorum changed.
 */
export const GOVERNANCE_PROPOSAL_TOPIC = "governance.proposal";
export const GOVERNANCE_QUORUM_TOPIC = "governance.quorum";

/** Proposals whose own version is kept; past it every version moves at once (memory stays bounded). */
export const PROPOSAL_VERSIONS_MAX = 100_000;

export class ProposalVersions {
  private seq = 0;
  /** The seq of the last change that may have touched anything. */
  private all = 0;
  /** The seq of the last change that touched any proposal. */
  private anyProposal = 0;
  private readonly byProposal = new Map<string, number>();

  constructor(commits: CommitSignal | undefined) {
    commits?.on((change) => this.changed(change));
  }

  changed(change?: Change): void {
    this.seq++;
    const ids = change?.touched[GOVERNANCE_PROPOSAL_TOPIC] ?? [];
    const quorum = change?.touched[GOVERNANCE_QUORUM_TOPIC] ?? [];
    if (!change || quorum.length > 0 || this.byProposal.size + ids.length > PROPOSAL_VERSIONS_MAX) {
      this.all = this.anyProposal = this.seq;
      this.byProposal.clear();
      return;
    }
    if (ids.length === 0) return;
    this.anyProposal = this.seq;
    for (const id of ids) this.byProposal.set(id, this.seq);
  }

  /** The version of one proposal's replies (its record, its votes pages). */
  of(proposalId: string): string {
    return `${this.all}.${this.byProposal.get(proposalId) ?? 0}`;
  }

  /** The version of the lists (every proposal, one proposer's). */
  lists(): string {
    return String(this.anyProposal);
  }
}
