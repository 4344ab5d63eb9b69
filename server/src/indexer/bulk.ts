/** Bulk writes for handlers: one multi-row INSERT … SELECT FROM unnest(…) per chunk of rows. */
import type { Queryable } from "../db/client.ts";

export type ColumnType = "int8" | "int4" | "text" | "numeric" | "bool" | "jsonb" | "float8";
/** Column values; `null` is SQL NULL (a string is always text, "NULL" included). */
export type Column = { name: string; type: ColumnType; values: readonly (string | number | null)[] };

/** Rows per statement: keeps parameters far below PostgreSQL's limits while amortising round trips. */
export const CHUNK = 20_000;
const PLAIN = /^[0-9A-Za-z_.:x-]+$/;
const NULL_WORD = /^null$/i;

/**
 * A PostgreSQL array literal; `null` is NULL, elements that are not plain numbers or hex are
 * quoted and escaped (the text "NULL" too, so a name cannot turn into a NULL).
 */
export function arrayLiteral(values: readonly (string | number | null)[], from = 0, to = values.length): string {
  const parts: string[] = [];
  for (let i = from; i < to && i < values.length; i++) {
    const raw = values[i];
    if (raw === null || raw === undefined) {
      parts.push("NULL");
      continue;
    }
    const v = String(raw);
    parts.push(
      PLAIN.test(v) && (v.length !== 4 || !NULL_WORD.test(v))
        ? v
        : `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`,
    );
  }
  return `{${parts.join(",")}}`;
}

/**
 * `INSERT INTO table (chain_id, …columns) SELECT $1, * FROM unnest(…) <conflict>` in chunks.
 * `conflict` defaults to ignoring rows already there (a replayed range doubles nothing).
 */
export async function bulkInsert(
  tx: Queryable,
  table: string,
  chainId: number,
  columns: readonly Column[],
  conflict = "ON CONFLICT DO NOTHING",
  /** Wraps each chunk's INSERT (e.g. in a CTE whose RETURNING rows feed counters). */
  wrap: (insert: string) => string = (insert) => insert,
): Promise<void> {
  const n = columns[0]?.values.length ?? 0;
  if (n === 0) return;
  // always quoted: a column may be a reserved word ("user", "window", "values", …)
  const names = columns.map((c) => `"${c.name.replace(/"/g, "")}"`);
  const casts = columns.map((c, i) => `$${i + 2}::${c.type}[]`).join(", ");
  const sql = wrap(
    `INSERT INTO ${table} (chain_id, ${names.join(", ")}) SELECT $1, * FROM unnest(${casts}) ${conflict}`,
  );
  for (let i = 0; i < n; i += CHUNK) {
    await tx.query(sql, [chainId, ...columns.map((c) => arrayLiteral(c.values, i, i + CHUNK))]);
  }
}
