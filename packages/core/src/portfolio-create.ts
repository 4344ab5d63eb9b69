/**
 * The create wizard's rules (spec 001 §3 create form and per-token allocation, §4 allocation, §5
 * percent, startPrice, tokens, name and symbol, §9 totals): the basis-point allocation and its
 * re-spread, every field's validator with the spec's message keys, and the factory's `create`
 * arguments (USD prices and the start price with 18 decimals). One home for each rule: the web
 * wizard shows these keys, its tests and this file's tests check them.
 */
import { parseUnits } from "viem";
import { z } from "zod";
import { apiTokenSchema } from "./api-schemas.ts";

// ------------------------------------------------------------------ limits

/** Spec 001 §9: the allocation total. */
export const CREATE_TOTAL_BPS = 10_000;
/** Spec 001 §5: the slider's smallest share (every other token keeps at least this). */
export const CREATE_MIN_BPS = 1;
/** Spec 001 §5: the smallest percent an input takes. */
export const CREATE_MIN_PERCENT = 0.01;
/** PortfolioFactory.MAX_COMPONENTS. */
export const CREATE_MAX_TOKENS = 16;
/** Spec 001 §5 (and PortfolioFactory.MAX_NAME_LENGTH, counted in UTF-8 bytes there). */
export const CREATE_NAME_MAX = 32;
/** Spec 001 §5 (and PortfolioFactory.MAX_SYMBOL_LENGTH). */
export const CREATE_SYMBOL_MAX = 10;
/** Spec 001 §5: the start price is at least 1 (PortfolioFactory.MIN_START_PRICE). */
export const CREATE_START_PRICE_MIN = 1;
/** PortfolioFactory.MAX_START_PRICE: 1e12 USD. */
export const CREATE_START_PRICE_MAX = 1e12;
/** Spec 001 §3, §9: the start price the form starts with. */
export const CREATE_START_PRICE_DEFAULT = "100";

/**
 * Message keys of spec 001 §5 (the spec's own key names, typos included; the web app's i18n has a
 * text for each), plus three the spec leaves to us: a name or symbol over its length, a symbol the
 * factory refuses (spaces, control characters) and too many tokens.
 */
export const CREATE_ERRORS = {
  percentRight: "please_input_right_percent",
  percentEmpty: "please_input_percent",
  tokensRequired: "please_select_tokens",
  /** Spec 001 §5: "name: required (message shown is please_select_tokens)". */
  nameRequired: "please_select_tokens",
  nameTooLong: "name_too_long",
  symbolRequired: "please_input_your_username",
  symbolTooLong: "symbol_too_long",
  symbolInvalid: "symbol_invalid",
  startPriceRight: "please_input_right_staring_price",
  startPriceEmpty: "please_input_starting_price",
  tooManyTokens: "too_many_tokens",
} as const;
export type CreateErrorKey = (typeof CREATE_ERRORS)[keyof typeof CREATE_ERRORS];

// ------------------------------------------------------------------ validators

const TWO_DECIMALS_RE = /^\d+(\.\d{1,2})?$/;

/**
 * The largest percent an input of `tokens` tokens takes: 100 − 0.01 × tokens (spec 001 §5); a
 * single token holds the whole 100 (its share is not editable).
 */
export function maxPercent(tokens: number): number {
  return tokens <= 1 ? 100 : Math.round((100 - CREATE_MIN_PERCENT * tokens) * 100) / 100;
}

/** Spec 001 §5 per-token percent: a number with at most 2 decimals, ≥ 0.01, ≤ maxPercent(tokens). */
export function percentProblem(text: string, tokens: number): CreateErrorKey | null {
  const v = text.trim();
  if (v === "") return CREATE_ERRORS.percentEmpty;
  if (!TWO_DECIMALS_RE.test(v)) return CREATE_ERRORS.percentRight;
  const bps = percentToBps(v);
  if (bps < CREATE_MIN_PERCENT * 100 || bps > Math.round(maxPercent(tokens) * 100)) return CREATE_ERRORS.percentRight;
  return null;
}

/** Spec 001 §5 startPrice: required, a number ≥ 1 with at most 2 decimals (and ≤ the factory's maximum). */
export function startPriceProblem(text: string): CreateErrorKey | null {
  const v = text.trim();
  if (v === "") return CREATE_ERRORS.startPriceEmpty;
  if (!TWO_DECIMALS_RE.test(v)) return CREATE_ERRORS.startPriceRight;
  const n = Number(v);
  if (!(n >= CREATE_START_PRICE_MIN) || n > CREATE_START_PRICE_MAX) return CREATE_ERRORS.startPriceRight;
  return null;
}

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** Spec 001 §5 name: required (its message is please_select_tokens), at most 32 (UTF-8 bytes, as the factory counts). */
export function nameProblem(text: string): CreateErrorKey | null {
  const v = text.trim();
  if (v === "") return CREATE_ERRORS.nameRequired;
  if (utf8Length(v) > CREATE_NAME_MAX) return CREATE_ERRORS.nameTooLong;
  return null;
}

