/**
 * The time a chain's schedules are read at (proposal statuses, race phases): the wall clock, or the
 * latest indexed block's timestamp when it is ahead (a local chain that travelled in time; on a
 * live chain the two agree within a block).
 */
import type { Queryable } from "../../db/client.ts";

export async function chainNow(db: Queryable, chainId: number, wall = Math.floor(Date.now() / 1000)): Promise<number> {
  const [r] = await db.query<{ ts: string | number }>(
    "SELECT timestamp AS ts FROM indexer_blocks WHERE chain_id = $1 ORDER BY block_number DESC LIMIT 1",
    [chainId],
  );
  return Math.max(wall, Number(r?.ts ?? 0));
}

/**
 * `chainNow`, and which indexed state it was read at: every handler's checkpoint (block and hash),
 * and the latest indexed block's time (`head`: no row committed later can be dated before it).
 * The indexer moves a handler's checkpoint in the same transaction as the rows it commits, and a
 * reorg moves it back, so rows read at the same mark cannot have changed since: a read of a few
 * primary-key rows tells whether a costly read must be made again.
 */
export async function chainHead(
  db: Queryable,
  chainId: number,
  wall = Math.floor(Date.now() / 1000),
): Promise<{ now: number; mark: string; head: number }> {
  const [r] = await db.query<{ ts: string | number | null; mark: string | null }>(
    `SELECT (SELECT timestamp FROM indexer_blocks WHERE chain_id = $1 ORDER BY block_number DESC LIMIT 1) AS ts,
            (SELECT string_agg(indexer || ':' || block_number || ':' || block_hash, ',' ORDER BY indexer)
             FROM indexer_checkpoints WHERE chain_id = $1) AS mark`,
    [chainId],
  );
  const head = Number(r?.ts ?? 0);
  return { now: Math.max(wall, head), mark: r?.mark ?? "", head };
}

/**
 * `chainNow` for a hot read path: the latest indexed block's time is read at most once per `maxAgeMs`
 * and again after each commit with rows, so a status that time alone changes shows at most about
 * a second late (a block without rows moves no signal; the wall clock still moves every read).
 */
export class ChainClock {
  private head: Promise<number> | null = null;
  private readAt = 0;

  constructor(
    private readonly db: Queryable,
    private readonly chainId: number,
    commits?: { on(listener: () => void): void },
    private readonly maxAgeMs = 1_000,
  ) {
    commits?.on(() => {
      this.head = null;
    });
  }

  async now(wall = Math.floor(Date.now() / 1000)): Promise<number> {
    const t = Date.now();
    if (!this.head || t - this.readAt >= this.maxAgeMs) {
      this.readAt = t;
      const head = chainNow(this.db, this.chainId, 0);
      this.head = head;
      head.catch(() => {
        if (this.head === head) this.head = null;
      });
    }
    return Math.max(wall, await this.head);
  }
}
