/**
 * The AI portfolio builder of spec 001 (issue 11): §2 the home's AI box ("Build your portfolio with
 * AI", taking an interest phrase) and interest view ("What's your interest?", quick topics AI, meme,
 * RWA, Defi, Base Ecosystem), §5 "AI interest box requires a non-empty term", §7 `POST /sofi/ai`
 * (payload `message`, answer tokens and message).
 *
 * The offline ranking lives here, pure and deterministic: allow-listed tokens scored by their tags
 * (through each topic's synonyms), symbols, name words and, as a tie-breaker, the indexed market
 * data (24 h volume and change); the reasons behind each pick build the reply's message in English
 * or Korean. The server uses it by default and whenever the configured model fails.
 *
 * A configured model only chooses and orders tokens of the allow-list (`modelAnswer`), optionally
 * with a reason kind per pick from a fixed set; its free text is never shown (issue 24): the reply's
 * message and each pick's reason are built here, from templates, the picks and the facts.
 */
import { z } from "zod";
import { textProblem } from "./validation.ts";

// ------------------------------------------------------------------ limits and texts

/** Longest interest phrase (characters). */
export const AI_MESSAGE_MAX = 200;
/** Most tokens one answer picks. */
export const AI_MAX_PICKS = 6;

/** Spec 001 §5 "AI interest box requires a non-empty term" and the endpoint's other texts. */
export const AI_ERRORS = {
  required: "Please enter your interest",
  tooLong: `message must be at most ${AI_MESSAGE_MAX} characters`,
  invalid: "message must be text without control characters",
  lang: "lang must be en or ko",
} as const;

/** Spec 001 §2: the interest view's quick topics, in the spec's order and spelling. */
export const AI_TOPICS = ["AI", "meme", "RWA", "Defi", "Base Ecosystem"] as const;
export type AiTopic = (typeof AI_TOPICS)[number];

export const AI_LANGS = ["en", "ko"] as const;
export type AiLang = (typeof AI_LANGS)[number];

// ------------------------------------------------------------------ schemas

/** `POST /sofi/ai`: the interest phrase (spec 001 §7 `message`), trimmed; the reply's language. */
export const aiRequestSchema = z.object({
  message: z
    .string({ message: AI_ERRORS.required })
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (v === "") ctx.addIssue({ code: "custom", message: AI_ERRORS.required });
      else if (v.length > AI_MESSAGE_MAX) ctx.addIssue({ code: "custom", message: AI_ERRORS.tooLong });
      else if (textProblem(v, AI_MESSAGE_MAX)) ctx.addIssue({ code: "custom", message: AI_ERRORS.invalid });
    }),
  lang: z.enum(AI_LANGS, { message: AI_ERRORS.lang }).optional().default("en"),
});
export type AiRequest = z.input<typeof aiRequestSchema>;

/** One picked token: an allow-listed address with its symbol and name, and why it was picked. */
export const aiPickSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  reason: z.string(),
});
export type AiPickReply = z.infer<typeof aiPickSchema>;

/** The answer: the picks (allow-listed only), the message explaining them, and who chose. */
export const aiReplySchema = z.object({
  tokens: z.array(aiPickSchema).max(AI_MAX_PICKS),
  message: z.string(),
  source: z.enum(["offline", "model"]),
});
export type AiReply = z.infer<typeof aiReplySchema>;

// ------------------------------------------------------------------ offline ranking

/** An allow-listed token with the indexed market data the ranking may use. */
export type AiCandidate = {
  address: string;
  symbol: string;
  name: string;
  tags: readonly string[];
  price_usd: number;
  /** 24 h USD price change in percent (null: no price a day ago). */
  change_24h: number | null;
  /** 24 h traded volume in USD over the indexed pools (0 when none). */
  volume_24h_usd: number;
};

/**
 * Why a token was picked. `model`: a model's pick that no fact explains (no tag, symbol or name in
 * the phrase); a model cannot choose it as a reason kind.
 */
