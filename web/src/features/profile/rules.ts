import { PORTFOLIO_ERRORS, PORTFOLIO_ICON_MAX_BYTES } from "@sofi/core";

/**
 * The profile page's rules (spec 001 §2 /sts/profile/{address}/{tab}, §5 images, §6 profile owner):
 * which tab a URL shows, whose profile it is, what the wallet table lists and at what price, what an
 * avatar file may be, and the order of the transactions tab. Pure functions, each tested.
 */

/** Spec 001 §2: 1 overview, 2 participated, 3 created, 4 transactions, 5 followers, 6 following. */
export const PROFILE_TABS = ["1", "2", "3", "4", "5", "6"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The tab a URL segment names; missing or unknown falls back to 1 (the overview). */
export function parseTab(v: string | undefined): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(v ?? "") ? (v as ProfileTab) : "1";
}

/** One part of a tab: the profile's own or a `profile.tabs` contribution (its tab, label, order, audience). */
export type TabPart = {
  id: string;
  tab: string;
  order?: number;
  labelKey: string;
  ns: string;
  visibleTo: "own" | "anyone";
};

/** A tab key's place: numbers in their order (1 … 6, then later ones), other keys after them. */
const tabRank = (tab: string) => (/^\d+$/.test(tab) ? Number(tab) : Number.MAX_SAFE_INTEGER);

/**
 * The tabs shown (spec 001 §2, issue 17): the parts one may see (own-only parts on one's own profile
 * only) grouped by tab, each tab's parts in order (the first names the tab), tabs in their keys'
 * order. A tab with no part one may see is not shown.
 */
export function profileTabs<P extends TabPart>(
  parts: readonly P[],
  own: boolean,
): { tab: string; labelKey: string; ns: string; parts: P[] }[] {
  const byTab = new Map<string, P[]>();
  for (const p of parts) {
    if (p.visibleTo === "own" && !own) continue;
    byTab.set(p.tab, [...(byTab.get(p.tab) ?? []), p]);
  }
  return [...byTab.entries()]
    .sort(([a], [b]) => tabRank(a) - tabRank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([tab, list]) => {
      const sorted = list.map((p, i) => ({ p, i })).sort((a, b) => (a.p.order ?? 0) - (b.p.order ?? 0) || a.i - b.i);
      const first = (sorted[0] as { p: P }).p;
      return { tab, labelKey: first.labelKey, ns: first.ns, parts: sorted.map((x) => x.p) };
    });
}

/** Spec 001 §6: the profile owner is the connected account (compared without case). */
export function isOwnProfile(account: string | undefined, address: string): boolean {
  return !!account && account.toLowerCase() === address.toLowerCase();
}

/** Every portfolio of a list in one read (spec 001 §7 "up to 1000"). */
export const PROFILE_PORTFOLIOS_MAX = 1000;

/** Spec 001 §9: follow is debounced 2 s. */
export const FOLLOW_DEBOUNCE_MS = 2_000;

// ------------------------------------------------------------------ wallet table

export type WalletToken = {
  /** `native` or the token's address. */
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  /** USD price as the API knows it (null when it has none). */
  price: number | null;
  /** A portfolio's token (its Trade link opens the portfolio). */
  portfolio?: boolean;
};

export type WalletRow = WalletToken & {
  key: string;
  balance: bigint | undefined;
  /** The balance as a number of whole tokens (undefined while unknown). */
  amount: number | undefined;
  /** USD value (undefined while the balance or the price is unknown). */
  value: number | undefined;
  /** Where Trade goes: the portfolio page, or the swap with this token as input. */
  tradeHref: string;
};

/** Spec 001 §2 "price of 1 assumed for USDT"; every other token keeps the API's price. */
export function tokenPrice(symbol: string, apiPrice: number | null): number | null {
  if (symbol.toUpperCase() === "USDT") return 1;
  return apiPrice !== null && Number.isFinite(apiPrice) ? apiPrice : null;
}

/** Spec 001 §2: portfolio tokens trade on their page; other tokens on the swap. */
export function tradeHref(t: Pick<WalletToken, "address" | "portfolio" | "symbol">): string {
  if (t.portfolio) return `/sts/portfolio/${t.address}`;
  const input = t.address === "native" ? t.symbol : t.address;
  return `/aggregateSwap?inputCurrency=${encodeURIComponent(input)}`;
}

