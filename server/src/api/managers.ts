/**
 * Managers area (issue 10's home list and `/sts/more/managers`, spec 001 §7 `GET /sofi/managers`):
 * the addresses that run portfolios, largest market cap first, paged in SQL. Profiles (name, photo,
 * `GET|POST /sofi/managers/{address}`) join this area with the people issue.
 */
import { type ManagerListItem, managersQuerySchema } from "@sofi/core";
import { Hono } from "hono";
import { getAddress } from "viem";
import type { ApiArea, ApiEnv } from "./area.ts";
import { portfolioReader } from "./portfolios.ts";
import { countManagers, listManagers } from "./queries/managers.ts";
import { validQuery } from "./validate.ts";

export const managersArea: ApiArea = (deps) =>
  new Hono<ApiEnv>().get("/sofi/managers", validQuery(managersQuerySchema), async (c) => {
    const { limit, offset } = c.req.valid("query");
    const ch = c.var.chain;
    // The ordering reads portfolio_metrics: bring it up to date first, as the portfolio lists do.
    await portfolioReader(deps, ch).freshMetrics();
    const rows = await listManagers(deps.db, ch.config.info.id, limit, offset);
    const total = rows[0]?.total ?? (await countManagers(deps.db, ch.config.info.id));
    const managers: ManagerListItem[] = rows.map((r) => ({
      address: getAddress(r.address),
      photo_url: null,
      name: null,
      total_market_cap: r.totalMarketCap,
      total_sets: r.totalSets,
      total_holders: r.totalHolders,
      all_apy: r.allApy,
      created_at: r.createdAt,
    }));
    return c.json({ managers, total });
  });
