/**
 * Rules of the portfolio trading views (spec 001 §2 /sts/buy, /sts/sell, /sts/manage; §3 trading
 * module state, approval status; §4 token approval, trading module transitions; §5 amount inputs
 * and swap-style input errors; §9 trade fee). Pure: amounts are bigint base units.
 *
 * The approval status itself is the swap's `approvalState` (swap.ts): one rule for the whole app.
 */
import { type ApprovalState, minimumAmountOut, SWAP_ERRORS } from "./swap.ts";

/** Spec 001 §2: the trading views show (and apply) a slippage tolerance of 10 %. */
export const PORTFOLIO_SLIPPAGE_BPS = 1_000;
/** Spec 001 §9: trade fee 30 / 10000 (the trading module's TRADE_FEE_BPS). */
export const PORTFOLIO_TRADE_FEE_BPS = 30;
/** How long a signed buy or sell stays valid (added to the chain's time). */
export const PORTFOLIO_TRADE_DEADLINE_SECONDS = 20 * 60;
/** The trading module's MAX_EXIT_FEE_BPS (5 %): `initialize` reverts above it. */
export const MAX_EXIT_FEE_BPS = 500;
/** The exit fee the manage view proposes when initialising (0.5 %, the seed's lowest). */
export const DEFAULT_EXIT_FEE_BPS = 50;

/** The views' texts in English (spec 001 §5 swap-style input errors, §8 "Not enabled to trading"). */
export const PORTFOLIO_TRADE_TEXTS = {
  connectWallet: SWAP_ERRORS.connectWallet,
  enterAmount: SWAP_ERRORS.enterAmount,
  selectToken: SWAP_ERRORS.selectToken,
  insufficientBalance: SWAP_ERRORS.insufficientBalance,
  notEnabled: "Not enabled to trading",
  // Not in the spec: plain texts for the cases it does not name.
  notInitialized: "Set up trading in Manage first",
  tooManyDecimals: (decimals: number) => `At most ${decimals} decimals`,
  quoting: "Fetching the price…",
  noQuote: "No price for this amount",
  notManager: "Only the portfolio's manager can manage it",
  noSupply: "Nobody holds this portfolio yet: nothing to rebalance",
  sameToken: "Choose a different token to receive",
  exitFee: (maxPercent: string) => `An exit fee from 0 to ${maxPercent} % with at most 2 decimals`,
} as const;

// ------------------------------------------------------------------ amounts

/** A quoted input raised by the slippage tolerance, rounded up: the most a buy may spend. */
export function maximumAmountIn(amountIn: bigint, slippageBps: number = PORTFOLIO_SLIPPAGE_BPS): bigint {
  const bps = BigInt(Math.min(10_000, Math.max(0, Math.floor(slippageBps))));
  return (amountIn * (10_000n + bps) + 9_999n) / 10_000n;
}

/** A quoted output lowered by the slippage tolerance, rounded down: the least a sell accepts. */
export function minimumReceived(amountOut: bigint, slippageBps: number = PORTFOLIO_SLIPPAGE_BPS): bigint {
  return minimumAmountOut(amountOut, slippageBps);
}

/** The trade fee (spec 001 §9) of an amount, rounded down as the module does. */
export function tradeFeeOf(amount: bigint): bigint {
  return (amount * BigInt(PORTFOLIO_TRADE_FEE_BPS)) / 10_000n;
}

/** What a buy quoted at `amountIn` (components) and `tradeFee` may cost at most, fee included. */
export function maxBuyCost(amountIn: bigint, tradeFee: bigint): bigint {
  return maximumAmountIn(amountIn + tradeFee);
}

/**
 * Why an amount text cannot be traded, or its base units: at most `decimals` decimals, above 0
 * and, when the balance is known, at most the balance.
 */
export type TradeAmount =
  | { ok: true; amount: bigint }
  | { ok: false; reason: "enterAmount" | "tooManyDecimals" | "insufficient" };
export function parseTradeAmount(text: string, decimals: number, balance?: bigint): TradeAmount {
  if (!/^\d*\.?\d*$/.test(text)) return { ok: false, reason: "enterAmount" };
  const [whole = "", frac = ""] = text.split(".");
  if (frac.length > decimals) return { ok: false, reason: "tooManyDecimals" };
  if (whole === "" && frac === "") return { ok: false, reason: "enterAmount" };
  const amount = BigInt(whole || "0") * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, "0") || "0");
  if (amount <= 0n) return { ok: false, reason: "enterAmount" };
  if (balance !== undefined && amount > balance) return { ok: false, reason: "insufficient" };
  return { ok: true, amount };
}

