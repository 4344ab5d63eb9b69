/**
 * Page-view area: the signed write `POST /api/{chain}/sofi/page-view {path}` (spec 000 §2 page-view
 * tracker), which proves the signed-request path end to end: body size first (413 before reading
 * more), then the signature, then the body.
 */
import { pageViewBodySchema } from "@sofi/core";
import { Hono } from "hono";
import { pageViews } from "../db/schema.ts";
import type { ApiArea, ApiEnv } from "./area.ts";
import { requireSignedWrite } from "./signed.ts";
import { limitBody, validJson } from "./validate.ts";

/** `{"path": ...}` with the longest path (2,048 characters, some of them escaped) fits well within. */
export const PAGE_VIEW_BODY_MAX = 4 * 1024;

export const pageViewArea: ApiArea = (deps) =>
  new Hono<ApiEnv>().post(
    "/sofi/page-view",
    limitBody(PAGE_VIEW_BODY_MAX),
    requireSignedWrite(deps),
    validJson(pageViewBodySchema, "path: "),
    async (c) => {
      const { path } = c.req.valid("json");
      const signer = c.var.signer;
      const [row] = await deps.db.orm
        .insert(pageViews)
        .values({ chainId: c.var.chain.config.info.id, address: signer.address, path })
        .returning({ id: pageViews.id });
      return c.json({ ok: true, id: row?.id, address: signer.address }, 201);
    },
  );
