/**
 * Follows area (spec 001 §7): the signed `POST /sofi/follow` (the signer follows or unfollows an
 * address; never on another's behalf) and `GET /sofi/follow?action=followers|following&address=`
 * (paged in SQL, newest first, with each address's name and photo).
 */
import { followBodySchema, followListQuerySchema, PEOPLE_ERRORS } from "@sofi/core";
import { Hono } from "hono";
import { getAddress } from "viem";
import type { ApiArea, ApiEnv } from "./area.ts";
import { FOLLOWS_TOPIC } from "./commit-signal.ts";
import { countFollows, listFollows, photoUrl, setFollow } from "./queries/managers.ts";
import { requireSignedWrite } from "./signed.ts";
import { limitBody, validJson, validQuery } from "./validate.ts";

/** `POST /sofi/follow`: three short fields. */
export const FOLLOW_BODY_MAX = 1024;

export const followsArea: ApiArea = (deps) =>
  new Hono<ApiEnv>()
    .post(
      "/sofi/follow",
      limitBody(FOLLOW_BODY_MAX),
      requireSignedWrite(deps),
      validJson(followBodySchema),
      async (c) => {
        const body = c.req.valid("json");
        const signer = c.var.signer.address.toLowerCase();
        if (body.address && body.address !== signer) return c.json({ error: PEOPLE_ERRORS.notSigner }, 403);
        if (body.follow === signer) return c.json({ error: PEOPLE_ERRORS.followSelf }, 400);
        const on = body.action === "follow";
        await setFollow(deps.db, c.var.chain.config.info.id, signer, body.follow, on);
        // both people's kept infos (their counts, the follower's `following`) are made again
        c.set("wrote", { [FOLLOWS_TOPIC]: [signer, body.follow.toLowerCase()] });
        return c.json({ address: getAddress(body.follow), following: on });
      },
    )
    .get("/sofi/follow", validQuery(followListQuerySchema), async (c) => {
      const q = c.req.valid("query");
      const chainId = c.var.chain.config.info.id;
      const rows = await listFollows(deps.db, chainId, q.address, q.action, q.limit, q.offset);
      const total = rows[0]?.total ?? (q.offset === 0 ? 0 : await countFollows(deps.db, chainId, q.address, q.action));
      return c.json({
        follows: rows.map((r) => ({
          address: getAddress(r.address),
          photo_url: photoUrl(c, deps, r.address, r.photoVersion),
          name: r.name,
        })),
        total,
      });
    });
