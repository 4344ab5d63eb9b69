/**
 * Indexer engine, per chain. It runs the handlers it is given (the capability modules', see handler.ts):
 * backfill over wide block ranges, then live following. Each handler has its own checkpoint, so a
 * handler added later backfills from its own start block while the others wait for it at their
 * checkpoint (ranges are planned per group of handlers standing at the same block). A range's rows,
 * the factory children found in it, the block hashes and the checkpoints commit in one
 * transaction: a crash loses nothing and doubles nothing. Reorgs are found by comparing stored
 * block hashes with the chain's, rolled back to the fork block and replayed.
 * Usable without the HTTP server: `runBackfill(...)`, `ChainIndexer`.
 */

import { storableJson, storableText } from "@sofi/core/storable-text";
import type { Deployment } from "@sofi/protocol";
import type { PublicClient } from "viem";
import { type Db, errorText, isDataError, type Lock, type Queryable } from "../db/client.ts";
import { bulkInsert } from "./bulk.ts";
import type { EventColumns, HandlerRows, Route } from "./decoders.mjs";
import {
  type FetchedLogs,
  fetchRange,
  HEADER_MISSING_AT_END,
  type Header,
  type RangeJob,
  type RangeRpc,
} from "./fetch-range.mjs";
import { type Handler, rollbackHandler, type Source, touchedBy } from "./handler.ts";
import { LogsWorker } from "./logs-worker-client.ts";
import { createRpcClient, findRawBlocks, getHeadNumber, isRangeLimitError } from "./rpc.ts";

/** Blocks this close to the head get their hash stored (reorg detection); older ones only at range ends. */
export const REORG_WINDOW = 256;
/** Stored block hashes older than this many blocks below the head are pruned. */
export const KEEP_BLOCK_HASHES = 4_096;
const ADVISORY_LOCK_NS = 0x50f1;

/** Logs per getLogs request the range sizing aims at. */
export const TARGET_LOGS = 20_000;
/** A range grows at most this many times the previous one's width (empty ranges: 4x). */
export const MAX_RANGE_GROWTH = 2;
/**
 * The rest of a backfill is fetched in at least this many requests (ranges of at least
 * MIN_SPLIT_WIDTH blocks). Density only tells the past: a range sized on sparse blocks can reach
 * into dense ones and come back as one huge response that nothing overlaps with. Splitting the tail
 * keeps the writer busy on one part while the next is fetched, and lets the density of the first
 * part size the others.
 */
export const TAIL_SPLIT = 4;
export const MIN_SPLIT_WIDTH = 64;

/** Blocks of the next request: the density-sized `range`, but at most a TAIL_SPLIT-th of the `rest`. */
export function requestWidth(range: number, rest: number): number {
  return Math.min(range, rest, Math.max(MIN_SPLIT_WIDTH, Math.ceil(rest / TAIL_SPLIT)));
}
const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

export type Checkpoint = { blockNumber: number; blockHash: string };

export type IndexStats = {
  fromBlock: number;
  toBlock: number;
  ranges: number;
  /** Decoded events stored, all handlers. */
  events: number;
  /** Decoded events by event name (`Swap`, `Sync`, `Trade`, …), all handlers. */
  counts: Record<string, number>;
  /** Contracts found through factory sources. */
  children: number;
  reorgs: number;
  ms: number;
};

export type IndexerOptions = {
  db: Db;
  chainId: number;
  deployment: Deployment;
  /** An RPC URL or a ready viem client. */
  rpcUrl?: string;
  client?: PublicClient;
  /** The handlers to run: the capability modules' (server/src/modules), or a test's own. */
  handlers: readonly Handler[];
  /** Widest getLogs range (shrinks on provider limits, grows back). Default 100,000. */
  maxBlockRange?: number;
  log?: (msg: string) => void;
  /**
   * Fetch and decode logs in a worker thread, in parallel with the database writes (default: on
   * whenever an HTTP RPC URL is known: `rpcUrl` or the client's http transport). Off: everything
   * runs on this thread through `client`, with the same code (fetch-range.mjs, decoders.mjs).
   */
  useWorker?: boolean;
  /** Called with each failed sync of live mode (retried on the next poll) and each lock error. */
  onError?: (error: Error) => void;
  /** Called when another process holds the chain's indexer lock and this one waits as a standby. */
  onStandby?: () => void;
  /**
   * Called after each committed range (each handler of the range's group is checkpointed at `to`),
   * with the keys its handlers say the rows changed, by topic (Handler.touches), lowercased.
   */
  onCommit?: (range: CommittedRange) => void;
  /** Called after a reorg's rollback committed: any reply may have changed. */
  onRollback?: (fork: number) => void;
};

