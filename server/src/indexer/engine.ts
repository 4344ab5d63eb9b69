/**
 * Indexer engine, per chain: backfill over wide block ranges, then live following; checkpoint and
 * rows commit in one transaction (a crash loses nothing and doubles nothing); reorgs are found by
 * comparing stored block hashes with the chain's, rolled back to the fork block and replayed.
 * Usable without the HTTP server: `runBackfill(...)`, `ChainIndexer`.
 */
import type { Deployment } from "@sofi/protocol";
import type { Hex, PublicClient } from "viem";
import type { Db, Queryable } from "../db/client.ts";
import { decodeTradeInto, insertTrades, rollbackAggregator, TRADE_TOPIC } from "./aggregator.ts";
import { LogsWorker } from "./logs-worker-client.ts";
import { createRpcClient, getHeadNumber, getRawBlocks, getRawLogs, isRangeLimitError } from "./rpc.ts";
import {
  decodeInto,
  type EventRows,
  emptyRows,
  insertRows,
  rollbackUniswapV2,
  SWAP_TOPIC,
  SYNC_TOPIC,
  upsertCandles,
} from "./uniswap-v2.ts";

export const INDEXER_NAME = "uniswap-v2-pairs";
/** Blocks this close to the head get their hash stored (reorg detection); older ones only at range ends. */
export const REORG_WINDOW = 256;
/** Stored block hashes older than this many blocks below the head are pruned. */
export const KEEP_BLOCK_HASHES = 4_096;
const ADVISORY_LOCK_NS = 0x50f1;

/** Logs per getLogs request the range sizing aims at. */
export const TARGET_LOGS = 20_000;
/** A range grows at most this many times the previous one's width (empty ranges: 4x). */
export const MAX_RANGE_GROWTH = 2;
const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));
type FetchedRange = { from: number; to: number; logCount: number; events: number; rows: EventRows };

export type Checkpoint = { blockNumber: number; blockHash: string };

export type IndexStats = {
  fromBlock: number;
  toBlock: number;
  ranges: number;
  swaps: number;
  syncs: number;
  /** SofiAggregator `Trade` events. */
  trades: number;
  events: number;
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
  /** Widest getLogs range (shrinks on provider limits, grows back). Default 100,000. */
  maxBlockRange?: number;
  log?: (msg: string) => void;
  /**
   * Fetch and decode logs in a worker thread, in parallel with the database writes (default: on
   * whenever an HTTP RPC URL is known: `rpcUrl` or the client's http transport). Off: everything
   * runs on this thread through `client`.
   */
  useWorker?: boolean;
  /** Called after each committed range (checkpoint = `to`). */
  onCommit?: (range: { from: number; to: number; events: number }) => void;
};

export async function readCheckpoint(q: Queryable, chainId: number, name = INDEXER_NAME): Promise<Checkpoint | null> {
  const rows = await q.query<{ block_number: unknown; block_hash: string }>(
    "SELECT block_number, block_hash FROM indexer_checkpoints WHERE chain_id = $1 AND indexer = $2",
    [chainId, name],
  );
  const r = rows[0];
  return r ? { blockNumber: Number(r.block_number), blockHash: r.block_hash } : null;
}

async function writeCheckpoint(q: Queryable, chainId: number, cp: Checkpoint): Promise<void> {
  await q.query(
    `INSERT INTO indexer_checkpoints (chain_id, indexer, block_number, block_hash, updated_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (chain_id, indexer) DO UPDATE SET block_number = EXCLUDED.block_number,
       block_hash = EXCLUDED.block_hash, updated_at = now()`,
    [chainId, INDEXER_NAME, cp.blockNumber, cp.blockHash],
  );
}

export class ChainIndexer {
  readonly db: Db;
  readonly chainId: number;
  readonly deployment: Deployment;
  readonly client: PublicClient;
  private readonly addresses: Hex[];
  /** The deployment's SofiAggregator (lowercase), when it has one. */
  private readonly aggregator: Hex | null;
  private readonly topics: Hex[];
  private range: number;
  private readonly maxRange: number;
  private readonly log: (msg: string) => void;
  private readonly onCommit: IndexerOptions["onCommit"];
  private worker: LogsWorker | null = null;
  private readonly rpcUrl: string | undefined;
  private stopped = false;
  private wake: (() => void) | null = null;

