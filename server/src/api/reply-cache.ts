/**
 * Replies computed once per key and version for at most `ttlMs`, shared by every request that asks
 * meanwhile (one computation in flight per key: fifty clients asking for the same page while it is
 * computed wait for that one query, not fifty). An entry serves only the version it was computed
 * for. Bounded: the oldest key goes first. A reply whose content is known to hold longer or shorter
 * (a market list holds until the next market's status changes by time) says so with `lifetimeMs`.
 */
type Entry<V> = {
  version: string;
  at: number;
  ttl: number;
  value: Promise<V>;
  /** The computation finished (a value to serve while the next one runs). */
  settled: boolean;
  refreshing: boolean;
};

export class ReplyCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys = 2_000,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: string, version: string, compute: () => Promise<V>, lifetimeMs?: (value: V) => number): Promise<V> {
    const hit = this.entries.get(key);
    const now = this.clock();
    if (hit && hit.version === version && now - hit.at < hit.ttl) return hit.value;
    return this.store(key, version, now, compute(), lifetimeMs).value;
  }

  /**
   * As `get`, except that an entry of the same version whose time ran out is still served while
   * one computation of its successor runs in the background: nobody waits for a refresh that only
   * time asked for. A new version (a commit) is never served from the old one: it waits, as in `get`.
   */
  getRevalidating(
    key: string,
    version: string,
    compute: () => Promise<V>,
    lifetimeMs?: (value: V) => number,
  ): Promise<V> {
    const hit = this.entries.get(key);
    const now = this.clock();
    if (!hit || hit.version !== version || !hit.settled || now - hit.at < hit.ttl)
      return this.get(key, version, compute, lifetimeMs);
    if (!hit.refreshing) {
      hit.refreshing = true;
      const next = compute();
      next.then(
        () => {
          // replaced only if nothing newer (another version) took the key meanwhile
          if (this.entries.get(key) === hit) this.store(key, version, now, next, lifetimeMs);
        },
        () => {
          hit.refreshing = false;
        },
      );
    }
    return hit.value;
  }

  clear(): void {
    this.entries.clear();
  }

  private store(
    key: string,
    version: string,
    at: number,
    value: Promise<V>,
    lifetimeMs?: (value: V) => number,
  ): Entry<V> {
    const entry: Entry<V> = { version, at, ttl: this.ttlMs, value, settled: false, refreshing: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.then(
      (v) => {
        entry.settled = true;
        if (lifetimeMs) entry.ttl = Math.max(0, lifetimeMs(v));
      },
      () => {},
    );
    if (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
    // a failed computation is not kept: the next request tries again
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return entry;
  }
}