export type CommittedRange = {
  from: number;
  to: number;
  events: number;
  handlers: string[];
  /** Keys changed by topic; null when a handler's `touches` failed (then anything may have changed). */
  touched: Record<string, string[]> | null;
};

/**
 * A handler's checkpoint, or (no `handler`) the block every handler of the chain has reached: the
 * lowest of their checkpoints.
 */
export async function readCheckpoint(q: Queryable, chainId: number, handler?: string): Promise<Checkpoint | null> {
  const rows = await q.query<{ block_number: unknown; block_hash: string }>(
    handler
      ? "SELECT block_number, block_hash FROM indexer_checkpoints WHERE chain_id = $1 AND indexer = $2"
      : "SELECT block_number, block_hash FROM indexer_checkpoints WHERE chain_id = $1 ORDER BY block_number LIMIT 1",
    handler ? [chainId, handler] : [chainId],
  );
  const r = rows[0];
  return r ? { blockNumber: Number(r.block_number), blockHash: r.block_hash } : null;
}

async function writeCheckpoint(q: Queryable, chainId: number, handler: string, cp: Checkpoint): Promise<void> {
  await q.query(
    `INSERT INTO indexer_checkpoints (chain_id, indexer, block_number, block_hash, updated_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (chain_id, indexer) DO UPDATE SET block_number = EXCLUDED.block_number,
       block_hash = EXCLUDED.block_hash, updated_at = now()`,
    [chainId, handler, cp.blockNumber, cp.blockHash],
  );
}

type FactorySource = Extract<Source, { kind: "factory" }>;

/** A handler as this chain runs it: resolved addresses, known children, checkpoint. */
type HandlerState = {
  handler: Handler;
  start: number;
  fixed: string[];
  factories: { source: FactorySource; addresses: Set<string> }[];
  children: Set<string>;
  cp: Checkpoint | null;
  /** Next block to fetch (ahead of `cp` while a fetched range waits to commit). */
  planned: number;
};

type Child = { handler: string; address: string; factory: string; block: number; logIndex: number };

type FetchedRange = {
  from: number;
  to: number;
  group: HandlerState[];
  logCount: number;
  events: number;
  out: Record<string, HandlerRows>;
  headers: Header[];
  children: Child[];
};

/**
 * The rows of a range split into one HandlerRows per log, in (block, log index) order, for
 * writing one log at a time.
 */
export function splitByLog(rows: HandlerRows): { event: string; rows: HandlerRows }[] {
  const all: { event: string; cols: EventColumns; i: number }[] = [];
  for (const [event, cols] of Object.entries(rows))
    for (let i = 0; i < cols.block.length; i++) all.push({ event, cols, i });
  all.sort(
    (a, b) =>
      (a.cols.block[a.i] as number) - (b.cols.block[b.i] as number) ||
      (a.cols.logIndex[a.i] as number) - (b.cols.logIndex[b.i] as number),
  );
  return all.map(({ event, cols, i }) => {
    const args: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(cols.args)) args[k] = [v[i] as string];
    const raw: Record<string, (string | null)[]> = {};
    for (const [k, v] of Object.entries(cols.raw ?? {})) raw[k] = [v[i] ?? null];
    const one: EventColumns = {
      block: [cols.block[i] as number],
      logIndex: [cols.logIndex[i] as number],
      tx: [cols.tx[i] as string],
      ts: [cols.ts[i] as number],
      address: [cols.address[i] as string],
      args,
      raw,
    };
    return { event, rows: { [event]: one } };
  });
}

/** Appends without spreading (a spread of a 100k-element array overflows the call stack). */
function append<T>(into: T[], more: readonly T[]): void {
  for (const v of more) into.push(v);
}