export type AiReason =
  | { kind: "topic"; topic: string }
  | { kind: "symbol" }
  | { kind: "name"; word: string }
  | { kind: "market" }
  | { kind: "model" };

/** The reason kinds a model may give for a pick (`topic:<topic>` names one of AI_TOPIC_SYNONYMS). */
export const AI_REASON_KINDS = ["topic", "symbol", "name", "market"] as const;

export type AiRanked = AiCandidate & { score: number; reasons: AiReason[] };

/**
 * Topics: each matches tokens carrying one of its `tags`, and is asked for by any of its `words`
 * (the phrase's lower-cased words). "Defi" covers dex and lending tokens, "Base Ecosystem" the
 * base tag, and so on; a tag is also always its own word.
 */
export const AI_TOPIC_SYNONYMS: Record<string, { tags: readonly string[]; words: readonly string[] }> = {
  ai: {
    tags: ["ai", "agents", "compute"],
    words: [
      "ai",
      "artificial",
      "intelligence",
      "agent",
      "agents",
      "neural",
      "gpu",
      "gpus",
      "ml",
      "llm",
      "compute",
      "인공지능",
      "에이아이",
    ],
  },
  meme: {
    tags: ["meme"],
    words: ["meme", "memes", "memecoin", "memecoins", "doge", "inu", "frog", "pepe", "dog", "fun", "밈"],
  },
  rwa: {
    tags: ["rwa"],
    words: [
      "rwa",
      "real",
      "world",
      "asset",
      "assets",
      "tokenized",
      "treasury",
      "treasuries",
      "bill",
      "bond",
      "bonds",
      "gold",
      "실물",
      "자산",
    ],
  },
  defi: {
    tags: ["defi", "dex", "lending", "yield", "amm"],
    words: ["defi", "dex", "lending", "lend", "borrow", "yield", "amm", "swap", "finance", "decentralized", "디파이"],
  },
  base: {
    tags: ["base"],
    words: ["base", "based", "ecosystem", "coinbase", "베이스"],
  },
  stable: {
    tags: ["stable"],
    words: ["stable", "stables", "stablecoin", "stablecoins", "dollar", "usd", "safe", "safety", "스테이블"],
  },
  governance: {
    tags: ["governance"],
    words: ["governance", "dao", "vote", "voting", "거버넌스"],
  },
};

/** The phrase's words: lower-cased letters and digits (any script), at least one character each. */
export function phraseWords(phrase: string): string[] {
  return [
    ...new Set(
      phrase
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 0),
    ),
  ];
}

/** Topic keys the phrase asks for, in AI_TOPIC_SYNONYMS' order. */
export function phraseTopics(phrase: string): string[] {
  const words = new Set(phraseWords(phrase));
  return Object.entries(AI_TOPIC_SYNONYMS)
    .filter(([key, t]) => words.has(key) || t.words.some((w) => words.has(w)))
    .map(([key]) => key);
}

const TOPIC_SCORE = 100;
const SYMBOL_SCORE = 80;
const NAME_SCORE = 40;

const finite = (v: number | null) => (v !== null && Number.isFinite(v) ? v : 0);

/** The market tie-breaker: more 24 h volume first, then a higher 24 h change (0 when unknown). */
const byMarket = (a: AiCandidate, b: AiCandidate) =>
  finite(b.volume_24h_usd) - finite(a.volume_24h_usd) || finite(b.change_24h) - finite(a.change_24h);

/** A token the wizard can choose: a positive USD price (it is priced with it). */
const choosable = (c: AiCandidate) => Number.isFinite(c.price_usd) && c.price_usd > 0;

/** A phrase word (3+ characters) that starts one of the name's words, if any. */
const nameHit = (words: readonly string[], c: AiCandidate) => {
  const nameWords = phraseWords(c.name);
  return words.find((w) => w.length >= 3 && nameWords.some((n) => n.startsWith(w)));
};

