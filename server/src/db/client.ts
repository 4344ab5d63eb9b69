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

/**
 * Whether a write failed for a reason the written data carries, not the database or the network:
 * PostgreSQL's data exceptions (class 22: invalid text, numeric out of range, …), integrity
 * violations (class 23) and program limits (class 54: an index row too large), and the errors
 * JavaScript raises reading such data (a BigInt or JSON that does not parse).
 */
export function isDataError(e: unknown): boolean {
  if (e instanceof RangeError || e instanceof SyntaxError) return true;
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^(22|23|54)[0-9A-Z]{3}$/.test(code);
}

/** An error's message (PostgreSQL's code first when it has one). */
export function errorText(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  const message = e instanceof Error ? e.message : String(e);
  return typeof code === "string" ? `${code} ${message}` : message;
}

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
  /**
   * Sends `payload` to every process listening on `channel` of this database and schema
   * (PostgreSQL: NOTIFY, delivered to every server on the database; PGlite, one process: this one).
   */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onMessage` with each payload sent on `channel`, until the returned stop is called.
   * PostgreSQL: a dedicated LISTEN connection, reconnected when it drops; `onGap` is called after a
   * reconnect, since messages sent meanwhile were missed.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** How long a dropped LISTEN connection waits before reconnecting. */
export const LISTEN_RETRY_MS = 1_000;

/** FNV-1a, 31 bits (an advisory lock's positive int4 key). */
function hash31(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h & 0x7fffffff;
}

/** In-process channels (PGlite: one process is the whole deployment). */
function localChannels(): Pick<Db, "notify" | "listen"> {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  return {
    async notify(channel, payload) {
      for (const l of listeners.get(channel) ?? []) l(payload);
    },
    async listen(channel, onMessage) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
      };
    },
  };
}

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

/** The advisory lock servers take in turn to migrate (PostgreSQL; several may start at once). */
const MIGRATION_LOCK_NS = 0x50f2;

export async function migrateDb(db: Db, schemaName?: string): Promise<void> {
  const cfg = { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema: schemaName ?? "drizzle" };
  if (db.kind === "pglite") {
    await migratePglite(db.orm as Parameters<typeof migratePglite>[0], cfg);
    return;
  }
  // Replicas of a new version starting together: one migrates, the others wait and find it done.
  let lock: Lock | null = null;
  for (let waited = 0; !lock; waited += 200) {
    lock = await db.tryLock(MIGRATION_LOCK_NS, 0);
    if (!lock) {
      if (waited > 10 * 60_000) throw new Error("another server has been migrating for 10 minutes");
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    await migratePg(db.orm as Parameters<typeof migratePg>[0], cfg);
  } finally {
    await lock.release();
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
    ...localChannels(),
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
  const listenStops = new Set<() => Promise<void>>();
  // Locks and channels are per database: a schema's own keep deployments sharing one apart.
  const scope = schemaName ?? "public";
  const channelOf = (channel: string) => `${channel}:${scope}`;
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
    async tryLock(ns, key2) {
      const key1 = schemaName ? hash31(`${schemaName}:${ns}`) : ns;
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
    async notify(channel, payload) {
      await pool.query("SELECT pg_notify($1, $2)", [channelOf(channel), payload]);
    },
    async listen(channel, onMessage, onGap) {
      const name = channelOf(channel);
      let stopped = false;
      let client: pg.Client | null = null;
      let retry: NodeJS.Timeout | null = null;
      const connect = async (again: boolean): Promise<void> => {
        const c = new pg.Client({ connectionString: url });
        c.on("notification", (m) => {
          if (m.channel === name) onMessage(m.payload ?? "");
        });
        const dropped = () => {
          if (stopped || client !== c) return;
          client = null;
          c.end().catch(() => {});
          retry = setTimeout(() => void connect(true).catch(() => {}), LISTEN_RETRY_MS);
          retry.unref();
        };
        c.on("error", dropped);
        c.on("end", dropped);
        client = c;
        try {
          await c.connect();
          await c.query(`LISTEN "${name.replaceAll('"', '""')}"`);
        } catch (e) {
          if (!again) throw e;
          dropped();
          return;
        }
        if (again) onGap?.();
      };
      await connect(false);
      const stop = async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        listenStops.delete(stop);
        await client?.end().catch(() => {});
      };
      listenStops.add(stop);
      return stop;
    },
    async close() {
      for (const stop of [...listenStops]) await stop();
      for (const c of lockClients) await c.end().catch(() => {});
      lockClients.clear();
      await pool.end();
    },
  };
}