function appendColumns(into: EventColumns, more: EventColumns): void {
  append(into.block, more.block);
  append(into.logIndex, more.logIndex);
  append(into.tx, more.tx);
  append(into.ts, more.ts);
  append(into.address, more.address);
  for (const [k, v] of Object.entries(more.args)) {
    into.args[k] ??= [];
    append(into.args[k], v);
  }
  for (const [k, v] of Object.entries(more.raw ?? {})) {
    into.raw ??= {};
    into.raw[k] ??= [];
    append(into.raw[k], v);
  }
}

function mergeRows(into: Record<string, HandlerRows>, more: Record<string, HandlerRows>): void {
  for (const [h, events] of Object.entries(more)) {
    into[h] ??= {};
    const target = into[h];
    for (const [name, cols] of Object.entries(events)) {
      const t = target[name];
      if (t) appendColumns(t, cols);
      else target[name] = cols;
    }
  }
}

/** JSON-RPC for fetch-range.mjs through a viem client (its HTTP batching groups the header reads). */
function clientRpc(client: PublicClient): RangeRpc {
  return {
    logs: (filter) => client.request({ method: "eth_getLogs", params: [filter] } as never),
    blocks: (numbers) =>
      Promise.all(
        numbers.map((n) =>
          client.request({ method: "eth_getBlockByNumber", params: [`0x${n.toString(16)}`, false] } as never),
        ),
      ),
  };
}

