/**
 * The SQL of portfolio reads (issue 17: apart from PortfolioReader's cache policy): list pages
 * ordered and paged in SQL over portfolio_metrics, a detail's row and module settings, favourites,
 * views, a holder's moves, an address's trades. No caching here; every method is one query.
 */
import type { PortfolioOrder } from "@sofi/core";
import { formatUnits } from "viem";
import type { Queryable } from "../../db/client.ts";
import type { PortfolioRanking, TradeFeed } from "../../modules/services.ts";

/** A portfolio as stored at its creation. */
export type PortfolioRow = {
  address: string;
  manager: string;
  name: string;
  symbol: string;
  timestamp: number;
  startPrice: number;
};

export type ListFilter = {
  me?: string;
  search?: string;
  /** A token whose symbol is the search text: portfolios holding it match too (the home's token chips). */
  searchToken?: string;
  orderby?: PortfolioOrder;
  manager?: string;
  buyer?: string;
  limit: number;
  offset: number;
};

export type ListRow = PortfolioRow & {
  favorite: boolean;
  iconVersion: number | null;
  valuePerSet: number;
  totalValue: number;
  apy: number;
  cumulativeApy: number;
  change24h: number;
  change7d: number;
  holdersCount: number;
  /** The track record's risk score, 1 to 10 (null without a record). */
  riskScore: number | null;
  total: number;
};

const listOrder = (ranking: PortfolioRanking | undefined): Record<PortfolioOrder, string> => ({
  favorited: "f.created_at DESC",
  // the ranking's first (promoted now, issue 11), then by APY
  best: `${ranking ? `(${ranking.featuredFirst}) DESC, ` : ""}COALESCE(m.apy, 0) DESC`,
  rated: "(SELECT count(*) FROM favorites r WHERE r.chain_id = p.chain_id AND r.portfolio = p.address) DESC",
  viewed: "COALESCE(i.views, 0) DESC",
  traded: "COALESCE(m.trades_count, 0) DESC",
  // the track record's risk score (issue 21 §3), then its volatility; portfolios without a record last
  risk: "m.risk_score DESC NULLS LAST, COALESCE(m.volatility, 0) DESC",
  new: "p.timestamp DESC",
});

const LIST_COLUMNS = `p.address, p.manager, p.name, p.symbol, p.timestamp::int8 AS timestamp,
  p.start_price::text AS start_price, (me.address IS NOT NULL) AS favorite,
  CASE WHEN i.icon IS NULL THEN NULL ELSE i.icon_version END AS icon_version,
  COALESCE(m.value_per_set, 0) AS value_per_set, COALESCE(m.total_value, 0) AS total_value,
  COALESCE(m.apy, 0) AS apy, COALESCE(m.cumulative_apy, 0) AS cumulative_apy,
  COALESCE(m.change_24h, 0) AS change_24h, COALESCE(m.change_7d, 0) AS change_7d,
  COALESCE(m.holders_count, 0) AS holders_count, m.risk_score`;

type RawList = {
  address: string;
  manager: string;
  name: string;
  symbol: string;
  timestamp: string | number;
  start_price: string;
  favorite: boolean;
  icon_version: number | null;
  value_per_set: number;
  total_value: number;
  apy: number;
  cumulative_apy: number;
  change_24h: number;
  change_7d: number;
  holders_count: number;
  risk_score: number | null;
  total?: string | number;
};

export const toRow = (r: RawList): ListRow => ({
  address: r.address,
  manager: r.manager,
  name: r.name,
  symbol: r.symbol,
  timestamp: Number(r.timestamp),
  startPrice: Number(BigInt(r.start_price)) / 1e18,
  favorite: Boolean(r.favorite),
  iconVersion: r.icon_version === null ? null : Number(r.icon_version),
  valuePerSet: Number(r.value_per_set),
  totalValue: Number(r.total_value),
  apy: Number(r.apy),
  cumulativeApy: Number(r.cumulative_apy),
  change24h: Number(r.change_24h),
  change7d: Number(r.change_7d),
  holdersCount: Number(r.holders_count),
  riskScore: r.risk_score === null || r.risk_score === undefined ? null : Number(r.risk_score),
  total: Number(r.total ?? 0),
});

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A portfolio module settings event (ModuleAdded/Removed, ModuleInitialized, ExitFeeSet, TradingEnabled). */
export type ModuleEvent = {
  kind: string;
  enabled: boolean | null;
  exit_fee_bps: number | null;
  recipient: string | null;
};

