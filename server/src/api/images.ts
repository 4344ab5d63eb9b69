/**
 * Images the API stores as JPG/PNG data URLs (portfolio icons, profile photos), served as bytes
 * under a URL carrying their version, so a changed image is a new URL and each can be cached forever.
 */
import type { Context } from "hono";

/** The image of `dataUrl` as an immutable response, or 404 `{ error: notFound }`. */
export function imageResponse(c: Context, dataUrl: string | null | undefined, notFound: string): Response {
  const m = dataUrl ? /^data:(image\/(?:png|jpeg|jpg));base64,(.*)$/.exec(dataUrl) : null;
  if (!m?.[1] || m[2] === undefined) return c.json({ error: notFound }, 404);
  return c.body(new Uint8Array(Buffer.from(m[2], "base64")), 200, {
    "Content-Type": m[1] === "image/png" ? "image/png" : "image/jpeg",
    "Cache-Control": "public, max-age=31536000, immutable",
  });
}
