import { z } from "zod";
import { AMOUNT_MAX_LENGTH } from "./constants.ts";

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const CALLDATA_RE = /^0x[0-9a-f]*$/;
export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/** Spec 000 §5: 0x followed by exactly 40 hex characters (any case; checksum not required). */
export function isAddress(value: unknown): value is `0x${string}` {
  return typeof value === "string" && ADDRESS_RE.test(value);
}

/** Spec 000 §5: call data is 0x followed by lowercase hex only. */
export function isCallData(value: unknown): value is `0x${string}` {
  return typeof value === "string" && CALLDATA_RE.test(value);
}

export const addressSchema = z
  .string()
  .refine(isAddress, { error: (issue) => `Invalid address: ${String(issue.input)}` })
  .transform((v) => v.toLowerCase() as `0x${string}`);

/** Spec 000 §5 amount inputs: digits and one point, comma becomes a point, at most 79 characters, and (given the token's `decimals`) no more decimals than it has. Returns null to reject the keystroke. */
export function sanitizeAmountInput(raw: string, decimals?: number): string | null {
  const value = raw.replace(/,/g, ".");
  if (value.length > AMOUNT_MAX_LENGTH) return null;
  if (!/^\d*\.?\d*$/.test(value)) return null;
  // More decimals than the token has cannot be sent: refuse the keystroke instead of the amount.
  if (decimals !== undefined && (value.split(".")[1]?.length ?? 0) > decimals) return null;
  return value;
}

/**
 * A typed amount cut to `decimals` places, for when the token under it changes to one with fewer
 * (the value stays what the user typed, as far as the new token can hold it).
 */
export function trimAmountDecimals(value: string, decimals: number): string {
  const dot = value.indexOf(".");
  if (dot < 0 || value.length - dot - 1 <= decimals) return value;
  return decimals === 0 ? value.slice(0, dot) : value.slice(0, dot + 1 + decimals);
}

/**
 * C0 controls (NUL, newline, tab...), DEL, the C1 controls, and the bidi marks, embeddings,
 * overrides and isolates (they reorder what a screen shows around the text; storable-text.mjs
 * replaces the same ones in text from outside): never valid in a stored text field.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this regex's purpose
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** A UTF-16 surrogate without its pair: not encodable as UTF-8, so no database can store it. */
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why `value` cannot be stored as a single-line text field of at most `max` characters (null when it
 * can): control characters (NUL etc.), unpaired surrogates, too long.
 */
export function textProblem(value: string, max: number): string | null {
  if (value.length > max) return `must be at most ${max} characters`;
  const c = CONTROL_RE.exec(value);
  if (c) {
    const code = c[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    return `must not contain control characters (U+${code} at position ${c.index})`;
  }
  if (LONE_SURROGATE_RE.test(value)) return "must be valid Unicode text";
  return null;
}

/** A single-line text field: 1 to `max` characters, no control characters, valid Unicode. */
export const textSchema = (max: number, missing = "must not be empty") =>
  z
    .string({ message: missing })
    .min(1, missing)
    .superRefine((v, ctx) => {
      const problem = textProblem(v, max);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/** Only plain decimal digits: `1e2`, `0x10`, `0b11`, ` 5`, `+5`, `5.0` are not numbers here. */
export const PLAIN_DIGITS_RE = /^\d+$/;

/**
 * A query-string integer from `min` to `max`, written in plain decimal digits only (the same text,
 * `message`, for every way it can be wrong).
 */
export const queryIntSchema = (min: number, max: number, message: string) =>
  z
    .string({ message })
    .regex(PLAIN_DIGITS_RE, message)
    .max(String(max).length + 2, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));
