/**
 * Health and config (always on): `GET /api/health` and `GET /api/config` (served by the app itself,
 * api/app.ts) read this slice; the signed page-view tracker of spec 000 §2 is its area; on PGlite its
 * job keeps the query planner's statistics (jobs/planner-stats.ts).
 */
import { z } from "zod";
import { pageViewArea } from "../api/page-view.ts";
import * as healthTables from "../db/schema/health.ts";
import { startPlannerStats } from "../jobs/planner-stats.ts";
import { configSlice, defineModule } from "./module.ts";

export const healthModule = defineModule({
  name: "health",
  tables: healthTables,
  config: configSlice(
    z.object({
      HEALTH_MAX_LAG_BLOCKS: z.coerce.number().int().min(0).default(50),
      HEALTH_MAX_COMMIT_AGE_S: z.coerce.number().int().min(1).default(120),
    }),
    (e) => ({ maxLagBlocks: e.HEALTH_MAX_LAG_BLOCKS, maxCommitAgeS: e.HEALTH_MAX_COMMIT_AGE_S }),
  ),
  areas: [pageViewArea],
  jobs: [
    {
      // ANALYZE on PGlite (no autovacuum there); idempotent, so wherever an indexer runs.
      name: "planner-stats",
      exactlyOnce: false,
      start: ({ deps, log }) => startPlannerStats({ db: deps.db, log }),
    },
  ],
});
