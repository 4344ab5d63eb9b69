/**
 * Tells the API's read caches that a chain's data changed: this process's indexer committed rows,
 * or another server on the database committed or wrote (server/src/changes.ts hears those). Each
 * cache's time to live bounds staleness only where no signal can arrive.
 */
export class CommitSignal {
  /** Bumped on every commit with rows: an entry computed before the bump is not served after it. */
  generation = 0;
  private readonly listeners = new Set<() => void>();

  on(listener: () => void): void {
    this.listeners.add(listener);
  }

  emit(): void {
    this.generation++;
    for (const l of this.listeners) l();
  }
}