export class PortfolioSql {
  constructor(
    private readonly db: Queryable,
    private readonly chainId: number,
  ) {}

  /** One page of a list, ordered and paged in SQL (`ranking`: what promotion adds to the featured order). */
  async listRows(f: ListFilter, ranking?: PortfolioRanking): Promise<ListRow[]> {
    const params: unknown[] = [this.chainId, f.me ?? "", f.limit, f.offset];
    const where: string[] = ["p.chain_id = $1"];
    let join = "";
    if (f.search !== undefined && f.search !== "") {
      params.push(`%${likeLiteral(f.search)}%`, f.search.toLowerCase(), JSON.stringify([f.searchToken ?? ""]));
      const [like, exact, token] = [params.length - 2, params.length - 1, params.length];
      where.push(
        `(p.name ILIKE $${like} OR p.symbol ILIKE $${like} OR p.address = $${exact} OR p.components @> $${token}::jsonb)`,
      );
    }
    if (f.manager) {
      params.push(f.manager);
      where.push(`p.manager = $${params.length}`);
    }
    if (f.buyer) {
      params.push(f.buyer);
      join += ` JOIN portfolio_holders h ON h.chain_id = p.chain_id AND h.portfolio = p.address AND h.holder = $${params.length} AND h.balance > 0`;
    }
    if (f.orderby === "favorited") {
      // the requesting wallet's favourites (none without a wallet)
      join += " JOIN favorites f ON f.chain_id = p.chain_id AND f.portfolio = p.address AND f.address = $2";
    }
    const order = f.orderby ? listOrder(ranking)[f.orderby] : "p.timestamp DESC";
    const rows = await this.db.query<RawList>(
      `SELECT ${LIST_COLUMNS}, count(*) OVER () AS total
       FROM portfolios p${join}
       LEFT JOIN portfolio_metrics m ON m.chain_id = p.chain_id AND m.address = p.address
       LEFT JOIN portfolio_info i ON i.chain_id = p.chain_id AND i.address = p.address
       LEFT JOIN favorites me ON me.chain_id = p.chain_id AND me.portfolio = p.address AND me.address = $2
       WHERE ${where.join(" AND ")}
       ORDER BY ${order}, p.timestamp DESC, p.address
       LIMIT $3 OFFSET $4`,
      params,
    );
    return rows.map(toRow);
  }

  /** Which of `addresses` are `me`'s favourites. */
  async favoritesAmong(me: string, addresses: readonly string[]): Promise<Set<string>> {
    const rows = await this.db.query<{ portfolio: string }>(
      "SELECT portfolio FROM favorites WHERE chain_id = $1 AND address = $2 AND portfolio = ANY($3::text[])",
      [this.chainId, me, `{${addresses.join(",")}}`],
    );
    return new Set(rows.map((r) => r.portfolio));
  }

  async isFavorite(address: string, me: string): Promise<boolean> {
    const rows = await this.db.query(
      "SELECT 1 FROM favorites WHERE chain_id = $1 AND portfolio = $2 AND address = $3",
      [this.chainId, address, me],
    );
    return rows.length > 0;
  }

  /**
   * The stored part of each portfolio's detail (what only a commit naming the portfolio or its
   * manager's write changes: names, icon version, intro, views, component order, promotion end,
   * supply) and its module settings events, oldest first; two queries for any number of portfolios.
   */
  async detailBaseRows(addresses: readonly string[], ranking?: PortfolioRanking) {
    const list = `{${addresses.join(",")}}`;
    const [rows, events] = await Promise.all([
      this.db.query<
        Pick<RawList, "address" | "manager" | "name" | "symbol" | "timestamp" | "start_price" | "icon_version"> & {
          intro: string | null;
          views: string | null;
          promote_end_at: string | null;
          supply: string | null;
          components: string[];
        }
      >(
        `SELECT p.address, p.manager, p.name, p.symbol, p.timestamp::int8 AS timestamp, p.start_price::text AS start_price,
           CASE WHEN i.icon IS NULL THEN NULL ELSE i.icon_version END AS icon_version, i.intro, i.views, p.components,
           (${ranking?.promotedUntil ?? "NULL"})::text AS promote_end_at,
           (SELECT supply::text FROM portfolio_stats s WHERE s.chain_id = p.chain_id AND s.portfolio = p.address) AS supply
         FROM portfolios p
         LEFT JOIN portfolio_info i ON i.chain_id = p.chain_id AND i.address = p.address
         WHERE p.chain_id = $1 AND p.address = ANY($2::text[])`,
        [this.chainId, list],
      ),
      this.db.query<ModuleEvent & { portfolio: string }>(
        `SELECT portfolio, kind, enabled, exit_fee_bps, recipient FROM portfolio_module_events
         WHERE chain_id = $1 AND portfolio = ANY($2::text[])
         ORDER BY portfolio, block_number, log_index`,
        [this.chainId, list],
      ),
    ]);
    const eventsOf = new Map<string, ModuleEvent[]>();
    for (const e of events) {
      const list = eventsOf.get(e.portfolio) ?? [];
      eventsOf.set(e.portfolio, list);
      list.push(e);
    }
    return new Map(rows.map((r) => [r.address, { ...r, modules: eventsOf.get(r.address) ?? [] }]));
  }

