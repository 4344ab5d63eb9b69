/** Every DB test runs on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL (fresh schema per call). */
import { createDb, type Db } from "../../src/db/client.ts";

export type DbKind = "pglite" | "postgres";

export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

let n = 0;
const created: { db: Db; schema?: string }[] = [];

export async function freshDb(kind: DbKind): Promise<Db> {
  if (kind === "pglite") {
    const db = await createDb();
    created.push({ db });
    return db;
  }
  const schema = `t_${process.pid}_${Date.now().toString(36)}_${n++}`;
  const db = await createDb({ url: process.env.TEST_DATABASE_URL, schema });
  created.push({ db, schema });
  return db;
}

/** Closes every database made by freshDb and drops the PostgreSQL test schemas. */
export async function closeAllDbs(): Promise<void> {
  for (const { db, schema } of created.splice(0)) {
    if (schema) await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await db.close().catch(() => {});
  }
}
