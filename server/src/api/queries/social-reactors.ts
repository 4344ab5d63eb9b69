/**
 * The addresses that reacted to anything on a chain's feed (predicted a post, disliked one, muted
 * an author), held in memory (issue 21 §1). A viewer outside the set sees exactly the page without
 * a viewer: nothing of theirs is hidden or marked. So the feed of every viewer who only reads (most
 * of them) is the one shared page, kept 2 s like any page, and only reacting viewers' pages read
 * the database. Kept exact by the writes: a reaction here adds its address at once; another
 * server's arrives on the change bus under REACTOR_TOPIC; a change that could not say what it
 * changed (a reorg, a bus that reconnected) loads the set again. Past REACTORS_MAX addresses the
 * set is not held and every viewer's page reads the database, as before.
 */
import type { Change, CommitSignal } from "../commit-signal.ts";
import type { SocialSql } from "./social.ts";

/** The change topic of a reaction: its key is the reacting address. */
export const REACTOR_TOPIC = "social.reactor";
/** At most this many addresses are held (about 100 bytes each). */
export const REACTORS_MAX = 500_000;
export class SocialReactors {
  private held: Set<string> | null = null;
  /** Addresses added while a load runs (the load may have read before their write). */
  private pending: Set<string> | null = null;
  private loading: Promise<void> | null = null;
  /** Bumped by a change that could not say what changed: a load that began before it is not used. */
  private epoch = 0;
  /** Too many to hold. */
  off = false;

  /** When the held set was read. */
  private readAt = 0;

  constructor(
    private readonly sql: Pick<SocialSql, "reactors">,
    commits: CommitSignal | undefined,
    private readonly max = REACTORS_MAX,
    /**
     * The set is read again this long after it was read (served meanwhile): bounds a reaction whose
     * signal was lost without the bus noticing, or written by a server that names no keys (an older
     * version during a rollout), as the kept replies' time does (default: the signal's keptMs).
     */
    private readonly maxAgeMs = commits?.keptMs ?? 0,
    private readonly clock: () => number = Date.now,
  ) {
    // without a signal this process would not hear other servers' reactions: never answer "no"
    if (!commits) this.off = true;
    commits?.on((change) => this.changed(change));
  }

  /** Addresses held now (0 before the first load). */
  get size(): number {
    return this.held?.size ?? 0;
  }

  /**
   * Whether `address` (lowercased) certainly never reacted: false when it did, or when that is not
   * known yet (the set loading, too many to hold). Starts the load on first use.
   */
  quiet(address: string): boolean {
    if (this.off) return false;
    if (!this.held) {
      this.load().catch(() => {});
      return false;
    }
    if (this.clock() - this.readAt >= this.maxAgeMs && !this.loading) this.load().catch(() => {});
    return !this.held.has(address);
  }

  /** A reaction was written (here, or on another server): its address is a reactor from now on. */
  add(address: string): void {
    const a = address.toLowerCase();
    this.held?.add(a);
    this.pending?.add(a);
  }

  /** Loads the set (once at a time); resolves when held or off. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      this.pending = new Set();
      const epoch = this.epoch;
      const at = this.clock();
      try {
        const rows = await this.sql.reactors(this.max + 1);
        if (rows.length > this.max) {
          this.off = true;
          this.held = null;
          return;
        }
        const held = new Set(rows);
        for (const a of this.pending) held.add(a);
        if (epoch === this.epoch) {
          this.held = held;
          this.readAt = at;
        }
      } finally {
        this.pending = null;
        this.loading = null;
      }
      if (epoch !== this.epoch && !this.off) await this.load();
    })();
    return this.loading;
  }

  private changed(change: Change | undefined): void {
    if (!change) {
      // anything may have changed: until the set is read again, nobody is known to be quiet
      this.held = null;
      this.epoch++;
      if (!this.off) this.load().catch(() => {});
      return;
    }
    for (const a of change.touched[REACTOR_TOPIC] ?? []) this.add(a);
  }
}
