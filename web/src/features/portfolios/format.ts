import { PORTFOLIO_ORDERS, type PortfolioOrder } from "@sofi/core";

/** The `/sts/more/{type}` kinds (spec 001 §2): the portfolio orders plus the managers list. */
export type MoreType = PortfolioOrder | "managers";
export function isMoreType(v: string | undefined): v is MoreType {
  return v === "managers" || (PORTFOLIO_ORDERS as readonly string[]).includes(v ?? "");
}
export function isPortfolioOrder(v: string | undefined): v is PortfolioOrder {
  return (PORTFOLIO_ORDERS as readonly string[]).includes(v ?? "");
}

/** Spec 001 §2: the four shortcut tiles and the home lists (4 each), in the spec's order. */
export const SHORTCUTS: PortfolioOrder[] = ["rated", "viewed", "traded", "risk"];
export const HOME_LISTS: PortfolioOrder[] = ["favorited", "best", "new"];
export const HOME_PAGE_SIZE = 4;
export const MORE_PAGE_SIZE = 20;

/** Spec 001 §9: below 0.01 shows <$0.01; 2 decimals from 1, up to 8 below. `--` without a value. */
export function formatUsd(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "--";
  if (v === 0) return "$0.00";
  if (Math.abs(v) < 0.01) return "<$0.01";
  const digits = Math.abs(v) >= 1 ? 2 : 4;
  return `${v < 0 ? "-" : ""}$${Math.abs(v).toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })}`;
}

/** Market caps and other large sums: $1.23K, $4.56M … below 1000 as formatUsd. */
export function formatCompactUsd(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "--";
  if (Math.abs(v) < 1000) return formatUsd(v);
  return `$${v.toLocaleString("en-US", { notation: "compact", maximumFractionDigits: 2 })}`;
}

/** A signed percentage (spec 001 §3: APY signed and coloured): +1.23%, -4.50%, 0.00%. */
export function formatPercent(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "--";
  const s = Math.abs(v) >= 1e6 ? v.toExponential(2) : v.toFixed(2);
  return `${v > 0 ? "+" : ""}${s}%`;
}

/** The colour class of a signed value: up, down or flat. */
export function trend(v: number | null | undefined): "is-up" | "is-down" | "is-flat" {
  if (v === null || v === undefined || !Number.isFinite(v) || v === 0) return "is-flat";
  return v > 0 ? "is-up" : "is-down";
}

/** Spec 001 §2: created date as YYYY-MM-DD (local time). */
export function formatDate(ts: number): string {
  const d = new Date(ts * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function formatDateTime(ts: number): string {
  const d = new Date(ts * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${formatDate(ts)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Spec 001 §3: WETH is displayed as ETH. */
export function displaySymbol(symbol: string): string {
  return symbol === "WETH" ? "ETH" : symbol;
}

/** A base-unit decimal string as a short number (at most 6 significant decimals). */
export function formatUnitsShort(amount: string, decimals: number): string {
  let n: bigint;
  try {
    n = BigInt(amount);
  } catch {
    return "--";
  }
  const neg = n < 0n;
  if (neg) n = -n;
  const base = 10n ** BigInt(decimals);
  const whole = n / base;
  const frac = (n % base).toString().padStart(decimals, "0").slice(0, 6).replace(/0+$/, "");
  return `${neg ? "-" : ""}${whole.toLocaleString("en-US")}${frac ? `.${frac}` : ""}`;
}

/** Each component's share of the set's value, in percent (0 when the set has no value). */
export function componentShares(components: { value_per_set: number }[]): number[] {
  const total = components.reduce((s, c) => s + (Number.isFinite(c.value_per_set) ? c.value_per_set : 0), 0);
  return components.map((c) => (total > 0 ? (c.value_per_set / total) * 100 : 0));
}

/** 1-based page ↔ SQL offset. */
export function pageOffset(page: number, size: number): number {
  return Math.max(0, Math.floor(page) - 1) * size;
}

/** A page number from the URL (`?page=`), 1 when missing or malformed. */
export function parsePage(v: string | null): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The spec's client-side text filter: name, symbol or address contains the text (case-insensitive). */
export function matchesFilter(p: { name: string; symbol: string; address: string }, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return [p.name, p.symbol, p.address].some((s) => s.toLowerCase().includes(q));
}

/** The same filter over a managers page: name (when the manager has one) or address. */
export function matchesManagerFilter(m: { name: string | null; address: string }, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return [m.name ?? "", m.address].some((s) => s.toLowerCase().includes(q));
}