export class ChainIndexer {
  readonly db: Db;
  readonly chainId: number;
  readonly deployment: Deployment;
  readonly client: PublicClient;
  readonly handlers: readonly Handler[];
  private states: HandlerState[] = [];
  private range: number;
  private readonly maxRange: number;
  private readonly log: (msg: string) => void;
  private readonly onCommit: IndexerOptions["onCommit"];
  private readonly onRollback: IndexerOptions["onRollback"];
  private readonly onError: IndexerOptions["onError"];
  private worker: LogsWorker | null = null;
  private readonly rpcUrl: string | undefined;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Checked inside every commit and rollback transaction (the leader's lock); none outside leadership. */
  private fence: ((tx: Queryable) => Promise<void>) | null = null;

  constructor(opts: IndexerOptions) {
    this.db = opts.db;
    this.chainId = opts.chainId;
    this.deployment = opts.deployment;
    if (!opts.client && !opts.rpcUrl) throw new Error("ChainIndexer needs rpcUrl or client");
    this.client = opts.client ?? createRpcClient(opts.rpcUrl as string);
    this.handlers = opts.handlers;
    const names = new Set(this.handlers.map((h) => h.name));
    if (names.size !== this.handlers.length) throw new Error("Indexer handlers need unique names");
    this.maxRange = opts.maxBlockRange ?? 100_000;
    this.range = Math.min(this.maxRange, 100);
    this.log = opts.log ?? (() => {});
    this.onCommit = opts.onCommit;
    this.onRollback = opts.onRollback;
    this.onError = opts.onError;
    const url = opts.rpcUrl ?? (this.client.transport as { url?: string }).url;
    this.rpcUrl = opts.useWorker === false ? undefined : url;
  }

  /** Stops the logs worker thread (if any). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    await w?.close();
  }

  private fetchJob(job: RangeJob): Promise<FetchedLogs> {
    if (this.rpcUrl) {
      this.worker ??= new LogsWorker(this.rpcUrl);
      return this.worker.fetch(job);
    }
    return fetchRange(clientRpc(this.client), job);
  }

  /** Reads checkpoints and stored children: the state every sync starts from. */
  private async loadStates(): Promise<void> {
    const d = this.deployment;
    const [cps, kids] = await Promise.all([
      this.db.query<{ indexer: string; block_number: unknown; block_hash: string }>(
        "SELECT indexer, block_number, block_hash FROM indexer_checkpoints WHERE chain_id = $1",
        [this.chainId],
      ),
      this.db.query<{ handler: string; address: string }>(
        "SELECT handler, address FROM indexer_children WHERE chain_id = $1",
        [this.chainId],
      ),
    ]);
    this.states = this.handlers.map((handler) => {
      const row = cps.find((r) => r.indexer === handler.name);
      const cp = row ? { blockNumber: Number(row.block_number), blockHash: row.block_hash } : null;
      const start = handler.startBlock?.(d) ?? d.startBlock;
      const fixed = new Set<string>();
      const factories: HandlerState["factories"] = [];
      for (const s of handler.sources) {
        if (s.kind === "fixed") for (const a of s.addresses(d)) fixed.add(a.toLowerCase());
        else factories.push({ source: s, addresses: new Set(s.factories(d).map((a) => a.toLowerCase())) });
      }
      const children = new Set(kids.filter((k) => k.handler === handler.name).map((k) => k.address));
      return { handler, start, fixed: [...fixed], factories, children, cp, planned: cp ? cp.blockNumber + 1 : start };
    });
  }

  /** The next range to fetch: the handlers furthest behind, up to where the next group stands. */
  private plan(target: number): { from: number; to: number; group: HandlerState[] } | null {
    const behind = this.states.filter((s) => s.planned <= target);
    if (behind.length === 0) return null;
    const from = Math.min(...behind.map((s) => s.planned));
    const group = behind.filter((s) => s.planned === from);
    const ahead = behind.filter((s) => s.planned > from).map((s) => s.planned - 1);
    return { from, to: Math.min(target, ...ahead), group };
  }

  private routes(group: HandlerState[]): Route[] {
    const routes: Route[] = [];
    for (const s of group) {
      routes.push({ handler: s.handler.name, events: s.handler.events, addresses: [...s.fixed, ...s.children] });
      for (const f of s.factories)
        routes.push({ handler: s.handler.name, events: [f.source.event], addresses: [...f.addresses] });
    }
    return routes;
  }

  /**
   * One range for a group: every source's logs, then (when factories created children in it) the
   * new children's own logs of the same range, so a child's first events are never missed.
   */
  private async fetchGroup(from: number, to: number, group: HandlerState[], head: number): Promise<FetchedRange> {
    const headerBlocks = new Set<number>([to]);
    for (let b = Math.max(from, head - REORG_WINDOW + 1); b <= to; b++) headerBlocks.add(b);
    const first = await this.fetchJob({
      from,
      to,
      routes: this.routes(group),
      headerBlocks: [...headerBlocks].sort((a, b) => a - b),
    });
    const children: Child[] = [];
    for (const s of group) {
      for (const f of s.factories) {
        const cols = first.out[s.handler.name]?.[f.source.event.name];
        const found = cols?.args[f.source.parameter] ?? [];
        for (let i = 0; i < found.length; i++) {
          const address = (found[i] as string).toLowerCase();
          const factory = cols?.address[i] as string;
          if (!f.addresses.has(factory) || s.children.has(address) || s.fixed.includes(address)) continue;
          if (children.some((c) => c.handler === s.handler.name && c.address === address)) continue;
          children.push({
            handler: s.handler.name,
            address,
            factory,
            block: cols?.block[i] as number,
            logIndex: cols?.logIndex[i] as number,
          });
        }
      }
    }
    const result: FetchedRange = { from, to, group, ...first, children };
    if (children.length > 0) {
      const routes: Route[] = group
        .map((s) => ({
          handler: s.handler.name,
          events: s.handler.events,
          addresses: children.filter((c) => c.handler === s.handler.name).map((c) => c.address),
        }))
        .filter((r) => r.addresses.length > 0);
      const more = await this.fetchJob({
        from: Math.min(...children.map((c) => c.block)),
        to,
        routes,
        headerBlocks: [],
      });
      mergeRows(result.out, more.out);
      result.events += more.events;
      result.logCount += more.logCount;
    }
    return result;
  }

  checkpoint(handler?: string): Promise<Checkpoint | null> {
    return readCheckpoint(this.db, this.chainId, handler);
  }

  /**
   * Indexes every handler from its checkpoint (or start block) up to `toBlock` (default: head).
   * `stopAfterRanges` aborts after that many committed ranges (used to test crash safety).
   */
  async sync(opts: { toBlock?: number; stopAfterRanges?: number } = {}): Promise<IndexStats> {
    const started = performance.now();
    const stats: IndexStats = {
      fromBlock: 0,
      toBlock: 0,
      ranges: 0,
      events: 0,
      counts: {},
      children: 0,
      reorgs: 0,
      ms: 0,
    };
    const head = await getHeadNumber(this.client);
    const target = Math.min(opts.toBlock ?? head, head);
    await this.loadStates();
    const forkAt = await this.detectReorg(head);
    if (forkAt !== null) {
      stats.reorgs++;
      await this.rollback(forkAt);
      await this.loadStates();
    }
    stats.fromBlock = Math.min(...this.states.map((s) => s.planned));
    stats.toBlock = target;
    // Pipeline: the next range's logs are fetched while this range commits. Range width adapts to
    // log density (aiming at TARGET_LOGS per request) and halves on provider limit errors.
    const fetchNext = () => {
      const p = this.plan(target);
      if (!p) return null;
      const next = this.fetchSized(p.from, Math.min(p.to, target), p.group, head);
      next.catch(() => {}); // handled when awaited
      return next;
    };
    let next = fetchNext();
    while (next && !this.stopped) {
      const cur = await next;
      next = null;
      for (const s of cur.group) {
        s.planned = cur.to + 1;
        for (const c of cur.children) if (c.handler === s.handler.name) s.children.add(c.address);
      }
      // Growth is capped at 2x the range just fetched: a sparse start must not size one huge request
      // over the dense blocks after it (one response far above TARGET_LOGS while the writer idles).
      const width = cur.to - cur.from + 1;
      const density = cur.logCount / width;
      this.range =
        density > 0
          ? clamp(Math.floor(TARGET_LOGS / density), 1, Math.min(this.maxRange, width * MAX_RANGE_GROWTH))
          : Math.min(this.maxRange, Math.max(this.range, width) * 4);
      if (!(opts.stopAfterRanges !== undefined && stats.ranges + 1 >= opts.stopAfterRanges)) next = fetchNext();
      await this.commitRange(cur, head, stats);
      stats.ranges++;
      this.onCommit?.({
        from: cur.from,
        to: cur.to,
        events: cur.events,
        handlers: cur.group.map((s) => s.handler.name),
        touched: touchedBy(
          cur.group.map((s) => s.handler),
          cur.out,
        ),
      });
    }
    stats.ms = performance.now() - started;
    return stats;
  }

  /**
   * fetchGroup over the current range width (capped at `to`), halving on provider limit errors.
   * A range cannot end on a block the node serves no header for (the checkpoint is that block's
   * hash): anvil, reverted to a snapshot while transactions arrive, keeps such gaps below its head
   * for good, so retrying the same range would stop the index. The range then ends further on,
   * 1, 3, 7, ... blocks later, until a served block or `to` (whose missing header is thrown: the
   * next sync reads the head again).
   */
  private async fetchSized(from: number, to: number, group: HandlerState[], head: number): Promise<FetchedRange> {
    let past = 0;
    for (;;) {
      const end = Math.min(to, from + requestWidth(this.range, to - from + 1) - 1 + past);
      try {
        return await this.fetchGroup(from, end, group, head);
      } catch (e) {
        if (end < to && (e as Error).message === `${HEADER_MISSING_AT_END}${end}`) {
          past = past * 2 + 1;
          this.log(`chain ${this.chainId}: no header for block ${end}; the range ends further on`);
          continue;
        }
        if (end > from && isRangeLimitError(e)) {
          this.range = Math.max(1, Math.floor((end - from + 1) / 2));
          this.log(
            `chain ${this.chainId}: getLogs ${from}-${end} refused (${(e as Error).message.split("\n")[0]}); range → ${this.range}`,
          );
          continue;
        }
        throw e;
      }
    }
  }

  /**
   * Commits one range's rows, children, block hashes and the group's checkpoints in one transaction.
   * When a handler's write fails for a reason its rows carry (a value a column refuses), the range
   * is committed again with that handler's rows written one log at a time, and the logs that still
   * fail are quarantined (see insertIsolated): a stranger's transaction never stops the index.
   */
  private async commitRange(cur: FetchedRange, head: number, stats: IndexStats): Promise<void> {
    let endHash: string;
    try {
      endHash = await this.writeRange(cur, head, false);
    } catch (e) {
      if (!isDataError(e)) throw e;
      this.log(
        `chain ${this.chainId}: range ${cur.from}-${cur.to} refused by the database (${storableText(errorText(e), { max: 200 })}); writing it log by log`,
      );
      endHash = await this.writeRange(cur, head, true);
    }
    for (const s of cur.group) s.cp = { blockNumber: cur.to, blockHash: endHash };
    for (const events of Object.values(cur.out))
      for (const [name, cols] of Object.entries(events))
        stats.counts[name] = (stats.counts[name] ?? 0) + cols.block.length;
    stats.events += cur.events;
    stats.children += cur.children.length;
  }

  /**
   * Writes `rows` of one handler inside the range's transaction, under a savepoint; if the
   * database refuses them for a data reason, one log at a time in log order, and a log that is
   * still refused goes to indexer_quarantine with its error instead of its rows.
   */
  private async insertIsolated(tx: Queryable, handler: Handler, rows: HandlerRows): Promise<void> {
    const attempt = async (r: HandlerRows): Promise<unknown> => {
      await tx.query("SAVEPOINT sofi_handler_rows");
      try {
        await handler.insert(tx, this.chainId, r);
        await tx.query("RELEASE SAVEPOINT sofi_handler_rows");
        return null;
      } catch (e) {
        await tx.query("ROLLBACK TO SAVEPOINT sofi_handler_rows");
        if (!isDataError(e)) throw e;
        return e;
      }
    };
    if ((await attempt(rows)) === null) return;
    for (const one of splitByLog(rows)) {
      const error = await attempt(one.rows);
      if (error === null) continue;
      const cols = one.rows[one.event] as EventColumns;
      const args: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(cols.args)) args[k] = v[0];
      for (const [k, v] of Object.entries(cols.raw ?? {})) if (v[0]) args[`${k}:raw`] = v[0];
      this.log(
        `chain ${this.chainId}: ${handler.name} ${one.event} at ${cols.block[0]}:${cols.logIndex[0]} quarantined: ${storableText(errorText(error), { max: 200 })}`,
      );
      await tx.query(
        `INSERT INTO indexer_quarantine (chain_id, handler, event, block_number, log_index, tx_hash, args, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) ON CONFLICT DO NOTHING`,
        [
          this.chainId,
          handler.name,
          one.event,
          cols.block[0],
          cols.logIndex[0],
          cols.tx[0],
          JSON.stringify(storableJson(args)),
          storableText(errorText(error)),
        ],
      );
    }
  }