  constructor(opts: IndexerOptions) {
    this.db = opts.db;
    this.chainId = opts.chainId;
    this.deployment = opts.deployment;
    if (!opts.client && !opts.rpcUrl) throw new Error("ChainIndexer needs rpcUrl or client");
    this.client = opts.client ?? createRpcClient(opts.rpcUrl as string);
    this.aggregator = (opts.deployment.contracts?.aggregator?.toLowerCase() as Hex | undefined) ?? null;
    this.addresses = [
      ...new Set([
        ...opts.deployment.pairs.map((p) => p.address.toLowerCase() as Hex),
        ...(this.aggregator ? [this.aggregator] : []),
      ]),
    ];
    this.topics = this.aggregator ? [SYNC_TOPIC, SWAP_TOPIC, TRADE_TOPIC] : [SYNC_TOPIC, SWAP_TOPIC];
    this.maxRange = opts.maxBlockRange ?? 100_000;
    this.range = Math.min(this.maxRange, 100);
    this.log = opts.log ?? (() => {});
    this.onCommit = opts.onCommit;
    const url = opts.rpcUrl ?? (this.client.transport as { url?: string }).url;
    this.rpcUrl = opts.useWorker === false ? undefined : url;
  }

  /** Stops the logs worker thread (if any). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    await w?.close();
  }

  private async getRange(from: number, to: number): Promise<FetchedRange> {
    if (this.rpcUrl) {
      this.worker ??= new LogsWorker(this.rpcUrl);
      const r = await this.worker.getLogs(this.addresses, this.topics, from, to, this.aggregator);
      return { from, to, ...r };
    }
    const logs = await getRawLogs(this.client, this.addresses, this.topics, from, to);
    const missing = [...new Set(logs.filter((l) => !l.blockTimestamp).map((l) => Number(l.blockNumber)))];
    const ts = new Map((await getRawBlocks(this.client, missing)).map((b) => [Number(b.number), Number(b.timestamp)]));
    const rows = emptyRows();
    let events = 0;
    for (const l of logs) {
      if (l.removed) continue;
      const t = l.blockTimestamp ? Number(l.blockTimestamp) : (ts.get(Number(l.blockNumber)) as number);
      if (decodeInto(rows, l, t) || decodeTradeInto(rows.trades, l, t, this.aggregator)) events++;
    }
    return { from, to, logCount: logs.length, events, rows };
  }

  checkpoint(): Promise<Checkpoint | null> {
    return readCheckpoint(this.db, this.chainId);
  }

  /**
   * Indexes from the checkpoint (or the deployment's start block) up to `toBlock` (default: head).
   * `stopAfterRanges` aborts after that many committed ranges (used to test crash safety).
   */
  async sync(opts: { toBlock?: number; stopAfterRanges?: number } = {}): Promise<IndexStats> {
    const started = performance.now();
    const stats: IndexStats = {
      fromBlock: 0,
      toBlock: 0,
      ranges: 0,
      swaps: 0,
      syncs: 0,
      trades: 0,
      events: 0,
      reorgs: 0,
      ms: 0,
    };
    const head = await getHeadNumber(this.client);
    const target = Math.min(opts.toBlock ?? head, head);
    let cp = await this.checkpoint();
    if (cp && (await this.detectReorg(cp))) {
      stats.reorgs++;
      cp = await this.rollback(cp);
    }
    const from = cp ? cp.blockNumber + 1 : this.deployment.startBlock;
    stats.fromBlock = from;
    stats.toBlock = target;
    if (this.addresses.length === 0) {
      // Nothing to index: just move the checkpoint so health reports progress.
      if (target >= from) {
        const [b] = await getRawBlocks(this.client, [target]);
        if (b) await writeCheckpoint(this.db, this.chainId, { blockNumber: target, blockHash: b.hash });
      }
      stats.ms = performance.now() - started;
      return stats;
    }
    // Pipeline: the next range's logs are fetched while this range commits. Range width adapts to
    // log density (aiming at TARGET_LOGS per request) and halves on provider limit errors.
    let next: Promise<FetchedRange> | null = from <= target ? this.fetchRange(from, target) : null;
    while (next && !this.stopped) {
      const cur = await next;
      next = null;
      // Growth is capped at 2x the range just fetched: a sparse start (deployments, quiet history)
      // must not size one huge request over the dense blocks after it, which would arrive as one
      // response far above TARGET_LOGS while the writer idles (no fetch/write overlap).
      const width = cur.to - cur.from + 1;
      const density = cur.logCount / width;
      this.range =
        density > 0
          ? clamp(Math.floor(TARGET_LOGS / density), 1, Math.min(this.maxRange, width * MAX_RANGE_GROWTH))
          : Math.min(this.maxRange, Math.max(this.range, width) * 4);
      const more = cur.to < target && !(opts.stopAfterRanges !== undefined && stats.ranges + 1 >= opts.stopAfterRanges);
      if (more) {
        next = this.fetchRange(cur.to + 1, target);
        next.catch(() => {}); // handled when awaited
      }
      const events = await this.commitRange(cur.from, cur.to, head, cur.rows, stats);
      stats.events += events;
      stats.ranges++;
      this.onCommit?.({ from: cur.from, to: cur.to, events });
    }
    stats.ms = performance.now() - started;
    return stats;
  }

