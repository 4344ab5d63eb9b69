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
 * The topic of a follow or unfollow (`POST /sofi/follow`): keys are the follower and the followee,
 * whose counts (and the follower's `following` of the followee) changed. Kept manager infos drop on it.
 */
export const FOLLOWS_TOPIC = "people.follows";

/**
 * The topic of an address becoming a portfolio's manager (the indexer's PortfolioCreated): keys are
 * managers. Their kept infos drop on it, and so do replies that link an author to a manager page.
 */
export const MANAGER_TOPIC = "people.manager";

/**
 * How long a reply kept per entity (KeptReplies, a proposal's record) is answered while no change
 * names it. Changes name what they touch, a bus that reconnects drops everything, and a change from
 * a server of another release counts as "anything changed" (CHANGES_VERSION), so this time bounds
 * only what no change reports: a handler that failed to name a key, and on a shared PostgreSQL the
 * views that another replica counted (a portfolio's count shows them after at most this; the "most
 * viewed" list reads them at once). It must outlast the read-aheads at full size, or what a server
 * reads ahead expires before users ask (docs/decisions.md, "The kept time's cliff"): about 12.5
 * minutes on PGlite's one database thread, 11.6 on PostgreSQL in stop 45, which outlived the 10
 * minutes this was then. A reply asked for late in its time is read again in the background
 * (REFRESH_AFTER), so what users keep asking for never waits for the end.
 */
export const KEPT_SHARED_DB_MS = 30 * 60_000;
export const KEPT_OWN_DB_MS = 60 * 60_000;
export const keptMsFor = (db: "pglite" | "postgres"): number => (db === "pglite" ? KEPT_OWN_DB_MS : KEPT_SHARED_DB_MS);

/**
 * The indexer's commits (and every server's writes) for one chain: read caches keyed by
 * `generation` drop everything on each; caches that listen may drop only the keys a change names,
 * and keep a reply at most `keptMs` without one.
 */
export class CommitSignal {
  constructor(readonly keptMs: number = KEPT_SHARED_DB_MS) {}

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