  /** One range in one transaction; returns the hash of its last block. */
  private async writeRange(cur: FetchedRange, head: number, isolate: boolean): Promise<string> {
    const end = cur.headers.find((h) => h.number === cur.to);
    if (!end) throw new Error(`Missing header of block ${cur.to}`);
    const blockRows = cur.headers.filter((h) => h.number >= head - REORG_WINDOW + 1 || h.number === cur.to);
    await this.db.transaction(async (tx) => {
      await this.fence?.(tx);
      for (const s of cur.group) {
        const rows = cur.out[s.handler.name] ?? {};
        if (isolate) await this.insertIsolated(tx, s.handler, rows);
        else await s.handler.insert(tx, this.chainId, rows);
      }
      await bulkInsert(tx, "indexer_children", this.chainId, [
        { name: "handler", type: "text", values: cur.children.map((c) => c.handler) },
        { name: "address", type: "text", values: cur.children.map((c) => c.address) },
        { name: "factory", type: "text", values: cur.children.map((c) => c.factory) },
        { name: "block_number", type: "int8", values: cur.children.map((c) => c.block) },
        { name: "log_index", type: "int4", values: cur.children.map((c) => c.logIndex) },
      ]);
      await bulkInsert(
        tx,
        "indexer_blocks",
        this.chainId,
        [
          { name: "block_number", type: "int8", values: blockRows.map((h) => h.number) },
          { name: "block_hash", type: "text", values: blockRows.map((h) => h.hash) },
          { name: "timestamp", type: "int8", values: blockRows.map((h) => h.timestamp) },
        ],
        "ON CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash, timestamp = EXCLUDED.timestamp",
      );
      for (const s of cur.group)
        await writeCheckpoint(tx, this.chainId, s.handler.name, { blockNumber: cur.to, blockHash: end.hash });
      // Hashes far below the head are no longer needed to find a fork (deeper reorgs reindex from the start block).
      await tx.query("DELETE FROM indexer_blocks WHERE chain_id = $1 AND block_number < $2", [
        this.chainId,
        head - KEEP_BLOCK_HASHES,
      ]);
    });
    return end.hash;
  }

