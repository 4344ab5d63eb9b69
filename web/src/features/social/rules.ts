// The social feed's small rules (spec 002 §2 "Social feed"): which topic a tab and a chosen topic read,
// relative and exact times, a post's text split into plain text and mentions (rendered as text, never
// HTML), amounts, and which live events count toward the "N new posts" bar.
import { normalTopic, type PostStreamEvent, type SocialPost, topicKind } from "@sofi/core";

export type FeedTab = "all" | "post" | "tx";
export const FEED_TABS: readonly FeedTab[] = ["all", "post", "tx"];
/** Posts per page of the infinite list. */
export const FEED_PAGE = 20;
/** How often the trending topics are read again while the page is open. */
export const TRENDING_REFRESH_MS = 60_000;
/** How often relative times are redrawn. */
export const CLOCK_TICK_MS = 30_000;

/** The tab and chosen topic of `/social?tab=&topic=` (anything else: all, no topic). */
export function feedParams(search: URLSearchParams): { tab: FeedTab; topic: string | null } {
  const tab = search.get("tab");
  const topic = search.get("topic");
  const valid = topic && /^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(topic) && topic !== "tx" && topic !== "post";
  return {
    tab: tab === "post" || tab === "tx" ? tab : "all",
    topic: valid ? normalTopic(topic) : null,
  };
}

/** The `topic` the feed asks the API for: a chosen token or tag, else the tab's (`post`, `tx`), else none. */
export function apiTopic(tab: FeedTab, topic: string | null): string | undefined {
  if (topic) return topic;
  return tab === "all" ? undefined : tab;
}

/** A topic as the screen names it: `$RAI`, `#defi`. */
export function topicLabel(topic: string): string {
  return topicKind(topic) === "token" ? `$${topic}` : `#${topic}`;
}

/** Relative time of `ts` (unix s) at `nowMs`: "3 minutes ago", in the reader's language. */
export function relativeTime(ts: number, nowMs: number, lang: string, justNow: string): string {
  const diff = Math.round(ts - nowMs / 1000);
  if (Math.abs(diff) < 45) return justNow;
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  const abs = Math.abs(diff);
  if (abs < 3600) return rtf.format(Math.round(diff / 60), "minute");
  if (abs < 86_400) return rtf.format(Math.round(diff / 3600), "hour");
  if (abs < 30 * 86_400) return rtf.format(Math.round(diff / 86_400), "day");
  if (abs < 365 * 86_400) return rtf.format(Math.round(diff / (30 * 86_400)), "month");
  return rtf.format(Math.round(diff / (365 * 86_400)), "year");
}

/** The exact time of the tooltip: YYYY-MM-DD HH:mm:ss (local). */
export function exactTime(ts: number): string {
  const d = new Date(ts * 1000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export type TextPart = { kind: "text"; text: string } | { kind: "symbol" | "tag"; text: string; topic: string };

/**
 * A post's text in parts: plain text, `$SYMBOL` and `#tag` mentions (as core's mention rules read
 * them: not inside a word, not after another sigil). The screen renders every part as text.
 */
export function textParts(text: string): TextPart[] {
  const out: TextPart[] = [];
  const re = /([$#])([A-Za-z][A-Za-z0-9_]*)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0;
    const before = at > 0 ? (text[at - 1] as string) : "";
    const sigil = m[1] as string;
    let word = m[2] as string;
    if (sigil === "$") word = (/^[A-Za-z][A-Za-z0-9]{0,11}/.exec(word)?.[0] ?? "") as string;
    else word = word.slice(0, 32);
    const next = text[at + 1 + word.length] ?? "";
    if (/[\w$#]/.test(before) || /\w/.test(next) || !word) continue;
    if (at > last) out.push({ kind: "text", text: text.slice(last, at) });
    out.push(
      sigil === "$"
        ? { kind: "symbol", text: `$${word}`, topic: word.toUpperCase() }
        : { kind: "tag", text: `#${word}`, topic: word.toLowerCase() },
    );
    last = at + 1 + word.length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
  return out;
}

/** A whole-unit amount for reading: grouped, at most 4 decimals (6 significant under 1). */
export function formatAmount(whole: string, lang: string): string {
  const n = Number(whole);
  if (!Number.isFinite(n)) return whole;
  const fmt = new Intl.NumberFormat(
    lang,
    n !== 0 && Math.abs(n) < 1 ? { maximumSignificantDigits: 6 } : { maximumFractionDigits: 4 },
  );
  return fmt.format(n);
}

/** The newest post id a page holds ("0" without posts): where the live stream starts. */
export function newestPostId(items: readonly SocialPost[]): string {
  let best = 0n;
  for (const p of items) if (p.kind === "post" && /^\d+$/.test(p.id) && BigInt(p.id) > best) best = BigInt(p.id);
  return String(best);
}

/** Whether a live event is a new post for this view: newer, not the reader's own, on the chosen topic. */
export function countsAsNew(
  ev: PostStreamEvent,
  o: { since: string; me?: string; tab: FeedTab; topic: string | null; shown: ReadonlySet<string> },
): boolean {
  if (o.tab === "tx") return false;
  if (!/^\d+$/.test(ev.id) || BigInt(ev.id) <= BigInt(o.since)) return false;
  if (o.shown.has(ev.id)) return false;
  if (o.me && ev.author === o.me.toLowerCase()) return false;
  return !o.topic || ev.topics.includes(o.topic);
}
