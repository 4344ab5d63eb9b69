/**
 * PGlite has no autovacuum, so nothing ever gathers the planner's statistics: with none, PostgreSQL
 * guesses table sizes and picks plans that are fine on the seed and slow at scale (a page of 20
 * proposals deep in 10,000 took 8.5 s instead of 60 ms). On PGlite this job runs ANALYZE once the
 * first indexing has settled and then hourly. PostgreSQL's own autovacuum does it there, so the job
 * does not start on it.
 */
import type { Db } from "../db/client.ts";

export const PLANNER_STATS_FIRST_MS = 60_000;
export const PLANNER_STATS_EVERY_MS = 3_600_000;

/** One timer per database, however many chains it holds. */
const running = new WeakSet<Db>();

export function startPlannerStats(o: {
  db: Db;
  log: (msg: string) => void;
  firstMs?: number;
  everyMs?: number;
}): { stop(): Promise<void> } | null {
  if (o.db.kind !== "pglite" || running.has(o.db)) return null;
  running.add(o.db);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let busy: Promise<void> = Promise.resolve();
  const tick = () => {
    busy = (async () => {
      const started = Date.now();
      try {
        await o.db.query("ANALYZE");
        o.log(`planner statistics gathered in ${Date.now() - started} ms`);
      } catch (e) {
        o.log(`planner statistics: ${(e as Error).message}`);
      }
      if (!stopped) timer = setTimeout(tick, o.everyMs ?? PLANNER_STATS_EVERY_MS).unref();
    })();
  };
  timer = setTimeout(tick, o.firstMs ?? PLANNER_STATS_FIRST_MS).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await busy;
      running.delete(o.db);
    },
  };
}
