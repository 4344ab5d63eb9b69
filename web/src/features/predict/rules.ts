import {
  type ApiMarket,
  type ApiPosition,
  amountLabel,
  amountProblem,
  BUY_PATTERN,
  PREDICT_MAIN_CHAINS,
  PREDICT_MESSAGES,
  type PredictSide,
} from "@sofi/core";

/**
 * The prediction market screens' own rules (spec 002 §2, §4, §5); the shared ones (the amount
 * form's patterns and messages, the button, a buy's figures) are @sofi/core's predict.ts.
 */

/** §2: the tip banner shows on every chain but the ones the original served (1 and 1101). */
export function showsTipBanner(chainId: number): boolean {
  return !(PREDICT_MAIN_CHAINS as readonly number[]).includes(chainId);
}

/** §2 "newly added": the markets in reverse order (newest first). */
export function newlyAdded(markets: readonly ApiMarket[], limit = 9): ApiMarket[] {
  return [...markets].reverse().slice(0, limit);
}

/** §2 carousel: dots, infinite, speed 500 (the slides per view: `slidesAt`). */
export const CAROUSEL = { dots: true, infinite: true, speed: 500 } as const;

/** §2: how many slides show at a viewport width: 3, 2 under 600 px, 1 under 480 px. */
export function slidesAt(width: number): number {
  if (width < 480) return 1;
  if (width < 600) return 2;
  return 3;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** §2 expiration: YYYY-MM-DD HH:mm:ss (local time). */
export function formatExpiration(ts: number): string {
  const d = new Date(ts * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A date as YYYY-MM-DD HH:mm (tables). */
export function formatDateTime(ts: number): string {
  return formatExpiration(ts).slice(0, 16);
}

const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** §2 the carousel's resolution date "D, MMM YY" (Korean: YY년 M월 D일). */
export function formatResolutionDate(ts: number, lang: string): string {
  const d = new Date(ts * 1000);
  const yy = pad(d.getFullYear() % 100);
  if (lang.startsWith("ko")) return `${yy}년 ${d.getMonth() + 1}월 ${d.getDate()}일`;
  return `${d.getDate()}, ${MONTHS_EN[d.getMonth()]} ${yy}`;
}

/** §2 the grid's resolution year. */
export function resolutionYear(ts: number): number {
  return new Date(ts * 1000).getFullYear();
}

/** A price (0 to 1 SOFI a share) as the buttons show it: 0.62. */
export function formatPrice(p: number | null | undefined, digits = 2): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return "--";
  return p.toFixed(digits);
}

/** Amounts of SOFI and shares: grouped, up to `digits` decimals. */
export function formatAmount(v: number | null | undefined, digits = 2, lang = "en"): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "--";
  return v.toLocaleString(lang.startsWith("ko") ? "ko-KR" : "en-US", {
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  });
}

/** A signed percentage: +1.23%, -4.50%, 0.00%; null (no cost basis) is "-" (§2). */
export function formatPercent(v: number | string | null | undefined): string {
  const n = typeof v === "string" ? Number(v) : v;
  if (n === null || n === undefined || !Number.isFinite(n)) return "-";
  return `${n > 0 ? "+" : ""}${n.toFixed(2)}%`;
}

export function trendClass(v: number | string | null | undefined): "is-up" | "is-down" | "is-flat" {
  const n = typeof v === "string" ? Number(v) : v;
  if (n === null || n === undefined || !Number.isFinite(n) || n === 0) return "is-flat";
  return n > 0 ? "is-up" : "is-down";
}

/** Two-part bar widths (percent) from the outcome prices; an empty pool is half and half. */
export function barParts(prices: readonly number[]): [number, number] {
  const a = Math.max(0, prices[0] ?? 0);
  const b = Math.max(0, prices[1] ?? 0);
  if (a + b <= 0) return [50, 50];
  const yes = Math.round((a / (a + b)) * 1000) / 10;
  return [yes, Math.round((100 - yes) * 10) / 10];
}

/** `1d 2h 3m` (seconds left); under a minute `0m`. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h ${m}m`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m`;
  return `${s % 60}s`;
}

/** The market takes trades: the API (or the lens) says open, before its resolution time (the FPMM never closes). */
export function isActive(status: ApiMarket["status"] | undefined, resolutionTime: number, now: number): boolean {
  return status === "active" && now < resolutionTime;
}

/** The lens' status numbers (0-5) as the API names them. */
export const LENS_STATUS = ["active", "closed", "answered", "disputed", "finalized", "resolved"] as const;

/** The question's state as §2's status line shows it. */
export type QuestionView =
  | { kind: "open" }
  | { kind: "awaiting"; minBond: number }
  | { kind: "answered"; answer: "yes" | "no" | "invalid"; bond: number; secondsLeft: number }
  | { kind: "disputed"; answer: "yes" | "no" | "invalid" | null; bond: number }
  | { kind: "final"; answer: "yes" | "no" | "invalid" }
  | { kind: "resolved"; answer: "yes" | "no" | "invalid" };

function answerOf(m: Pick<ApiMarket, "question" | "payouts">): "yes" | "no" | "invalid" | null {
  if (m.question.invalid) return "invalid";
  if (m.question.answer === 0) return "yes";
  if (m.question.answer === 1) return "no";
  if (m.payouts) {
    const [a = 0, b = 0] = m.payouts;
    return a > 0 && b > 0 ? "invalid" : a > 0 ? "yes" : "no";
  }
  return m.question.answer === null ? null : "invalid";
}

export function questionView(m: Pick<ApiMarket, "status" | "question" | "payouts">, now: number): QuestionView {
  const answer = answerOf(m);
  switch (m.status) {
    case "active":
      return { kind: "open" };
    case "closed":
      return { kind: "awaiting", minBond: m.question.minBond };
    case "answered":
      return {
        kind: "answered",
        answer: answer ?? "invalid",
        bond: m.question.bond,
        secondsLeft: Math.max(0, (m.question.finalizeTime ?? now) - now),
      };
    case "disputed":
      return { kind: "disputed", answer, bond: m.question.bond };
    case "finalized":
      return { kind: "final", answer: answer ?? "invalid" };
    case "resolved":
      return { kind: "resolved", answer: answer ?? "invalid" };
  }
}

// ------------------------------------------------------------------ the amount form (§5)

/** What is wrong with the amount, as data (the screen words it in its language); null when fine. */
export type AmountIssue =
  | { kind: "required"; label: string }
  | { kind: "pattern"; label: string }
  | { kind: "tooMuch"; label: string; limit: string }
  | { kind: "liquidity" };

/** Core's §5 message read back as data, so the screen can say it in Korean too. */
export function amountIssue(side: PredictSide, value: string, limit: number): AmountIssue | null {
  const message = amountProblem(side, value, limit);
  if (message === null) return null;
  const label = amountLabel(side);
  if (message === PREDICT_MESSAGES.required(label)) return { kind: "required", label };
  if (message === PREDICT_MESSAGES.pattern(label)) return { kind: "pattern", label };
  return { kind: "tooMuch", label, limit: message.slice(`${label} must less than `.length) };
}

/** Removing funding: pool shares, up to 2 decimals, at most the shares held. */
export const POOL_SHARES_LABEL = "pool shares";
export function removeFundingIssue(value: string, held: number): AmountIssue | null {
  const v = value.trim();
  const label = POOL_SHARES_LABEL;
  if (!v) return { kind: "required", label };
  if (!BUY_PATTERN.test(v)) return { kind: "pattern", label };
  const limit = Math.floor(held * 100) / 100;
  if (Number(v) > limit) return { kind: "tooMuch", label, limit: limit.toFixed(2) };
  return null;
}

/** The English text of an issue: exactly core's §5 messages. */
export function issueText(issue: AmountIssue): string {
  switch (issue.kind) {
    case "required":
      return PREDICT_MESSAGES.required(issue.label);
    case "pattern":
      return PREDICT_MESSAGES.pattern(issue.label);
    case "tooMuch":
      return PREDICT_MESSAGES.tooMuch(issue.label, issue.limit);
    case "liquidity":
      return PREDICT_MESSAGES.liquidity;
  }
}

/**
 * §5 before a sell is sent: the lens' bounds for the typed shares. Nothing returned (the pool cannot
 * pay for them) or more tokens needed than held means the liquidity is insufficient: the sell is
 * cancelled with 'Due to insufficient liquidity, please reduce the selling shares'.
 */
export function sellLiquidityIssue(o: {
  returnAmount: bigint;
  maxOutcomeTokensToSell: bigint;
  holdings: bigint;
}): AmountIssue | null {
  if (o.returnAmount <= 0n || o.maxOutcomeTokensToSell > o.holdings) return { kind: "liquidity" };
  return null;
}

/** A decimal string to base units (18 decimals by default), or null when it is not one. */
export function toUnits(value: string, decimals = 18): bigint | null {
  const v = value.trim();
  if (!/^\d+(\.\d+)?$/.test(v)) return null;
  const [whole = "0", frac = ""] = v.split(".");
  if (frac.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt((frac + "0".repeat(decimals)).slice(0, decimals) || "0");
}

/** Base units to a number of whole tokens (display only). */
export function fromUnits(v: bigint | undefined | null, decimals = 18): number {
  if (v === undefined || v === null) return 0;
  const scale = 10n ** BigInt(decimals);
  return Number(v / scale) + Number(v % scale) / Number(scale);
}

/** A base-unit amount the API sends as a decimal string (0 when it is not one). */
export function bigOf(v: string): bigint {
  return /^\d+$/.test(v) ? BigInt(v) : 0n;
}

/** Whole shares held (the sell limit): outcome tokens have 18 decimals. */
export function wholeShares(v: bigint | undefined | null): number {
  return v ? Number(v / 10n ** 18n) : 0;
}

// ------------------------------------------------------------------ redeem (§4)

export type RedeemButton = { shown: false } | { shown: true; disabled: boolean; loading: boolean };

/**
 * §4: a Redeem button for a resolved market; disabled once redeemed (the API's flag, or this session's
 * receipt); a spinner while pending. Other markets show Trade.
 */
export function redeemButton(
  p: Pick<ApiPosition, "status" | "redeem" | "redeemed">,
  session: "pending" | "done" | undefined,
): RedeemButton {
  if (p.status !== "resolved") return { shown: false };
  return { shown: true, disabled: p.redeemed || session === "done", loading: session === "pending" };
}
