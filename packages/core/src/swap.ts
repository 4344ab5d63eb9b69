/**
 * Swap rules of spec 000 §4 "Swap", §5 (swap input errors, recipient, max button) and §8 (swap
 * error texts), plus 002 §5 "Price impact". Pure: amounts are bigint base units.
 */
import { isAddress } from "./validation.ts";

// ------------------------------------------------------------------ texts

/** The swap path's user-visible texts in English, exactly as the spec gives them (000 §5 and §8). */
export const SWAP_ERRORS = {
  connectWallet: "Connect wallet",
  enterAmount: "Enter an amount",
  selectToken: "Select a token",
  enterRecipient: "Enter a recipient",
  invalidRecipient: "Invalid recipient",
  insufficientBalance: (symbol: string) => `Insufficient ${symbol} balance`,
  invalidPair: "Invalid pair",
  gasEstimation: "Unexpected issue with estimating the gas. Please try again.",
  slippage:
    "This transaction will not succeed either due to price movement or fee on transfer. Try increasing your slippage tolerance.",
  revert: (reason: string) =>
    `The transaction cannot succeed due to error: ${reason}. This is probably an issue with one of the tokens you are swapping.`,
  rejected: "Transaction rejected.",
  swapFailed: (message: string) => `Swap failed: ${message}`,
  missingDependencies: "Missing dependencies",
  couldNotDeposit: "Could not deposit",
  couldNotWithdraw: "Could not withdraw",
  // Not in the spec: plain texts for cases it does not name (issue 9 #16, #17, #18).
  recipientZeroAddress: "The recipient cannot be the zero address",
  recipientIsToken: (symbol: string) => `The recipient cannot be the ${symbol} token contract`,
  insufficientLiquidity: "Insufficient liquidity for this trade",
  amountTooLarge: "Amount too large",
  // Issue 9 #15: a write refused because the wallet is on another chain (never viem's raw text).
  wrongNetwork: "Wrong network. Please switch your wallet to this page's network.",
} as const;

/**
 * A swap-path message as data, so the web app shows it in the user's language (its English
 * dictionary holds the spec's exact texts, checked against `swapMessageText`).
 */
export type SwapMessage =
  | {
      key:
        | "connectWallet"
        | "enterAmount"
        | "selectToken"
        | "enterRecipient"
        | "invalidRecipient"
        | "invalidPair"
        | "gasEstimation"
        | "slippage"
        | "rejected"
        | "missingDependencies"
        | "couldNotDeposit"
        | "couldNotWithdraw"
        | "recipientZeroAddress"
        | "insufficientLiquidity"
        | "amountTooLarge"
        | "wrongNetwork";
    }
  | { key: "insufficientBalance"; symbol: string }
  | { key: "recipientIsToken"; symbol: string }
  | { key: "revert"; reason: string }
  | { key: "swapFailed"; message: string };

/** The spec's English text of a message. */
export function swapMessageText(m: SwapMessage): string {
  switch (m.key) {
    case "insufficientBalance":
      return SWAP_ERRORS.insufficientBalance(m.symbol);
    case "recipientIsToken":
      return SWAP_ERRORS.recipientIsToken(m.symbol);
    case "revert":
      return SWAP_ERRORS.revert(m.reason);
    case "swapFailed":
      return SWAP_ERRORS.swapFailed(m.message);
    default:
      return SWAP_ERRORS[m.key];
  }
}

// ------------------------------------------------------------------ price impact

/**
 * Price-impact band thresholds in basis points, from the Uniswap interface's practice:
 * 1 % (low), 3 % (medium), 5 % (high: "swap anyway"), 15 % (blocked without expert mode).
 */
export const PRICE_IMPACT_THRESHOLDS_BPS = [100, 300, 500, 1500] as const;
/** Uniswap V2 LP fee per hop: 0.3 %. */
export const UNISWAP_V2_FEE_BPS = 30;

export type PriceImpactLevel = 0 | 1 | 2 | 3 | 4;

/** Level 0 to 4: the number of thresholds the impact reaches (a threshold itself counts as reached). */
export function priceImpactLevel(impactBps: number | null | undefined): PriceImpactLevel {
  if (impactBps === null || impactBps === undefined || !Number.isFinite(impactBps)) return 0;
  let level = 0;
  for (const t of PRICE_IMPACT_THRESHOLDS_BPS) if (impactBps >= t) level += 1;
  return level as PriceImpactLevel;
}