/** Spec 001 §3: the symbol is upper-cased on submit (and trimmed). */
export function normalizeSymbol(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * Spec 001 §5 symbol: required (please_input_your_username), at most 10; upper-cased first, and no
 * spaces or control characters inside (the factory refuses them).
 */
export function symbolProblem(text: string): CreateErrorKey | null {
  const v = normalizeSymbol(text);
  if (v === "") return CREATE_ERRORS.symbolRequired;
  if (utf8Length(v) > CREATE_SYMBOL_MAX) return CREATE_ERRORS.symbolTooLong;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\s\u0000-\u001f\u007f]/.test(v) || /[a-z]/.test(v)) return CREATE_ERRORS.symbolInvalid;
  return null;
}

/** Spec 001 §5 tokens: at least one (please_select_tokens), at most the factory's 16. */
export function tokensProblem(count: number): CreateErrorKey | null {
  if (count < 1) return CREATE_ERRORS.tokensRequired;
  if (count > CREATE_MAX_TOKENS) return CREATE_ERRORS.tooManyTokens;
  return null;
}

// ------------------------------------------------------------------ allocation

/** Spec 001 §3 per-token allocation: `percent` in basis points (all of them sum to 10000). */
export type Allocation = {
  address: string;
  decimals: number;
  price_usd: number;
  percent: number;
  locked: boolean;
};

/** "33.33" → 3333 (the text must pass `percentProblem`'s number shape). */
export function percentToBps(text: string): number {
  const [whole = "0", frac = ""] = text.trim().split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0").slice(0, 2));
}

/** 3333 → "33.33". */
export function bpsToPercent(bps: number): string {
  return (bps / 100).toFixed(2);
}

/** `total` shared by `n` tokens equally, the remainder to the last (spec 001 §4). */
export function equalShares(total: number, n: number): number[] {
  if (n <= 0) return [];
  const each = Math.floor(total / n);
  const out = Array.from({ length: n }, () => each);
  out[n - 1] = total - each * (n - 1);
  return out;
}

/**
 * Spec 001 §4: locked tokens keep their share, unlocked ones share the rest equally (remainder to
 * the last unlocked). `pinned` (the token a slider moves) keeps its share too without being locked.
 * When nobody can take the rest (every token locked), the last token takes it and is unlocked.
 */
export function respread(list: readonly Allocation[], pinned?: string): Allocation[] {
  if (list.length === 0) return [];
  const out = list.map((a) => ({ ...a }));
  const keeps = (a: Allocation) => a.locked || a.address === pinned;
  let free = out.filter((a) => !keeps(a));
  if (free.length === 0) {
    const sum = out.reduce((s, a) => s + a.percent, 0);
    if (sum === CREATE_TOTAL_BPS) return out;
    const last = out[out.length - 1] as Allocation;
    last.locked = false;
    if (last.address === pinned || out.length === 1) {
      last.percent += CREATE_TOTAL_BPS - sum;
      return out;
    }
    free = [last];
  }
  const kept = out.filter(keeps).reduce((s, a) => s + a.percent, 0);
  // What the kept ones hold is capped so every free token keeps at least 1 basis point.
  const rest = CREATE_TOTAL_BPS - kept;
  if (rest < free.length * CREATE_MIN_BPS) return spreadAll(out);
  const shares = equalShares(rest, free.length);
  free.forEach((a, i) => {
    a.percent = shares[i] as number;
  });
  return out;
}

/** Every token unlocked, the total shared equally (the way out of an impossible state). */
function spreadAll(list: Allocation[]): Allocation[] {
  const shares = equalShares(CREATE_TOTAL_BPS, list.length);
  return list.map((a, i) => ({ ...a, locked: false, percent: shares[i] as number }));
}

/** Adds an unlocked token (no-op when it is there) and re-spreads (spec 001 §4). */
export function addAllocation(
  list: readonly Allocation[],
  token: Omit<Allocation, "percent" | "locked">,
): Allocation[] {
  if (list.some((a) => sameAddress(a.address, token.address))) return [...list];
  return respread([...list, { ...token, percent: 0, locked: false }]);
}

/** Removes a token and its allocation; the rest re-spreads among the unlocked (spec 001 §4). */
export function removeAllocation(list: readonly Allocation[], address: string): Allocation[] {
  return respread(list.filter((a) => !sameAddress(a.address, address)));
}

/**
 * Orders and re-spreads `list` to hold exactly `addresses` (a multi-select's value): kept tokens keep
 * their share and lock, new ones come from `lookup`.
 */
export function syncAllocations(
  list: readonly Allocation[],
  addresses: readonly string[],
  lookup: (address: string) => Omit<Allocation, "percent" | "locked"> | undefined,
): Allocation[] {
  let out: Allocation[] = [...list];
  for (const a of list) {
    if (!addresses.some((x) => sameAddress(x, a.address))) out = removeAllocation(out, a.address);
  }
  for (const address of addresses) {
    if (out.some((a) => sameAddress(a.address, address))) continue;
    const token = lookup(address);
    if (token) out = addAllocation(out, token);
  }
  return out;
}

