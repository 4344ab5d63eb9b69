/**
 * Pollers shared by key and counted by watchers: the first `acquire` of a key starts its poller,
 * later ones share it, and the last release stops it. The balance poller (one per chain and
 * account) and the head poller (one per chain) both keep one request stream however many screens
 * watch the same thing.
 */
export class SharedPollers<K> {
  private readonly running = new Map<K, { watchers: number; stop: () => void }>();

  /** Adds a watcher of `key`, starting its poller with `start` (which returns the stop) if none runs. */
  acquire(key: K, start: () => () => void): () => void {
    let poller = this.running.get(key);
    if (!poller) {
      poller = { watchers: 0, stop: start() };
      this.running.set(key, poller);
    }
    const p = poller;
    p.watchers += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      p.watchers -= 1;
      if (p.watchers === 0 && this.running.get(key) === p) {
        this.running.delete(key);
        p.stop();
      }
    };
  }

  /** How many pollers run; for tests. */
  get size(): number {
    return this.running.size;
  }
}
