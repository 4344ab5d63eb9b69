/**
 * Portfolios area (issue 10, spec 001 §7): `GET /v2/sofi/portfolios` (search, orderby with limit,
 * manager), `GET /sofi/portfolios` (buyer), `GET /sofi/portfolios/{id}` (counts a view),
 * `GET /sofi/portfolios/{id}/history`, `GET /sofi/portfolios/{id}/icon`, the signed writes
 * `POST /sofi/portfolio` (the manager's intro and icon) and `POST /sofi/favorite` (the signer's own
 * favourites), `GET /sofi/asset/history` and `GET /sofi/transactions`. Reads in queries/portfolios.ts.
 */

import { zValidator } from "@hono/zod-validator";
import {
  assetHistoryQuerySchema,
  favoriteBodySchema,
  PORTFOLIO_ERRORS,
  type PortfolioDetail,
  type PortfolioListItem,
  type PortfoliosCacheState,
  portfolioDetailQuerySchema,
  portfolioHistoryQuerySchema,
  portfolioIdSchema,
  portfolioInfoBodySchema,
  portfoliosQuerySchema,
  portfoliosV2QuerySchema,
  portfolioTransactionsQuerySchema,
} from "@sofi/core";
import { type Context, Hono } from "hono";
import { formatUnits, zeroAddress } from "viem";
import { type ApiArea, type ApiEnv, type AppDeps, type ChainRuntime, publicOrigin } from "./area.ts";
import { checksum } from "./checksum.ts";
import { imageResponse } from "./images.ts";
import { KeptReplies, type KeptReply } from "./kept-replies.ts";
import {
  type DetailBase,
  type ListFilter,
  type ListRow,
  METRICS_TTL_MS,
  type Metrics,
  PORTFOLIO_TOPIC,
} from "./queries/portfolios.ts";
import { ReplyCache } from "./reply-cache.ts";
import { requireSignedWrite } from "./signed.ts";
import { answerFirstIssue, limitBody, validJson, validQuery } from "./validate.ts";

/** `POST /sofi/portfolio`: a 2 MB icon as base64 (2.7 MB) with its intro. */
export const PORTFOLIO_BODY_MAX = 3 * 1024 * 1024;
/** `POST /sofi/favorite`: three short fields. */
export const FAVORITE_BODY_MAX = 1024;

const bodyCaches = new WeakMap<ChainRuntime, ReplyCache<string | null>>();
/** Reply texts of a chain's portfolio reads, kept as long as the reader's own caches. */
function bodies(ch: ChainRuntime): ReplyCache<string | null> {
  let b = bodyCaches.get(ch);
  if (!b) {
    b = new ReplyCache<string | null>(METRICS_TTL_MS);
    bodyCaches.set(ch, b);
  }
  return b;
}

const jsonText = (c: Context<ApiEnv>, text: string) => c.body(text, 200, { "Content-Type": "application/json" });

/** A detail's kept part, as its reply's fields (the rest is added to it on every request). */
type DetailStored = Pick<
  PortfolioDetail,
  | "address"
  | "symbol"
  | "name"
  | "manager"
  | "avatar_uri"
  | "icon"
  | "intro"
  | "decimals"
  | "total_amount"
  | "created_at"
  | "start_price"
  | "promote_end_at"
  | "fee"
  | "module_state"
  | "trading_enabled"
  | "up"
  | "down"
  | "trade_alert"
  | "discord"
>;
/**
 * Kept beside the stored part's text: what the live part is computed from, and the live part's
 * text as last made (with the metrics and component prices it was made from).
 */
type DetailMeta = Pick<DetailBase, "units" | "views" | "viewsWrittenAt"> & {
  live?: { metrics: Metrics; pricesOf: Map<string, number>; prices: number[]; text: string };
};

