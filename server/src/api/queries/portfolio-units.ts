/**
 * Every portfolio of a chain with its component-unit history, kept in memory and brought up to the
 * portfolios handler's checkpoint by reading only the rows above the last checkpoint read. A
 * checkpoint that moved back, or whose block the indexer no longer has with the same hash (a reorg
 * replaced it), makes the next update read everything again. Without a checkpoint (rows written by
 * tests or tools, no indexer) every update reads everything.
 */
import type { Queryable } from "../../db/client.ts";

/** The indexer handler whose checkpoint bounds the rows (indexer/handlers/portfolios.ts). */
export const PORTFOLIOS_HANDLER = "portfolios";
const E18 = 10n ** 18n;

type Position = { component: string; ts: number; block: number; log: number; kind: string; unit: bigint | null };
type Multiplier = { ts: number; block: number; log: number; multiplier: bigint };

/** One portfolio's unit history: units of every component at a time (base units per 1e18 set). */
export class UnitHistory {
  /** Units from each row's time on, oldest first (built on first use, dropped when rows are added). */
  private steps: { ts: number; units: [string, bigint][] }[] | null = null;

  constructor(
    readonly positions: Position[] = [],
    readonly multipliers: Multiplier[] = [],
  ) {}

  /** Appends rows newer than every row held (an update's rows, in block order). */
  add(position: Position | null, multiplier: Multiplier | null): void {
    if (position) this.positions.push(position);
    if (multiplier) this.multipliers.push(multiplier);
    this.steps = null;
  }

  /**
   * The same as `unitsAt(at)`, from a list of the units after each row's time: units change only
   * at those times, so a refresh valuing every portfolio at 31 times does a lookup, not a fold.
   */
  unitsFrom(at: number): readonly [string, bigint][] {
    if (!this.steps) {
      const times = [...new Set([...this.positions.map((p) => p.ts), ...this.multipliers.map((m) => m.ts)])];
      times.sort((a, b) => a - b);
      this.steps = times.map((ts) => ({ ts, units: [...this.unitsAt(ts)] }));
    }
    let found: readonly [string, bigint][] = [];
    for (const s of this.steps) {
      if (s.ts > at) break;
      found = s.units;
    }
    return found;
  }

  /** Units at `at` (every row at or before it), real units scaled by later multiplier edits. */
  unitsAt(at: number): Map<string, bigint> {
    const last = new Map<string, Position>();
    for (const p of this.positions) if (p.ts <= at) last.set(p.component, p);
    const multAt = (ts: number, block: number, log: number) => {
      let m = E18;
      for (const x of this.multipliers)
        if (x.ts <= ts && (x.block < block || (x.block === block && x.log <= log))) m = x.multiplier;
      return m;
    };
    const now = this.multipliers.filter((x) => x.ts <= at).at(-1)?.multiplier ?? E18;
    const units = new Map<string, bigint>();
    for (const [c, p] of last) {
      if (p.kind === "removed" || p.unit === null || p.unit <= 0n) continue;
      const then = multAt(p.ts, p.block, p.log);
      units.set(c, then > 0n ? (p.unit * now) / then : p.unit);
    }
    return units;
  }
}

export type PortfolioBase = { address: string; timestamp: number; startPrice: number; manager: string };
type Checkpoint = { block: number; hash: string };

/** Reads portfolio units for one chain; `update()` before reading `all()` or `history()`. */
export class PortfolioUnits {
  private portfolios = new Map<string, PortfolioBase>();
  private histories = new Map<string, UnitHistory>();
  private through: Checkpoint | null = null;
  /** Bumped whenever an update read a row: readers' caches keyed by it see new units. */
  version = 0;

  constructor(
    private readonly db: Queryable,
    private readonly chainId: number,
  ) {}

  all(): ReadonlyMap<string, PortfolioBase> {
    return this.portfolios;
  }

  history(address: string): UnitHistory {
    return this.histories.get(address) ?? new UnitHistory();
  }

  private queue: Promise<void> = Promise.resolve();

  /**
   * Reads the rows committed since the last update (all of them after a reorg or without a
   * checkpoint). Calls run one after another: two incremental reads from the same checkpoint would
   * append the same rows twice.
   */
  update(): Promise<void> {
    const next = this.queue.then(() => this.updateOnce());
    this.queue = next.catch(() => {});
    return next;
  }

