/**
 * The named per-chain services modules give each other (issue 17): a module declares what it
 * provides (`provides`) and reads what it needs through the hub, never by importing another
 * capability's files. A service is built on first use, once per chain, by the module that provides
 * it; a service whose capability is off is absent (`find` → undefined, `get` throws).
 */
import type { AppDeps, ChainRuntime } from "../api/area.ts";
import type { Prices } from "../api/queries/market.ts";
import type { PortfolioReader } from "../api/queries/portfolios.ts";
import type { ServiceFactory } from "./module.ts";

/**
 * What another capability adds to portfolio reads (promotion gives it; without it nothing is
 * promoted): SQL expressions over the list's and detail's `p` (portfolios) row.
 */
export type PortfolioRanking = {
  /** Sorts first in the featured ("best") order (a boolean expression: promoted now). */
  featuredFirst: string;
  /** Unix seconds the portfolio is promoted until (NULL when never). */
  promotedUntil: string;
};

/** An indexed trade as a feed item (the social feed's transaction tab reads them through services). */
export type FeedTrade = {
  /** Unique and stable: `{kind}{block}x{log}` (lower-case letters and digits). */
  key: string;
  /** Unix seconds. */
  ts: number;
  account: string;
  txid: string;
  kind: "swap" | "portfolioBuy" | "portfolioSell";
  /** What was traded, for the item's text: token symbols and amounts (decimal strings, whole units). */
  fromSymbol: string;
  fromAmount: string;
  toSymbol: string;
  toAmount: string;
  /** The portfolio's address for portfolio trades. */
  portfolio: string | null;
};

/** A capability's trades, newest first, before `before` (unix seconds, exclusive), optionally one account's. */
export type TradeFeed = {
  recent(opts: { before?: number; limit: number; account?: string }): Promise<FeedTrade[]>;
};

/** What people knows of addresses: their profile's name and photo, and whether they manage portfolios. */
export type Profiles = {
  of(addresses: readonly string[]): Promise<Map<string, { name: string; photoUrl: string | null; manager: boolean }>>;
};

/**
 * The points board races and the feed share (races provides it): awards are idempotent by
 * (source, ref, address), so a job that scores twice awards once.
 */
export type PointsLedger = {
  award(
    entries: readonly { address: string; source: "race" | "post"; ref: string; points: number; at: number }[],
  ): Promise<void>;
};

export type Services = {
  /** The chain's tokens and USD prices from indexed reserves (market module). */
  prices: Prices;
  /** Portfolio lists, details, metrics and histories (portfolios module). */
  portfolioReader: PortfolioReader;
  /** What promotion adds to portfolio reads: promoted first, promoted until (promotion module). */
  portfolioRanking: PortfolioRanking;
  /** The aggregator's trades as feed items (swap module). */
  swapTradeFeed: TradeFeed;
  /** Portfolio buys and sells as feed items (portfolios module). */
  portfolioTradeFeed: TradeFeed;
  /** Profile names and photos (people module). */
  profiles: Profiles;
  /** The shared points board (races module). */
  pointsLedger: PointsLedger;
};
export type ServiceName = keyof Services;

/**
 * A service that holds work not yet written (e.g. views counted in memory, flushed in batches): the
 * server closes it when it stops, after the API stopped answering and before the database closes.
 */
export type Closable = { close(): Promise<void> };
const closable = (s: unknown): s is Closable =>
  typeof s === "object" && s !== null && typeof (s as Partial<Closable>).close === "function";

export class ServiceHub {
  private readonly built = new WeakMap<ChainRuntime, Map<ServiceName, unknown>>();
  /** Every service built, in the order built (the WeakMap cannot be walked). */
  private readonly all: unknown[] = [];
  private deps: AppDeps | null = null;

  constructor(private readonly providers: ReadonlyMap<ServiceName, ServiceFactory<unknown>>) {}

  /** The app's deps the factories are given (set once the app's deps exist). */
  bind(deps: AppDeps): this {
    this.deps = deps;
    return this;
  }

  /** Whether some module that is on provides `name`. */
  has(name: ServiceName): boolean {
    return this.providers.has(name);
  }

  /** The chain's `name` service, or undefined when its capability is off. */
  find<K extends ServiceName>(chain: ChainRuntime, name: K): Services[K] | undefined {
    const factory = this.providers.get(name);
    if (!factory) return undefined;
    if (!this.deps) throw new Error(`services: ${name} asked for before the app's deps were bound`);
    let byName = this.built.get(chain);
    if (!byName) {
      byName = new Map();
      this.built.set(chain, byName);
    }
    if (!byName.has(name)) {
      const made = factory(this.deps, chain, this);
      byName.set(name, made);
      this.all.push(made);
    }
    return byName.get(name) as Services[K];
  }

  /** The chain's `name` service; throws when no module that is on provides it (a missing `requires`). */
  get<K extends ServiceName>(chain: ChainRuntime, name: K): Services[K] {
    const s = this.find(chain, name);
    if (s === undefined) throw new Error(`services: no module that is on provides ${name}`);
    return s;
  }

  /**
   * Closes every built service that can be closed, the last built first (a service may use those
   * it was built with); one that fails is reported and the others still close.
   */
  async close(log: (msg: string) => void = console.error): Promise<void> {
    for (const s of [...this.all].reverse()) {
      if (!closable(s)) continue;
      await s.close().catch((e: unknown) => log(`a service failed to close: ${(e as Error).message ?? e}`));
    }
  }
}
