/**
 * Reads of the managers area (spec 001 §7 `GET /sofi/managers`): managers are the addresses that run
 * portfolios, aggregated from `portfolios` and the valuation in `portfolio_metrics` in SQL, so the
 * list pages in SQL however many managers there are.
 */
import type { Db } from "../../db/client.ts";

export type ManagerRow = {
  address: string;
  totalMarketCap: number;
  totalSets: number;
  totalHolders: number;
  allApy: number;
  createdAt: number;
  total: number;
};

/** One page of managers, the largest market cap first (ties: the earliest manager, then address). */
export async function listManagers(db: Db, chainId: number, limit: number, offset: number): Promise<ManagerRow[]> {
  const rows = await db.query<{
    address: string;
    total_market_cap: number | null;
    total_sets: string | number;
    total_holders: string | number | null;
    all_apy: number | null;
    created_at: string | number;
    total: string | number;
  }>(
    `SELECT p.manager AS address, sum(m.total_value) AS total_market_cap, count(*) AS total_sets,
       sum(m.holders_count) AS total_holders, avg(m.apy) AS all_apy, min(p.timestamp)::int8 AS created_at,
       count(*) OVER () AS total
     FROM portfolios p
     LEFT JOIN portfolio_metrics m ON m.chain_id = p.chain_id AND m.address = p.address
     WHERE p.chain_id = $1
     GROUP BY p.manager
     ORDER BY total_market_cap DESC NULLS LAST, created_at, p.manager
     LIMIT $2 OFFSET $3`,
    [chainId, limit, offset],
  );
  return rows.map((r) => ({
    address: r.address,
    totalMarketCap: Number(r.total_market_cap ?? 0),
    totalSets: Number(r.total_sets),
    totalHolders: Number(r.total_holders ?? 0),
    allApy: Number(r.all_apy ?? 0),
    createdAt: Number(r.created_at),
    total: Number(r.total),
  }));
}

/** How many managers there are (for a page past the end, which has no row to carry the count). */
export async function countManagers(db: Db, chainId: number): Promise<number> {
  const rows = await db.query<{ n: string | number }>(
    "SELECT count(DISTINCT manager) AS n FROM portfolios WHERE chain_id = $1",
    [chainId],
  );
  return Number(rows[0]?.n ?? 0);
}
