/**
 * Token search of the token selector (spec 000 §5): empty query returns all; a valid address
 * matches exactly; otherwise every whitespace-separated term must be a prefix or suffix of a word
 * in the symbol or the name. Sort: exact symbol matches first, then symbol prefix matches, then
 * the rest, each group keeping the input order.
 */
import { isAddress } from "./validation.ts";

export type SearchableToken = { address: string; symbol?: string | null; name?: string | null };

function terms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((s) => s.length > 0);
}

function words(text: string | null | undefined): string[] {
  return text ? terms(text) : [];
}

/** True when `token` matches `query` under the spec's rules. */
export function tokenMatchesQuery(token: SearchableToken, query: string): boolean {
  const q = query.trim();
  if (q.length === 0) return true;
  if (isAddress(q)) return token.address.toLowerCase() === q.toLowerCase();
  const parts = [...words(token.symbol), ...words(token.name)];
  return terms(q).every((term) => parts.some((w) => w.startsWith(term) || w.endsWith(term)));
}

/** The tokens matching `query`, in input order. */
export function filterTokens<T extends SearchableToken>(tokens: readonly T[], query: string): T[] {
  const q = query.trim();
  if (q.length === 0) return [...tokens];
  return tokens.filter((t) => tokenMatchesQuery(t, q));
}

/** Exact symbol matches first, then symbol prefix matches, then the rest (stable). One-term queries only. */
export function sortTokensByQuery<T extends SearchableToken>(tokens: readonly T[], query: string): T[] {
  const t = terms(query);
  const first = t[0];
  if (t.length !== 1 || first === undefined) return [...tokens];
  const exact: T[] = [];
  const prefix: T[] = [];
  const rest: T[] = [];
  for (const token of tokens) {
    const symbol = (token.symbol ?? "").toLowerCase();
    if (symbol === first) exact.push(token);
    else if (symbol.startsWith(first)) prefix.push(token);
    else rest.push(token);
  }
  return [...exact, ...prefix, ...rest];
}

/** Filter then sort: what the selector shows for a query. */
export function searchTokens<T extends SearchableToken>(tokens: readonly T[], query: string): T[] {
  return sortTokensByQuery(filterTokens(tokens, query), query);
}