/** Does the token carry one of the topic's tags? */
const hasTopic = (c: AiCandidate, topic: string) => {
  const tags = c.tags.map((t) => t.toLowerCase());
  return AI_TOPIC_SYNONYMS[topic]?.tags.some((t) => tags.includes(t)) ?? false;
};

/**
 * What the phrase's `words` and `topics` say about a token: +100 per asked topic among its tags,
 * +80 when its symbol is a phrase word, +40 for a name word (not with a symbol match), and those
 * reasons in that order.
 */
function phraseFacts(words: readonly string[], topics: readonly string[], c: AiCandidate) {
  const reasons: AiReason[] = [];
  let score = 0;
  for (const topic of topics) {
    if (hasTopic(c, topic)) {
      reasons.push({ kind: "topic", topic });
      score += TOPIC_SCORE;
    }
  }
  if (words.includes(c.symbol.toLowerCase())) {
    reasons.push({ kind: "symbol" });
    score += SYMBOL_SCORE;
  }
  const hit = nameHit(words, c);
  if (hit && !reasons.some((r) => r.kind === "symbol")) {
    reasons.push({ kind: "name", word: hit });
    score += NAME_SCORE;
  }
  return { score, reasons };
}

/**
 * The offline ranking: every choosable candidate scored against the phrase: +100 per asked topic
 * among its tags, +80 when its symbol is a phrase word, +40 when a name word starts with a phrase
 * word of 3 characters or more; ties go to more 24 h volume, then a higher 24 h change, then the symbol. Only tokens with a
 * reason from the phrase are picked; when none has one, the most traded tokens are (reason
 * `market`), stable coins last. Deterministic; no duplicate addresses; at most `max`.
 */
export function rankTokens(phrase: string, candidates: readonly AiCandidate[], max = AI_MAX_PICKS): AiRanked[] {
  const words = phraseWords(phrase);
  const topics = phraseTopics(phrase);
  const seen = new Set<string>();
  const unique = candidates.filter((c) => {
    const k = c.address.toLowerCase();
    if (seen.has(k) || !choosable(c)) return false;
    seen.add(k);
    return true;
  });
  const scored = unique.map((c): AiRanked => ({ ...c, ...phraseFacts(words, topics, c) }));
  const order = (a: AiRanked, b: AiRanked) =>
    b.score - a.score ||
    byMarket(a, b) ||
    (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0) ||
    (a.address < b.address ? -1 : 1);
  const relevant = scored.filter((s) => s.reasons.length > 0).sort(order);
  const limit = Math.max(0, Math.floor(max));
  if (relevant.length > 0) return relevant.slice(0, limit);
  const isStable = (s: AiRanked) => s.tags.some((t) => t.toLowerCase() === "stable");
  return scored
    .sort((a, b) => Number(isStable(a)) - Number(isStable(b)) || order(a, b))
    .slice(0, limit)
    .map((s) => ({ ...s, reasons: [{ kind: "market" }] }));
}

// ------------------------------------------------------------------ the message

const TOPIC_NAMES: Record<AiLang, Record<string, string>> = {
  en: {
    ai: "AI",
    meme: "meme",
    rwa: "RWA",
    defi: "DeFi",
    base: "Base ecosystem",
    stable: "stable",
    governance: "governance",
  },
  ko: {
    ai: "AI",
    meme: "밈",
    rwa: "RWA",
    defi: "디파이",
    base: "Base 생태계",
    stable: "스테이블",
    governance: "거버넌스",
  },
};

const pct = (v: number) => `${v >= 0 ? "+" : ""}${v.toFixed(1)}%`;
const usd = (v: number) =>
  v >= 1e6 ? `$${(v / 1e6).toFixed(1)}M` : v >= 1e3 ? `$${(v / 1e3).toFixed(1)}K` : `$${v.toFixed(0)}`;

