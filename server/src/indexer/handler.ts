/**
 * The indexer's plug-in point. A capability that indexes events writes one `Handler` in
 * `handlers/<feature>.ts` and lists it in its capability's module (`server/src/modules/<name>.ts`,
 * `handlers`); the engine does the rest:
 * fetching (in the logs worker), decoding (decoders.mjs, compiled from the handler's ABI events),
 * factory children, its own checkpoint, reorg rollback and crash safety (rows, children and the
 * checkpoint commit in one transaction).
 *
 * Handlers are typed from the generated ABIs of `@sofi/protocol` (issue 17):
 * - `eventOf(abi, "Name")` picks an event of an `as const` ABI (no hand-written signatures);
 * - `defineHandler({ events, sources, tables, insert, rollback? })` infers the handler's events, so
 *   `insert` gets `rows.<EventName>` (every event present, empty when the range had none) with
 *   `cols.args.<argument>` typed from the event's inputs: a misspelt event or argument name does not
 *   compile. `rowsOf`, `argOf` and `rawOf` take the same typed names.
 * - `eventLogHandler({ name, abi, event, source, table, columns })`: one event into one append-only
 *   table, each column an argument of the event (the aggregator and promotions handlers).
 * - Reorgs: `tables` lists the handler's append-only tables (`chain_id`, `block_number`); the engine
 *   deletes their rows above the fork (`rollbackHandler`), then calls the handler's own `rollback`,
 *   if any, for what a plain delete cannot undo (counters folded from rows, derived tables).
 */
import type { Deployment } from "@sofi/protocol";
import type { Abi, AbiEvent, Hex } from "viem";
import type { Queryable } from "../db/client.ts";
import { bulkInsert, type ColumnType } from "./bulk.ts";
import { compileEventCached, type EventColumns, emptyColumns, type HandlerRows } from "./decoders.mjs";

export type { EventColumns, HandlerRows };

/** The events of an ABI. */
export type AbiEventOf<A extends Abi> = Extract<A[number], { type: "event" }>;
/** The event names of an ABI. */
export type EventNameOf<A extends Abi> = AbiEventOf<A>["name"];
/** One event of an ABI, by name. */
export type EventOf<A extends Abi, N extends EventNameOf<A>> = Extract<AbiEventOf<A>, { name: N }>;

type NameAt<P, I extends string> = P extends { name: infer N extends string }
  ? N extends ""
    ? `arg${I}`
    : N
  : `arg${I}`;
type ArgNamesOf<Inputs extends readonly unknown[]> = number extends Inputs["length"]
  ? string
  : { [I in keyof Inputs]: I extends `${number}` ? NameAt<Inputs[I], I> : never }[number];

/** The argument names of an event as the decoder names them (an unnamed input `i` is `arg<i>`). */
export type ArgName<E extends AbiEvent> = ArgNamesOf<E["inputs"]>;

/** One event's decoded columns, `args` keyed by its argument names. */
export type ColumnsOf<E extends AbiEvent> = EventColumns<ArgName<E>>;

/** A typed handler's rows: every event of `E` by name. */
export type RowsOf<E extends AbiEvent> = { [N in E["name"]]: ColumnsOf<Extract<E, { name: N }>> };

/** An event of an `as const` ABI, by name (typed: the name must be one of the ABI's events). */
export function eventOf<const A extends Abi, N extends EventNameOf<A>>(abi: A, name: N): NoInfer<EventOf<A, N>> {
  const found = abi.filter((item) => item.type === "event" && item.name === name);
  if (found.length !== 1) throw new Error(`eventOf: ${found.length} events named ${name} in the ABI`);
  return found[0] as EventOf<A, N>;
}

/** Contracts at addresses known from the deployment record. */
export type FixedSource = { kind: "fixed"; addresses: (d: Deployment) => readonly Hex[] };
/**
 * Contracts a factory creates at run time (as Ponder's `factory()`): the factory's `event` names
 * each child in its argument `parameter`; a child's own logs are indexed from the range it was
 * created in, and children are stored (indexer_children) so a restart does not rescan. The
 * factory's events reach `insert` too, as `rows[event.name]`.
 */
export type FactorySource<E extends AbiEvent = AbiEvent> = {
  kind: "factory";
  factories: (d: Deployment) => readonly Hex[];
  event: E;
  parameter: ArgName<E>;
};
/** Where a handler's logs come from. */
export type Source = FixedSource | FactorySource;

