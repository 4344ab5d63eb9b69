import type { Deployment, TokenDeployment } from "@sofi/protocol";
import type { Address } from "viem";
import { contractAddress } from "../../kernel/contracts.ts";

/** The promotion contract of a chain's deployment with SOFI, or null when the chain has none. */
export type PromotionInfo = { promotion: Address; sofi: TokenDeployment };

export function promotionOf(deployment: Deployment | null | undefined): PromotionInfo | null {
  const promotion = contractAddress(deployment, "portfolioPromotion");
  const sofi = deployment?.tokens.find((t) => t.symbol === "SOFI");
  if (!promotion || !sofi) return null;
  return { promotion, sofi };
}

/** A unix time as the dialog shows it: date and time in the user's language. */
export function formatEnd(seconds: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
}

/** Hours as shown (§5 "Hours = amount / 100"): up to 5 decimals (3 decimals of SOFI), no trailing zeros. */
export function formatHours(hours: number): string {
  return String(Number(hours.toFixed(5)));
}
