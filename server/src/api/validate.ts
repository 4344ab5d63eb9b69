/**
 * Request validation as middleware (@hono/zod-validator): a route names core's zod schema, reads
 * `c.req.valid(target)`, and a failed parse answers 400 `{ error }` with the first issue's message,
 * which is the spec's error text as core's schemas word it.
 */

import type { IncomingMessage } from "node:http";
import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ZodType } from "zod";

type Issues = { issues: readonly { message: string }[] };

/** The error text of a failed parse: its first issue's message. */
export const firstIssue = (error: Issues): string => error.issues[0]?.message ?? "Invalid request";

/** The hook every validator uses: a failed parse answers 400 `{ error: prefix + first issue }`. */
export const answerFirstIssue =
  (prefix = "") =>
  (result: { success: true } | { success: false; error: Issues }, c: Context) =>
    result.success ? undefined : c.json({ error: `${prefix}${firstIssue(result.error)}` }, 400);

/** A repeated query parameter counts once, with its first value (as `c.req.query()` reads it). */
const firstValues = (query: Record<string, string | string[]>): Record<string, string> =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? "") : v]));

/**
 * zod-validator's type of a validation function's result is conditional on the schema's type, which
 * TypeScript cannot resolve for a generic schema; the value is exactly `safeParseAsync`'s.
 */
const parse = (schema: ZodType, value: unknown) => schema.safeParseAsync(value) as never;

/** Validates the query string against `schema`; the route reads `c.req.valid("query")`. */
export const validQuery = <T extends ZodType>(schema: T) =>
  zValidator("query", schema, answerFirstIssue(), {
    validationFunction: (s, query) => parse(s, firstValues(query)),
  });

/** Validates the path parameters against `schema`; the route reads `c.req.valid("param")`. */
export const validParam = <T extends ZodType>(schema: T) => zValidator("param", schema, answerFirstIssue());

/**
 * Validates a JSON body against `schema`; the route reads `c.req.valid("json")`. The body is read
 * whatever its Content-Type says, and one that is not JSON answers 400 "Request body must be JSON".
 * `prefix` goes before the issue's message (e.g. "path: ").
 */
export function validJson<T extends ZodType>(schema: T, prefix = "") {
  const validate = (body: unknown) =>
    zValidator("json", schema, answerFirstIssue(prefix), { validationFunction: (s) => parse(s, body) });
  const middleware: ReturnType<typeof validate> = async (c, next) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: "Request body must be JSON" }, 400);
    }
    return validate(body)(c, next);
  };
  return middleware;
}

/**
 * A body limit (hono's bodyLimit): a declared Content-Length over `maxBytes` answers 413 at once,
 * a streamed body is counted while it arrives and answered 413 as soon as it passes `maxBytes`
 * (nothing more is read; the connection closes).
 */
export const limitBody = (maxBytes: number): MiddlewareHandler => {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json({ error: `Request body too large: at most ${maxBytes} bytes` }, 413, { Connection: "close" }),
  });
  // A request that came over HTTP/1.1 with neither header has no body (RFC 9112 §6.3): nothing to
  // count. Asked of Node's own message first because hono's check reads `c.req.raw.body`, which on
  // Node makes a whole fetch Request (an AbortController and undici's Request): measured at about
  // a sixth of a GET's CPU (stop 38). A request made in the process (`app.request`) has no Node
  // message and takes hono's check, as before.
  return (c, next) => {
    const headers = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.headers;
    return headers && headers["content-length"] === undefined && headers["transfer-encoding"] === undefined
      ? next()
      : limit(c, next);
  };
};
