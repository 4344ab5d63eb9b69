import { wholeVotes } from "@sofi/core";
import { formatUnits } from "viem";

/** §4 "Vote amounts are divided by 10^18": whole votes with thousands separators (2 decimals at most). */
export function formatVotes(base: string | bigint | undefined | null, lang = "en"): string {
  if (base === undefined || base === null) return "--";
  let v: bigint;
  try {
    v = typeof base === "bigint" ? base : BigInt(base);
  } catch {
    return "--";
  }
  return wholeVotes(v).toLocaleString(lang === "ko" ? "ko-KR" : "en-US", { maximumFractionDigits: 2 });
}

/** A token amount (SOFI balance, stake) with up to 6 significant digits (spec 000 §9), grouped. */
export function formatAmount(base: bigint | null | undefined, decimals = 18, lang = "en"): string {
  if (base === null || base === undefined) return "--";
  const n = Number(formatUnits(base, decimals));
  const locale = lang === "ko" ? "ko-KR" : "en-US";
  if (n >= 1e6) return n.toLocaleString(locale, { maximumFractionDigits: 0 });
  return n.toLocaleString(locale, { maximumSignificantDigits: 6 });
}

/** A unix time as YYYY-MM-DD HH:mm in local time. */
export function formatDateTime(ts: number | null | undefined): string {
  if (!ts) return "--";
  const d = new Date(ts * 1000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** 0x1234…abcd */
export const shortHash = (hash: string): string => `${hash.slice(0, 6)}…${hash.slice(-4)}`;