export type Handler = {
  /** Unique, stable: the checkpoint row and the children rows are keyed by it. */
  name: string;
  /** Events wanted from the sources' contracts (fixed addresses and factory children). */
  events: readonly AbiEvent[];
  sources: readonly Source[];
  /** First block to index (default: the deployment's startBlock). A handler added later backfills from here. */
  startBlock?: (d: Deployment) => number;
  /**
   * Append-only tables this handler writes, each with `chain_id` and `block_number`: a reorg deletes
   * their rows above the fork (before `rollback` runs). Tables whose undoing needs more than a
   * delete (counters folded from the rows) are left to `rollback` and not listed here.
   */
  tables?: readonly string[];
  /**
   * Writes one range's rows (`rows[eventName]`, the factories' creation events included) inside the
   * range's transaction. The engine writes each range once: rows and the checkpoint commit
   * together (a crash loses both), and a reorg deletes every row above the fork before its blocks
   * are written again. So plain INSERTs are safe (and fail loudly if that ever broke); handlers
   * whose counters must not move twice may guard with ON CONFLICT anyway.
   */
  insert(tx: Queryable, chainId: number, rows: HandlerRows): Promise<void>;
  /**
   * Undoes what the generic delete of `tables` cannot, above `fork` (a reorg), inside the
   * rollback's transaction; it runs after the `tables` rows above the fork are gone.
   */
  rollback?(tx: Queryable, chainId: number, fork: number): Promise<void>;
  /**
   * The keys of the replies one range's rows change, by topic (`{ "trades.user": [user, …] }`), so
   * caches drop exactly those after the commit (issue 21 §1). A topic belongs to the handlers that
   * write what its replies read: each of them must name its keys here, because a commit in which no
   * handler names a topic leaves that topic's cached replies as they are. Keys are compared
   * lowercased. A handler without it changes no topic.
   */
  touches?(rows: HandlerRows): Readonly<Record<string, readonly string[]>>;
};

const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * A handler's reorg rollback: deletes the rows above `fork` (`block_number > fork`, the fork block
 * itself is kept) of each table it declares, then runs its own `rollback`, if any.
 */
/** The keys a range's rows change, by topic, from its handlers' `touches` (null if one throws). */
export function touchedBy(
  handlers: readonly Handler[],
  out: Record<string, HandlerRows>,
): Record<string, string[]> | null {
  const sets = new Map<string, Set<string>>();
  try {
    for (const h of handlers) {
      const rows = out[h.name];
      if (!rows || !h.touches) continue;
      for (const [topic, keys] of Object.entries(h.touches(rows))) {
        const set = sets.get(topic) ?? new Set<string>();
        sets.set(topic, set);
        for (const k of keys) set.add(k.toLowerCase());
      }
    }
  } catch {
    return null;
  }
  return Object.fromEntries([...sets].map(([topic, set]) => [topic, [...set]]));
}

export async function rollbackHandler(tx: Queryable, handler: Handler, chainId: number, fork: number): Promise<void> {
  for (const table of handler.tables ?? []) {
    if (!TABLE_NAME.test(table)) throw new Error(`handler ${handler.name}: bad table name ${table}`);
    await tx.query(`DELETE FROM ${table} WHERE chain_id = $1 AND block_number > $2`, [chainId, fork]);
  }
  await handler.rollback?.(tx, chainId, fork);
}

/** A handler whose `insert` gets its events' rows typed (see `defineHandler`). */
export type HandlerSpec<E extends AbiEvent, F extends AbiEvent> = Omit<Handler, "events" | "sources" | "insert"> & {
  events: readonly E[];
  sources: readonly (FixedSource | FactorySource<F>)[];
  /** Required here: a handler says which of its tables the generic rollback empties (none: `[]`). */
  tables: readonly string[];
  insert(tx: Queryable, chainId: number, rows: RowsOf<E | F>): Promise<void>;
};

/**
 * A handler typed from its ABI events: `insert` gets `rows.<EventName>` for each of `events` and of
 * its factory sources' events, with `args` typed from the event's inputs. Every event is present
 * (with empty columns when the range had none) and every argument column too.
 */
export function defineHandler<const E extends AbiEvent, const F extends AbiEvent = never>(
  spec: HandlerSpec<E, F>,
): Handler {
  const names = new Set<string>();
  const shapes: { name: string; fields: string[]; rawFields: string[] }[] = [];
  const all: AbiEvent[] = [...spec.events];
  for (const s of spec.sources) if (s.kind === "factory") all.push(s.event);
  for (const e of all) {
    if (names.has(e.name)) throw new Error(`handler ${spec.name}: two events named ${e.name}`);
    names.add(e.name);
    const c = compileEventCached(e);
    shapes.push({ name: e.name, fields: c.fields, rawFields: c.rawFields });
  }
  for (const t of spec.tables) if (!TABLE_NAME.test(t)) throw new Error(`handler ${spec.name}: bad table name ${t}`);
  const insert = spec.insert;
  return {
    ...spec,
    insert: (tx, chainId, rows) => insert(tx, chainId, completeRows(rows, shapes) as RowsOf<E | F>),
  };
}

/**
 * `rows` with every event of `shapes` and every argument column present (a range without an
 * event, a log written alone, a test's partial rows). Per event and field, never per row.
 */