/**
 * The buy Max button: the most sets `budget` pays for at the price of `probeQuantity` sets
 * (`probeCost`, the maximum cost with slippage and fee), kept 1 % under it for the price impact of a
 * larger order, rounded down to 4 significant digits. 0n when nothing is affordable.
 */
export function maxAffordableSets(budget: bigint, probeQuantity: bigint, probeCost: bigint): bigint {
  if (budget <= 0n || probeCost <= 0n || probeQuantity <= 0n) return 0n;
  const raw = (budget * probeQuantity * 99n) / (probeCost * 100n);
  const digits = raw.toString().length;
  if (digits <= 4) return raw;
  const f = 10n ** BigInt(digits - 4);
  return (raw / f) * f;
}

// ------------------------------------------------------------------ approvals

/** A tracked transaction as far as approvals go (the transactions store's records). */
export type ApprovalRecord = { approval?: { tokenAddress: string; spender: string }; receipt?: unknown };

/** Whether an approval of `token` for `spender` is still unconfirmed among `records` (spec 001 §4 "pending"). */
export function hasPendingApprovalOf(records: readonly ApprovalRecord[], token: string, spender: string): boolean {
  const t = token.toLowerCase();
  const s = spender.toLowerCase();
  return records.some(
    (r) => !r.receipt && r.approval?.tokenAddress.toLowerCase() === t && r.approval.spender.toLowerCase() === s,
  );
}

/** Spec 001 §4: the approve button is disabled while the status is pending or unknown. */
export function approveDisabled(status: ApprovalState): boolean {
  return status === "pending" || status === "unknown";
}

// ------------------------------------------------------------------ buy and sell buttons

/** Who may trade now, as the trading module's `canTrade`: initialised and (enabled, or the manager). */
export function canTradePortfolio(s: { moduleState: number; tradingEnabled: boolean; isManager: boolean }): boolean {
  return s.moduleState === 2 && (s.tradingEnabled || s.isManager);
}

export type TradeBlock =
  | { key: "connectWallet" | "enterAmount" | "selectToken" | "notEnabled" | "notInitialized" | "quoting" | "noQuote" }
  | { key: "tooManyDecimals"; decimals: number }
  | { key: "insufficientBalance"; symbol: string };

export type TradeButton =
  | { kind: "disabled"; block: TradeBlock }
  /** The token must be approved first; `disabled` while pending or unknown (spec 001 §4). */
  | { kind: "approve"; status: ApprovalState; disabled: boolean }
  | { kind: "trade" };

export type TradeButtonInput = {
  side: "buy" | "sell";
  connected: boolean;
  moduleState: number;
  tradingEnabled: boolean;
  isManager: boolean;
  /** The pay (buy) or portfolio (sell) amount, parsed against its balance. */
  amount: TradeAmount;
  /** Decimals of the typed amount (the portfolio token's). */
  amountDecimals: number;
  /** The symbol spent: the pay-with token on buys, the portfolio on sells. */
  spendSymbol: string;
  payToken: boolean;
  quoting: boolean;
  quoted: boolean;
  /** Buys: the maximum cost with slippage and fee; compared with `spendBalance`. */
  cost: bigint | null;
  spendBalance: bigint | undefined;
  approval: ApprovalState;
};

/**
 * The buy and sell button (spec 001 §2): for non-managers "Not enabled to trading" while buy/sell
 * is not open; "Enter an amount" for 0 or nothing; "Insufficient {symbol} balance" when the
 * payment or the sold amount exceeds the balance; the approval while the spent token is not
 * approved; then the trade.
 */
export function tradeButton(i: TradeButtonInput): TradeButton {
  if (!canTradePortfolio(i)) {
    if (!i.isManager) return { kind: "disabled", block: { key: "notEnabled" } };
    return { kind: "disabled", block: { key: "notInitialized" } };
  }
  if (!i.connected) return { kind: "disabled", block: { key: "connectWallet" } };
  if (!i.payToken) return { kind: "disabled", block: { key: "selectToken" } };
  if (!i.amount.ok) {
    if (i.amount.reason === "tooManyDecimals")
      return { kind: "disabled", block: { key: "tooManyDecimals", decimals: i.amountDecimals } };
    if (i.amount.reason === "insufficient")
      return { kind: "disabled", block: { key: "insufficientBalance", symbol: i.spendSymbol } };
    return { kind: "disabled", block: { key: "enterAmount" } };
  }
  if (i.quoting) return { kind: "disabled", block: { key: "quoting" } };
  if (!i.quoted) return { kind: "disabled", block: { key: "noQuote" } };
  if (i.side === "buy" && i.cost !== null && i.spendBalance !== undefined && i.cost > i.spendBalance)
    return { kind: "disabled", block: { key: "insufficientBalance", symbol: i.spendSymbol } };
  if (i.approval !== "approved") return { kind: "approve", status: i.approval, disabled: approveDisabled(i.approval) };
  return { kind: "trade" };
}

