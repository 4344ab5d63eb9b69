/**
 * Convert RAI to SOFI (spec 001 §2 "Convert to SOFI dialog", §7 "RAI to SOFI swap at 1 RAI = 1
 * SOFI", §9 "conversion approval amount 1e20 base units"): the dialog's rules, shared so the
 * contract's tests, the web app and the e2e spec agree on them.
 */

/** §9: the allowance the dialog asks for when the current one is short (1e20 base units = 100 RAI). */
export const CONVERT_APPROVAL_AMOUNT = 10n ** 20n;

/** §7: 1 RAI = 1 SOFI (both 18 decimals): the SOFI a conversion of `amount` RAI base units pays. */
export function convertOutput(amount: bigint): bigint {
  return amount;
}

/**
 * What the approval asks for: 1e20 base units, or the amount itself when one conversion needs more
 * (an approval of 1e20 could never cover it; docs/decisions.md "Convert RAI to SOFI").
 */
export function convertApprovalAmount(amount: bigint): bigint {
  return amount > CONVERT_APPROVAL_AMOUNT ? amount : CONVERT_APPROVAL_AMOUNT;
}

/** The dialog's button, in the order the checks apply. */
export type ConvertButtonState =
  | "connect"
  | "wrongNetwork"
  | "loading"
  | "enterAmount"
  | "insufficientRai"
  | "insufficientReserve"
  | "approve"
  | "approving"
  | "convert"
  | "converting";

export type ConvertInputs = {
  connected: boolean;
  wrongNetwork: boolean;
  /** The typed amount in base units (null: empty or not a number). */
  amount: bigint | null;
  /** Undefined while unknown. */
  raiBalance: bigint | undefined;
  allowance: bigint | undefined;
  reserve: bigint | undefined;
  approving: boolean;
  converting: boolean;
};

/** Spec 001 §2/§4: approve first when the allowance is short, then convert; every reason it cannot. */
export function convertButtonState(i: ConvertInputs): ConvertButtonState {
  if (!i.connected) return "connect";
  if (i.wrongNetwork) return "wrongNetwork";
  if (i.converting) return "converting";
  if (i.approving) return "approving";
  if (i.amount === null || i.amount <= 0n) return "enterAmount";
  if (i.raiBalance === undefined || i.allowance === undefined || i.reserve === undefined) return "loading";
  if (i.amount > i.raiBalance) return "insufficientRai";
  if (convertOutput(i.amount) > i.reserve) return "insufficientReserve";
  if (i.allowance < i.amount) return "approve";
  return "convert";
}

// ------------------------------------------------------------------ faucet (web dialog)

/** The faucet dialog's modes (spec 001 §4): a `faucet_count` of 1 in a refusal switches to extra. */
export type FaucetMode = "normal" | "extra";

/** Spec 001 §4/§8: the mode after a refusal that carried `faucetCount`. */
export function faucetModeAfter(mode: FaucetMode, faucetCount: number | undefined): FaucetMode {
  return faucetCount === 1 ? "extra" : mode;
}

/** A typed social username as sent: trimmed, without a leading `@`. */
export function faucetUsername(raw: string): string {
  return raw.trim().replace(/^@+/, "").trim();
}

/** Spec 001 §3 "name (the two social usernames joined)": joined by a comma (no username holds one). */
export function faucetName(first: string, second: string): string {
  return [faucetUsername(first), faucetUsername(second)].join(",");
}

export type FaucetSubmitInputs = {
  mode: FaucetMode;
  pending: boolean;
  /** Extra mode: which of the two social links were opened. */
  opened: readonly [boolean, boolean];
  /** Extra mode: the two usernames as typed. */
  usernames: readonly [string, string];
};

/** Spec 001 §4: normal mode submits at once; extra mode needs both links opened and both usernames filled. */
export function faucetCanSubmit(i: FaucetSubmitInputs): boolean {
  if (i.pending) return false;
  if (i.mode === "normal") return true;
  return i.opened[0] && i.opened[1] && faucetUsername(i.usernames[0]) !== "" && faucetUsername(i.usernames[1]) !== "";
}
