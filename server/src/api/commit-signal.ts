/**
 * Tells the API's read caches that this process's indexer committed new rows on a chain. Where the
 * indexer runs in another process nothing is signalled, and each cache's time to live bounds how
 * stale it can be.
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
