import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  AI_ERRORS,
  AI_MAX_PICKS,
  AI_MESSAGE_MAX,
  AI_TOPICS,
  type AiCandidate,
  aiReplySchema,
  aiRequestSchema,
  aiSearchTerm,
  modelAnswer,
  offlineAnswer,
  offlineMessage,
  phraseTopics,
  rankTokens,
} from "../src/ai.ts";
import { searchMatches } from "../src/portfolio-create.ts";

const addr = (i: number) => `0x${(i + 1).toString(16).padStart(40, "0")}`;
const C = (i: number, symbol: string, name: string, tags: string[], volume = 0, change: number | null = 0, price = 1) =>
  ({
    address: addr(i),
    symbol,
    name,
    tags,
    price_usd: price,
    change_24h: change,
    volume_24h_usd: volume,
  }) satisfies AiCandidate;

/** The seeded local chain's tokens (contracts/scripts/tokens.ts TOKEN_SPECS) with made-up market data. */
const SEEDED: AiCandidate[] = [
  C(0, "WETH", "Wrapped Ether", ["wrapped"], 90_000, 1.2, 3000),
  C(1, "RAI", "Rai Finance", ["governance"], 4_000, -2),
  C(2, "SOFI", "SOFI Governance", ["governance"], 3_000, 0.5),
  C(3, "USDT", "Tether USD", ["stable"], 120_000, 0),
  C(4, "USDC", "USD Coin", ["stable"], 80_000, 0),
  C(5, "DAI", "Dai Stablecoin", ["stable", "defi"], 20_000, 0),
  C(6, "WBTC", "Wrapped BTC", [], 50_000, 2, 60000),
  C(7, "NAGI", "Neural Agents", ["ai"], 10_000, 5),
  C(8, "GPUX", "GPU Exchange", ["ai", "defi"], 12_000, -3),
  C(9, "DOGAI", "Doge AI", ["ai", "meme"], 7_000, 12),
  C(10, "FROGGO", "Froggo Inu", ["meme"], 6_000, -8),
  C(11, "TBILL", "Tokenized T-Bill", ["rwa", "stable"], 9_000, 0.1),
  C(12, "GOLDX", "Tokenized Gold", ["rwa"], 8_000, 0.4),
  C(13, "YLD", "Yield Protocol", ["defi"], 5_000, 1),
  C(14, "LEND", "Lendora", ["lending"], 4_000, 1),
  C(15, "BLUB", "Based Blue", ["base", "meme"], 3_000, 4),
  C(16, "AEROP", "Aeroport", ["base", "dex"], 2_000, 2),
];

const symbols = (picks: { symbol: string }[]) => picks.map((p) => p.symbol);

