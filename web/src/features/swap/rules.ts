import {
  formatSignificant,
  PRICE_IMPACT_CONFIRM_WORD,
  type RecipientCheck,
  recipientError,
  type SwapButtonState,
  type SwapMessage,
} from "@sofi/core";
import { TransactionUntrackedError } from "../transactions/index.ts";
import { SwapError } from "./actions.ts";
import type { Quote } from "./quote.ts";
import { isNative, type SwapToken, sameToken } from "./tokens.ts";

/**
 * The swap screen's small rules, each a pure function with its own test (rules.test.ts); the
 * state hook (useSwapState) combines them, the views only show their results.
 */

export type Side = "in" | "out";

/** Waiting stopped (the page left, the network changed, the list was cleared): nothing to show. */
export function stoppedWaiting(e: unknown): boolean {
  return (e instanceof DOMException && e.name === "AbortError") || e instanceof TransactionUntrackedError;
}

/** Same trade: a re-quote that changes any of it needs the user's acceptance in the confirm dialog. */
export function sameQuote(a: Quote, b: Quote): boolean {
  return (
    a.amountIn === b.amountIn && a.amountOut === b.amountOut && a.router === b.router && a.path.join() === b.path.join()
  );
}

/** What the page shows for a failed approve, swap or wrap. */
export function failure(e: unknown): SwapMessage {
  if (e instanceof SwapError) return e.swapMessage;
  return { key: "swapFailed", message: e instanceof Error ? e.message : String(e) };
}

/** Price impact in percent with two decimals, "<0.01%" under that, "--" when unknown. */
export function formatImpact(bps: number | null): string {
  if (bps === null) return "--";
  const pct = bps / 100;
  return pct < 0.01 ? "<0.01%" : `${pct.toFixed(2)}%`;
}

/**
 * The two amount fields: the typed side shows what was typed (both sides when wrapping, 1:1), the
 * other side the quote's amount in its token's significant digits, or nothing.
 */
export function fieldValues(a: {
  independent: Side;
  wrap: boolean;
  typed: string;
  amountIn: bigint | null;
  amountOut: bigint | null;
  inputToken: SwapToken | null;
  outputToken: SwapToken | null;
}): { in: string; out: string } {
  const shown = (side: Side, amount: bigint | null, tk: SwapToken | null) =>
    a.independent === side || a.wrap ? a.typed : amount && tk ? formatSignificant(amount, tk.decimals) : "";
  return { in: shown("in", a.amountIn, a.inputToken), out: shown("out", a.amountOut, a.outputToken) };
}

/** Max shows for a connected account with something to spend, unless exactly that is already typed. */
export function showMax(a: {
  connected: boolean;
  hasInputToken: boolean;
  maxIn: bigint;
  independent: Side;
  typedAmount: bigint | null;
}): boolean {
  return a.connected && a.hasInputToken && a.maxIn > 0n && !(a.independent === "in" && a.typedAmount === a.maxIn);
}

/**
 * Where the trade's output goes: the typed address, the resolved name's address (undefined while
 * it resolves or when it does not), or the connected account when no recipient is set.
 */
export function recipientAddressFor(
  recipient: RecipientCheck | undefined,
  resolved: string | null | undefined,
  account: `0x${string}` | undefined,
): `0x${string}` | undefined {
  if (recipient?.kind === "address") return recipient.value;
  if (recipient?.kind === "name") return (resolved ?? undefined) as `0x${string}` | undefined;
  return account;
}

/**
 * What the recipient field says under itself: not an address or a name, a name that did not
 * resolve, the zero address or the output token's own contract (core's rule). An empty field says
 * nothing there (the main button asks for a recipient).
 */
export function recipientProblem(
  recipient: RecipientCheck | undefined,
  resolved: string | null | undefined,
  outputToken: SwapToken | null,
): SwapMessage | null {
  const outputAddress = outputToken && !isNative(outputToken) ? outputToken.address : null;
  const m = recipientError(recipient, resolved, outputAddress, outputToken?.symbol ?? "");
  return m && m.key !== "enterRecipient" ? m : null;
}

/** Where the confirm dialog says the funds go: the typed address, or a name with its address; null for the own account. */
export function confirmRecipient(
  recipient: RecipientCheck | undefined,
  resolved: string | null | undefined,
): { name: string | null; address: string } | null {
  if (recipient?.kind === "address") return { name: null, address: recipient.value };
  if (recipient?.kind === "name" && resolved) return { name: recipient.value, address: resolved };
  return null;
}

/** A pending approval of `token` for `spender` among the chain's tracked transactions. */
export function hasPendingApproval(
  txs: Iterable<{ receipt?: unknown; approval?: { tokenAddress: string; spender: string } }>,
  token: SwapToken | null,
  spender: string | undefined,
): boolean {
  if (!token || !spender) return false;
  for (const tx of txs) {
    if (
      !tx.receipt &&
      tx.approval?.tokenAddress.toLowerCase() === token.address.toLowerCase() &&
      tx.approval?.spender.toLowerCase() === spender.toLowerCase()
    ) {
      return true;
    }
  }
  return false;
}