/**
 * Bytes of detail texts kept per chain (about 1-3 KB each: 10,000 portfolios in about 20 MB), and
 * the share reading ahead may fill, in batches of DETAILS_WARM_BATCH portfolios. A detail is kept at
 * most the signal's keptMs without a change naming its portfolio: views counted by other servers
 * show after at most that.
 */
export const DETAILS_BYTES = 48 * 1024 * 1024;
const DETAILS_WARM_SHARE = 0.75;
const DETAILS_WARM_MAX = 50_000;
const DETAILS_WARM_BATCH = 200;
const DETAILS_WARM_PAUSE_MS = 20;

/** A detail asked for a portfolio that does not exist (answered 404, nothing kept). */
class NoSuchPortfolio extends Error {}

const metaOf = (b: DetailBase): DetailMeta => ({ units: b.units, views: b.views, viewsWrittenAt: b.viewsWrittenAt });

export const portfoliosArea: ApiArea = (deps) => {
  const reader = (ch: ChainRuntime) => deps.services.get(ch, "portfolioReader");
  const signed = requireSignedWrite(deps);
  /** The icon's URL: `origin` is publicOrigin's, `suffix` the chain's (no request needed: read-ahead makes details too). */
  const iconAt = (origin: string, suffix: string, row: Pick<ListRow, "address" | "iconVersion">) =>
    row.iconVersion === null
      ? null
      : `${origin}/api/${suffix}/sofi/portfolios/${row.address}/icon?v=${row.iconVersion}`;
  const iconUri = (c: Context<ApiEnv>, row: Pick<ListRow, "address" | "iconVersion">) =>
    iconAt(publicOrigin(c, deps.config), c.var.chain.config.info.suffix, row);
  const item = (c: Context<ApiEnv>, r: ListRow): PortfolioListItem => ({
    address: checksum(r.address),
    symbol: r.symbol,
    name: r.name,
    manager: checksum(r.manager),
    avatar_uri: iconUri(c, r),
    favorite: r.favorite,
    value_per_set: r.valuePerSet,
    apy: r.apy,
    cumulative_apy: r.cumulativeApy,
    price_changed_24hr: r.change24h,
    total_value: r.totalValue,
    holders_count: r.holdersCount,
    created_at: r.timestamp,
    risk_score: r.riskScore,
  });
  const listBody = async (c: Context<ApiEnv>, f: ListFilter) => {
    const r = reader(c.var.chain);
    const rows = await r.list(f);
    const total = rows[0]?.total ?? (await r.count(f));
    return JSON.stringify({ portfolios: rows.map((x) => item(c, x)), total });
  };
  // Without a requester (no favourite flags) a reply is the same for everyone: its JSON text is
  // kept like the reader's rows (per reader version, 2 s), so a cached page costs no serialising.
  const listReply = async (c: Context<ApiEnv>, f: ListFilter) => {
    if (f.me) return jsonText(c, await listBody(c, f));
    const r = reader(c.var.chain);
    await r.freshMetrics();
    const key = `list|${publicOrigin(c, deps.config)}|${JSON.stringify(f)}`;
    return jsonText(c, (await bodies(c.var.chain).get(key, r.cacheVersion(), () => listBody(c, f))) ?? "");
  };
  const idParam = zValidator("param", portfolioIdSchema, answerFirstIssue());

  /**
   * Each portfolio's detail without what moves with prices, the clock and views (issue 21 §1): kept
   * until a commit or write names the portfolio (PORTFOLIO_TOPIC), a reorg, or the signal's keptMs,
   * per origin (its icon URLs carry it). The first request of a chain reads ahead the most viewed
   * portfolios' details, with that request's origin.
   */
  const details = new WeakMap<ChainRuntime, ChainDetails>();
  type ChainDetails = {
    kept: KeptReplies<DetailMeta>;
    /** The kept part of `id`'s detail for `origin`, read now if not kept (null: no such portfolio, not kept). */
    base: (id: string, origin: string) => Promise<KeptReply<DetailMeta> | null>;
  };
  /** The chain's kept details, made on its first request (whose origin the read-ahead uses). */
  const detailsOf = (ch: ChainRuntime, origin: string): ChainDetails => {
    const made = details.get(ch);
    if (made) return made;
    const suffix = ch.config.info.suffix;
    const r = reader(ch);
    const stored = (b: DetailBase, at: string) => ({
      text: JSON.stringify(storedPart(at, suffix, b)),
      meta: metaOf(b),
    });
    const kept = new KeptReplies<DetailMeta>({
      commits: ch.commits,
      keysOf: (change) => change.touched[PORTFOLIO_TOPIC] ?? [],
      maxBytes: DETAILS_BYTES,
      // the text is spliced with the live part on every request: never kept compressed
      gzipFrom: Number.POSITIVE_INFINITY,
    });
    kept
      .warm(
        () => r.detailWarmKeys(DETAILS_WARM_MAX),
        origin,
        async (keys) => new Map([...(await r.detailBases(keys))].map(([a, b]) => [a, stored(b, origin)])),
        { share: DETAILS_WARM_SHARE, batch: DETAILS_WARM_BATCH, pauseMs: DETAILS_WARM_PAUSE_MS },
      )
      .catch((e: Error) => console.error(`portfolio details: reading ahead stopped: ${e.message}`));
    const d: ChainDetails = {
      kept,
      base: (id, at) =>
        kept
          .get(id, at, async () => {
            const b = (await r.detailBases([id])).get(id);
            if (!b) throw new NoSuchPortfolio();
            return stored(b, at);
          })
          .catch((e: unknown) => {
            if (e instanceof NoSuchPortfolio) return null;
            throw e;
          }),
    };
    details.set(ch, d);
    return d;
  };
  const storedPart = (origin: string, suffix: string, b: DetailBase): DetailStored => ({
    address: checksum(b.row.address),
    symbol: b.row.symbol,
    name: b.row.name,
    manager: checksum(b.row.manager),
    avatar_uri: iconAt(origin, suffix, b.row),
    icon: iconAt(origin, suffix, b.row),
    intro: b.intro,
    decimals: 18,
    total_amount: formatUnits(BigInt(b.supply), 18),
    created_at: b.row.timestamp,
    start_price: b.row.startPrice,
    promote_end_at: b.promoteEndAt,
    fee: b.exitFeeBps / 100,
    module_state: b.moduleState,
    trading_enabled: b.tradingEnabled,
    up: null,
    down: null,
    trade_alert: false,
    discord: null,
  });

  return new Hono<ApiEnv>()
    .get("/v2/sofi/portfolios", validQuery(portfoliosV2QuerySchema), async (c) => {
      const q = c.req.valid("query");
      return listReply(c, {
        me: q.address,
        search: q.search,
        searchToken: q.search
          ? deps.services.get(c.var.chain, "prices").tokenBySymbol(q.search.trim())?.address
          : undefined,
        orderby: q.orderby,
        manager: q.manager,
        limit: q.limit,
        offset: q.offset,
      });
    })
    .get("/sofi/portfolios", validQuery(portfoliosQuerySchema), async (c) => {
      const q = c.req.valid("query");
      return listReply(c, { me: q.address, buyer: q.buyer, limit: q.limit, offset: q.offset });
    })
    .get("/sofi/portfolios/cache", async (c) => {
      // the detail read-ahead's state, for operators and the bench; asking it starts reading ahead
      const d = detailsOf(c.var.chain, publicOrigin(c, deps.config));
      return c.json({
        warmth: d.kept.warmth,
        portfolios: d.kept.heldKeys,
        bytes: d.kept.heldBytes,
      } satisfies PortfoliosCacheState);
    })
    .get("/sofi/portfolios/:id", idParam, validQuery(portfolioDetailQuerySchema), async (c) => {
      const { id } = c.req.valid("param");
      const { address } = c.req.valid("query");
      const r = reader(c.var.chain);
      await r.freshMetrics();
      const origin = publicOrigin(c, deps.config);
      const kept = await detailsOf(c.var.chain, origin).base(id, origin);
      if (!kept) return c.json({ error: PORTFOLIO_ERRORS.notFound }, 404);
      r.countView(id, c.var.clientIp);
      const { metrics, prices } = await r.live(id);
      // the live fields' text is made again only when the refresh's metrics or a component's price
      // moved (the prices map is a new object about once a second: its components are compared then)
      const memo = kept.meta.live;
      let live = memo?.text;
      const same =
        memo?.metrics === metrics &&
        (memo.pricesOf === prices || r.componentPrices(kept.meta.units, prices).every((x, i) => x === memo.prices[i]));
      if (memo && same) memo.pricesOf = prices;
      else {
        const components = r.components(kept.meta.units, prices);
        live = JSON.stringify({
          value_per_set: metrics.valuePerSet,
          apy: metrics.apy,
          cumulative_apy: metrics.cumulativeApy,
          price_changed_24hr: metrics.change24h,
          price_changed_7day: metrics.change7d,
          total_value: metrics.totalValue,
          holders_count: metrics.holdersCount,
          risk_score: metrics.record.risk_score,
          track_record: metrics.record,
          components: components.map((x) => ({ ...x, address: checksum(x.address) })),
        } satisfies Omit<PortfolioDetail, keyof DetailStored | "favorite" | "views">).slice(1, -1);
        kept.meta.live = { metrics, pricesOf: prices, prices: components.map((x) => x.price_usd), text: live };
      }
      const favorite = address ? await r.isFavorite(id, address) : false;
      const views = r.viewsSince(id, kept.meta.views, kept.meta.viewsWrittenAt);
      // the figures first (a reply's head shows them), then the stored part's fields
      return jsonText(c, `{${live},"favorite":${favorite},"views":${views},${(kept.text ?? "{}").slice(1)}`);
    })
    .get("/sofi/portfolios/:id/history", idParam, validQuery(portfolioHistoryQuerySchema), async (c) => {
      const { id } = c.req.valid("param");
      const { type } = c.req.valid("query");
      const r = reader(c.var.chain);
      await r.freshMetrics();
      const text = await bodies(c.var.chain).get(`history|${id}|${type}`, r.cacheVersion(), async () => {
        const points = await r.history(id, type);
        return points && JSON.stringify(points);
      });
      if (text === null) return c.json({ error: PORTFOLIO_ERRORS.notFound }, 404);
      return jsonText(c, text);
    })
    .get("/sofi/portfolios/:id/icon", idParam, async (c) => {
      const { id } = c.req.valid("param");
      const [row] = await deps.db.query<{ icon: string | null }>(
        "SELECT icon FROM portfolio_info WHERE chain_id = $1 AND address = $2",
        [c.var.chain.config.info.id, id],
      );
      return imageResponse(c, row?.icon, "Icon not found");
    })
    .post("/sofi/portfolio", limitBody(PORTFOLIO_BODY_MAX), signed, validJson(portfolioInfoBodySchema), async (c) => {
      const body = c.req.valid("json");
      const signer = c.var.signer.address.toLowerCase();
      if (body.manager && body.manager !== signer) return c.json({ error: PORTFOLIO_ERRORS.notSigner }, 403);
      const r = reader(c.var.chain);
      const p = await r.exists(body.portfolio);
      if (!p) return c.json({ error: PORTFOLIO_ERRORS.notFound }, 404);
      // spec 001 §6: only the portfolio's manager edits its info
      if (p.manager !== signer) return c.json({ error: PORTFOLIO_ERRORS.notManager }, 403);
      await savePortfolioInfo(deps, c.var.chain.config.info.id, body.portfolio, body.intro, body.icon);
      r.touch();
      // every server's kept detail of this portfolio is read again (the API's change after the write)
      c.set("wrote", { [PORTFOLIO_TOPIC]: [body.portfolio] });
      return c.json({ address: checksum(body.portfolio) });
    })
    .post("/sofi/favorite", limitBody(FAVORITE_BODY_MAX), signed, validJson(favoriteBodySchema), async (c) => {
      const body = c.req.valid("json");
      const signer = c.var.signer.address.toLowerCase();
      // a favourite is the signer's own: an `address` naming anyone else is refused
      if (body.address && body.address !== signer) return c.json({ error: PORTFOLIO_ERRORS.notSigner }, 403);
      const chainId = c.var.chain.config.info.id;
      if (!(await reader(c.var.chain).exists(body.portfolio))) return c.json({ error: PORTFOLIO_ERRORS.notFound }, 404);
      if (body.favorite)
        await deps.db.query(
          "INSERT INTO favorites (chain_id, address, portfolio) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
          [chainId, signer, body.portfolio],
        );
      else
        await deps.db.query("DELETE FROM favorites WHERE chain_id = $1 AND address = $2 AND portfolio = $3", [
          chainId,
          signer,
          body.portfolio,
        ]);
      reader(c.var.chain).touch();
      return c.json({ address: checksum(signer), favorite: body.favorite });
    })
    .get("/sofi/asset/history", validQuery(assetHistoryQuerySchema), async (c) => {
      const { buyer, type } = c.req.valid("query");
      return c.json(await reader(c.var.chain).assetHistory(buyer, type as "1d" | "1w" | "1m"));
    })
    .get("/sofi/transactions", validQuery(portfolioTransactionsQuerySchema), async (c) => {
      const q = c.req.valid("query");
      const ch = c.var.chain;
      const rows = await reader(ch).transactions(q.address, q.limit, q.offset, q.portfolio);
      const token = (address: string) => {
        if (address === zeroAddress) return { symbol: ch.config.info.nativeSymbol, decimals: 18 };
        const t = deps.services.get(ch, "prices").tokenByAddress(address);
        return { symbol: t?.symbol ?? "", decimals: t?.decimals ?? 18 };
      };
      const transactions = rows.map((r) => {
        const t = token(r.token);
        const set = { symbol: r.symbol, amount: formatUnits(BigInt(r.quantity), 18) };
        const other = { symbol: t.symbol, amount: formatUnits(BigInt(r.amount), t.decimals) };
        const [tin, tout] = r.kind === "buy" ? [other, set] : [set, other];
        return {
          txid: r.tx_hash,
          created_at: Number(r.timestamp),
          kind: r.kind,
          portfolio: checksum(r.portfolio),
          token_in_symbol: tin.symbol,
          token_out_symbol: tout.symbol,
          token_in_amount: tin.amount,
          token_out_amount: tout.amount,
        };
      });
      return c.json({ transactions });
    });
};

/** Upserts the manager's intro and (unless `icon` is undefined) icon; a changed icon gets a new version. */
async function savePortfolioInfo(
  deps: AppDeps,
  chainId: number,
  portfolio: string,
  intro: string,
  icon: string | null | undefined,
): Promise<void> {
  if (icon === undefined)
    await deps.db.query(
      `INSERT INTO portfolio_info (chain_id, address, intro) VALUES ($1, $2, $3)
       ON CONFLICT (chain_id, address) DO UPDATE SET intro = EXCLUDED.intro, updated_at = now()`,
      [chainId, portfolio, intro],
    );
  else
    await deps.db.query(
      `INSERT INTO portfolio_info (chain_id, address, intro, icon, icon_version) VALUES ($1, $2, $3, $4, 1)
       ON CONFLICT (chain_id, address) DO UPDATE SET intro = EXCLUDED.intro, icon = EXCLUDED.icon,
         icon_version = portfolio_info.icon_version + 1, updated_at = now()`,
      [chainId, portfolio, intro, icon],
    );
}