/** The English text of a block (the web app's `en` dictionary holds the same texts). */
export function tradeBlockText(b: TradeBlock | RebalanceBlock): string {
  switch (b.key) {
    case "insufficientBalance":
      return PORTFOLIO_TRADE_TEXTS.insufficientBalance(b.symbol);
    case "tooManyDecimals":
      return PORTFOLIO_TRADE_TEXTS.tooManyDecimals(b.decimals);
    default:
      return PORTFOLIO_TRADE_TEXTS[b.key];
  }
}

// ------------------------------------------------------------------ manage

/** Spec 001 §3: 0 not added, 1 added not initialised, 2 ready. */
export type ModuleState = 0 | 1 | 2;

/** The manager's next step (spec 001 §4): add (0 → 1), initialise (1 → 2), then enable or disable buy/sell. */
export type ManageStep = "add" | "initialize" | "enable" | "disable";
export function nextManageStep(moduleState: number, tradingEnabled: boolean): ManageStep {
  if (moduleState <= 0) return "add";
  if (moduleState === 1) return "initialize";
  return tradingEnabled ? "disable" : "enable";
}

/**
 * An exit fee typed in percent (0 to `maxBps` / 100, by default the module's 5 %, at most 2
 * decimals) as basis points, or null. The manage page passes the bound it read from the contract.
 */
export function parseExitFeePercent(text: string, maxBps: number = MAX_EXIT_FEE_BPS): number | null {
  const v = text.trim().replace(",", ".");
  if (!/^\d{1,6}(\.\d{0,2})?$/.test(v)) return null;
  const [whole = "0", frac = ""] = v.split(".");
  const bps = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return bps <= maxBps ? bps : null;
}

/** Basis points as the percent the manage page shows and prefills: 150 → "1.5", 500 → "5", 0 → "0". */
export function exitFeePercentText(bps: number): string {
  return String(bps / 100);
}

export type RebalanceBlock =
  | {
      key:
        | "notManager"
        | "connectWallet"
        | "selectToken"
        | "sameToken"
        | "enterAmount"
        | "noSupply"
        | "quoting"
        | "noQuote";
    }
  | { key: "tooManyDecimals"; decimals: number }
  | { key: "insufficientBalance"; symbol: string };

/**
 * The manage swap (a rebalance through Set's TradeModule): `sendUnit` of the component per set,
 * at most what one set holds of it ("Manage swap disabled on insufficient balance"), the set must
 * have holders (TradeModule trades unit × supply), and a route must be quoted.
 */
export function rebalanceBlock(i: {
  connected: boolean;
  isManager: boolean;
  sendSymbol: string | null;
  receiveSame: boolean;
  amount: TradeAmount;
  amountDecimals: number;
  supply: bigint | undefined;
  quoting: boolean;
  quoted: boolean;
}): RebalanceBlock | null {
  if (!i.connected) return { key: "connectWallet" };
  if (!i.isManager) return { key: "notManager" };
  if (!i.sendSymbol) return { key: "selectToken" };
  if (i.receiveSame) return { key: "sameToken" };
  if (!i.amount.ok) {
    if (i.amount.reason === "insufficient") return { key: "insufficientBalance", symbol: i.sendSymbol };
    if (i.amount.reason === "tooManyDecimals") return { key: "tooManyDecimals", decimals: i.amountDecimals };
    return { key: "enterAmount" };
  }
  if (i.supply !== undefined && i.supply === 0n) return { key: "noSupply" };
  if (i.quoting) return { key: "quoting" };
  if (!i.quoted) return { key: "noQuote" };
  return null;
}

/** One router's rebalance quote (`quoteRebalance`): its path (≤ 3 hops) and the total received. */
export type RouteQuote<R = string> = { router: R; path: readonly string[]; receiveTotal: bigint };

/** Spec 001 §7 "manage trade with best route quote (at most 3 hops, 1 result)": the router paying most. */
export function bestRoute<Q extends RouteQuote<unknown>>(quotes: readonly (Q | null | undefined)[]): Q | null {
  let best: Q | null = null;
  for (const q of quotes) {
    if (!q || q.path.length < 2 || q.path.length > 4 || q.receiveTotal <= 0n) continue;
    if (!best || q.receiveTotal > best.receiveTotal) best = q;
  }
  return best;
}

/** The rebalance's minimum per-set receive unit: the quoted unit less the slippage tolerance. */
export function minReceiveUnit(receiveUnit: bigint): bigint {
  return minimumReceived(receiveUnit);
}
