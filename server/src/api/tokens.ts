/**
 * Tokens area: `GET /api/{chain}/sofi/tokens`, the chain's tokens with their USD price, as the plain
 * array with `price_usd` or (`format=tokenlist`) as a Uniswap token-list document.
 */
import { type ApiToken, tokensQuerySchema } from "@sofi/core";
import type { TokenDeployment } from "@sofi/protocol";
import { Hono } from "hono";
import { type ApiArea, type ApiEnv, publicOrigin } from "./area.ts";
import { checksum } from "./checksum.ts";
import { validQuery } from "./validate.ts";

export const tokensArea: ApiArea = (deps) =>
  new Hono<ApiEnv>().get("/sofi/tokens", validQuery(tokensQuerySchema), async (c) => {
    const q = c.req.valid("query");
    const market = deps.services.get(c.var.chain, "prices");
    let tokens = market.tokens;
    if (q.address) tokens = tokens.filter((t) => t.address === q.address);
    const prices = await market.usdPrices();
    const list = toApiTokens(market.chain.id, tokens, prices, publicOrigin(c, deps.config));
    if (q.format === "tokenlist") return c.json(buildTokenList(market.chain.name, list));
    return c.json(list);
  });

export function toApiTokens(
  chainId: number,
  tokens: readonly TokenDeployment[],
  prices: Map<string, number>,
  origin: string,
): ApiToken[] {
  return tokens.map((t) => ({
    chainId,
    address: checksum(t.address),
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    // Spec 000 §7: token icons live on a static image host at a path ending in the lowercase symbol + .png.
    logoURI: `${origin}/tokens/${t.symbol.toLowerCase()}.png`,
    tags: [...t.tags],
    price_usd: prices.get(t.address.toLowerCase()) ?? 0,
  }));
}

const TAG_ID = /^\w{1,10}$/;

/** A document valid against the Uniswap token-list JSON schema; the USD price goes into `extensions`. */
export function buildTokenList(chainName: string, tokens: ApiToken[]) {
  const tagIds = new Set<string>();
  const out = tokens.map((t) => {
    const tags = t.tags.map((x) => x.toLowerCase().replace(/\W/g, "").slice(0, 10)).filter((x) => TAG_ID.test(x));
    for (const x of tags) tagIds.add(x);
    return {
      chainId: t.chainId,
      address: t.address,
      symbol: t.symbol,
      name: t.name,
      decimals: t.decimals,
      logoURI: t.logoURI,
      ...(tags.length > 0 ? { tags: tags.slice(0, 10) } : {}),
      extensions: { price_usd: t.price_usd },
    };
  });
  const tags: Record<string, { name: string; description: string }> = {};
  for (const id of tagIds) tags[id] = { name: id, description: `Tokens tagged ${id}` };
  return {
    name: `SoFi ${chainName}`.replace(/[^\w ]/g, "").slice(0, 30),
    timestamp: new Date().toISOString(),
    version: { major: 1, minor: 0, patch: 0 },
    keywords: ["sofi"],
    tags,
    tokens: out,
  };
}
