/**
 * Database access: PGlite (embedded Postgres, data dir on disk or in memory) by default, a
 * PostgreSQL server when a URL is given. Both run the same Drizzle migrations from `server/drizzle`.
 * The ORM serves simple reads/writes; the indexer's bulk writes and the API's aggregate queries
 * use `query()`/`transaction()` with plain SQL, identical on both engines.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../drizzle", import.meta.url));

export type Row = Record<string, unknown>;
export type Queryable = { query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]> };

/** A held advisory lock: the leader's right to write. */
export type Lock = {
  release(): Promise<void>;
  /** Resolves when the session holding the lock is gone (connection dropped or terminated). */
  lost: Promise<void>;
  /**
   * Throws inside a transaction unless this session still holds the lock: a leader that lost its
   * session (and may already have a successor) cannot commit anything more.
   */
  fence(tx: Queryable): Promise<void>;
};

/** How often the lock's connection is checked, so a silently dropped session is noticed. */
export const LOCK_HEARTBEAT_MS = 2_000;

export type Db = Queryable & {
  kind: "pglite" | "postgres";
  orm: PgDatabase<PgQueryResultHKT, typeof schema>;
  /** Runs `fn` in one transaction: all its statements commit together or none does. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Tries to take a session-level advisory lock (PostgreSQL: pg_try_advisory_lock on a dedicated
   * connection held until release). PGlite is single-process: always granted, never lost.
   */
  tryLock(key1: number, key2: number): Promise<Lock | null>;
  close(): Promise<void>;
};

export type CreateDbOptions = {
  /** postgres:// URL; unset → PGlite. */
  url?: string;
  /** PGlite data directory; unset → in memory. */
  dataDir?: string;
  /** PostgreSQL schema to use (created if missing); for isolated test runs. Default `public`. */
  schema?: string;
  /** Apply migrations (default true). */
  migrate?: boolean;
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function createDb(opts: CreateDbOptions = {}): Promise<Db> {
  const db = opts.url ? await createPgDb(opts.url, opts.schema) : await createPgliteDb(opts.dataDir);
  if (opts.migrate !== false) await migrateDb(db, opts.schema);
  return db;
}

export async function migrateDb(db: Db, schemaName?: string): Promise<void> {
  const cfg = { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema: schemaName ?? "drizzle" };
  if (db.kind === "pglite") {
    await migratePglite(db.orm as Parameters<typeof migratePglite>[0], cfg);
  } else {
    await migratePg(db.orm as Parameters<typeof migratePg>[0], cfg);
  }
}

async function createPgliteDb(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const orm = drizzlePglite({ client, schema });
  const query = async <T extends Row>(text: string, params?: unknown[]) =>
    (await client.query<T>(text, params as unknown[])).rows;
  return {
    kind: "pglite",
    orm: orm as unknown as Db["orm"],
    query,
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: async <T extends Row>(text: string, params?: unknown[]) =>
            (await tx.query<T>(text, params as unknown[])).rows,
        }),
      ),
    tryLock: async () => ({ release: async () => {}, lost: new Promise<void>(() => {}), fence: async () => {} }),
    close: () => client.close(),
  };
}

async function createPgDb(url: string, schemaName?: string): Promise<Db> {
  if (schemaName && !SCHEMA_NAME.test(schemaName)) throw new Error(`Invalid schema name: ${schemaName}`);
  if (schemaName) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
    } finally {
      await admin.end();
    }
  }
  const config: pg.PoolConfig = { connectionString: url, max: 10 };
  if (schemaName) config.options = `-c search_path=${schemaName}`;
  const pool = new pg.Pool(config);
  pool.on("error", () => {});
  const orm = drizzlePg({ client: pool, schema });
  const lockClients = new Set<pg.Client>();
  return {
    kind: "postgres",
    orm: orm as unknown as Db["orm"],
    query: async <T extends Row>(text: string, params?: unknown[]) => (await pool.query<T>(text, params)).rows,
    async transaction(fn) {
      const c = await pool.connect();
      try {
        await c.query("BEGIN");
        const result = await fn({
          query: async <T extends Row>(text: string, params?: unknown[]) => (await c.query<T>(text, params)).rows,
        });
        await c.query("COMMIT");
        return result;
      } catch (e) {
        await c.query("ROLLBACK").catch(() => {});
        throw e;
      } finally {
        c.release();
      }
    },
    async tryLock(key1, key2) {
      const c = new pg.Client({ connectionString: url });
      c.on("error", () => {});
      await c.connect();
      const r = await c.query<{ ok: boolean; pid: number }>(
        "SELECT pg_try_advisory_lock($1, $2) AS ok, pg_backend_pid() AS pid",
        [key1, key2],
      );
      if (!r.rows[0]?.ok) {
        await c.end();
        return null;
      }
      const pid = r.rows[0].pid;
      lockClients.add(c);
      let markLost: () => void = () => {};
      const lost = new Promise<void>((resolve) => {
        markLost = resolve;
      });
      let released = false;
      c.on("end", () => markLost());
      c.on("error", () => markLost());
      const heartbeat = setInterval(() => {
        c.query("SELECT 1").catch(() => {
          markLost();
          c.end().catch(() => {});
        });
      }, LOCK_HEARTBEAT_MS);
      heartbeat.unref();
      return {
        lost,
        async fence(tx) {
          const held = await tx.query<{ n: unknown }>(
            `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND classid::text::bigint = $1
               AND objid::text::bigint = $2 AND objsubid = 2 AND pid = $3 AND granted`,
            [key1, key2, pid],
          );
          if (released || Number(held[0]?.n) !== 1) throw new Error("indexer lock lost: not committing");
        },
        async release() {
          released = true;
          clearInterval(heartbeat);
          lockClients.delete(c);
          await c.query("SELECT pg_advisory_unlock($1, $2)", [key1, key2]).catch(() => {});
          await c.end().catch(() => {});
        },
      };
    },
    async close() {
      for (const c of lockClients) await c.end().catch(() => {});
      lockClients.clear();
      await pool.end();
    },
  };
}