/** Whether the token's slider moves: not locked and at least one other token unlocked (spec 001 §4). */
export function sliderEnabled(list: readonly Allocation[], address: string): boolean {
  const a = list.find((x) => sameAddress(x.address, address));
  if (!a || a.locked) return false;
  return list.filter((x) => !x.locked).length > 1;
}

/**
 * The largest share `address` may take: every other token keeps at least 1 basis point and locked
 * ones keep theirs (spec 001 §5).
 */
export function maxShare(list: readonly Allocation[], address: string): number {
  let others = 0;
  for (const a of list) {
    if (sameAddress(a.address, address)) continue;
    others += a.locked ? a.percent : CREATE_MIN_BPS;
  }
  return Math.max(CREATE_MIN_BPS, CREATE_TOTAL_BPS - others);
}

/**
 * A slider move or a valid percent typed (spec 001 §4): the token takes `bps` (clamped to 1 ..
 * maxShare), the other unlocked tokens share the rest. Unchanged when the slider is disabled.
 */
export function setShare(list: readonly Allocation[], address: string, bps: number): Allocation[] {
  if (!sliderEnabled(list, address)) return [...list];
  const v = Math.min(Math.max(Math.round(bps), CREATE_MIN_BPS), maxShare(list, address));
  const next = list.map((a) => (sameAddress(a.address, address) ? { ...a, percent: v } : { ...a }));
  return respread(next, list.find((a) => sameAddress(a.address, address))?.address);
}

/** Locks or unlocks a token's share (the total does not change). */
export function setLocked(list: readonly Allocation[], address: string, locked: boolean): Allocation[] {
  return list.map((a) => (sameAddress(a.address, address) ? { ...a, locked } : { ...a }));
}

/** The allocation's sum (10000 whenever the list is not empty). */
export function totalBps(list: readonly Allocation[]): number {
  return list.reduce((s, a) => s + a.percent, 0);
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

// ------------------------------------------------------------------ tokens and search

/** `GET /sofi/tokens`: the chain's tokens with their USD price (the wizard's prices). */
export const apiTokenListSchema = z.array(apiTokenSchema);

/** A component can be chosen when the server has a USD price for it (the factory needs one). */
export function hasUsdPrice(token: { price_usd: number }): boolean {
  return Number.isFinite(token.price_usd) && token.price_usd > 0 && token.price_usd <= CREATE_START_PRICE_MAX;
}

/**
 * The tokens a `?search=` term preselects (spec 001 §2 `/sts/create?search={term}`): a symbol equal
 * to the term or to one of its words (the AI box's picks, symbols joined by spaces), a tag equal
 * to the term or one of its words (the home's interest topics AI, meme, RWA, Defi, Base Ecosystem
 * are the tokens' tags), a symbol or name word starting with a short term, or a
 * symbol or name containing a term of 4 characters or more. At most 16.
 */
export function searchMatches<T extends { symbol: string; name: string; tags?: readonly string[] }>(
  tokens: readonly T[],
  term: string,
): T[] {
  const q = term.trim().toLowerCase();
  if (q === "") return [];
  const words = q.split(/\s+/).filter((w) => w.length >= 2);
  const hit = (t: T) => {
    const symbol = t.symbol.toLowerCase();
    const name = t.name.toLowerCase();
    if (
      symbol === q ||
      words.includes(symbol) ||
      (t.tags ?? []).some((tag) => tag.toLowerCase() === q || words.includes(tag.toLowerCase()))
    )
      return true;
    // Short terms match a symbol's or a name word's start ("ai" is not RAI or DAI); longer ones anywhere.
    if (q.length >= 4) return symbol.includes(q) || name.includes(q);
    return q.length >= 2 && (symbol.startsWith(q) || name.split(/\s+/).some((w) => w.startsWith(q)));
  };
  return tokens.filter(hit).slice(0, CREATE_MAX_TOKENS);
}

// ------------------------------------------------------------------ the factory call

/** A USD price (a float from the API) with 18 decimals. */
export function usdToE18(price: number): bigint {
  if (!Number.isFinite(price) || price <= 0) return 0n;
  // 18 decimals of a double are noise past ~17 significant digits; toFixed keeps it exact enough.
  return parseUnits(price.toFixed(18), 18);
}

/** The start price text (passes `startPriceProblem`) with 18 decimals. */
export function startPriceE18(text: string): bigint {
  return parseUnits(text.trim(), 18);
}

/**
 * PortfolioFactory.create's CreateParams from the wizard (spec 001 §7: token addresses, amounts,
 * the modules, the owner, the name and the upper-case symbol).
 */
export function createParams(a: {
  allocations: readonly Allocation[];
  startPrice: string;
  modules: readonly `0x${string}`[];
  manager: `0x${string}`;
  name: string;
  symbol: string;
}) {
  return {
    components: a.allocations.map((x) => x.address as `0x${string}`),
    allocations: a.allocations.map((x) => BigInt(x.percent)),
    prices: a.allocations.map((x) => usdToE18(x.price_usd)),
    startPrice: startPriceE18(a.startPrice),
    modules: [...a.modules],
    manager: a.manager,
    name: a.name.trim(),
    symbol: normalizeSymbol(a.symbol),
  };
}