  /** The portfolios whose details are read ahead: the most viewed first, then the newest. */
  async detailWarmKeys(max: number): Promise<string[]> {
    const rows = await this.db.query<{ address: string }>(
      `SELECT p.address FROM portfolios p
       LEFT JOIN portfolio_info i ON i.chain_id = p.chain_id AND i.address = p.address
       WHERE p.chain_id = $1 ORDER BY COALESCE(i.views, 0) DESC, p.timestamp DESC, p.address LIMIT $2`,
      [this.chainId, max],
    );
    return rows.map((r) => r.address);
  }

  /**
   * Records a batch of views, one per (portfolio, day, viewer): those already recorded are dropped
   * by the table's key; the rest add to each portfolio's views, in one statement. Returns how many
   * were new per portfolio. Viewer rows older than yesterday are pruned on the way.
   */
  async addViews(batch: readonly { portfolio: string; day: string; viewer: string }[]): Promise<Map<string, number>> {
    const rows = await this.db.query<{ portfolio: string; n: string | number }>(
      `WITH fresh AS (
         INSERT INTO portfolio_viewers (chain_id, portfolio, day, viewer)
         SELECT $1, p, d, v FROM unnest($2::text[], $3::text[], $4::text[]) AS x(p, d, v)
         ON CONFLICT DO NOTHING RETURNING portfolio
       ), counted AS (
         SELECT portfolio, count(*) AS n FROM fresh GROUP BY portfolio
       ), bumped AS (
         INSERT INTO portfolio_info (chain_id, address, views) SELECT $1, portfolio, n FROM counted
         ON CONFLICT (chain_id, address) DO UPDATE SET views = portfolio_info.views + EXCLUDED.views
       )
       SELECT portfolio, n FROM counted`,
      [
        this.chainId,
        `{${batch.map((v) => v.portfolio).join(",")}}`,
        `{${batch.map((v) => v.day).join(",")}}`,
        `{${batch.map((v) => v.viewer).join(",")}}`,
      ],
    );
    const oldest = batch.reduce((m, v) => (v.day < m ? v.day : m), batch[0]?.day ?? "");
    if (oldest)
      await this.db.query(
        "DELETE FROM portfolio_viewers WHERE chain_id = $1 AND day < to_char(to_date($2, 'YYYY-MM-DD') - 1, 'YYYY-MM-DD')",
        [this.chainId, oldest],
      );
    return new Map(rows.map((r) => [r.portfolio, Number(r.n)]));
  }

  async exists(address: string): Promise<{ manager: string } | null> {
    const [r] = await this.db.query<{ manager: string }>(
      "SELECT manager FROM portfolios WHERE chain_id = $1 AND address = $2",
      [this.chainId, address],
    );
    return r ?? null;
  }

  /** Every portfolio-token move in or out of `holder`'s wallet, oldest first (delta in base units). */
  holdingMoves(holder: string) {
    return this.db.query<{ portfolio: string; ts: string; delta: string }>(
      `SELECT portfolio, timestamp AS ts, (CASE WHEN "to" = $2 THEN value ELSE 0 END - CASE WHEN "from" = $2 THEN value ELSE 0 END)::text AS delta
       FROM portfolio_transfers WHERE chain_id = $1 AND ("to" = $2 OR "from" = $2) ORDER BY block_number, log_index`,
      [this.chainId, holder],
    );
  }