  /**
   * The lowest checkpoint whose block hash the chain no longer has at its height (or that is above
   * the head), or null when every checkpoint is still on the chain.
   */
  async detectReorg(head: number): Promise<number | null> {
    const cps = this.states.map((s) => s.cp).filter((c): c is Checkpoint => c !== null);
    if (cps.length === 0) return null;
    const distinct = [...new Map(cps.map((c) => [c.blockNumber, c])).values()].sort(
      (a, b) => a.blockNumber - b.blockNumber,
    );
    const onChain = distinct.filter((c) => c.blockNumber <= head);
    // a block the node cannot serve is not on its chain: a local chain reverted to a snapshot while
    // this read its head can report a head above the blocks it still has
    const blocks = await findRawBlocks(
      this.client,
      onChain.map((c) => c.blockNumber),
    );
    for (const c of distinct) {
      if (c.blockNumber > head) return c.blockNumber;
      const b = blocks[onChain.indexOf(c)];
      if (b?.hash.toLowerCase() !== c.blockHash.toLowerCase()) return c.blockNumber;
    }
    return null;
  }

  /**
   * Walks stored block hashes back from `at` to the newest one the chain still has (the fork
   * ancestor), deletes every handler's rows (`rollbackHandler`: its declared tables, then its own
   * rollback) and children above it and moves the checkpoints that
   * were above it there, all in one transaction.
   */
  async rollback(at: number): Promise<Checkpoint | null> {
    const head = await getHeadNumber(this.client);
    const stored = await this.db.query<{ block_number: unknown; block_hash: string }>(
      "SELECT block_number, block_hash FROM indexer_blocks WHERE chain_id = $1 AND block_number <= $2 ORDER BY block_number DESC",
      [this.chainId, at],
    );
    let ancestor: Checkpoint | null = null;
    for (let i = 0; i < stored.length && !ancestor; i += 100) {
      const chunk = stored.slice(i, i + 100).filter((r) => Number(r.block_number) <= head);
      const chain = await findRawBlocks(
        this.client,
        chunk.map((r) => Number(r.block_number)),
      );
      for (let k = 0; k < chunk.length; k++) {
        const r = chunk[k];
        if (r && chain[k]?.hash.toLowerCase() === r.block_hash.toLowerCase()) {
          ancestor = { blockNumber: Number(r.block_number), blockHash: r.block_hash };
          break;
        }
      }
    }
    const fork = ancestor ? ancestor.blockNumber : Math.min(...this.states.map((s) => s.start)) - 1;
    this.log(`chain ${this.chainId}: reorg detected at ${at}; rolling back to ${fork}`);
    await this.db.transaction(async (tx) => {
      await this.fence?.(tx);
      // each handler: its declared tables above the fork, then its own rollback (handler.ts)
      for (const h of this.handlers) await rollbackHandler(tx, h, this.chainId, fork);
      await tx.query("DELETE FROM indexer_children WHERE chain_id = $1 AND block_number > $2", [this.chainId, fork]);
      await tx.query("DELETE FROM indexer_quarantine WHERE chain_id = $1 AND block_number > $2", [this.chainId, fork]);
      await tx.query("DELETE FROM indexer_blocks WHERE chain_id = $1 AND block_number > $2", [this.chainId, fork]);
      for (const s of this.states) {
        if (!s.cp || s.cp.blockNumber <= fork) continue;
        if (ancestor) await writeCheckpoint(tx, this.chainId, s.handler.name, ancestor);
        else
          await tx.query("DELETE FROM indexer_checkpoints WHERE chain_id = $1 AND indexer = $2", [
            this.chainId,
            s.handler.name,
          ]);
      }
    });
    this.onRollback?.(fork);
    return ancestor;
  }

