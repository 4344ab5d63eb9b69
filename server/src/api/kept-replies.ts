/**
 * Replies kept in memory per entity (a user, a round, a predictor) until a change names that entity
 * (issue 21 §1): the indexer's handlers name the keys their rows touch (Handler.touches), another
 * server's commits arrive on the change bus with the same keys, and a change without keys (a reorg,
 * a bus that reconnected) drops everything. Each entity may have several replies (`sub`: a page
 * size and cursor). Bounded by bytes: from `gzipFrom` bytes a reply is kept gzip-compressed only, and
 * the least recently asked entity goes first. A reply computed while a change named its entity is
 * answered but not kept, so no commit is ever hidden behind a kept reply. Reading ahead fills part
 * of the budget before users ask, in small batches that give way to the requests being served.
 *
 * A reply asked for after REFRESH_AFTER of its kept time is answered as it is (still within the
 * bound) and its entity is read again in the background, so what users keep asking for never
 * expires under them all at once (docs/decisions.md, "The kept time's cliff").
 */
import { RecencyMap } from "../recency-map.ts";
import type { Change, CommitSignal } from "./commit-signal.ts";
import { type CompressedJson, compressedJson, GZIP_MIN_BYTES, type KeptJson } from "./compressed-json.ts";

/** A reply as kept: its text or gzip bytes, when it was computed, and what the area keeps beside it. */
export type KeptReply<M = undefined> = KeptJson & { at: number; meta: M };

/** A reply to keep: its JSON text and what the area keeps beside it (e.g. the price it was built with). */
export type FreshReply<M = undefined> = { text: string; meta: M };

/** The kept form: when compressed, only the gzip bytes. */
const toKept = <M>(at: number, reply: CompressedJson, meta: M): KeptReply<M> =>
  reply.gzip ? { at, text: null, gzip: reply.gzip, meta } : { at, text: reply.text, gzip: null, meta };

/** Bytes counted for a kept reply (a JS string of JSON is mostly one byte a character; 200 for the entry). */
export const keptSize = (p: KeptJson) => (p.gzip ? p.gzip.byteLength : (p.text?.length ?? 0) * 2) + 200;

type Mark = { stale: boolean };

/** Share of the kept time after which an asked reply is read again in the background. */
export const REFRESH_AFTER = 0.75;
/** Entities waiting to be read again, at most: past it, a reply asked late simply expires. */
export const REFRESH_QUEUE_MAX = 20_000;
/** Entities read again per batch (the read-ahead's batch when its `sub` is the one), and the pause after each. */
const REFRESH_BATCH = 50;
const REFRESH_PAUSE_MS = 20;

type Refresh<M> = { k: string; sub: string; compute: () => Promise<FreshReply<M>> };

export type KeptRepliesOptions<M = undefined> = {
  /** The signal of the chain's commits and writes; without one nothing is kept. */
  commits: CommitSignal | undefined;
  /** The entity keys (lowercased) a change drops, or "all". A change that names none of them drops nothing. */
  keysOf: (change: Change) => readonly string[] | "all";
  /** How long a reply is answered without a change naming it (default: the signal's keptMs). */
  ttlMs?: number;
  maxBytes: number;
  /** Replies from this size up are kept gzip-compressed only (default GZIP_MIN_BYTES: below it gzip saves little on the wire). */
  gzipFrom?: number;
  /** Bytes of what the area keeps beside a reply, counted with it (default: none). */
  metaBytes?: (meta: M) => number;
  /** Share of the kept time after which an asked reply is read again in the background (default REFRESH_AFTER; 1: never). */
  refreshAfter?: number;
  clock?: () => number;
};

export type ReadAheadOptions = {
  /** Share of the byte budget reading ahead may fill (the rest is left to what users ask for). */
  share: number;
  /** Entities per read, and the pause after each. */
  batch: number;
  pauseMs: number;
};

export class KeptReplies<M = undefined> {
  /** Replies by entity, then by `sub`; least recently asked first (RecencyMap: a hot entity is not moved on every ask). */
  private readonly entities = new RecencyMap<string, Map<string, KeptReply<M>>>();
  /** Reads in progress by entity: a change naming the entity marks them stale. */
  private readonly reading = new Map<string, Set<Mark>>();
  private bytes = 0;
  private warming: Promise<void> | null = null;
  /** How the read-ahead reads many entities at once: the refresher uses it for replies of the same `sub`. */
  private readMany: {
    sub: string;
    read: (keys: readonly string[]) => Promise<Map<string, FreshReply<M>>>;
    o: ReadAheadOptions;
  } | null = null;
  /** Entities to read again (by key and sub), oldest ask first, and the refresher working through them. */
  private readonly refreshQueue = new Map<string, Refresh<M>>();
  private refreshing: Promise<void> | null = null;
  private refreshCount = 0;
  private readonly clock: () => number;
  /** Reading ahead: "cold" before it started, "warming", then "warm" (done, or stopped at its share). */
  warmth: "cold" | "warming" | "warm" = "cold";