/** One pick's reason as a short clause in `lang`. */
export function pickReason(p: AiRanked, lang: AiLang = "en"): string {
  const parts: string[] = [];
  for (const r of p.reasons) {
    const topic = r.kind === "topic" ? (TOPIC_NAMES[lang][r.topic] ?? r.topic) : "";
    if (lang === "ko") {
      if (r.kind === "topic") parts.push(`${topic} 태그`);
      else if (r.kind === "symbol") parts.push("심볼 일치");
      else if (r.kind === "name") parts.push(`이름에 "${r.word}" 포함`);
      else if (r.kind === "model") parts.push("AI 모델이 선택함");
      else parts.push("거래가 활발함");
    } else if (r.kind === "topic") parts.push(`tagged ${topic}`);
    else if (r.kind === "symbol") parts.push("symbol matches");
    else if (r.kind === "name") parts.push(`name matches "${r.word}"`);
    else if (r.kind === "model") parts.push("picked by the AI model");
    else parts.push("actively traded");
  }
  const market: string[] = [];
  if (p.volume_24h_usd > 0)
    market.push(lang === "ko" ? `24시간 거래량 ${usd(p.volume_24h_usd)}` : `24h volume ${usd(p.volume_24h_usd)}`);
  if (p.change_24h !== null && Number.isFinite(p.change_24h))
    market.push(lang === "ko" ? `24시간 ${pct(p.change_24h)}` : `24h ${pct(p.change_24h)}`);
  return [...parts, ...market].join(", ");
}

/** What the picks' reasons have in common: "tagged meme or AI or named in your words" (en), or in ko. */
function whyClause(reasons: readonly AiReason[], lang: AiLang): string {
  const topics = [
    ...new Set(reasons.flatMap((r) => (r.kind === "topic" ? [TOPIC_NAMES[lang][r.topic] ?? r.topic] : []))),
  ];
  const named = reasons.some((r) => r.kind === "symbol" || r.kind === "name");
  if (lang === "ko")
    return [topics.length > 0 ? `${topics.join(", ")} 태그가 있는` : "", named ? "심볼이나 이름이 맞는" : ""]
      .filter(Boolean)
      .join(" 또는 ");
  return [topics.length > 0 ? `tagged ${topics.join(" or ")}` : "", named ? "named in your words" : ""]
    .filter(Boolean)
    .join(" or ");
}

/**
 * The reply's message: what was asked, which tokens were picked and why (the topics they are tagged
 * with, a symbol or name in the phrase, or the market when nothing matched), in `lang`. Each pick's
 * own reason and market figures are in its `reason`.
 */
export function offlineMessage(phrase: string, picks: readonly AiRanked[], lang: AiLang = "en"): string {
  const q = phrase.trim();
  if (picks.length === 0)
    return lang === "ko"
      ? `"${q}"에 맞는 토큰을 찾지 못했습니다. 다른 관심사를 입력해 보세요.`
      : `No allow-listed token matches "${q}". Try another interest.`;
  const symbols = picks.map((p) => p.symbol).join(", ");
  const reasons = picks.flatMap((p) => p.reasons);
  if (reasons.every((r) => r.kind === "market"))
    return lang === "ko"
      ? `"${q}"와 직접 맞는 토큰이 없어 최근 24시간 거래가 가장 활발한 토큰을 골랐습니다: ${symbols}.`
      : `Nothing matched "${q}" directly, so these are the most actively traded tokens of the last 24h: ${symbols}.`;
  const why = whyClause(reasons, lang);
  if (lang === "ko")
    return `"${q}"에 맞춰 ${picks.length}개 토큰을 골랐습니다: ${symbols}. ${why} 토큰을 더 많이 맞는 순서로, 같으면 24시간 거래량과 변동률 순으로 정렬했습니다.`;
  return `For "${q}" I picked ${picks.length} token${picks.length === 1 ? "" : "s"}: ${symbols}. Each is ${why}; those matching more of your interest come first, then those with more 24h volume and a higher 24h change.`;
}

