import { TRACK_RECORD_MIN_DAYS, type TrackRecordReply } from "@sofi/core";

/** The words for a risk score (eToro's scale reads the same way): 1–2 very low … 9–10 very high. */
export type RiskLevel = "veryLow" | "low" | "moderate" | "high" | "veryHigh";
export function riskLevel(score: number): RiskLevel {
  if (score <= 2) return "veryLow";
  if (score <= 4) return "low";
  if (score <= 6) return "moderate";
  if (score <= 8) return "high";
  return "veryHigh";
}

/** Why a record shows dashes: no daily close yet, or under TRACK_RECORD_MIN_DAYS of them; null when it is whole. */
export function recordGap(r: TrackRecordReply): "noClose" | "young" | null {
  if (r.days === 0 && r.return_inception === null) return "noClose";
  if (r.days < TRACK_RECORD_MIN_DAYS || r.risk_score === null) return "young";
  return null;
}

/** The rows of the returns table: each window beside ETH over the same days. */
export const RECORD_ROWS = [
  ["d7", "return_7d", "eth_return_7d"],
  ["d30", "return_30d", "eth_return_30d"],
  ["d90", "return_90d", "eth_return_90d"],
  ["inception", "return_inception", "eth_return_inception"],
] as const satisfies readonly (readonly [string, keyof TrackRecordReply, keyof TrackRecordReply])[];

/** A plain ratio with two decimals (the risk-adjusted return), "—" without one. */
export function formatRatio(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "—";
  return v.toFixed(2);
}
