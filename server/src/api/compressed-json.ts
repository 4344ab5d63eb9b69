/**
 * Large cached JSON replies, compressed once: a reply of many items (the whole market list at a
 * thousand markets is about a megabyte) costs the server more to send than to compute, and every
 * browser accepts gzip. The gzip bytes are made once per cached entry, beside the text, and sent to
 * clients that accept them; others get the text.
 */

import { promisify } from "node:util";
import { gunzipSync, gzip } from "node:zlib";
import type { Context } from "hono";

const gzipAsync = promisify(gzip);

/** Replies from this size up are also kept gzip-compressed. */
export const GZIP_MIN_BYTES = 8 * 1024;

export type CompressedJson = { text: string; gzip: Uint8Array<ArrayBuffer> | null };
/** A reply as a cache may keep it: from GZIP_MIN_BYTES only its gzip bytes, which most clients take as they are. */
export type KeptJson = { text: string | null; gzip: Uint8Array<ArrayBuffer> | null };

/** A kept reply's JSON text (unzipped when only the gzip bytes were kept). */
export function jsonText(reply: KeptJson): string {
  return reply.text ?? gunzipSync(reply.gzip as Uint8Array).toString("utf8");
}

/** Compressed on libuv's thread pool: a megabyte takes tens of milliseconds the requests being served should not wait for. */
export async function compressedJson(text: string, minBytes = GZIP_MIN_BYTES): Promise<CompressedJson> {
  if (Buffer.byteLength(text) < minBytes) return { text, gzip: null };
  const z = await gzipAsync(text);
  // a copy in its own ArrayBuffer (a Buffer may share a pooled one)
  return { text, gzip: new Uint8Array(z.buffer.slice(z.byteOffset, z.byteOffset + z.byteLength)) };
}

/** Whether an Accept-Encoding header accepts gzip (a `q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip" && name !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

export function sendCompressedJson(c: Context, reply: KeptJson): Response {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (!reply.gzip) return c.body(reply.text ?? "", 200, headers);
  headers.Vary = "Accept-Encoding";
  if (!acceptsGzip(c.req.header("accept-encoding"))) return c.body(jsonText(reply), 200, headers);
  headers["Content-Encoding"] = "gzip";
  return c.body(reply.gzip, 200, headers);
}