/** The offline answer of `POST /sofi/ai`. */
export function offlineAnswer(
  phrase: string,
  candidates: readonly AiCandidate[],
  lang: AiLang = "en",
  max = AI_MAX_PICKS,
): AiReply {
  const picks = rankTokens(phrase, candidates, max);
  return {
    tokens: picks.map((p) => ({
      address: p.address,
      symbol: p.symbol,
      name: p.name,
      reason: pickReason(p, lang),
    })),
    message: offlineMessage(phrase, picks, lang),
    source: "offline",
  };
}

// ------------------------------------------------------------------ the model's answer

/** One token a model chose: a symbol or an address, and optionally a reason kind (AI_REASON_KINDS). */
export type AiModelPick = { token: string; reason?: unknown };

/** A topic key of AI_TOPIC_SYNONYMS from a key, a quick topic's name or one of a topic's tags. */
function topicKey(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (v === "base ecosystem") return "base";
  if (Object.hasOwn(AI_TOPIC_SYNONYMS, v)) return v;
  return Object.entries(AI_TOPIC_SYNONYMS).find(([, t]) => t.tags.includes(v))?.[0] ?? null;
}

/**
 * A model's reason kind for a pick, as one of our reasons, when it is one of AI_REASON_KINDS
 * (`"symbol"`, `"name"`, `"market"`, `"topic:<topic>"`, or `{ kind, topic? }`) and true of the token
 * by the server's facts: tagged with that topic, its symbol a phrase word, a phrase word in its
 * name, some 24 h volume. Anything else is null (the server's own reasons are used).
 */
function modelReason(raw: unknown, words: readonly string[], c: AiCandidate): AiReason | null {
  let kind: string;
  let topic: string | undefined;
  if (typeof raw === "string") {
    const m = /^\s*([a-z]+)\s*(?::\s*([\p{L}\p{N} ]+?))?\s*$/iu.exec(raw);
    if (!m) return null;
    kind = (m[1] ?? "").toLowerCase();
    topic = m[2];
  } else if (raw !== null && typeof raw === "object" && typeof (raw as { kind?: unknown }).kind === "string") {
    kind = ((raw as { kind: string }).kind ?? "").trim().toLowerCase();
    const t = (raw as { topic?: unknown }).topic;
    if (t !== undefined && typeof t !== "string") return null;
    topic = t;
  } else return null;
  if (kind === "topic") {
    const key = topic === undefined ? null : topicKey(topic);
    return key && hasTopic(c, key) ? { kind: "topic", topic: key } : null;
  }
  if (topic !== undefined) return null;
  if (kind === "symbol") return words.includes(c.symbol.toLowerCase()) ? { kind: "symbol" } : null;
  if (kind === "name") {
    const word = nameHit(words, c);
    return word ? { kind: "name", word } : null;
  }
  if (kind === "market") return c.volume_24h_usd > 0 ? { kind: "market" } : null;
  return null;
}

/**
 * The message of a model's picks (`picks` carry the server's facts: the phrase's topics among their
 * tags, their symbol or name in the phrase, else `model`): the phrase quoted as the offline answer
 * quotes it, the picks in the model's order, and which of them the facts explain.
 */
