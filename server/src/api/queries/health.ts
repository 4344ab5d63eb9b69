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

/** The chain's latest block number, asked afresh (not viem's cached value). */
export async function headBlock(client: PublicClient): Promise<number> {
  return Number(await client.getBlockNumber({ cacheTime: 0 }));
}