/**
 * The level a quote's button uses. A quote whose impact could not be measured (the reserves were
 * unreadable, or the router is not one the deployment lists) counts as level 4: blocked unless
 * expert mode is on, and then the user types `confirm`. With real money an unknown impact is the
 * worst case, never a safe level 0.
 */
export function quoteImpactLevel(impactBps: number | null | undefined, measured: boolean): PriceImpactLevel {
  if (measured && (impactBps === null || impactBps === undefined)) return 4;
  return priceImpactLevel(impactBps);
}

/** A level above 3 can only be swapped in expert mode. */
export function priceImpactBlocked(level: PriceImpactLevel, expertMode: boolean): boolean {
  return level > 3 && !expertMode;
}

/** Level 4 (in expert mode) asks the user to type `confirm`; level 3 shows "swap anyway". */
export const PRICE_IMPACT_CONFIRM_WORD = "confirm";

/**
 * Output at the route's mid price: amountIn × Π(reserveOut / reserveIn) over the hops, floored.
 * `reserves` holds [reserveIn, reserveOut] of each hop in path order.
 */
export function midPriceAmountOut(amountIn: bigint, reserves: readonly (readonly [bigint, bigint])[]): bigint {
  if (reserves.length === 0) return 0n;
  let num = amountIn;
  let den = 1n;
  for (const [rIn, rOut] of reserves) {
    if (rIn <= 0n || rOut <= 0n) return 0n;
    num *= rOut;
    den *= rIn;
  }
  return num / den;
}

/**
 * Price impact in basis points of a quote against the route's mid price, without the LP fee
 * (as the Uniswap interface shows it): (mid − out) / mid − (1 − 0.997^hops), at least 0.
 * null when the mid price is unknown.
 */
export function priceImpactBps(
  amountIn: bigint,
  amountOut: bigint,
  reserves: readonly (readonly [bigint, bigint])[],
): number | null {
  const mid = midPriceAmountOut(amountIn, reserves);
  if (mid <= 0n) return null;
  const withFee = Number(((mid - amountOut) * 1_000_000n) / mid) / 100; // bps with 2 decimals
  const keep = (10_000 - UNISWAP_V2_FEE_BPS) / 10_000;
  const feeBps = (1 - keep ** reserves.length) * 10_000;
  return Math.max(0, Math.round((withFee - feeBps) * 100) / 100);
}

// ------------------------------------------------------------------ amounts

/** Minimum received for an exact-input trade: floor(out × (10 000 − slippage bps) / 10 000). */
export function minimumAmountOut(amountOut: bigint, slippageBps: number): bigint {
  const bps = BigInt(Math.min(10_000, Math.max(0, Math.floor(slippageBps))));
  return (amountOut * (10_000n - bps)) / 10_000n;
}

/**
 * Trade deadline: the chain's time plus the user's deadline setting, in seconds (spec 000 §9).
 * The chain's time is the latest block's, or the clock's when that block is older: a chain that
 * has been quiet (a local chain after a break) mines its next block at the current time, and a
 * deadline counted from the old block would already have passed.
 */
export function swapDeadline(latestBlockSeconds: bigint, deadlineSeconds: number, nowSeconds: number): bigint {
  const now = BigInt(Math.floor(nowSeconds));
  const base = now > latestBlockSeconds ? now : latestBlockSeconds;
  return base + BigInt(Math.max(0, Math.floor(deadlineSeconds)));
}

/** Native coin kept back by the max button for gas: 0.01 (of an 18-decimal coin). */
export const NATIVE_GAS_RESERVE = 10n ** 16n;

/** Max button: the balance; for the native coin the balance minus the gas reserve, zero if lower. */
export function maxSpendable(balance: bigint | undefined, isNative: boolean): bigint {
  if (balance === undefined || balance <= 0n) return 0n;
  if (!isNative) return balance;
  return balance > NATIVE_GAS_RESERVE ? balance - NATIVE_GAS_RESERVE : 0n;
}

/** Base units from a sanitised decimal string; null when empty, not a number or too precise. */
export function parseAmount(value: string, decimals: number): bigint | null {
  if (!/^\d*\.?\d*$/.test(value) || value === "" || value === ".") return null;
  const [whole = "", frac = ""] = value.split(".");
  if (frac.length > decimals) return null;
  return BigInt(whole || "0") * 10n ** BigInt(decimals) + BigInt((frac || "").padEnd(decimals, "0") || "0");
}