/** A small deterministic generator (mulberry32), so a failing case can be replayed from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("POST /sofi/ai request (spec 001 §5 'AI interest box requires a non-empty term')", () => {
  const err = (body: unknown) => {
    const r = aiRequestSchema.safeParse(body);
    return r.success ? null : r.error.issues[0]?.message;
  };
  it("requires a non-empty, trimmed message", () => {
    expect(err({})).toBe(AI_ERRORS.required);
    expect(err({ message: "" })).toBe(AI_ERRORS.required);
    expect(err({ message: "   \t " })).toBe(AI_ERRORS.required);
    expect(err({ message: 5 })).toBe(AI_ERRORS.required);
    expect(aiRequestSchema.parse({ message: "  meme  " })).toEqual({ message: "meme", lang: "en" });
  });
  it("bounds the length and refuses control characters", () => {
    expect(err({ message: "a".repeat(AI_MESSAGE_MAX) })).toBeNull();
    expect(err({ message: "a".repeat(AI_MESSAGE_MAX + 1) })).toBe(AI_ERRORS.tooLong);
    expect(err({ message: "ai\u0000meme" })).toBe(AI_ERRORS.invalid);
  });
  it("takes en or ko", () => {
    expect(aiRequestSchema.parse({ message: "ai", lang: "ko" }).lang).toBe("ko");
    expect(err({ message: "ai", lang: "fr" })).toBe(AI_ERRORS.lang);
  });
});

describe("offline ranking", () => {
  it("each quick topic picks its tagged tokens", () => {
    expect(symbols(rankTokens("AI", SEEDED))).toEqual(["GPUX", "NAGI", "DOGAI"]);
    expect(symbols(rankTokens("meme", SEEDED))).toEqual(["DOGAI", "FROGGO", "BLUB"]);
    expect(symbols(rankTokens("RWA", SEEDED))).toEqual(["TBILL", "GOLDX"]);
    // Defi covers the dex and lending tags too.
    expect(new Set(symbols(rankTokens("Defi", SEEDED)))).toEqual(new Set(["DAI", "GPUX", "YLD", "LEND", "AEROP"]));
    expect(symbols(rankTokens("Base Ecosystem", SEEDED))).toEqual(["BLUB", "AEROP"]);
  });

  it("tokens matching more of the phrase come first; market data breaks ties", () => {
    // DOGAI is both AI and meme.
    expect(symbols(rankTokens("AI meme coins", SEEDED))[0]).toBe("DOGAI");
    // Equal topic score: more 24 h volume first (GPUX 12k > NAGI 10k > DOGAI 7k).
    expect(symbols(rankTokens("ai", SEEDED))).toEqual(["GPUX", "NAGI", "DOGAI"]);
    // A symbol named in the phrase, and a name word.
    expect(symbols(rankTokens("wbtc", SEEDED))).toEqual(["WBTC"]);
    expect(symbols(rankTokens("gold", SEEDED))[0]).toBe("GOLDX");
    expect(rankTokens("wbtc", SEEDED)[0]?.reasons).toEqual([{ kind: "symbol" }]);
  });

  it("synonyms reach the topics", () => {
    expect(phraseTopics("artificial intelligence agents")).toEqual(["ai"]);
    expect(phraseTopics("tokenized treasury bills")).toContain("rwa");
    expect(phraseTopics("lending and yield")).toEqual(["defi"]);
    expect(symbols(rankTokens("lending", SEEDED))).toContain("LEND");
  });

  it("a phrase matching nothing picks the most traded tokens, stable coins last, and says so", () => {
    const picks = rankTokens("zzz qqq", SEEDED);
    expect(picks.length).toBe(AI_MAX_PICKS);
    expect(symbols(picks).slice(0, 2)).toEqual(["WETH", "WBTC"]);
    expect(picks.every((p) => p.reasons.length === 1 && p.reasons[0]?.kind === "market")).toBe(true);
    expect(offlineMessage("zzz qqq", picks)).toMatch(/^Nothing matched "zzz qqq" directly/);
  });

  it("never picks a token without a USD price (the wizard cannot price it)", () => {
    const list = [C(0, "NOPX", "No Price AI", ["ai"], 0, null, 0), C(1, "AIX", "AI X", ["ai"])];
    expect(symbols(rankTokens("ai", list))).toEqual(["AIX"]);
    expect(rankTokens("ai", [list[0] as AiCandidate])).toEqual([]);
    expect(offlineAnswer("ai", [list[0] as AiCandidate]).message).toBe(
      'No allow-listed token matches "ai". Try another interest.',
    );
  });

  it("explains the pick in the message, in English and Korean", () => {
    const en = offlineAnswer("meme", SEEDED, "en");
    expect(en.message).toBe(
      'For "meme" I picked 3 tokens: DOGAI, FROGGO, BLUB. Each is tagged meme; those matching more of your interest come first, then those with more 24h volume and a higher 24h change.',
    );
    expect(offlineAnswer("AI wbtc", SEEDED).message).toContain("Each is tagged AI or named in your words;");
    expect(en.tokens[0]).toEqual({
      address: addr(9),
      symbol: "DOGAI",
      name: "Doge AI",
      reason: "tagged meme, 24h volume $7.0K, 24h +12.0%",
    });
    const ko = offlineAnswer("meme", SEEDED, "ko");
    expect(ko.message).toContain('"meme"에 맞춰 3개 토큰을 골랐습니다: DOGAI, FROGGO, BLUB. 밈 태그가 있는 토큰을');
    expect(ko.tokens[0]?.reason).toContain("밈 태그");
    expect(aiReplySchema.safeParse(en).success).toBe(true);
  });

  it("the picks' search term preselects exactly them in the create wizard", () => {
    const picks = rankTokens("AI meme", SEEDED);
    const term = aiSearchTerm(picks);
    expect(term).toBe("DOGAI GPUX NAGI FROGGO BLUB");
    expect(new Set(symbols(searchMatches(SEEDED, term)))).toEqual(new Set(symbols(picks)));
  });

  it("properties: allow-listed, no duplicates, bounded, deterministic, for random phrases and lists", () => {
    const vocabulary = [
      ...AI_TOPICS,
      "defi",
      "lending",
      "gold",
      "doge",
      "agents",
      "wbtc",
      "usd",
      "zzz",
      "coin",
      "inu",
      "밈",
      "",
    ];
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const n = Math.floor(r() * SEEDED.length * 1.5);
      // A random list, with duplicates (same address twice) and tokens without a price.
      // One market reading per token; a duplicate is the same token listed twice.
      const market = SEEDED.map((c) =>
        r() < 0.1 ? { ...c, price_usd: 0 } : { ...c, volume_24h_usd: Math.floor(r() * 1e6) },
      );
      const list = Array.from({ length: n }, () => market[Math.floor(r() * market.length)] as AiCandidate);
      const phrase = Array.from(
        { length: 1 + Math.floor(r() * 3) },
        () => vocabulary[Math.floor(r() * vocabulary.length)],
      ).join(" ");
      const max = 1 + Math.floor(r() * 8);
      const picks = rankTokens(phrase, list, max);
      const allowed = new Set(list.filter((c) => c.price_usd > 0).map((c) => c.address));
      expect(picks.length, `seed ${seed}`).toBeLessThanOrEqual(max);
      expect(
        picks.every((p) => allowed.has(p.address)),
        `seed ${seed}`,
      ).toBe(true);
      expect(new Set(picks.map((p) => p.address)).size, `seed ${seed}`).toBe(picks.length);
      if (allowed.size > 0) expect(picks.length, `seed ${seed}`).toBeGreaterThan(0);
      expect(rankTokens(phrase, list, max), `seed ${seed}`).toEqual(picks);
      // Order of the candidates does not matter.
      expect(symbols(rankTokens(phrase, [...list].reverse(), max)), `seed ${seed}`).toEqual(symbols(picks));
    }
  });

  it("every quick topic gives a non-empty pick from its own topic, in either language", () => {
    for (const topic of AI_TOPICS) {
      for (const lang of ["en", "ko"] as const) {
        const a = offlineAnswer(topic, SEEDED, lang);
        expect(a.tokens.length, topic).toBeGreaterThan(0);
        expect(a.tokens.length).toBeLessThanOrEqual(AI_MAX_PICKS);
        expect(
          rankTokens(topic, SEEDED).every((p) => p.reasons.some((x) => x.kind === "topic")),
          topic,
        ).toBe(true);
        expect(a.message.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("offline answer pinned (issue 24: the model path must not change it)", () => {
  it("the messages and reasons, in English and Korean, as they were", () => {
    const ko = offlineAnswer("AI wbtc", SEEDED, "ko");
    expect(ko.message).toBe(
      '"AI wbtc"에 맞춰 4개 토큰을 골랐습니다: GPUX, NAGI, DOGAI, WBTC. AI 태그가 있는 또는 심볼이나 이름이 맞는 토큰을 더 많이 맞는 순서로, 같으면 24시간 거래량과 변동률 순으로 정렬했습니다.',
    );
    expect(ko.tokens[3]?.reason).toBe("심볼 일치, 24시간 거래량 $50.0K, 24시간 +2.0%");
    expect(offlineAnswer("zzz qqq", SEEDED, "en").message).toBe(
      'Nothing matched "zzz qqq" directly, so these are the most actively traded tokens of the last 24h: WETH, WBTC, GPUX, NAGI, GOLDX, DOGAI.',
    );
    expect(offlineAnswer("zzz qqq", SEEDED, "ko").message).toBe(
      '"zzz qqq"와 직접 맞는 토큰이 없어 최근 24시간 거래가 가장 활발한 토큰을 골랐습니다: WETH, WBTC, GPUX, NAGI, GOLDX, DOGAI.',
    );
    expect(offlineAnswer("zzz qqq", SEEDED, "ko").tokens[0]?.reason).toBe(
      "거래가 활발함, 24시간 거래량 $90.0K, 24시간 +1.2%",
    );
    expect(offlineAnswer("ai", [], "ko").message).toBe(
      '"ai"에 맞는 토큰을 찾지 못했습니다. 다른 관심사를 입력해 보세요.',
    );
    expect(offlineAnswer("gold", SEEDED, "en")).toEqual({
      tokens: [
        {
          address: addr(12),
          symbol: "GOLDX",
          name: "Tokenized Gold",
          reason: 'tagged RWA, name matches "gold", 24h volume $8.0K, 24h +0.4%',
        },
        {
          address: addr(11),
          symbol: "TBILL",
          name: "Tokenized T-Bill",
          reason: "tagged RWA, 24h volume $9.0K, 24h +0.1%",
        },
      ],
      message:
        'For "gold" I picked 2 tokens: GOLDX, TBILL. Each is tagged RWA or named in your words; those matching more of your interest come first, then those with more 24h volume and a higher 24h change.',
      source: "offline",
    });
  });

  it("every answer over many phrases, both languages, is byte for byte what it was", () => {
    const phrases = [...AI_TOPICS, "AI meme coins", "AI wbtc", "gold", "lending", "zzz qqq", "밈", "usd safe", "doge"];
    const all = phrases.flatMap((p) => (["en", "ko"] as const).map((l) => offlineAnswer(p, SEEDED, l)));
    expect(createHash("sha256").update(JSON.stringify(all)).digest("hex")).toBe(
      "fcbd3cc945ed43b91838f6816ddf269e636be8beb98896fb41f45658877bd81b",
    );
  });
});

describe("model answer (issue 24: the model chooses and orders; the text is ours)", () => {
  const HOSTILE = [
    "Send 1 ETH to 0x000000000000000000000000000000000000dEaD to unlock",
    "topic:evil[.]com",
    "<img src=x onerror=alert(1)>",
    "[claim](https://evil.com)",
    "\u202etopic:meme",
    { kind: "topic", topic: "visit evil.example now" },
    42,
  ];

  it("keeps the model's allow-listed picks in its order; message and reasons are templates (en)", () => {
    const a = modelAnswer(
      "funny AI memes",
      SEEDED,
      [
        { token: "FROGGO", reason: "<b>send ETH</b>" },
        { token: "dogai", reason: "topic:meme" },
        { token: "PEPE" },
        { token: addr(7) },
        { token: "NAGI" },
        { token: "WETH", reason: "market" },
      ],
      "en",
    );
    expect(a).toEqual({
      tokens: [
        { address: addr(10), symbol: "FROGGO", name: "Froggo Inu", reason: "tagged meme, 24h volume $6.0K, 24h -8.0%" },
        { address: addr(9), symbol: "DOGAI", name: "Doge AI", reason: "tagged meme, 24h volume $7.0K, 24h +12.0%" },
        { address: addr(7), symbol: "NAGI", name: "Neural Agents", reason: "tagged AI, 24h volume $10.0K, 24h +5.0%" },
        {
          address: addr(0),
          symbol: "WETH",
          name: "Wrapped Ether",
          reason: "actively traded, 24h volume $90.0K, 24h +1.2%",
        },
      ],
      message:
        'For "funny AI memes" the AI model picked 4 tokens from the allow-list, best first: FROGGO, DOGAI, NAGI, WETH. FROGGO, DOGAI, NAGI are tagged meme or AI; WETH matches no tag or name in your words.',
      source: "model",
    });
    expect(aiReplySchema.safeParse(a).success).toBe(true);
  });

  it("in Korean", () => {
    const a = modelAnswer("lendora", SEEDED, [{ token: "WETH" }, { token: "LEND", reason: "name" }], "ko");
    expect(a?.message).toBe(
      '"lendora"에 맞춰 AI 모델이 2개 토큰을 추천 순서대로 골랐습니다: WETH, LEND. LEND은(는) 심볼이나 이름이 맞는 토큰이고, WETH은(는) 관심사의 태그나 이름과 직접 맞지 않습니다.',
    );
    expect(a?.tokens.map((t) => t.reason)).toEqual([
      "AI 모델이 선택함, 24시간 거래량 $90.0K, 24시간 +1.2%",
      '이름에 "lendora" 포함, 24시간 거래량 $4.0K, 24시간 +1.0%',
    ]);
    const gold = modelAnswer("gold", SEEDED, [{ token: "TBILL" }, { token: "GOLDX", reason: "name" }], "ko");
    expect(gold?.message).toBe(
      '"gold"에 맞춰 AI 모델이 2개 토큰을 추천 순서대로 골랐습니다: TBILL, GOLDX. 모두 RWA 태그가 있는 또는 심볼이나 이름이 맞는 토큰입니다.',
    );
    expect(gold?.tokens.map((t) => t.reason)).toEqual([
      "RWA 태그, 24시간 거래량 $9.0K, 24시간 +0.1%",
      '이름에 "gold" 포함, 24시간 거래량 $8.0K, 24시간 +0.4%',
    ]);
    const all = modelAnswer("meme", SEEDED, [{ token: "BLUB" }, { token: "DOGAI" }], "ko");
    expect(all?.message).toBe(
      '"meme"에 맞춰 AI 모델이 2개 토큰을 추천 순서대로 골랐습니다: BLUB, DOGAI. 모두 밈 태그가 있는 토큰입니다.',
    );
    const none = modelAnswer("zzz", SEEDED, [{ token: "WETH" }], "ko");
    expect(none?.message).toBe(
      '"zzz"에 맞춰 AI 모델이 1개 토큰을 추천 순서대로 골랐습니다: WETH. 관심사의 태그나 이름과 직접 맞는 토큰은 없습니다.',
    );
    expect(none?.tokens[0]?.reason).toBe("AI 모델이 선택함, 24시간 거래량 $90.0K, 24시간 +1.2%");
  });

  it("English, all matched and none matched", () => {
    expect(modelAnswer("meme", SEEDED, [{ token: "BLUB" }, { token: "DOGAI" }], "en")?.message).toBe(
      'For "meme" the AI model picked 2 tokens from the allow-list, best first: BLUB, DOGAI. Each is tagged meme.',
    );
    const one = modelAnswer("zzz", SEEDED, [{ token: "WETH", reason: "symbol" }], "en");
    expect(one?.message).toBe(
      'For "zzz" the AI model picked 1 token from the allow-list, best first: WETH. It is not tagged with or named in your words.',
    );
    // "symbol" is not true of WETH for "zzz": the server's own reason is used.
    expect(one?.tokens[0]?.reason).toBe("picked by the AI model, 24h volume $90.0K, 24h +1.2%");
  });

  it("a reason kind outside the fixed set, or not true of the pick, is dropped for the server's own", () => {
    const own = offlineAnswer("meme", SEEDED, "en").tokens[0]?.reason;
    expect(own).toBe("tagged meme, 24h volume $7.0K, 24h +12.0%");
    for (const reason of [...HOSTILE, "topic:rwa", "symbol", "market:now", "topic:", "TOPIC : MEME x"]) {
      const a = modelAnswer("meme", SEEDED, [{ token: "DOGAI", reason }], "en");
      expect(a?.tokens[0]?.reason, String(reason)).toBe(own);
    }
    // A true one leads: DOGAI is also tagged AI, though the phrase did not ask for it.
    expect(modelAnswer("meme", SEEDED, [{ token: "DOGAI", reason: " Topic:AI " }])?.tokens[0]?.reason).toBe(
      "tagged AI, 24h volume $7.0K, 24h +12.0%",
    );
    expect(modelAnswer("meme", SEEDED, [{ token: "DOGAI", reason: "topic:Base Ecosystem" }])?.tokens[0]?.reason).toBe(
      own,
    );
    expect(modelAnswer("meme", SEEDED, [{ token: "BLUB", reason: "topic:Base Ecosystem" }])?.tokens[0]?.reason).toBe(
      "tagged Base ecosystem, 24h volume $3.0K, 24h +4.0%",
    );
  });

  it("nothing of the model's text reaches the reply; unpriced, unknown and repeated tokens are dropped", () => {
    const list = [...SEEDED, C(20, "NOPX", "No Price", ["meme"], 0, null, 0)];
    const picks = HOSTILE.map((reason, i) => ({ token: i % 2 ? "FROGGO" : "froggo", reason }));
    const a = modelAnswer("meme", list, [{ token: "NOPX" }, ...picks, { token: "BLUB" }], "en");
    expect(a?.tokens.map((t) => t.symbol)).toEqual(["FROGGO", "BLUB"]);
    const text = JSON.stringify(a);
    for (const bad of ["dEaD", "evil", "<", "](", "\u202e", "send", "alert", "claim"])
      expect(text.toLowerCase()).not.toContain(bad.toLowerCase());
    expect(modelAnswer("meme", list, [{ token: "NOPX" }, { token: "PEPE" }])).toBeNull();
    expect(modelAnswer("meme", list, [])).toBeNull();
    const many = SEEDED.map((c) => ({ token: c.symbol }));
    expect(modelAnswer("meme", SEEDED, many)?.tokens).toHaveLength(AI_MAX_PICKS);
  });
});
