/**
 * What a commit changed (issue 21 §1): the keys its rows touched, by topic (Handler.touches, e.g.
 * `"trades.user"`), lowercased. A topic not named did not change. No change object at all means
 * anything may have changed (an API write, a reorg, a signal from a server that could not say).
 */
export type Change = { touched: Readonly<Record<string, readonly string[]>> };

/**
 * The change a write through the API reports: the topic `api.write`, with no keys. A write stores
 * only what the API itself keeps (posts, reactions, follows, favourites, intros, alerts), never a
 * row the indexer writes, so a cache of indexed rows (a user's trades) keeps every entry, while a
 * cache keyed by `generation` drops everything as before.
 */
export const API_WRITE_TOPIC = "api.write";
export const API_WRITE: Change = { touched: { [API_WRITE_TOPIC]: [] } };

/**
 * The topic of a person's profile (name, photo, links; `POST /sofi/managers/{address}`): keys are
 * addresses. Replies that show authors (the feed's kept topic pages) drop on it; an API write that
 * names no topic changed no profile.
 */
export const PROFILE_TOPIC = "people.profile";

/**
 * The indexer's commits (and every server's writes) for one chain: read caches keyed by
 * `generation` drop everything on each; caches that listen may drop only the keys a change names.
 */
export class CommitSignal {
  /** Bumped on every commit with rows: an entry computed before the bump is not served after it. */
  generation = 0;
  private readonly listeners = new Set<(change?: Change) => void>();

  on(listener: (change?: Change) => void): void {
    this.listeners.add(listener);
  }

  emit(change?: Change): void {
    this.generation++;
    for (const l of this.listeners) l(change);
  }
}

/** The change an indexer commit reports (`touched` null: a handler could not say, so anything). */
export function changeOf(range: { touched: Record<string, string[]> | null }): Change | undefined {
  return range.touched ? { touched: range.touched } : undefined;
}
