/** Read side of `GET /api/health`: how far the indexer got on a chain, and the chain's head. */
import type { PublicClient } from "viem";
import type { Queryable } from "../../db/client.ts";

/**
 * The block every indexer handler of a chain has reached: the lowest of the chain's checkpoint rows
 * (one per handler), or null before any handler has committed one.
 */
export async function indexedBlock(q: Queryable, chainId: number): Promise<number | null> {
  const rows = await q.query<{ block: unknown }>(
    "SELECT min(block_number) AS block FROM indexer_checkpoints WHERE chain_id = $1",
    [chainId],
  );
  const block = rows[0]?.block;
  return block === null || block === undefined ? null : Number(block);
}

/**
 * Logs the indexer set aside because a handler could not store them (indexer_quarantine): shown by
 * /api/health so an operator sees them; they do not make the chain unhealthy (the index goes on).
 */
export async function quarantinedLogs(q: Queryable, chainId: number): Promise<number> {
  const rows = await q.query<{ n: unknown }>("SELECT count(*) AS n FROM indexer_quarantine WHERE chain_id = $1", [
    chainId,
  ]);
  return Number(rows[0]?.n ?? 0);
}

/** The chain's latest block number, asked afresh (not viem's cached value). */
export async function headBlock(client: PublicClient): Promise<number> {
  return Number(await client.getBlockNumber({ cacheTime: 0 }));
}

export type HealthThresholds = { maxLagBlocks: number; maxCommitAgeS: number };

export type IndexerActivity = {
  startedAt: number;
  lastCommitAt: number | null;
  lastError: { message: string; at: number; count: number } | null;
  standby: boolean;
};

/**
 * One chain's health: lag (head - indexed), seconds since this process's last commit, the last
 * error, and the problems that make it unhealthy:
 * - the head or the indexed block is unknown (RPC silent, nothing indexed yet);
 * - the lag passes `maxLagBlocks`;
 * - the index is behind and this process's indexer (when it leads here) has not committed for
 *   `maxCommitAgeS` (since its start, before its first commit). An idle chain (lag 0) needs no commit.
 */
export function assessChain(
  indexed: number | null,
  head: number | null,
  activity: IndexerActivity | undefined,
  t: HealthThresholds,
  now: number,
) {
  const lag = indexed !== null && head !== null ? Math.max(0, head - indexed) : null;
  const ageS = (ms: number) => Math.round((now - ms) / 100) / 10;
  const lastCommitAgeS = activity?.lastCommitAt != null ? ageS(activity.lastCommitAt) : null;
  const problems: string[] = [];
  if (head === null) problems.push("chain head unknown: the RPC did not answer");
  if (indexed === null) problems.push("nothing indexed yet");
  if (lag !== null && lag > t.maxLagBlocks) problems.push(`indexer ${lag} blocks behind (more than ${t.maxLagBlocks})`);
  if (activity && !activity.standby && lag !== null && lag > 0) {
    const since = ageS(activity.lastCommitAt ?? activity.startedAt);
    if (since > t.maxCommitAgeS)
      problems.push(
        `no indexer commit for ${Math.round(since)} s while ${lag} blocks behind (more than ${t.maxCommitAgeS} s)`,
      );
  }
  const lastError = activity?.lastError
    ? { message: activity.lastError.message, ageS: ageS(activity.lastError.at), count: activity.lastError.count }
    : null;
  return { lag, lastCommitAgeS, lastError, problems };
}
