/**
 * Replies computed once per key and version for at most `ttlMs`, shared by every request that asks
 * meanwhile (one computation in flight per key: fifty clients asking for the same page while it is
 * computed wait for that one query, not fifty). An entry serves only the version it was computed
 * for. Bounded: the oldest key goes first.
 */
export class ReplyCache<V> {
  private readonly entries = new Map<string, { version: string; at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys = 2_000,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: string, version: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const now = this.clock();
    if (hit && hit.version === version && now - hit.at < this.ttlMs) return hit.value;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { version, at: now, value });
    if (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
    // a failed computation is not kept: the next request tries again
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
