/**
 * PGlite gets the planner's statistics from the health module's job (it has no autovacuum): after
 * the job's first run the tables' row counts are known; one timer per database; not on PostgreSQL.
 */
import { afterAll, describe, expect, it } from "vitest";
import { startPlannerStats } from "../src/jobs/planner-stats.ts";
import { healthModule } from "../src/modules/health.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";

afterAll(closeAllDbs);

const reltuples = async (db: Awaited<ReturnType<typeof freshDb>>) => {
  const [r] = await db.query<{ n: number }>(
    "SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'governance_proposals' AND relkind = 'r'",
  );
  return Number(r?.n);
};

describe("planner statistics on PGlite", () => {
  it("ANALYZE runs after the first delay and the planner knows the table's rows; one timer per database", async () => {
    const db = await freshDb("pglite");
    await db.query(`INSERT INTO governance_proposals (chain_id, governor, proposal_id, block_number, log_index, tx_hash,
      timestamp, proposer, targets, "values", calldatas, vote_start, vote_end, description, title)
      SELECT 1, '0xg', i, i, 0, '0x', i, '0xp', '[]', '[]', '[]', i, i, 'd', 't' FROM generate_series(1, 3000) i`);
    expect(await reltuples(db)).toBeLessThan(1); // never analyzed: -1 (or 0)
    const log: string[] = [];
    const job = startPlannerStats({ db, log: (m) => log.push(m), firstMs: 10, everyMs: 60_000, pauseMs: 10 });
    expect(job).not.toBeNull();
    expect(startPlannerStats({ db, log: () => {}, firstMs: 10 })).toBeNull();
    await expect.poll(() => log.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(log[0]).toMatch(/planner statistics gathered/);
    expect(await reltuples(db)).toBe(3000);
    await job?.stop();
  });

  it("analyzes one table at a time, with a pause between two (PGlite blocks every reply while it runs)", async () => {
    const db = await freshDb("pglite");
    const stamps: { sql: string; at: number }[] = [];
    const watched = Object.create(db) as typeof db;
    watched.query = ((sql: string, params?: unknown[]) => {
      if (/^ANALYZE/.test(sql)) stamps.push({ sql, at: Date.now() });
      return db.query(sql, params);
    }) as typeof db.query;
    const log: string[] = [];
    const job = startPlannerStats({ db: watched, log: (m) => log.push(m), firstMs: 10, everyMs: 60_000, pauseMs: 30 });
    await expect.poll(() => log.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await job?.stop();
    expect(stamps.length).toBeGreaterThan(20);
    for (const s of stamps) expect(s.sql).toMatch(/^ANALYZE "[a-z_0-9]+"$/);
    expect(stamps.map((s) => s.sql)).toContain('ANALYZE "social_posts"');
    for (let i = 1; i < stamps.length; i++)
      expect((stamps[i] as { at: number }).at - (stamps[i - 1] as { at: number }).at).toBeGreaterThanOrEqual(29);
  }, 90_000);

  it("is the health module's job, idempotent (every indexer process)", () => {
    const job = healthModule.jobs?.find((j) => j.name === "planner-stats");
    expect(job?.exactlyOnce).toBe(false);
  });

  it.runIf(DB_KINDS.includes("postgres"))("does not start on PostgreSQL (autovacuum does it)", async () => {
    const db = await freshDb("postgres");
    expect(startPlannerStats({ db, log: () => {}, firstMs: 10 })).toBeNull();
  });
});
