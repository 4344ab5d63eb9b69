/**
 * PGlite has no autovacuum, so nothing ever gathers the planner's statistics: with none, PostgreSQL
 * guesses table sizes and picks plans that are fine on the seed and slow at scale (a page of 20
 * proposals deep in 10,000 took 8.5 s instead of 60 ms). On PGlite this job runs ANALYZE once the
 * first indexing has settled and then hourly. PostgreSQL's own autovacuum does it there, so the job
 * does not start on it.
 *
 * PGlite runs a query on the server's only thread: one ANALYZE of every table stopped every reply,
 * even those kept in memory, for 2-3 s at a million posts. Tables are analyzed one at a time with a
 * pause between them, so replies go on between the (shorter) stops.
 */
import type { Db } from "../db/client.ts";

export const PLANNER_STATS_FIRST_MS = 60_000;
export const PLANNER_STATS_EVERY_MS = 3_600_000;
/** The pause between two tables' ANALYZE. */
export const PLANNER_STATS_PAUSE_MS = 1_000;

/** One timer per database, however many chains it holds. */
const running = new WeakSet<Db>();

export function startPlannerStats(o: {
  db: Db;
  log: (msg: string) => void;
  firstMs?: number;
  everyMs?: number;
  pauseMs?: number;
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
        const tables = await o.db.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE c.relkind = 'r' AND n.nspname = current_schema() ORDER BY c.relname`,
        );
        let longest = 0;
        for (const [i, t] of tables.entries()) {
          if (stopped) return;
          if (i > 0) await new Promise((r) => setTimeout(r, o.pauseMs ?? PLANNER_STATS_PAUSE_MS));
          const at = Date.now();
          await o.db.query(`ANALYZE "${t.name.replaceAll('"', '""')}"`);
          longest = Math.max(longest, Date.now() - at);
        }
        o.log(
          `planner statistics gathered for ${tables.length} tables in ${Date.now() - started} ms (the longest ${longest} ms)`,
        );
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