  /** getLogs from `from` over the current range width (capped at `target`), halving on limit errors. */
  private async fetchRange(from: number, target: number): Promise<FetchedRange> {
    for (;;) {
      const to = Math.min(from + this.range - 1, target);
      try {
        return await this.getRange(from, to);
      } catch (e) {
        if (to > from && isRangeLimitError(e)) {
          this.range = Math.max(1, Math.floor((to - from + 1) / 2));
          this.log(
            `chain ${this.chainId}: getLogs ${from}-${to} refused (${(e as Error).message.split("\n")[0]}); range → ${this.range}`,
          );
          continue;
        }
        throw e;
      }
    }
  }

  /** Commits one range's decoded rows + block hashes + checkpoint in one transaction. */
  private async commitRange(
    from: number,
    to: number,
    head: number,
    rows: EventRows,
    stats: IndexStats,
  ): Promise<number> {
    // Headers needed: the range end (checkpoint hash) and blocks near the head (reorg detection).
    const needed = new Set<number>([to]);
    for (let b = Math.max(from, head - REORG_WINDOW + 1); b <= to; b++) needed.add(b);
    const headers = await getRawBlocks(
      this.client,
      [...needed].sort((a, b) => a - b),
    );
    const end = headers.find((h) => Number(h.number) === to);
    if (!end) throw new Error(`Missing header of block ${to}`);
    const n = rows.swaps.block.length + rows.syncs.block.length + rows.trades.block.length;
    const blockRows = headers.filter((h) => Number(h.number) >= head - REORG_WINDOW + 1 || Number(h.number) === to);
    await this.db.transaction(async (tx) => {
      await insertRows(tx, this.chainId, rows);
      await upsertCandles(tx, this.chainId, rows);
      if (rows.trades.block.length > 0) await insertTrades(tx, this.chainId, rows.trades);
      if (blockRows.length > 0) {
        await tx.query(
          `INSERT INTO indexer_blocks (chain_id, block_number, block_hash, timestamp)
           SELECT $1, * FROM unnest($2::int8[], $3::text[], $4::int8[])
           ON CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash, timestamp = EXCLUDED.timestamp`,
          [
            this.chainId,
            `{${blockRows.map((h) => Number(h.number)).join(",")}}`,
            `{${blockRows.map((h) => h.hash).join(",")}}`,
            `{${blockRows.map((h) => Number(h.timestamp)).join(",")}}`,
          ],
        );
      }
      await writeCheckpoint(tx, this.chainId, { blockNumber: to, blockHash: end.hash });
      // Hashes far below the head are no longer needed to find a fork (deeper reorgs reindex from the start block).
      await tx.query("DELETE FROM indexer_blocks WHERE chain_id = $1 AND block_number < $2", [
        this.chainId,
        head - KEEP_BLOCK_HASHES,
      ]);
    });
    stats.swaps += rows.swaps.block.length;
    stats.syncs += rows.syncs.block.length;
    stats.trades += rows.trades.block.length;
    return n;
  }