/** Addresses in `?inputCurrency=` / `?outputCurrency=` that no active list holds (the import warning). */
export function unlistedUrlTokens(
  params: { get(key: string): string | null },
  isListed: (address: string) => boolean,
): string[] {
  const out: string[] = [];
  for (const key of ["inputCurrency", "outputCurrency"]) {
    const v = params.get(key);
    if (v && /^0x[0-9a-fA-F]{40}$/.test(v) && !isListed(v)) out.push(v);
  }
  return out;
}

export type Selection = { input: SwapToken | null; output: SwapToken | null; independent: Side };

/** Picking a token for one side; the other side's token swaps the sides (and the typed side). */
export function pickToken(s: Selection, side: Side, tk: SwapToken): Selection {
  const other = side === "in" ? s.output : s.input;
  if (sameToken(tk, other)) return flipSides(s);
  return side === "in" ? { ...s, input: tk } : { ...s, output: tk };
}

/** The flip button: the tokens change sides and the typed amount stays on the side it was typed for. */
export function flipSides(s: Selection): Selection {
  return { input: s.output, output: s.input, independent: s.independent === "in" ? "out" : "in" };
}

/** A high enough impact (level 4, expert mode only) asks for the confirm word in the dialog. */
export function needsConfirmWord(impactLevel: number): boolean {
  return impactLevel >= 4;
}

/** The confirm dialog's swap button: off until a changed price is accepted, the rules allow a swap and the word is typed. */
export function confirmDisabled(a: {
  quoteChanged: boolean;
  buttonKind: string;
  impactLevel: number;
  confirmWord: string;
}): boolean {
  return (
    a.quoteChanged ||
    a.buttonKind !== "swap" ||
    (needsConfirmWord(a.impactLevel) && a.confirmWord.trim().toLowerCase() !== PRICE_IMPACT_CONFIRM_WORD)
  );
}

/** The open dialog's quote differs from the newest one (a re-quote): the user accepts the new one first. */
export function quoteChangedUnder(open: boolean, shown: Quote | null, current: Quote | null): boolean {
  return open && !!shown && (!current || !sameQuote(shown, current));
}

/** The line under the fields while there is a request: fetching, no route, too little liquidity, or the quote's error. */
export function quoteNotice(a: {
  wrap: boolean;
  hasRequest: boolean;
  loading: boolean;
  quoted: boolean;
  hasQuote: boolean;
  error: string | null;
  /** The typed output is more than the route's pools hold. */
  insufficientLiquidity?: boolean;
}): "fetching" | "noRoute" | "insufficientLiquidity" | "error" | null {
  if (a.wrap || !a.hasRequest) return null;
  if (a.loading) return "fetching";
  if (a.error) return "error";
  if (a.insufficientLiquidity) return "insufficientLiquidity";
  if (a.quoted && !a.hasQuote) return "noRoute";
  return null;
}

/** The native coin for the input side when nothing else applies (a new network starts over). */
export function keepOnChain(tk: SwapToken | null, chainId: number, fallback: SwapToken | null): SwapToken | null {
  return tk && tk.chainId === chainId ? tk : fallback;
}

export type MainButtonView = {
  /** A swap-path message, or a key of the swap namespace (`{{symbol}}`: the input token). */
  label: { message: SwapMessage } | { key: string };
  disabled: boolean;
  loading: boolean;
  danger: boolean;
};

/** The main button for core's button state (or the wrap mode): label, and whether it is off, busy or red. */
export function mainButtonView(
  state: SwapButtonState,
  wrap: "wrap" | "unwrap" | null,
  wrapError: SwapMessage | null,
  busy: null | "approve" | "swap" | "wrap",
): MainButtonView {
  const view = (label: MainButtonView["label"], o: Partial<Omit<MainButtonView, "label">> = {}): MainButtonView => ({
    label,
    disabled: o.disabled ?? false,
    loading: o.loading ?? false,
    danger: o.danger ?? false,
  });
  if (wrap) {
    if (wrapError) return view({ message: wrapError }, { disabled: true });
    if (busy === "wrap")
      return view({ key: wrap === "wrap" ? "wrapping" : "unwrapping" }, { disabled: true, loading: true });
    return view({ key: wrap });
  }
  switch (state.kind) {
    case "error":
      return view({ message: state.message }, { disabled: true });
    case "loading":
      return view({ key: "fetchingQuote" }, { disabled: true, loading: true });
    case "approve":
      return view({ key: "approve" }, { disabled: busy !== null });
    case "approving":
      return view({ key: "approving" }, { disabled: true, loading: true });
    case "quoteFailed":
      return view({ key: "priceUnavailable" }, { disabled: true });
    case "readFailed":
      return view({ key: "readFailed" }, { disabled: true });
    case "resolving":
      return view({ key: "resolvingRecipient" }, { disabled: true, loading: true });
    case "checking":
      return view({ key: "checking" }, { disabled: true, loading: true });
    case "impactTooHigh":
      return view({ key: "impactTooHigh" }, { disabled: true, danger: true });
    case "swap":
      return view(
        { key: busy === "swap" ? "swapping" : state.anyway ? "swapAnyway" : "swap" },
        { danger: state.anyway, disabled: busy !== null, loading: busy === "swap" },
      );
  }
}