export function modelMessage(phrase: string, picks: readonly AiRanked[], lang: AiLang = "en"): string {
  const q = phrase.trim();
  if (picks.length === 0) return offlineMessage(phrase, picks, lang);
  const symbols = picks.map((p) => p.symbol).join(", ");
  const explains = (p: AiRanked) =>
    p.reasons.some((r) => r.kind === "topic" || r.kind === "symbol" || r.kind === "name");
  const matched = picks.filter(explains);
  const others = picks.filter((p) => !explains(p));
  const why = whyClause(
    matched.flatMap((p) => p.reasons),
    lang,
  );
  const list = (ps: readonly AiRanked[]) => ps.map((p) => p.symbol).join(", ");
  if (lang === "ko") {
    const head = `"${q}"에 맞춰 AI 모델이 ${picks.length}개 토큰을 추천 순서대로 골랐습니다: ${symbols}.`;
    if (others.length === 0) return `${head} 모두 ${why} 토큰입니다.`;
    if (matched.length === 0) return `${head} 관심사의 태그나 이름과 직접 맞는 토큰은 없습니다.`;
    return `${head} ${list(matched)}은(는) ${why} 토큰이고, ${list(others)}은(는) 관심사의 태그나 이름과 직접 맞지 않습니다.`;
  }
  const head = `For "${q}" the AI model picked ${picks.length} token${picks.length === 1 ? "" : "s"} from the allow-list, best first: ${symbols}.`;
  if (others.length === 0) return `${head} Each is ${why}.`;
  if (matched.length === 0)
    return `${head} ${picks.length === 1 ? "It is not" : "None is"} tagged with or named in your words.`;
  return `${head} ${list(matched)} ${matched.length === 1 ? "is" : "are"} ${why}; ${list(others)} ${
    others.length === 1 ? "matches" : "match"
  } no tag or name in your words.`;
}

/**
 * The answer of `POST /sofi/ai` from a model's choice (issue 24): its tokens matched to the priced
 * candidates by symbol or address (case-insensitive), unknown ones dropped, duplicates once, at most
 * `max`, in the model's order. Each pick's reason is ours: the model's reason kind when it is one of
 * AI_REASON_KINDS and true of the token, else the server's facts. The message is `modelMessage`'s.
 * Nothing the model wrote is in the reply. Null when no allow-listed token is left.
 */
export function modelAnswer(
  phrase: string,
  candidates: readonly AiCandidate[],
  chosen: readonly AiModelPick[],
  lang: AiLang = "en",
  max = AI_MAX_PICKS,
): AiReply | null {
  const usable = candidates.filter(choosable);
  const bySymbol = new Map(usable.map((c) => [c.symbol.toLowerCase(), c]));
  const byAddress = new Map(usable.map((c) => [c.address.toLowerCase(), c]));
  const words = phraseWords(phrase);
  const topics = phraseTopics(phrase);
  const limit = Math.max(0, Math.floor(max));
  const picks: { facts: AiRanked; shown: AiRanked }[] = [];
  for (const choice of chosen) {
    if (picks.length >= limit) break;
    if (typeof choice.token !== "string") continue;
    const key = choice.token.trim().toLowerCase();
    const c = bySymbol.get(key) ?? byAddress.get(key);
    if (!c || picks.some((p) => p.facts.address.toLowerCase() === c.address.toLowerCase())) continue;
    const { score, reasons } = phraseFacts(words, topics, c);
    const facts: AiRanked = { ...c, score, reasons: reasons.length > 0 ? reasons : [{ kind: "model" }] };
    const own = choice.reason === undefined ? null : modelReason(choice.reason, words, c);
    picks.push({ facts, shown: own ? { ...facts, reasons: [own] } : facts });
  }
  if (picks.length === 0) return null;
  return {
    tokens: picks.map(({ shown }) => ({
      address: shown.address,
      symbol: shown.symbol,
      name: shown.name,
      reason: pickReason(shown, lang),
    })),
    message: modelMessage(
      phrase,
      picks.map((p) => p.facts),
      lang,
    ),
    source: "model",
  };
}

/**
 * The wizard's `?search=` term that preselects exactly these tokens: their symbols separated by
 * spaces (`searchMatches` takes a token whose symbol is one of the term's words).
 */
export function aiSearchTerm(tokens: readonly { symbol: string }[]): string {
  return tokens.map((t) => t.symbol).join(" ");
}
