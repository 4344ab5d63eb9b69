/**
 * Promote a portfolio (spec 001 §2 "Promote dialog (three steps)", §4, §5 "Promote amount", §7
 * "promote (portfolio address, amount at 18 decimals)", §9 "Promote rate 100 SOFI = 1 hour; promote
 * approval amount 1e20 base units"): the dialog's rules, the same arithmetic as the
 * PortfolioPromotion contract (contracts/src/promotion), shared by the web app and the tests.
 */
import { parseAmount } from "./swap.ts";

/** §5: the text for an empty, non-numeric or zero amount, or one with more than 3 decimals. */
export const PROMOTE_AMOUNT_REQUIRED = "Please input SOFI amount!";
/** SOFI has 18 decimals; the typed amount has at most 3. */
export const PROMOTE_DECIMALS = 18;
export const PROMOTE_MAX_INPUT_DECIMALS = 3;
/** §9: 100 SOFI buy one hour. */
export const PROMOTE_SOFI_PER_HOUR = 100n * 10n ** 18n;
export const PROMOTE_HOUR_SECONDS = 3600n;
/** §9: the approval the dialog's first step asks for (1e20 base units = 100 SOFI). */
export const PROMOTE_APPROVAL_AMOUNT = 10n ** 20n;
/**
 * The smallest amount (3 decimals) that buys a whole second: the contract rounds seconds down and
 * rejects amounts that buy none (0.027 SOFI = 0.97 s).
 */
export const PROMOTE_MIN_AMOUNT = "0.028";

/** What a typed budget is wrong with: `required` (§5's text), `min` (buys no second), `balance`. */
export type PromoteAmountProblem = "required" | "min" | "balance";

/** §5: digits with at most 3 decimals (a comma counts as the point); null when it is not one. */
export function parsePromoteAmount(text: string): bigint | null {
  const v = text.trim().replace(/,/g, ".");
  if (!/^\d+(\.\d{1,3})?$/.test(v) && !/^\.\d{1,3}$/.test(v)) return null;
  return parseAmount(v, PROMOTE_DECIMALS);
}

/** Whole seconds of promotion `amount` SOFI base units buy, rounded down as the contract does. */
export function promoteSeconds(amount: bigint): bigint {
  return (amount * PROMOTE_HOUR_SECONDS) / PROMOTE_SOFI_PER_HOUR;
}

/** §5 "Hours = amount / 100", for display (amount in SOFI base units). */
export function promoteHours(amount: bigint): number {
  return Number(amount) / Number(PROMOTE_SOFI_PER_HOUR);
}

/**
 * The promotion's end after paying `amount` (unix seconds), as the contract computes it:
 * `max(currentEnd, now) + seconds` (an ended promotion restarts from now).
 */
export function promoteEndAfter(currentEnd: number, now: number, amount: bigint): number {
  return Math.max(currentEnd, Math.floor(now)) + Number(promoteSeconds(amount));
}

/** Whether a promotion that ends at `endAt` (unix seconds; 0 never promoted) is running at `now`. */
export function isPromoted(endAt: number, now: number): boolean {
  return endAt > now;
}

/** §5 and the contract's minimum: the typed budget's problem, or null when it can be paid. */
export function promoteAmountProblem(text: string, balance?: bigint): PromoteAmountProblem | null {
  const amount = parsePromoteAmount(text);
  if (amount === null || amount === 0n) return "required";
  if (promoteSeconds(amount) === 0n) return "min";
  if (balance !== undefined && amount > balance) return "balance";
  return null;
}

/**
 * What the approval asks for: 1e20 base units (§9), or the budget itself when it is larger (an
 * approval of 1e20 could never cover it; as the conversion's, docs/decisions.md).
 */
export function promoteApprovalAmount(amount: bigint | null): bigint {
  return amount !== null && amount > PROMOTE_APPROVAL_AMOUNT ? amount : PROMOTE_APPROVAL_AMOUNT;
}

/** The dialog's three steps (§4): approval, budget, start. */
export type PromoteStep = 0 | 1 | 2;

/**
 * The step a dialog opens at: the approval while the allowance is below 1e20, else the budget
 * (an allowance already there needs no second approval).
 */
export function promoteFirstStep(allowance: bigint | undefined): PromoteStep {
  return allowance !== undefined && allowance >= PROMOTE_APPROVAL_AMOUNT ? 1 : 0;
}

// ------------------------------------------------------------------ the owner's withdraw (issue 21 §4)

/**
 * What a typed withdrawal of the collected SOFI is wrong with: `required` (empty, not a number, or
 * 0), `decimals` (more than SOFI's 18), `held` (more than the contract holds: SOFI's
 * ERC20InsufficientBalance would refuse it), `recipient` (not an address). What only the contract
 * knows (its owner; the zero address it refuses) the web app asks it, by a simulation.
 */
export type WithdrawProblem = "required" | "decimals" | "held" | "recipient";

/** A typed SOFI amount in base units (18 decimals; a comma counts as the point), or null. */
export function parseWithdrawAmount(text: string): bigint | null {
  const v = text.trim().replace(/,/g, ".");
  if (!/^\d*\.?\d*$/.test(v) || v === "" || v === ".") return null;
  if ((v.split(".")[1]?.length ?? 0) > PROMOTE_DECIMALS) return null;
  return parseAmount(v, PROMOTE_DECIMALS);
}

/** The first problem of a withdrawal of `text` SOFI to `to` from a contract holding `held`, or null. */
export function withdrawProblem(text: string, to: string, held?: bigint): WithdrawProblem | null {
  const v = text.trim().replace(/,/g, ".");
  if (/^\d*\.\d+$/.test(v) && (v.split(".")[1]?.length ?? 0) > PROMOTE_DECIMALS) return "decimals";
  const amount = parseWithdrawAmount(text);
  if (amount === null || amount === 0n) return "required";
  if (held !== undefined && amount > held) return "held";
  if (!/^0x[0-9a-fA-F]{40}$/.test(to.trim())) return "recipient";
  return null;
}
