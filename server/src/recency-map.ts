/**
 * A Map kept in least-recently-used order (oldest first) that does not move a key on every use.
 *
 * Why not the usual JavaScript LRU (delete the key and set it again on each use): V8 leaves a
 * deleted entry in its hash bucket's chain until the table is rebuilt, so a key deleted and set again
 * on every request makes its own next lookup walk every earlier copy of itself. In a map of 20,000
 * keys, one key used over and over cost 64 µs a lookup on Node 26 (67 µs on Node 20), against
 * 54 ns here; Zipf-skewed keys, as real users ask, 2.1 µs against 0.5 µs (docs/decisions.md,
 * "Recency without delete-and-set").
 *
 * Here a key used again moves to the newest end only when at least a quarter of the map's size of
 * other moves and additions came since its own: a hot key stays where it is, so its chain stays
 * short. What eviction relies on still holds: a key is at most that many places from the newest
 * end, so a key used within the last quarter of the map's turnover is never the oldest, and the
 * oldest entry is the first one iterated.
 */
export class RecencyMap<K, V> {
  private readonly map = new Map<K, { value: V; seq: number }>();
  /** Counts moves and additions: a key's own `seq` says how many came after it. */
  private seq = 0;

  get size(): number {
    return this.map.size;
  }

  /** The value, marking the key used. */
  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.used(key, e);
    return e.value;
  }

  /** The value, leaving the key's place as it is. */
  peek(key: K): V | undefined {
    return this.map.get(key)?.value;
  }

  /** Sets the value and marks the key used (a new key is the newest). */
  set(key: K, value: V): this {
    const e = this.map.get(key);
    if (e) {
      e.value = value;
      this.used(key, e);
    } else this.map.set(key, { value, seq: ++this.seq });
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  /** The least recently used key (undefined when empty). */
  oldest(): K | undefined {
    return this.map.keys().next().value;
  }

  /** Keys, oldest first. */
  keys(): IterableIterator<K> {
    return this.map.keys();
  }

  /** Entries, oldest first; deleting the entry being visited is safe, as in a Map. */
  *entries(): IterableIterator<[K, V]> {
    for (const [k, e] of this.map) yield [k, e.value];
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries();
  }

  private used(key: K, e: { value: V; seq: number }): void {
    if (this.seq - e.seq < this.map.size / 4) return;
    this.map.delete(key);
    this.map.set(key, e);
    e.seq = ++this.seq;
  }
}
