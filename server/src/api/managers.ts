/**
 * Managers area (spec 001 §7): `GET /sofi/managers` (the addresses that run portfolios, largest
 * market cap first or by `orderby`: return, risk-adjusted return, risk (issue 21 §3), paged in SQL), `GET /sofi/managers/{address}` (any address's manager info),
 * the signed `POST /sofi/managers/{address}` (the owner's own profile, written for every chain this
 * server serves) and `GET /sofi/managers/{address}/photo` (the profile photo by version).
 */
import {
  githubUserOf,
  type ManagerInfo,
  type ManagerListItem,
  managerInfoQuerySchema,
  managerParamSchema,
  managerProfileBodySchema,
  managersQuerySchema,
  PEOPLE_ERRORS,
  twitterUrlOf,
} from "@sofi/core";
import { type Context, Hono } from "hono";
import { getAddress } from "viem";
import type { ApiArea, ApiEnv } from "./area.ts";
import { API_WRITE_TOPIC, type Change, PROFILE_TOPIC } from "./commit-signal.ts";
import { imageResponse } from "./images.ts";
import { countManagers, listManagers, managerInfo, photoUrl, profilePhoto, saveProfile } from "./queries/managers.ts";
import { requireSignedWrite } from "./signed.ts";
import { limitBody, validJson, validParam, validQuery } from "./validate.ts";

/** A 2 MB photo as base64 (2.7 MB) with the other fields. */
export const PROFILE_BODY_MAX = 3 * 1024 * 1024;

export const managersArea: ApiArea = (deps) => {
  const signed = requireSignedWrite(deps);
  const info = async (c: Context<ApiEnv>, address: string, me?: string): Promise<ManagerInfo> => {
    const ch = c.var.chain;
    await deps.services.get(ch, "portfolioReader").freshMetrics();
    const r = await managerInfo(deps.db, ch.config.info.id, address, me);
    return {
      address: getAddress(address),
      photo_url: photoUrl(c, deps, address, r.photoVersion),
      name: r.name,
      total_market_cap: r.totalMarketCap,
      total_sets: r.totalSets,
      total_holders: r.totalHolders,
      all_apy: r.allApy,
      created_at: r.createdAt,
      track_record: r.record,
      profile: r.profile,
      twitter_url: r.twitterUrl,
      github: r.github,
      email: r.email,
      mainnet_eth: r.mainnetEth ? getAddress(r.mainnetEth) : "",
      following: r.following,
      followers_count: r.followersCount,
      following_count: r.followingCount,
    };
  };

  return new Hono<ApiEnv>()
    .get("/sofi/managers", validQuery(managersQuerySchema), async (c) => {
      const { limit, offset, orderby } = c.req.valid("query");
      const ch = c.var.chain;
      // The ordering reads portfolio_metrics: bring it up to date first, as the portfolio lists do.
      await deps.services.get(ch, "portfolioReader").freshMetrics();
      const rows = await listManagers(deps.db, ch.config.info.id, limit, offset, orderby);
      const total = rows[0]?.total ?? (await countManagers(deps.db, ch.config.info.id));
      const managers: ManagerListItem[] = rows.map((r) => ({
        address: getAddress(r.address),
        photo_url: photoUrl(c, deps, r.address, r.photoVersion),
        name: r.name,
        total_market_cap: r.totalMarketCap,
        total_sets: r.totalSets,
        total_holders: r.totalHolders,
        all_apy: r.allApy,
        created_at: r.createdAt,
        track_record: r.record,
      }));
      return c.json({ managers, total });
    })
    .get("/sofi/managers/:address", validParam(managerParamSchema), validQuery(managerInfoQuerySchema), async (c) => {
      const { address } = c.req.valid("param");
      return c.json(await info(c, address, c.req.valid("query").address));
    })
    .get("/sofi/managers/:address/photo", validParam(managerParamSchema), async (c) => {
      const { address } = c.req.valid("param");
      return imageResponse(c, await profilePhoto(deps.db, c.var.chain.config.info.id, address), "Photo not found");
    })
    .post(
      "/sofi/managers/:address",
      limitBody(PROFILE_BODY_MAX),
      validParam(managerParamSchema),
      signed,
      validJson(managerProfileBodySchema),
      async (c) => {
        const { address } = c.req.valid("param");
        const signer = c.var.signer.address.toLowerCase();
        // spec 001 §6: the profile owner edits their own profile; a signature never edits another's
        if (address !== signer) return c.json({ error: PEOPLE_ERRORS.notSigner }, 403);
        const b = c.req.valid("json");
        const chainIds = deps.chains.map((ch) => ch.config.info.id);
        await saveProfile(deps.db, chainIds, address, {
          name: b.name,
          profile: b.profile,
          photo: b.photo_url === undefined ? undefined : b.photo_url || null,
          mainnetEth: b.mainnet_eth,
          twitterUrl: b.twitter_text === undefined ? undefined : (twitterUrlOf(b.twitter_text) ?? ""),
          github: b.github === undefined ? undefined : (githubUserOf(b.github) ?? ""),
          email: b.email,
        });
        // every server's replies that show this person (the feed's kept pages) are made again, on
        // every chain the profile was written for: the API's change after the write names it for
        // this chain; the others are told here
        const change: Change = { touched: { [API_WRITE_TOPIC]: [], [PROFILE_TOPIC]: [address] } };
        c.set("wrote", { [PROFILE_TOPIC]: [address] });
        for (const other of deps.chains)
          if (other !== c.var.chain) {
            other.commits?.emit(change);
            deps.changes?.changed(other.config.info.id, change);
          }
        return c.json(await info(c, address, signer));
      },
    );
};