/** Exact decimal string of base units (no rounding, no grouping), trailing zeros dropped. */
export function formatUnitsExact(amount: bigint, decimals: number): string {
  const neg = amount < 0n;
  const abs = neg ? -amount : amount;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(decimals, "0").replace(/0+$/, "");
  return `${neg ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

/** A base-unit amount to `digits` significant digits (rounded down), e.g. balances to 6. */
export function formatSignificant(amount: bigint, decimals: number, digits = 6): string {
  if (amount === 0n) return "0";
  const exact = formatUnitsExact(amount, decimals);
  const [whole = "0", frac = ""] = exact.split(".");
  if (whole !== "0") {
    if (whole.length >= digits) return whole;
    const keep = frac.slice(0, digits - whole.length).replace(/0+$/, "");
    return keep ? `${whole}.${keep}` : whole;
  }
  const lead = frac.length - frac.replace(/^0+/, "").length;
  const keep = frac.slice(0, lead + digits).replace(/0+$/, "");
  return keep ? `0.${keep}` : "0";
}

/** `formatSignificant` with thousands grouped, for reading (never for an input field): 2,892,508. */
export function formatDisplayAmount(amount: bigint, decimals: number, digits = 6): string {
  return groupDigits(formatSignificant(amount, decimals, digits));
}

// ------------------------------------------------------------------ recipient

/**
 * A name-service name: `labels.eth` with an optional path, or a host-like name (`example.org`),
 * which ENS resolves too (DNS names imported into ENS). Resolution decides whether it is valid.
 */
const NAME_RE = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:eth|[a-z]{2,63})(?:\/\S*)?$/i;

export type RecipientCheck =
  | { kind: "empty"; value: "" }
  | { kind: "address"; value: `0x${string}` }
  | { kind: "name"; value: string }
  | { kind: "invalid"; value: string };

/** Recipient input (spec 000 §5): whitespace stripped; a 40-hex address, `labels.eth` with an optional path, or a host-like name. */
export function checkRecipient(raw: string): RecipientCheck {
  const value = raw.replace(/\s+/g, "");
  if (value === "") return { kind: "empty", value: "" };
  if (isAddress(value)) return { kind: "address", value };
  if (NAME_RE.test(value)) return { kind: "name", value };
  return { kind: "invalid", value };
}

// ------------------------------------------------------------------ main button

export type ApprovalState = "unknown" | "not_approved" | "pending" | "approved";

/** Spec 000 §4 token approval: native is approved; else allowance vs amount, pending while an approval is unconfirmed. */
export function approvalState(args: {
  isNative: boolean;
  amount: bigint | null | undefined;
  spender: string | null | undefined;
  allowance: bigint | undefined;
  pendingApproval: boolean;
}): ApprovalState {
  if (args.isNative) return "approved";
  if (!args.amount || !args.spender || args.allowance === undefined) return "unknown";
  if (args.allowance >= args.amount) return "approved";
  return args.pendingApproval ? "pending" : "not_approved";
}

export type SwapButtonInput = {
  connected: boolean;
  inputSymbol: string | null;
  outputSymbol: string | null;
  /** The input amount (typed, or derived from a typed output); null when there is none. */
  amountIn: bigint | null;
  /** The output amount (quoted or typed). */
  amountOut: bigint | null;
  /** True once a quote came back; with no route (or zero output) the pair is invalid. */
  quoted: boolean;
  /** The quote request failed (RPC error): not the same as "no route". */
  quoteFailed?: boolean;
  /** Expert-mode recipient field: undefined when the field is not shown. */
  recipient?: RecipientCheck;
  /** A name recipient resolved to this address (null: resolved to nothing; undefined: still resolving). */
  resolvedRecipient?: string | null;
  /** The output token's contract (none for the native coin): never a recipient, funds sent there are lost. */
  outputAddress?: string | null;
  /** An exact output the pools cannot provide (the route exists, its liquidity is too small). */
  insufficientLiquidity?: boolean;
  balanceIn: bigint | undefined;
  /** Reading the balance or the allowance failed (not merely pending). */
  readFailed?: boolean;
  approval: ApprovalState;
  impactLevel: PriceImpactLevel;
  expertMode: boolean;
};

export type SwapButtonState =
  | { kind: "error"; message: SwapMessage }
  /** The quote is on its way. */
  | { kind: "loading" }
  /** Asking for the quote failed; the refresh button asks again. */
  | { kind: "quoteFailed" }
  /** Quoted, but the balance or the allowance is not read yet: nothing to offer until it is. */
  | { kind: "checking" }
  /** Reading the balance or the allowance failed; the refresh button reads again. */
  | { kind: "readFailed" }
  /** The recipient's name is still being resolved. */
  | { kind: "resolving" }
  | { kind: "approve" }
  | { kind: "approving" }
  | { kind: "impactTooHigh" }
  | { kind: "swap"; anyway: boolean };

/** The largest amount a contract call can carry (uint256); a longer typed number is refused up front. */
export const MAX_UINT256 = 2n ** 256n - 1n;
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/**
 * What is wrong with the recipient field (undefined: the field is closed): empty, not an address or
 * a name, a name that did not resolve, or an address where funds are lost (the zero address, the
 * output token's own contract, which the contract would refuse or keep).
 */
export function recipientError(
  recipient: RecipientCheck | undefined,
  resolved: string | null | undefined,
  outputAddress: string | null | undefined,
  outputSymbol: string,
): SwapMessage | null {
  if (!recipient) return null;
  if (recipient.kind === "empty") return { key: "enterRecipient" };
  if (recipient.kind === "invalid") return { key: "invalidRecipient" };
  if (recipient.kind === "name" && resolved === null) return { key: "invalidRecipient" };
  const to = (recipient.kind === "address" ? recipient.value : resolved)?.toLowerCase();
  if (to === ZERO_ADDRESS) return { key: "recipientZeroAddress" };
  if (to && to === outputAddress?.toLowerCase()) return { key: "recipientIsToken", symbol: outputSymbol };
  return null;
}

/** The swap input error in the spec's order (000 §5), or null when the form is complete. */
export function swapInputError(i: SwapButtonInput): SwapMessage | null {
  if (!i.connected) return { key: "connectWallet" };
  if (!i.amountIn && !i.amountOut) return { key: "enterAmount" };
  if ((i.amountIn ?? 0n) > MAX_UINT256 || (i.amountOut ?? 0n) > MAX_UINT256) return { key: "amountTooLarge" };
  if (!i.inputSymbol || !i.outputSymbol) return { key: "selectToken" };
  const recipient = recipientError(i.recipient, i.resolvedRecipient, i.outputAddress, i.outputSymbol);
  if (recipient) return recipient;
  if (i.amountIn && i.balanceIn !== undefined && i.balanceIn < i.amountIn)
    return { key: "insufficientBalance", symbol: i.inputSymbol };
  if (i.insufficientLiquidity) return { key: "insufficientLiquidity" };
  if (i.quoted && (!i.amountIn || !i.amountOut)) return { key: "invalidPair" };
  return null;
}

/**
 * The main button (spec 000 §2, §4): input error (which includes `Insufficient {symbol} balance`,
 * spec §5) → approve (approve / approving) → swap. The spec's §2 also lists the balance after
 * approve; §5 makes it an input error, and so does the Uniswap interface: nobody is asked to sign
 * an approval for a trade they cannot pay (docs/decisions.md). A balance or allowance not read yet
 * is "checking", never a guess. A price-impact level above 3 blocks without expert mode; level 3
 * and up reads "swap anyway".
 */
export function swapButtonState(i: SwapButtonInput): SwapButtonState {
  // A failed quote is not "no route": it must not read as Invalid pair.
  const error = swapInputError(i.quoteFailed ? { ...i, quoted: false } : i);
  if (error) return { kind: "error", message: error };
  if (i.quoteFailed) return { kind: "quoteFailed" };
  if (!i.quoted || !i.amountIn || !i.amountOut) return { kind: "loading" };
  if (i.recipient?.kind === "name" && i.resolvedRecipient === undefined) return { kind: "resolving" };
  if (i.balanceIn === undefined || i.approval === "unknown")
    return i.readFailed ? { kind: "readFailed" } : { kind: "checking" };
  if (i.approval === "not_approved") return { kind: "approve" };
  if (i.approval === "pending") return { kind: "approving" };
  if (priceImpactBlocked(i.impactLevel, i.expertMode)) return { kind: "impactTooHigh" };
  return { kind: "swap", anyway: i.impactLevel >= 3 };
}

// ------------------------------------------------------------------ wrap / unwrap

export type WrapKind = "wrap" | "unwrap";

/** Wrap/unwrap input error: `Insufficient ETH balance` / `Insufficient WETH balance` (symbols per chain). */
export function wrapInputError(
  kind: WrapKind,
  amount: bigint | null,
  balance: bigint | undefined,
  symbols: { native: string; wrapped: string } = { native: "ETH", wrapped: "WETH" },
): SwapMessage | null {
  if (!amount) return { key: "enterAmount" };
  if (balance === undefined || balance < amount)
    return { key: "insufficientBalance", symbol: kind === "wrap" ? symbols.native : symbols.wrapped };
  return null;
}

/**
 * A failed wrap or unwrap (spec 000 §8: `Could not deposit` / `Could not withdraw`, which the
 * caller also logs). A refusal in the wallet is `Transaction rejected.` as for a swap.
 */
export function wrapErrorMessage(kind: WrapKind, error: unknown): SwapMessage {
  const info = extractSwapErrorInfo(error);
  if (isRejection(info)) return { key: "rejected" };
  return { key: kind === "wrap" ? "couldNotDeposit" : "couldNotWithdraw" };
}

// ------------------------------------------------------------------ errors

export type SwapErrorInfo = { code?: number; reason?: string; message: string };

/** Walks an error's `cause` chain (viem, wallets) for a wallet code, a revert reason and a short message. */
export function extractSwapErrorInfo(error: unknown): SwapErrorInfo {
  let code: number | undefined;
  let reason: string | undefined;
  let message: string | undefined;
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 10; depth++) {
    const o = e as { code?: unknown; reason?: unknown; shortMessage?: unknown; message?: unknown; cause?: unknown };
    if (code === undefined && typeof o.code === "number") code = o.code;
    if (reason === undefined && typeof o.reason === "string" && o.reason) reason = o.reason;
    if (message === undefined && typeof o.shortMessage === "string") message = o.shortMessage;
    if (message === undefined && typeof o.message === "string") message = o.message;
    e = o.cause;
  }
  if (typeof error === "string") message = error;
  if (reason === undefined && message) {
    const m = /reverted with the following reason:\s*\n?\s*(.+)/i.exec(message);
    if (m?.[1]) reason = m[1].trim();
  }
  return { code, reason, message: message ?? "Unknown error" };
}

/**
 * Spec 000 §8 swap texts. `stage` is where it failed: gas estimation (a static call gave the revert
 * reason, if any) or sending. 4001 → rejected; slippage reasons → the slippage text; other reverts →
 * the token text; an estimate without a reason → the gas text; anything else → `Swap failed: {message}`.
 */
export function swapErrorMessage(stage: "estimate" | "send", error: unknown): SwapMessage {
  const info = extractSwapErrorInfo(error);
  if (isRejection(info)) return { key: "rejected" };
  if (info.reason) {
    if (/INSUFFICIENT_OUTPUT_AMOUNT|EXCESSIVE_INPUT_AMOUNT/.test(info.reason)) return { key: "slippage" };
    return { key: "revert", reason: info.reason };
  }
  if (stage === "estimate") return { key: "gasEstimation" };
  return { key: "swapFailed", message: info.message };
}

/** The wallet's refusal: EIP-1193 code 4001, or a wallet that only says so in words. */
export function isRejection(info: SwapErrorInfo): boolean {
  return info.code === 4001 || /user rejected|user denied/i.test(info.message);
}

/**
 * Gas a call may need beyond its estimate when it moves SOFI: SOFI's vote checkpoints are keyed by
 * block timestamp, so an estimate made in the same second as the account's last transfer updates
 * that checkpoint in place (about 3,000 gas), while the block that mines the call a second later
 * pushes a new one (about 22,000 more) for each account whose votes move: sender, receiver, and the
 * contracts in between (a market's removal moves the pool's, the conditional tokens' and the
 * user's). 10 % of a 60,000-gas transfer does not cover one push; this covers four.
 */
export const CHECKPOINT_HEADROOM_GAS = 100_000n;

/**
 * Gas estimates are padded by 10 % (spec 000 §7) plus CHECKPOINT_HEADROOM_GAS. Unused gas is not
 * charged, so the headroom only raises the limit the wallet shows.
 */
export function padGas(estimate: bigint): bigint {
  return (estimate * 11_000n) / 10_000n + CHECKPOINT_HEADROOM_GAS;
}

/** Transaction summary for the tracker, e.g. `Swap 1 ETH for 2,990 USDT`. */
export function swapSummary(amountIn: string, symbolIn: string, amountOut: string, symbolOut: string): string {
  return `Swap ${groupDigits(amountIn)} ${symbolIn} for ${groupDigits(amountOut)} ${symbolOut}`;
}

function groupDigits(value: string): string {
  const [whole = "0", frac] = value.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac ? `${grouped}.${frac}` : grouped;
}