  /**
   * Live mode: sync, then poll for new blocks every `pollIntervalMs` until `stop()`. Errors are
   * logged and retried on the next tick (the checkpoint makes every attempt safe to repeat).
   */
  async runLive(pollIntervalMs: number, onSynced?: (s: IndexStats) => void): Promise<void> {
    while (!this.stopped) {
      try {
        const s = await this.sync();
        onSynced?.(s);
      } catch (e) {
        this.log(`chain ${this.chainId}: indexer error: ${(e as Error).message.split("\n")[0]}`);
        this.onError?.(e as Error);
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, pollIntervalMs);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  /** Starts a leadership term: later commits must pass `fence`; a stopped indexer may run again. */
  lead(fence: (tx: Queryable) => Promise<void>): void {
    this.fence = fence;
    this.stopped = false;
  }
}

export type RunBackfillOptions = {
  db: Db;
  /** Chain id (or any object with `id`, e.g. a ChainInfo). */
  chain: number | { id: number };
  deployment: Deployment;
  rpcUrl: string;
  handlers: readonly Handler[];
  toBlock?: number;
  maxBlockRange?: number;
  stopAfterRanges?: number;
  log?: (msg: string) => void;
};

/** Backfills one chain from its checkpoints (or start blocks) to `toBlock` (default head); returns counts. */
export async function runBackfill(opts: RunBackfillOptions): Promise<IndexStats> {
  const indexer = new ChainIndexer({
    db: opts.db,
    chainId: typeof opts.chain === "number" ? opts.chain : opts.chain.id,
    deployment: opts.deployment,
    rpcUrl: opts.rpcUrl,
    handlers: opts.handlers,
    maxBlockRange: opts.maxBlockRange,
    log: opts.log,
  });
  try {
    return await indexer.sync({ toBlock: opts.toBlock, stopAfterRanges: opts.stopAfterRanges });
  } finally {
    await indexer.close();
  }
}

/**
 * Runs a chain's indexer as leader: takes the per-chain advisory lock (PostgreSQL), waiting as a
 * hot standby while another process holds it, then follows the chain until stopped. When the
 * lock's session is lost (connection dropped, `pg_terminate_backend`), a successor may already hold
 * the lock: this indexer stops, every commit it still attempts is refused by the lock's fence, and
 * it competes for the lock again.
 */
export function startLeaderIndexer(
  opts: IndexerOptions & {
    pollIntervalMs: number;
    standbyRetryMs?: number;
    /**
     * Called with true when this process takes the chain's indexer lock (it leads: the chain's
     * exactly-once jobs start here) and with false when it lets it go or loses it.
     */
    onLeadership?: (leading: boolean) => void;
  },
): {
  stop(): Promise<void>;
  indexer: ChainIndexer;
} {
  const indexer = new ChainIndexer(opts);
  let lock: Lock | null = null;
  let stopped = false;
  let wakeStandby: (() => void) | null = null;
  const log = opts.log ?? (() => {});
  const standby = () =>
    new Promise<void>((r) => {
      const t = setTimeout(r, opts.standbyRetryMs ?? 5_000);
      wakeStandby = () => {
        clearTimeout(t);
        r();
      };
    });
  const done = (async () => {
    while (!stopped) {
      lock = await opts.db.tryLock(ADVISORY_LOCK_NS, opts.chainId).catch((e: Error) => {
        log(`chain ${opts.chainId}: lock error: ${e.message}`);
        opts.onError?.(e);
        return null;
      });
      if (!lock) {
        log(`chain ${opts.chainId}: another indexer holds the lock; standing by`);
        opts.onStandby?.();
        await standby();
        continue;
      }
      if (stopped) break;
      const held = lock;
      indexer.lead(held.fence);
      opts.onLeadership?.(true);
      const run = indexer.runLive(opts.pollIntervalMs);
      let lost = false;
      await Promise.race([
        run,
        held.lost.then(() => {
          lost = true;
          indexer.stop();
        }),
      ]);
      await run;
      opts.onLeadership?.(false);
      if (lost && !stopped) log(`chain ${opts.chainId}: lost the indexer lock's session; stopped, competing again`);
      await held.release();
      lock = null;
      if (lost && !stopped) await standby();
    }
  })();
  return {
    indexer,
    async stop() {
      stopped = true;
      indexer.stop();
      wakeStandby?.();
      await done.catch(() => {});
      await indexer.close();
      if (lock) await lock.release();
    },
  };
}
