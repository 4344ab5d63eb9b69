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
import { type ListFilter, type ListRow, METRICS_TTL_MS } from "./queries/portfolios.ts";
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

export const portfoliosArea: ApiArea = (deps) => {
  const reader = (ch: ChainRuntime) => deps.services.get(ch, "portfolioReader");
  const signed = requireSignedWrite(deps);
  const iconUri = (c: Context<ApiEnv>, row: ListRow) =>
    row.iconVersion === null
      ? null
      : `${publicOrigin(c, deps.config)}/api/${c.var.chain.config.info.suffix}/sofi/portfolios/${row.address}/icon?v=${row.iconVersion}`;
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
    .get("/sofi/portfolios/:id", idParam, validQuery(portfolioDetailQuerySchema), async (c) => {
      const { id } = c.req.valid("param");
      const { address } = c.req.valid("query");
      const r = reader(c.var.chain);
      // The version before the read: a write (info, favourite) landing during the read makes the
      // text stored here stale under the old version, never under the new one.
      await r.freshMetrics();
      const version = r.cacheVersion();
      const d = await r.detail(id, address);
      if (!d) return c.json({ error: PORTFOLIO_ERRORS.notFound }, 404);
      const counted = r.countView(id, c.var.clientIp);
      const detailBody = (): Omit<PortfolioDetail, "views"> => ({
        ...item(c, d.row),
        icon: iconUri(c, d.row),
        intro: d.intro,
        decimals: 18,
        total_amount: formatUnits(BigInt(d.supply), 18),
        price_changed_7day: d.row.change7d,
        fee: d.exitFeeBps / 100,
        promote_end_at: d.promoteEndAt,
        components: d.components.map((x) => ({ ...x, address: checksum(x.address) })),
        up: null,
        down: null,
        trade_alert: false,
        discord: null,
        start_price: d.row.startPrice,
        module_state: d.moduleState,
        trading_enabled: d.tradingEnabled,
        track_record: d.record,
      });
      const views = d.views + (counted ? 1 : 0);
      if (address) return c.json({ ...detailBody(), views } satisfies PortfolioDetail);
      // the same for everyone but its view count: the text without it is kept, the count appended
      const key = `detail|${publicOrigin(c, deps.config)}|${id}`;
      const text = await bodies(c.var.chain).get(key, version, async () => JSON.stringify(detailBody()));
      return jsonText(c, `${(text ?? "{}").slice(0, -1)},"views":${views}}`);
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