  private async updateOnce(): Promise<void> {
    const [cp] = await this.db.query<{ block: string; hash: string }>(
      "SELECT block_number AS block, block_hash AS hash FROM indexer_checkpoints WHERE chain_id = $1 AND indexer = $2",
      [this.chainId, PORTFOLIOS_HANDLER],
    );
    const now = cp ? { block: Number(cp.block), hash: cp.hash } : null;
    const from = now && (await this.stillCanonical(now)) ? this.through : null;
    if (from && now && from.block === now.block) return;
    // A full read fills new maps and swaps them in at the end: readers during the read keep seeing
    // the previous ones rather than no portfolio at all.
    const into = from
      ? { portfolios: this.portfolios, histories: this.histories }
      : { portfolios: new Map(), histories: new Map() };
    const read = await this.read(from?.block ?? null, now?.block ?? null, into);
    this.portfolios = into.portfolios;
    this.histories = into.histories;
    this.through = now;
    if (read > 0 || !from) this.version++;
  }

  /** Whether the last checkpoint read is still the indexer's chain (same hash at its height, not behind). */
  private async stillCanonical(now: Checkpoint): Promise<boolean> {
    const t = this.through;
    if (!t || now.block < t.block) return false;
    if (now.block === t.block) return now.hash === t.hash;
    const [b] = await this.db.query<{ hash: string }>(
      "SELECT block_hash AS hash FROM indexer_blocks WHERE chain_id = $1 AND block_number = $2",
      [this.chainId, t.block],
    );
    return b?.hash === t.hash;
  }

  /** Rows in (after, upTo] (unbounded where null), appended in block order; returns how many. */
  private async read(
    after: number | null,
    upTo: number | null,
    into: { portfolios: Map<string, PortfolioBase>; histories: Map<string, UnitHistory> },
  ): Promise<number> {
    const params: unknown[] = [this.chainId];
    const cond: string[] = [];
    if (after !== null) {
      params.push(after);
      cond.push(`block_number > $${params.length}`);
    }
    if (upTo !== null) {
      params.push(upTo);
      cond.push(`block_number <= $${params.length}`);
    }
    const range = cond.map((c) => ` AND ${c}`).join("");
    const ps = await this.db.query<{ address: string; timestamp: string; start_price: string; manager: string }>(
      `SELECT address, timestamp, start_price::text AS start_price, manager FROM portfolios WHERE chain_id = $1${range}
       ORDER BY block_number, log_index`,
      params,
    );
    const pos = await this.db.query<{
      portfolio: string;
      component: string;
      ts: string;
      block: string;
      log: number;
      kind: string;
      unit: string | null;
    }>(
      `SELECT portfolio, component, timestamp AS ts, block_number AS block, log_index AS log, kind, unit::text AS unit
       FROM portfolio_positions WHERE chain_id = $1${range} ORDER BY block_number, log_index`,
      params,
    );
    const mul = await this.db.query<{ portfolio: string; ts: string; block: string; log: number; multiplier: string }>(
      `SELECT portfolio, timestamp AS ts, block_number AS block, log_index AS log, multiplier::text AS multiplier
       FROM portfolio_multipliers WHERE chain_id = $1${range} ORDER BY block_number, log_index`,
      params,
    );
    for (const p of ps)
      into.portfolios.set(p.address, {
        address: p.address,
        timestamp: Number(p.timestamp),
        startPrice: Number(BigInt(p.start_price)) / 1e18,
        manager: p.manager,
      });
    const get = (p: string) => {
      let h = into.histories.get(p);
      if (!h) {
        h = new UnitHistory();
        into.histories.set(p, h);
      }
      return h;
    };
    for (const r of pos)
      get(r.portfolio).add(
        {
          component: r.component,
          ts: Number(r.ts),
          block: Number(r.block),
          log: Number(r.log),
          kind: r.kind,
          unit: r.unit === null ? null : BigInt(r.unit),
        },
        null,
      );
    for (const r of mul)
      get(r.portfolio).add(null, {
        ts: Number(r.ts),
        block: Number(r.block),
        log: Number(r.log),
        multiplier: BigInt(r.multiplier),
      });
    return ps.length + pos.length + mul.length;
  }
}
