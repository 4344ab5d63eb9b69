import { contractRevert, exitFeePercentText, isAddress } from "@sofi/core";
import { isAddress as isChecksummed } from "viem";

/**
 * Changing the exit fee after initialising (issue 21 §4): the trading module's
 * `setExitFee(set, exitFeeBps, exitFeeRecipient)`, manager only, on an initialised portfolio, at
 * most `MAX_EXIT_FEE_BPS` (read from the contract), to a recipient that is not the zero address.
 * The page checks what it can itself (the fee within the contract's bound, an address), then asks
 * the contract (a simulation from the manager's account) and says its refusal in the user's words.
 */

/** What the contract said when it refused, as the page words it (`manage.refusal.*`). */
export type ExitFeeRefusal =
  | { key: "exitFeeTooHigh"; fee: string; max: string }
  | { key: "notManager" | "notInitialized" | "zeroAddress" }
  | { key: "other"; message: string };

/**
 * The trading module's refusal of a `setExitFee` (its custom errors), or `other` with the wallet's or
 * node's words (`fallback`) for anything else.
 */
export function exitFeeRefusal(error: unknown, maxBps: number, fallback: string): ExitFeeRefusal {
  const revert = contractRevert(error);
  switch (revert?.name) {
    case "ExitFeeTooHigh": {
      const bps = Number(revert.args[0] ?? 0);
      return { key: "exitFeeTooHigh", fee: exitFeePercentText(bps), max: exitFeePercentText(maxBps) };
    }
    case "NotManager":
      return { key: "notManager" };
    case "NotInitialized":
      return { key: "notInitialized" };
    case "ZeroAddress":
      return { key: "zeroAddress" };
    default:
      return { key: "other", message: revert ? revert.name : fallback };
  }
}

/** Why the new exit fee cannot be sent yet; null when it can. */
export type ExitFeeBlock =
  /** Not a fee from 0 to the contract's bound with at most 2 decimals. */
  | { key: "fee"; max: string }
  /** The recipient is not an address (`checksum`: its capitals do not match its checksum, a typo). */
  | { key: "recipient"; checksum?: true }
  /** The same fee and recipient as now: nothing to send. */
  | { key: "unchanged" }
  /** The contract is being asked. */
  | { key: "checking" }
  /** The contract refused it. */
  | { key: "refused"; refusal: ExitFeeRefusal };

export function exitFeeBlock(i: {
  /** The typed fee in basis points (null: not a fee within the bound). */
  feeBps: number | null;
  maxBps: number;
  recipient: string;
  currentBps: number | undefined;
  currentRecipient: string | undefined;
  /** The simulation has not answered for what is typed (debounce or in flight). */
  checking: boolean;
  /** The simulation's failure, if it failed. */
  refusal: ExitFeeRefusal | null;
}): ExitFeeBlock | null {
  if (i.feeBps === null) return { key: "fee", max: exitFeePercentText(i.maxBps) };
  if (!isAddress(i.recipient.trim())) return { key: "recipient" };
  // Mixed case is a checksum (EIP-55): one that does not match is a typo, which viem would not send.
  if (!isChecksummed(i.recipient.trim())) return { key: "recipient", checksum: true };
  if (
    i.feeBps === i.currentBps &&
    i.currentRecipient !== undefined &&
    i.recipient.trim().toLowerCase() === i.currentRecipient.toLowerCase()
  )
    return { key: "unchanged" };
  if (i.refusal) return { key: "refused", refusal: i.refusal };
  if (i.checking) return { key: "checking" };
  return null;
}
