/**
 * The indexer's plug-in point. A capability that indexes events writes one `Handler` in
 * `handlers/<feature>.ts` and lists it once in `handlers/index.ts`; the engine does the rest:
 * fetching (in the logs worker), decoding (decoders.mjs, compiled from the handler's ABI events),
 * factory children, its own checkpoint, reorg rollback and crash safety (rows, children and the
 * checkpoint commit in one transaction).
 */
import type { Deployment } from "@sofi/protocol";
import type { AbiEvent, Hex } from "viem";
import type { Queryable } from "../db/client.ts";
import type { EventColumns, HandlerRows } from "./decoders.mjs";

export type { EventColumns, HandlerRows };

/**
 * Where a handler's logs come from:
 * - `fixed`: addresses known from the deployment record;
 * - `factory`: contracts a factory creates at run time (as Ponder's `factory()`): the factory's
 *   `event` names each child in its `parameter`; a child's own logs are indexed from the range it
 *   was created in, and children are stored (indexer_children) so a restart does not rescan.
 */
export type Source =
  | { kind: "fixed"; addresses: (d: Deployment) => readonly Hex[] }
  | { kind: "factory"; factories: (d: Deployment) => readonly Hex[]; event: AbiEvent; parameter: string };

export type Handler = {
  /** Unique, stable: the checkpoint row and the children rows are keyed by it. */
  name: string;
  /** Events wanted from the sources' contracts (fixed addresses and factory children). */
  events: readonly AbiEvent[];
  sources: readonly Source[];
  /** First block to index (default: the deployment's startBlock). A handler added later backfills from here. */
  startBlock?: (d: Deployment) => number;
  /**
   * Writes one range's rows (`rows[eventName]`, the factories' creation events included) inside the
   * range's transaction. The engine writes each range once: rows and the checkpoint commit
   * together (a crash loses both), and a reorg deletes every row above the fork before its blocks
   * are written again. So plain INSERTs are safe (and fail loudly if that ever broke); handlers
   * whose counters must not move twice may guard with ON CONFLICT anyway.
   */
  insert(tx: Queryable, chainId: number, rows: HandlerRows): Promise<void>;
  /** Deletes every row above `fork` (a reorg), inside the rollback's transaction. */
  rollback(tx: Queryable, chainId: number, fork: number): Promise<void>;
};

/** The rows of one event, or empty columns when the range had none. */
export function rowsOf(rows: HandlerRows, event: string): EventColumns {
  return rows[event] ?? { block: [], logIndex: [], tx: [], ts: [], address: [], args: {} };
}

/** Column values of one argument (empty when the range had no such event). */
export function argOf(cols: EventColumns, field: string): string[] {
  return cols.args[field] ?? [];
}