  /** True when the chain no longer has the checkpoint's block hash at its height. */
  async detectReorg(cp: Checkpoint): Promise<boolean> {
    const head = await getHeadNumber(this.client);
    if (cp.blockNumber > head) return true;
    const [b] = await getRawBlocks(this.client, [cp.blockNumber]);
    return b?.hash.toLowerCase() !== cp.blockHash.toLowerCase();
  }

  /**
   * Walks stored block hashes back to the newest one the chain still has (the fork ancestor),
   * deletes every row above it and moves the checkpoint there, all in one transaction.
   */
  async rollback(cp: Checkpoint): Promise<Checkpoint | null> {
    const head = await getHeadNumber(this.client);
    const stored = await this.db.query<{ block_number: unknown; block_hash: string }>(
      "SELECT block_number, block_hash FROM indexer_blocks WHERE chain_id = $1 AND block_number <= $2 ORDER BY block_number DESC",
      [this.chainId, cp.blockNumber],
    );
    let ancestor: Checkpoint | null = null;
    for (let i = 0; i < stored.length && !ancestor; i += 100) {
      const chunk = stored.slice(i, i + 100).filter((r) => Number(r.block_number) <= head);
      const chain = await getRawBlocks(
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
    const fork = ancestor ? ancestor.blockNumber : this.deployment.startBlock - 1;
    this.log(`chain ${this.chainId}: reorg detected at ${cp.blockNumber}; rolling back to ${fork}`);
    await this.db.transaction(async (tx) => {
      await rollbackUniswapV2(tx, this.chainId, fork);
      await rollbackAggregator(tx, this.chainId, fork);
      await tx.query("DELETE FROM indexer_blocks WHERE chain_id = $1 AND block_number > $2", [this.chainId, fork]);
      if (ancestor) await writeCheckpoint(tx, this.chainId, ancestor);
      else
        await tx.query("DELETE FROM indexer_checkpoints WHERE chain_id = $1 AND indexer = $2", [
          this.chainId,
          INDEXER_NAME,
        ]);
    });
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
}

export type RunBackfillOptions = {
  db: Db;
  /** Chain id (or any object with `id`, e.g. a ChainInfo). */
  chain: number | { id: number };
  deployment: Deployment;
  rpcUrl: string;
  toBlock?: number;
  maxBlockRange?: number;
  stopAfterRanges?: number;
  log?: (msg: string) => void;
};

/** Backfills one chain from its checkpoint (or start block) to `toBlock` (default head); returns counts. */
export async function runBackfill(opts: RunBackfillOptions): Promise<IndexStats> {
  const indexer = new ChainIndexer({
    db: opts.db,
    chainId: typeof opts.chain === "number" ? opts.chain : opts.chain.id,
    deployment: opts.deployment,
    rpcUrl: opts.rpcUrl,
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
 * hot standby while another process holds it, then follows the chain until stopped.
 */
export function startLeaderIndexer(opts: IndexerOptions & { pollIntervalMs: number; standbyRetryMs?: number }): {
  stop(): Promise<void>;
  indexer: ChainIndexer;
} {
  const indexer = new ChainIndexer(opts);
  let release: (() => Promise<void>) | null = null;
  let stopped = false;
  const log = opts.log ?? (() => {});
  const done = (async () => {
    while (!stopped) {
      release = await opts.db.tryLock(ADVISORY_LOCK_NS, opts.chainId).catch((e: Error) => {
        log(`chain ${opts.chainId}: lock error: ${e.message}`);
        return null;
      });
      if (release) break;
      log(`chain ${opts.chainId}: another indexer holds the lock; standing by`);
      await new Promise((r) => setTimeout(r, opts.standbyRetryMs ?? 5_000));
    }
    if (!stopped) await indexer.runLive(opts.pollIntervalMs);
  })();
  return {
    indexer,
    async stop() {
      stopped = true;
      indexer.stop();
      await done.catch(() => {});
      await indexer.close();
      if (release) await release();
    },
  };
}
