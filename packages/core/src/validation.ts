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