  constructor(private readonly o: KeptRepliesOptions<M>) {
    this.clock = o.clock ?? Date.now;
    o.commits?.on((change) => this.changed(change));
  }

  private get ttlMs(): number {
    return this.o.ttlMs ?? this.o.commits?.keptMs ?? 0;
  }

  /** Whether replies are kept at all (a process that neither indexes the chain nor hears the bus keeps none). */
  get keeping(): boolean {
    return this.o.commits !== undefined;
  }

  /** Bytes counted as kept now: what maxBytes is checked against. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Entities with replies kept now. */
  get heldKeys(): number {
    return this.entities.size;
  }

  /** Replies read again in the background so far. */
  get refreshedCount(): number {
    return this.refreshCount;
  }

  /** Resolves when the background reads queued so far are done (for tests). */
  refreshed(): Promise<void> {
    return this.refreshing ?? Promise.resolve();
  }

  /**
   * The kept reply, or one computed now (and kept unless a change named the entity meanwhile). A kept
   * reply asked for late in its time is answered, and read again in the background with `compute`.
   */
  async get(key: string, sub: string, compute: () => Promise<FreshReply<M>>): Promise<KeptReply<M>> {
    const at = this.clock();
    const k = key.toLowerCase();
    const hit = this.peek(k, sub, at);
    if (hit) {
      if (at - hit.at >= this.ttlMs * (this.o.refreshAfter ?? REFRESH_AFTER)) this.queueRefresh({ k, sub, compute });
      return hit;
    }
    if (!this.keeping) {
      const fresh = await compute();
      return { at, text: fresh.text, gzip: null, meta: fresh.meta };
    }
    const mark = this.markReading(k);
    try {
      const fresh = await compute();
      const reply = toKept(at, await this.compress(fresh.text), fresh.meta);
      if (!mark.stale) this.keep(k, sub, reply);
      return reply;
    } finally {
      this.unmarkReading(k, mark);
    }
  }

  /**
   * Replaces `from` (a reply `get` returned) with a reply rebuilt from it, if it is still the one
   * kept: e.g. the same round page with a newer live price. Answers the new reply either way.
   */
  async rewrite(key: string, sub: string, from: KeptReply<M>, fresh: FreshReply<M>): Promise<KeptReply<M>> {
    const reply = toKept(from.at, await this.compress(fresh.text), fresh.meta);
    const k = key.toLowerCase();
    if (this.entities.peek(k)?.get(sub) === from) this.keep(k, sub, reply);
    return reply;
  }

  /**
   * Reads ahead the replies `sub` of `keys` (most wanted first) with `readMany`, up to the options'
   * share of the budget, in batches with pauses: an entity asked for later finds its reply kept.
   * Kept under the same rules as replies asked for. Once per instance; later calls share the first.
   */
  warm(
    keys: () => Promise<readonly string[]>,
    sub: string,
    readMany: (keys: readonly string[]) => Promise<Map<string, FreshReply<M>>>,
    o: ReadAheadOptions,
  ): Promise<void> {
    this.readMany ??= { sub, read: readMany, o };
    this.warming ??= this.readAhead(keys, sub, readMany, o).finally(() => {
      this.warmth = "warm";
    });
    return this.warming;
  }

  private async readAhead(
    keysOf: () => Promise<readonly string[]>,
    sub: string,
    readMany: (keys: readonly string[]) => Promise<Map<string, FreshReply<M>>>,
    o: ReadAheadOptions,
  ): Promise<void> {
    if (!this.keeping) return;
    this.warmth = "warming";
    const budget = this.o.maxBytes * o.share;
    const keys = (await keysOf()).map((k) => k.toLowerCase());
    let full = false;
    for (let i = 0; i < keys.length && !full; i += o.batch) {
      const batch = keys.slice(i, i + o.batch).filter((k) => !this.entities.peek(k)?.has(sub));
      const marks = batch.map((k) => this.markReading(k));
      try {
        const at = this.clock();
        const read = batch.length ? await readMany(batch) : new Map<string, FreshReply<M>>();
        for (const [j, k] of batch.entries()) {
          const fresh = read.get(k);
          if (!fresh || marks[j]?.stale) continue;
          const kept = toKept(at, await this.compress(fresh.text), fresh.meta);
          if (this.bytes + this.size(kept) > budget) full = true;
          else if (!marks[j]?.stale && !this.entities.peek(k)?.has(sub)) this.keep(k, sub, kept);
        }
      } finally {
        for (const [j, k] of batch.entries()) this.unmarkReading(k, marks[j] as Mark);
      }
      await new Promise((r) => setTimeout(r, o.pauseMs));
    }
  }