function toNumber(balance: bigint, decimals: number): number {
  const base = 10n ** BigInt(decimals);
  return Number(balance / base) + Number(balance % base) / Number(base);
}

/**
 * The wallet table's rows (spec 001 §2): one per token (a token listed twice appears once), its
 * balance, USDT priced at 1, the value, the Trade link; zero balances (and balances still being
 * read) hidden unless `showZero`. Largest value first.
 */
export function walletRows(
  tokens: readonly WalletToken[],
  balances: Record<string, bigint | undefined>,
  showZero: boolean,
): WalletRow[] {
  const seen = new Set<string>();
  const rows: WalletRow[] = [];
  for (const t of tokens) {
    const key = t.address === "native" ? "native" : t.address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const balance = balances[key];
    if (!showZero && (balance === 0n || balance === undefined)) continue;
    const price = tokenPrice(t.symbol, t.price);
    const amount = balance === undefined ? undefined : toNumber(balance, t.decimals);
    const value = amount === undefined || price === null ? undefined : amount * price;
    rows.push({ ...t, price, key, balance, amount, value, tradeHref: tradeHref(t) });
  }
  return rows.sort((a, b) => (b.value ?? -1) - (a.value ?? -1));
}

/** The total USD value of the rows whose value is known. */
export function walletTotal(rows: readonly WalletRow[]): number {
  return rows.reduce((s, r) => s + (r.value ?? 0), 0);
}

// ------------------------------------------------------------------ avatar

/** What a file's first bytes say it is: PNG, JPEG, or neither. */
export function sniffImage(head: Uint8Array): "png" | "jpeg" | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return "png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  return null;
}

/**
 * Spec 001 §5 "Images JPG or PNG ('You can only upload JPG/PNG file!') and under 2MB ('Image must
 * smaller than 2MB!')": the declared type, then the first bytes (a renamed file is refused), then
 * the size. Returns the spec's text, or null when the file may be uploaded.
 */
export function avatarProblem(file: { type: string; size: number }, head: Uint8Array): string | null {
  if (file.type !== "image/png" && file.type !== "image/jpeg") return PORTFOLIO_ERRORS.iconType;
  if (sniffImage(head) === null) return PORTFOLIO_ERRORS.iconType;
  if (file.size >= PORTFOLIO_ICON_MAX_BYTES) return PORTFOLIO_ERRORS.iconSize;
  return null;
}

// ------------------------------------------------------------------ transactions

export type ProfileTx = {
  key: string;
  txid: string;
  /** Unix seconds. */
  created_at: number;
  kind: "swap" | "buy" | "sell";
  token_in_symbol: string;
  token_out_symbol: string;
  token_in_amount: string;
  token_out_amount: string;
  /** The portfolio of a buy or sell. */
  portfolio?: string;
};

/** Swaps and portfolio trades together, newest first (ties: the later key first, stable). */
export function mergeTransactions(a: readonly ProfileTx[], b: readonly ProfileTx[]): ProfileTx[] {
  return [...a, ...b].sort((x, y) => y.created_at - x.created_at || (x.key < y.key ? 1 : x.key > y.key ? -1 : 0));
}

/** A base-unit amount as a short decimal string (up to 6 decimals). */
export function shortUnits(amount: string, decimals: number | null): string {
  let n: bigint;
  try {
    n = BigInt(amount);
  } catch {
    return amount;
  }
  const d = decimals ?? 18;
  const base = 10n ** BigInt(d);
  const frac = (n % base).toString().padStart(d, "0").slice(0, 6).replace(/0+$/, "");
  return `${(n / base).toLocaleString("en-US")}${frac ? `.${frac}` : ""}`;
}

/** A decimal string with at most 6 decimals (the portfolio transactions arrive as whole-token decimals). */
export function shortDecimal(v: string): string {
  const m = /^(-?\d+)(?:\.(\d+))?$/.exec(v);
  if (!m) return v;
  const frac = (m[2] ?? "").slice(0, 6).replace(/0+$/, "");
  return `${Number(m[1]).toLocaleString("en-US")}${frac ? `.${frac}` : ""}`;
}
