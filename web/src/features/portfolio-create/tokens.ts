import { type ApiToken, hasUsdPrice } from "@sofi/core";
import type { CreateToken } from "./types.ts";

/**
 * The factory's allow-list joined with the server's token list (spec 001 §3 token list entry):
 * symbol, name, decimals and the USD price the create call is priced with. An allow-listed token the
 * server does not know, or has no price for, is listed but cannot be chosen (`unavailable`).
 */
export function joinTokens(
  allowed: readonly string[] | undefined,
  api: readonly ApiToken[] | undefined,
): CreateToken[] {
  if (!allowed || !api) return [];
  const byAddress = new Map(api.map((t) => [t.address.toLowerCase(), t]));
  return allowed.map((address) => {
    const t = byAddress.get(address.toLowerCase());
    if (!t) {
      return {
        address: address as `0x${string}`,
        symbol: `${address.slice(0, 6)}…${address.slice(-4)}`,
        name: address,
        decimals: 18,
        price_usd: 0,
        tags: [],
        unavailable: "noPrice" as const,
      };
    }
    return {
      address: t.address as `0x${string}`,
      symbol: t.symbol,
      name: t.name,
      decimals: t.decimals,
      price_usd: t.price_usd,
      tags: t.tags,
      unavailable: hasUsdPrice(t) ? null : ("noPrice" as const),
    };
  });
}

/** A USD price as the wizard shows it: 2 decimals, more for small prices, `<$0.01` below a cent (spec 001 §9). */
export function formatUsd(value: number): string {
  if (!(value > 0)) return "$0.00";
  if (value < 0.01) return "<$0.01";
  return `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: value < 1 ? 4 : 2 })}`;
}

/** A unit in base units as a whole-token amount with at most 8 significant decimals (spec 001 §9). */
export function formatUnitAmount(units: bigint, decimals: number): string {
  const neg = units < 0n;
  const v = neg ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = v / base;
  const frac = (v % base).toString().padStart(decimals, "0").slice(0, 8).replace(/0+$/, "");
  if (whole === 0n && frac === "" && v > 0n) return "<0.00000001";
  return `${neg ? "-" : ""}${whole.toLocaleString("en-US")}${frac ? `.${frac}` : ""}`;
}