  private queueRefresh(r: Refresh<M>): void {
    const id = `${r.k}\u0000${r.sub}`;
    if (this.refreshQueue.has(id) || this.refreshQueue.size >= REFRESH_QUEUE_MAX) return;
    this.refreshQueue.set(id, r);
    this.refreshing ??= this.refresh()
      .catch((e: Error) => console.error(`kept replies: reading again stopped: ${e.message}`))
      .finally(() => {
        this.refreshing = null;
      });
  }

  /**
   * Reads the queued entities again, one batch at a time with a pause after each, as reading ahead
   * does: with the read-ahead's `readMany` for its own `sub` (one read for the batch), else each
   * with the `compute` its request gave. Kept under the same rules as a reply asked for.
   */
  private async refresh(): Promise<void> {
    while (this.refreshQueue.size > 0) {
      // the pause first: entities asked together (a page of a list, a burst) join one batch
      await new Promise((res) => setTimeout(res, this.readMany?.o.pauseMs ?? REFRESH_PAUSE_MS));
      const many = this.readMany;
      const size = many?.o.batch ?? REFRESH_BATCH;
      const batch: Refresh<M>[] = [];
      for (const [id, r] of this.refreshQueue) {
        if (batch.length >= size) break;
        this.refreshQueue.delete(id);
        batch.push(r);
      }
      const marks = batch.map((r) => this.markReading(r.k));
      try {
        const at = this.clock();
        const bulk = many ? batch.filter((r) => r.sub === many.sub) : [];
        const read = bulk.length && many ? await many.read(bulk.map((r) => r.k)) : new Map<string, FreshReply<M>>();
        for (const [j, r] of batch.entries()) {
          let fresh = r.sub === many?.sub ? read.get(r.k) : undefined;
          // an entity the bulk read did not find (or another sub): its own request's way
          if (!fresh) fresh = await r.compute().catch(() => undefined);
          if (!fresh || marks[j]?.stale) continue;
          const reply = toKept(at, await this.compress(fresh.text), fresh.meta);
          const now = this.entities.peek(r.k)?.get(r.sub);
          // a request may have kept a newer reply meanwhile (this one expired): keep the newer
          if (!marks[j]?.stale && (!now || now.at <= at)) {
            this.keep(r.k, r.sub, reply);
            this.refreshCount++;
          }
        }
      } finally {
        for (const [j, r] of batch.entries()) this.unmarkReading(r.k, marks[j] as Mark);
      }
    }
  }

  private size(p: KeptReply<M>): number {
    return keptSize(p) + (this.o.metaBytes?.(p.meta) ?? 0);
  }

  private compress(text: string): Promise<CompressedJson> {
    return compressedJson(text, this.o.gzipFrom ?? GZIP_MIN_BYTES);
  }

  private peek(k: string, sub: string, at: number): KeptReply<M> | undefined {
    // asked, whether or not the reply is still fresh: newer in the eviction order either way
    const hit = this.entities.get(k)?.get(sub);
    if (!hit || at - hit.at >= this.ttlMs) return undefined;
    return hit;
  }

  private markReading(k: string): Mark {
    const mark = { stale: false };
    const marks = this.reading.get(k) ?? new Set<Mark>();
    this.reading.set(k, marks);
    marks.add(mark);
    return mark;
  }

  private unmarkReading(k: string, mark: Mark): void {
    const marks = this.reading.get(k);
    if (!marks) return;
    marks.delete(mark);
    if (marks.size === 0) this.reading.delete(k);
  }

  private changed(change: Change | undefined): void {
    const keys = change ? this.o.keysOf(change) : "all";
    if (keys === "all") {
      this.entities.clear();
      this.bytes = 0;
      for (const marks of this.reading.values()) for (const m of marks) m.stale = true;
      return;
    }
    for (const raw of keys) {
      const k = raw.toLowerCase();
      this.drop(k);
      for (const m of this.reading.get(k) ?? []) m.stale = true;
    }
  }

  private drop(k: string): void {
    const replies = this.entities.peek(k);
    if (!replies) return;
    for (const p of replies.values()) this.bytes -= this.size(p);
    this.entities.delete(k);
  }

  private keep(k: string, sub: string, reply: KeptReply<M>): void {
    const replies = this.entities.peek(k) ?? new Map<string, KeptReply<M>>();
    const old = replies.get(sub);
    if (old) this.bytes -= this.size(old);
    replies.set(sub, reply);
    this.bytes += this.size(reply);
    this.entities.set(k, replies);
    while (this.bytes > this.o.maxBytes) {
      const oldest = this.entities.oldest() as string;
      if (oldest === k && this.entities.size === 1) {
        // one entity's replies over the whole budget: keep none
        this.drop(k);
        break;
      }
      this.drop(oldest);
    }
  }
}
