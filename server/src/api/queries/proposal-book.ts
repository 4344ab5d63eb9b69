/**
 * Every proposal of a governor, held in memory (issue 21 §1), so the governance reads (a page of
 * the list, one proposer's page, one proposal) are answered without a query. A DAO has tens to
 * thousands of proposals (Uniswap about a hundred, Compound a few hundred): all of them fit in a
 * few megabytes, and up to PROPOSAL_BOOK_MAX (about 25-50 MB) the book holds them; past it the
 * area reads the database as before.
 *
 * - **Loaded on first use**, in pages of LOAD_PAGE newest first, LOAD_PAUSE_MS apart so the
 *   requests being served go first; until it is loaded, reads go to the database.
 * - **Kept exact by the commits**: a commit that names proposals (GOVERNANCE_PROPOSAL_TOPIC) marks
 *   them; the next read re-reads those (one query each) before it answers, and an id the book did
 *   not have is a new proposal, placed first (a new proposal is in a later block than every indexed
 *   one, and ids are sequential). A commit that cannot say what changed (a reorg, a bus reconnect)
 *   or a quorum change empties the book, which loads again.
 * - A commit that lands while the book loads or re-reads is kept for the next read: a read never
 *   answers from rows older than a commit it came after.
 */
import type { Change, CommitSignal } from "../commit-signal.ts";
import type { ProposalRecord } from "./governance.ts";
import { GOVERNANCE_PROPOSAL_TOPIC, GOVERNANCE_QUORUM_TOPIC } from "./proposal-versions.ts";

/** More proposals than this and the book is not held (reads go to the database). */
export const PROPOSAL_BOOK_MAX = 12_000;
/** Proposals read per query while loading. */
export const LOAD_PAGE = 500;
/** The pause between two load queries. */
export const LOAD_PAUSE_MS = 20;

export type BookState = "cold" | "loading" | "ready" | "too-large";

/** What the book reads: GovernanceSql's list (newest first) and one proposal. */
export type ProposalSource = {
  list(limit: number, offset: number): Promise<ProposalRecord[]>;
  one(proposalId: string): Promise<ProposalRecord | null>;
};

/** A proposal's record and what is kept beside it (its decoded reply). */
export type BookEntry<R> = { record: ProposalRecord; reply: R };

export class ProposalBook<R> {
  state: BookState = "cold";
  /** Ids newest first. */
  private order: string[] = [];
  private readonly byId = new Map<string, BookEntry<R>>();
  private byProposer = new Map<string, string[]>();
  /** Proposals a commit touched since they were read. */
  private readonly dirty = new Set<string>();
  /** Bumped by a change that empties the book: a load that started before it is thrown away. */
  private epoch = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly source: ProposalSource,
    /** What is kept beside each record (the decoded reply), computed once per read. */
    private readonly reply: (r: ProposalRecord) => R,
    commits: CommitSignal | undefined,
    private readonly max = PROPOSAL_BOOK_MAX,
    private readonly pauseMs = LOAD_PAUSE_MS,
  ) {
    commits?.on((change) => this.changed(change));
  }

  get size(): number {
    return this.order.length;
  }

  changed(change?: Change): void {
    const quorum = change?.touched[GOVERNANCE_QUORUM_TOPIC] ?? [];
    if (!change || quorum.length > 0) {
      this.epoch++;
      this.dirty.clear();
      this.clear();
      if (this.state !== "too-large") this.state = "cold";
      return;
    }
    for (const id of change.touched[GOVERNANCE_PROPOSAL_TOPIC] ?? []) this.dirty.add(id);
  }

  /**
   * Starts the load if the book is cold. Returns whether the book can answer now (after re-reading
   * what commits touched); false: read the database.
   */
  async ready(): Promise<boolean> {
    if (this.state === "cold") void this.load();
    if (this.state !== "ready") return false;
    while (this.dirty.size > 0) {
      this.refreshing ??= this.refresh().finally(() => {
        this.refreshing = null;
      });
      await this.refreshing;
      if (this.state !== "ready") return false;
    }
    return true;
  }

  /** A page of the list (every proposal, or one proposer's), newest first, with the total. */
  page(limit: number, offset: number, proposer?: string): { items: BookEntry<R>[]; total: number } {
    const ids = proposer ? (this.byProposer.get(proposer.toLowerCase()) ?? []) : this.order;
    return {
      items: ids.slice(offset, offset + limit).map((id) => this.byId.get(id) as BookEntry<R>),
      total: ids.length,
    };
  }

  /** One proposal (undefined: there is none). */
  get(proposalId: string): BookEntry<R> | undefined {
    return this.byId.get(proposalId);
  }

  private clear(): void {
    this.order = [];
    this.byId.clear();
    this.byProposer.clear();
  }

  private async load(): Promise<void> {
    const epoch = this.epoch;
    this.state = "loading";
    // replies are decoded page by page, between the pauses, not all at once at the end
    const loaded = new Map<string, BookEntry<R>>();
    try {
      for (let offset = 0; ; offset += LOAD_PAGE) {
        const page = await this.source.list(LOAD_PAGE, offset);
        if (epoch !== this.epoch) return;
        // a proposal created while the pages are read shifts them by one: its neighbour is read
        // twice (kept once), and the new one is marked by its commit and placed first by the next read
        for (const r of page) if (!loaded.has(r.proposalId)) loaded.set(r.proposalId, this.entry(r));
        if (loaded.size > this.max) {
          this.state = "too-large";
          return;
        }
        if (page.length < LOAD_PAGE) break;
        await new Promise((r) => setTimeout(r, this.pauseMs));
      }
    } catch {
      if (epoch === this.epoch) this.state = "cold";
      return;
    }
    if (epoch !== this.epoch) return;
    this.clear();
    for (const [id, e] of loaded) this.byId.set(id, e);
    this.order = [...loaded.keys()];
    this.indexProposers();
    this.state = "ready";
  }

  /** Re-reads the proposals commits touched; a new one goes first. */
  private async refresh(): Promise<void> {
    const epoch = this.epoch;
    const ids = [...this.dirty];
    this.dirty.clear();
    let read: (ProposalRecord | null)[];
    try {
      read = await Promise.all(ids.map((id) => this.source.one(id)));
    } catch (e) {
      for (const id of ids) this.dirty.add(id);
      throw e;
    }
    if (epoch !== this.epoch) return;
    const fresh: ProposalRecord[] = [];
    for (const r of read) {
      if (!r) continue;
      if (!this.byId.has(r.proposalId)) fresh.push(r);
      this.byId.set(r.proposalId, this.entry(r));
    }
    if (fresh.length > 0) {
      fresh.sort((a, b) => b.blockNumber - a.blockNumber || Number(BigInt(b.proposalId) - BigInt(a.proposalId)));
      this.order = [...fresh.map((r) => r.proposalId), ...this.order];
      this.indexProposers();
      if (this.order.length > this.max) {
        this.epoch++;
        this.clear();
        this.state = "too-large";
      }
    }
  }

  private entry(r: ProposalRecord): BookEntry<R> {
    return { record: r, reply: this.reply(r) };
  }

  private indexProposers(): void {
    const by = new Map<string, string[]>();
    for (const id of this.order) {
      const p = this.byId.get(id)?.record.proposer.toLowerCase() ?? "";
      const list = by.get(p);
      if (list) list.push(id);
      else by.set(p, [id]);
    }
    this.byProposer = by;
  }
}
