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
  type ManagersCacheState,
  managerInfoQuerySchema,
  managerParamSchema,
  managerProfileBodySchema,
  managersQuerySchema,
  PEOPLE_ERRORS,
  twitterUrlOf,
} from "@sofi/core";
import { type Context, Hono } from "hono";
import { getAddress } from "viem";
import type { ApiArea, ApiEnv, ChainRuntime } from "./area.ts";
import { API_WRITE_TOPIC, type Change, FOLLOWS_TOPIC, MANAGER_TOPIC, PROFILE_TOPIC } from "./commit-signal.ts";
import { imageResponse } from "./images.ts";
import { KeptReplies } from "./kept-replies.ts";
import {
  countManagers,
  listManagers,
  type ManagerPart,
  managerInfoRow,
  managerPartBytes,
  managerParts,
  managerWarmKeys,
  photoUrl,
  profilePhoto,
  saveProfile,
} from "./queries/managers.ts";
import { requireSignedWrite } from "./signed.ts";
import { limitBody, validJson, validParam, validQuery } from "./validate.ts";

/** A 2 MB photo as base64 (2.7 MB) with the other fields. */
export const PROFILE_BODY_MAX = 3 * 1024 * 1024;

/**
 * Bytes of manager parts kept per chain (estimated, managerPartBytes): about 0.5 KB an address with
 * one portfolio and no profile, a few KB with a long profile; 10,000 managers about 6 MB.
 */
export const MANAGER_PARTS_BYTES = 64 * 1024 * 1024;
/** The managers whose parts are read ahead (largest market cap first), the share of the budget, per read. */
export const MANAGERS_WARM_MAX = 50_000;
export const MANAGERS_WARM_SHARE = 0.5;
export const MANAGERS_WARM_BATCH = 200;

/** The people a change names: their profile, follows or first portfolio changed. */
const peopleNamed = (change: Change) => [
  ...(change.touched[PROFILE_TOPIC] ?? []),
  ...(change.touched[FOLLOWS_TOPIC] ?? []),
  ...(change.touched[MANAGER_TOPIC] ?? []),
];

export const managersArea: ApiArea = (deps) => {
  const signed = requireSignedWrite(deps);
  /**
   * Per chain: each address's part (profile, portfolios, follows; per viewer, since `following` is
   * theirs) kept until a change names the address: a profile write, a follow of or by it, a
   * portfolio it created; a change without keys (a reorg, a bus that reconnected) drops all. The
   * figures that move with prices are summed from the portfolio metrics in memory on every read.
   */
  const kept = new WeakMap<ChainRuntime, KeptReplies<ManagerPart>>();
  const partsOf = (ch: ChainRuntime) => {
    const found = kept.get(ch);
    if (found) return found;
    const parts = new KeptReplies<ManagerPart>({
      commits: ch.commits,
      keysOf: peopleNamed,
      maxBytes: MANAGER_PARTS_BYTES,
      gzipFrom: Number.POSITIVE_INFINITY,
      metaBytes: managerPartBytes,
    });
    kept.set(ch, parts);
    const chainId = ch.config.info.id;
    parts
      .warm(
        () => managerWarmKeys(deps.db, chainId, MANAGERS_WARM_MAX),
        "",
        async (addresses) => {
          const read = await managerParts(deps.db, chainId, addresses);
          return new Map([...read].map(([a, meta]) => [a, { text: "", meta }]));
        },
        { share: MANAGERS_WARM_SHARE, batch: MANAGERS_WARM_BATCH, pauseMs: 20 },
      )
      .catch((e: Error) => console.error(`manager infos: reading ahead stopped: ${e.message}`));
    return parts;
  };

  /** The info of `address` as `me` sees it; `fresh`: read now, not kept (the reply to the owner's own write). */
  const info = async (c: Context<ApiEnv>, address: string, me?: string, fresh = false): Promise<ManagerInfo> => {
    const ch = c.var.chain;
    const reader = deps.services.get(ch, "portfolioReader");
    await reader.freshMetrics();
    const a = address.toLowerCase();
    const read = async () => (await managerParts(deps.db, ch.config.info.id, [a], me)).get(a) as ManagerPart;
    // a write's own change is told after its reply: the kept part is dropped then, not before
    const part = fresh
      ? await read()
      : (await partsOf(ch).get(a, me ?? "", async () => ({ text: "", meta: await read() }))).meta;
    const r = managerInfoRow(a, part, reader.managerFigures(a, part.portfolios));
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
    .get("/sofi/managers/cache", (c) => {
      // the infos' read-ahead state, for operators and the bench; asking it starts reading ahead
      const parts = partsOf(c.var.chain);
      return c.json({
        warmth: parts.warmth,
        managers: parts.heldKeys,
        bytes: parts.heldBytes,
      } satisfies ManagersCacheState);
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
        return c.json(await info(c, address, signer, true));
      },
    );
};