function completeRows(
  rows: HandlerRows,
  shapes: readonly { name: string; fields: string[]; rawFields: string[] }[],
): HandlerRows {
  let out: HandlerRows | undefined;
  for (const s of shapes) {
    const cols = rows[s.name];
    if (!cols) {
      out ??= { ...rows };
      out[s.name] = emptyColumns(s.fields, s.rawFields);
      continue;
    }
    if (s.fields.every((f) => cols.args[f] !== undefined) && cols.raw) continue;
    const args = { ...cols.args };
    for (const f of s.fields) args[f] ??= [];
    out ??= { ...rows };
    out[s.name] = { ...cols, args, raw: cols.raw ?? {} };
  }
  return out ?? rows;
}

/** The rows of one event (empty columns when the range had none: untyped rows only). */
export function rowsOf<R extends { [event: string]: EventColumns<never> | undefined }, N extends keyof R & string>(
  rows: R,
  event: N,
): NonNullable<R[N]> {
  return (rows[event] ?? { block: [], logIndex: [], tx: [], ts: [], address: [], args: {}, raw: {} }) as NonNullable<
    R[N]
  >;
}

/** Column values of one argument (empty when the range had no such event). */
export function argOf<A extends string>(cols: EventColumns<A>, field: NoInfer<A>): string[] {
  return cols.args[field] ?? [];
}

/**
 * The exact on-chain bytes (hex) of a `string` argument where its text in `argOf` is not an exact
 * reading of them, else null (see decoders.mjs).
 */
export function rawOf<A extends string>(cols: EventColumns<A>, field: NoInfer<A>): (string | null)[] {
  return cols.raw?.[field] ?? cols.block.map(() => null);
}

/** A built-in column of every event log row. */
const LOG_COLUMNS = [
  { name: "block_number", type: "int8", of: (c: EventColumns) => c.block },
  { name: "log_index", type: "int4", of: (c: EventColumns) => c.logIndex },
  { name: "tx_hash", type: "text", of: (c: EventColumns) => c.tx },
  { name: "timestamp", type: "int8", of: (c: EventColumns) => c.ts },
] as const;

/** A column of an event-log table: an argument of the event, stored as its ABI type's column type or `type`. */
export type LogColumn<E extends AbiEvent> = ArgName<E> | { arg: ArgName<E>; type: ColumnType };

/** The column type an argument's text is stored as by default. */
function columnTypeOf(abiType: string): ColumnType {
  if (abiType.endsWith("]") || abiType.startsWith("tuple")) return "jsonb";
  if (/^u?int\d*$/.test(abiType)) return "numeric";
  if (abiType === "bool") return "bool";
  return "text";
}

/**
 * One event of one contract into one append-only table: `block_number`, `log_index`, `tx_hash` and
 * `timestamp`, then `columns` (table column → event argument, in order), written with bulkInsert
 * (a replayed range doubles nothing) and removed above the fork on a reorg. `source` is the
 * contract's address in the deployment (none: the handler indexes nothing).
 */
export function eventLogHandler<const A extends Abi, const N extends EventNameOf<A>>(spec: {
  name: string;
  abi: A;
  event: N;
  source: (d: Deployment) => Hex | undefined;
  table: string;
  columns: Readonly<Record<string, LogColumn<EventOf<A, N>>>>;
  startBlock?: (d: Deployment) => number;
  /** Topics whose keys are an argument of the event (`{ "trades.user": "user" }`): see Handler.touches. */
  touches?: Readonly<Record<string, ArgName<EventOf<A, N>>>>;
}): Handler {
  const event = eventOf(spec.abi, spec.event) as AbiEvent;
  const fields = compileEventCached(event).fields;
  const columns = Object.entries(spec.columns as Record<string, string | { arg: string; type: ColumnType }>).map(
    ([name, c]) => {
      const arg = typeof c === "string" ? c : c.arg;
      const i = fields.indexOf(arg);
      const input = event.inputs[i];
      if (!input) throw new Error(`handler ${spec.name}: ${spec.event} has no argument ${arg}`);
      return { name, arg, type: typeof c === "string" ? columnTypeOf(input.type) : c.type };
    },
  );
  return defineHandler({
    name: spec.name,
    events: [event],
    sources: [{ kind: "fixed", addresses: (d) => [spec.source(d)].filter((a): a is Hex => Boolean(a)) }],
    startBlock: spec.startBlock,
    tables: [spec.table],
    async insert(tx, chainId, rows) {
      const c = (rows as HandlerRows)[event.name] as EventColumns;
      await bulkInsert(tx, spec.table, chainId, [
        ...LOG_COLUMNS.map((l) => ({ name: l.name, type: l.type, values: l.of(c) })),
        ...columns.map((col) => ({ name: col.name, type: col.type, values: c.args[col.arg] ?? [] })),
      ]);
    },
    ...(spec.touches && {
      touches: (rows: HandlerRows) => {
        const c = rows[event.name];
        return Object.fromEntries(
          Object.entries(spec.touches as Record<string, string>).map(([topic, arg]) => [topic, c?.args[arg] ?? []]),
        );
      },
    }),
  });
}