  /** An address's buys and sells (of one portfolio when `portfolio` is given), newest first. */
  transactions(address: string, limit: number, offset: number, portfolio?: string) {
    return this.db.query<{
      tx_hash: string;
      timestamp: string;
      kind: "buy" | "sell";
      portfolio: string;
      symbol: string;
      token: string;
      quantity: string;
      amount: string;
    }>(
      `SELECT t.tx_hash, t.timestamp, t.kind, t.portfolio, p.symbol, t.token, t.quantity::text AS quantity, t.amount::text AS amount
       FROM portfolio_trades t JOIN portfolios p ON p.chain_id = t.chain_id AND p.address = t.portfolio
       WHERE t.chain_id = $1 AND t.account = $2 AND t.kind IN ('buy', 'sell')
         AND ($5::text IS NULL OR t.portfolio = $5)
       ORDER BY t.block_number DESC, t.log_index DESC LIMIT $3 OFFSET $4`,
      [this.chainId, address, limit, offset, portfolio ?? null],
    );
  }
}

// ------------------------------------------------------------------ the feed's transaction items

/** What the feed needs to name a token: its symbol and decimals by address (the price service's list). */
type TokenNames = { tokenByAddress(address: string): { symbol: string; decimals: number } | undefined };

/** A token's symbol and decimals: the native coin for the zero address, the address itself when unlisted. */
function tokenName(tokens: TokenNames, nativeSymbol: string, address: string) {
  if (/^0x0{40}$/.test(address)) return { symbol: nativeSymbol, decimals: 18 };
  return tokens.tokenByAddress(address) ?? { symbol: `${address.slice(0, 6)}…${address.slice(-4)}`, decimals: 18 };
}

/**
 * The `portfolioTradeFeed` service (issue 20): portfolio buys and sells as feed items, newest first,
 * before `before` (unix s, exclusive), optionally one account's (its own index): a buy pays `amount`
 * of the token for `quantity` sets, a sell the reverse; the set's symbol from `portfolios`.
 */
export function portfolioTradeFeed(q: Queryable, chainId: number, tokens: TokenNames, nativeSymbol: string): TradeFeed {
  return {
    async recent({ before, limit, account }) {
      const params: unknown[] = [chainId, limit, before ?? Number.MAX_SAFE_INTEGER];
      let who = "";
      if (account) {
        params.push(account.toLowerCase());
        who = `AND t.account = $${params.length}`;
      }
      const rows = await q.query<{
        block_number: unknown;
        log_index: number;
        tx_hash: string;
        timestamp: unknown;
        portfolio: string;
        kind: string;
        account: string;
        token: string | null;
        quantity: string;
        amount: string | null;
        symbol: string | null;
      }>(
        `SELECT t.block_number, t.log_index, t.tx_hash, t.timestamp, t.portfolio, t.kind, t.account, t.token,
           t.quantity::text AS quantity, t.amount::text AS amount, p.symbol
         FROM portfolio_trades t
         LEFT JOIN portfolios p ON p.chain_id = t.chain_id AND p.address = t.portfolio
         WHERE t.chain_id = $1 AND t.kind IN ('buy', 'sell') AND t.timestamp < $3 ${who}
         ORDER BY t.block_number DESC, t.log_index DESC LIMIT $2`,
        params,
      );
      return rows.map((r) => {
        const buy = r.kind === "buy";
        const token = tokenName(tokens, nativeSymbol, r.token ?? "0x0000000000000000000000000000000000000000");
        const set = { symbol: r.symbol ?? r.portfolio, amount: formatUnits(BigInt(r.quantity), 18) };
        const paid = { symbol: token.symbol, amount: formatUnits(BigInt(r.amount ?? "0"), token.decimals) };
        const [from, to] = buy ? [paid, set] : [set, paid];
        return {
          key: `${buy ? "portfoliobuy" : "portfoliosell"}${Number(r.block_number)}x${Number(r.log_index)}`,
          ts: Number(r.timestamp),
          account: r.account,
          txid: r.tx_hash,
          kind: buy ? ("portfolioBuy" as const) : ("portfolioSell" as const),
          fromSymbol: from.symbol,
          fromAmount: from.amount,
          toSymbol: to.symbol,
          toAmount: to.amount,
          portfolio: r.portfolio,
        };
      });
    },
  };
}
