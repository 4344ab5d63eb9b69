/**
 * Health and config (always on): `GET /api/health` and `GET /api/config` (served by the app itself,
 * api/app.ts) read this slice; the signed page-view tracker of spec 000 §2 is its area; on PGlite its
 * job keeps the query planner's statistics (jobs/planner-stats.ts).
 */
import { z } from "zod";
import { pageViewArea } from "../api/page-view.ts";
import type { HealthThresholds } from "../api/queries/health.ts";
import * as healthTables from "../db/schema/health.ts";
import { startPlannerStats } from "../jobs/planner-stats.ts";
import { configSlice, defineModule, type RunningJob } from "./module.ts";

/** The health checks' thresholds, and when PGlite's first ANALYZE runs. */
type HealthConfig = HealthThresholds & { plannerStatsFirstS: number };

export const healthModule = defineModule({
  name: "health",
  tables: healthTables,
  config: configSlice(
    z.object({
      HEALTH_MAX_LAG_BLOCKS: z.coerce.number().int().min(0).default(50),
      HEALTH_MAX_COMMIT_AGE_S: z.coerce.number().int().min(1).default(120),
      PLANNER_STATS_FIRST_S: z.coerce.number().int().min(0).default(60),
    }),
    (e): HealthConfig => ({
      maxLagBlocks: e.HEALTH_MAX_LAG_BLOCKS,
      maxCommitAgeS: e.HEALTH_MAX_COMMIT_AGE_S,
      plannerStatsFirstS: e.PLANNER_STATS_FIRST_S,
    }),
  ),
  areas: [pageViewArea],
  jobs: [
    {
      // ANALYZE on PGlite (no autovacuum there); idempotent, so wherever an indexer runs.
      name: "planner-stats",
      exactlyOnce: false,
      start({ deps, log }): RunningJob | null {
        return startPlannerStats({ db: deps.db, log, firstMs: deps.config.health.plannerStatsFirstS * 1000 });
      },
    },
  ],
});
