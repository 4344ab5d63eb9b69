/**
 * `POST /sofi/ai` (issue 11, spec 001 §2, §5, §7): validation, the offline ranking over the
 * allow-listed tokens and the indexed market data, and the OpenAI-compatible path against a local
 * HTTP server (allow-list constraint, fallback on garbage, error status, timeout and redirect, the
 * key sent to the configured URL only). Issue 24: none of the model's own words reach the reply; it
 * only chooses and orders allow-listed tokens, and the message is the product's template.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AI_ERRORS, AI_MESSAGE_MAX, AI_TOPICS, aiReplySchema } from "@sofi/core";
import { type Deployment, portfolioFactoryAbi } from "@sofi/protocol";
import { encodeFunctionResult, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";
import { buildApp, stubRpc } from "./helpers/hardening.ts";

const a = (i: number) => `0x${(0xa0 + i).toString(16).padStart(40, "0")}` as `0x${string}`;
const pairAddr = (i: number) => `0x${(0xb0 + i).toString(16).padStart(40, "0")}` as `0x${string}`;
const E18 = 10n ** 18n;

/** USDT plus tagged tokens, each with a USDT pool (price in USDT), except NOPX (no pool, no price). */
const TOKENS = [
  { symbol: "USDT", tags: ["stable"], price: 1 },
  { symbol: "NAGI", name: "Neural Agents", tags: ["ai"], price: 0.5 },
  { symbol: "GPUX", name: "GPU Exchange", tags: ["ai", "defi"], price: 3 },
  { symbol: "DOGAI", name: "Doge AI", tags: ["ai", "meme"], price: 0.004 },
  { symbol: "FROGGO", name: "Froggo Inu", tags: ["meme"], price: 0.2 },
  { symbol: "TBILL", name: "Tokenized T-Bill", tags: ["rwa", "stable"], price: 1.05 },
  { symbol: "YLD", name: "Yield Protocol", tags: ["defi"], price: 8 },
  { symbol: "LEND", name: "Lendora", tags: ["lending"], price: 1 },
  { symbol: "BLUB", name: "Based Blue", tags: ["base", "meme"], price: 0.12 },
  { symbol: "AEROP", name: "Aeroport", tags: ["base", "dex"], price: 1.3 },
  { symbol: "NOPX", name: "No Price AI", tags: ["ai"], price: 0 },
].map((t, i) => ({ ...t, name: t.name ?? "Tether USD", address: a(i) }));
const USDT = TOKENS[0]?.address as `0x${string}`;
const priced = TOKENS.slice(1).filter((t) => t.price > 0);

function deployment(contracts: Record<string, `0x${string}`> = {}): Deployment {
  return {
    chainId: 31337,
    startBlock: 0,
    deployer: a(90),
    weth: a(91),
    multicall3: a(92),
    dexes: [],
    tokens: [
      ...TOKENS.map((t) => ({ symbol: t.symbol, name: t.name, decimals: 18, address: t.address, tags: t.tags })),
      { symbol: "WETH", name: "Wrapped Ether", decimals: 18, address: a(91), tags: [] },
    ],
    // token0 is the token, token1 USDT (addresses a(1..) < ... any order works: deepestPair checks both).
    pairs: priced.map((t, i) => ({ address: pairAddr(i), dex: "uni", token0: t.address, token1: USDT })),
    contracts,
  };
}

/** Candles: a price two days ago (half today's, NAGI's a quarter) and today's; a NAGI swap within 24 h. */
async function seedMarket(db: Db) {
  const now = Math.floor(Date.now() / 1000);
  let block = 1;
  for (const [i, t] of priced.entries()) {
    const r0 = 1_000_000n * E18;
    const today = BigInt(Math.round(t.price * 1e6)) * 10n ** 12n * 1_000_000n;
    const then = t.symbol === "NAGI" ? today / 4n : today / 2n;
    for (const [ts, r1] of [
      [now - 2 * 86_400, then],
      [now - 600, today],
    ] as const) {
      await db.query(
        `INSERT INTO pair_candles (chain_id, pair, bucket, block_number, log_index, timestamp, reserve0, reserve1)
         VALUES (31337, $1, $2, $3, 0, $4, $5, $6)`,
        [pairAddr(i), Math.floor(ts / 300) * 300, block++, ts, r0.toString(), r1.toString()],
      );
    }
  }
  const nagi = priced.findIndex((t) => t.symbol === "NAGI");
  // 40,000 NAGI in at 0.5 USD = 20,000 USD (and 20,000 USDT out: another 20,000 for USDT).
  await db.query(
    `INSERT INTO pair_swaps (chain_id, block_number, log_index, tx_hash, timestamp, pair, sender, recipient,
       amount0_in, amount1_in, amount0_out, amount1_out)
     VALUES (31337, $1, 0, '0x01', $2, $3, $4, $4, $5, 0, 0, $6)`,
    [block++, now - 300, pairAddr(nagi), a(80), (40_000n * E18).toString(), (20_000n * E18).toString()],
  );
}

type Seen = { url: string; headers: IncomingMessage["headers"]; body: string };

/** A local OpenAI-compatible server whose answer the test sets. */
async function modelServer() {
  const seen: Seen[] = [];
  let handler: (req: Seen, res: import("node:http").ServerResponse) => void = (_r, res) => res.end();
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => {
      body += d;
    });
    req.on("end", () => {
      const s = { url: req.url ?? "", headers: req.headers, body };
      seen.push(s);
      handler(s, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    set(h: typeof handler) {
      handler = h;
    },
    /** Answers a chat completion whose content is `content`. */
    content(content: string) {
      handler = (_r, res) => {
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            id: "x",
            object: "chat.completion",
            choices: [{ index: 0, message: { role: "assistant", content } }],
          }),
        );
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const KEY = "sk-test-secret-key-1234567890";

describe.each(DB_KINDS)("POST /sofi/ai (%s)", (kind) => {
  let db: Db;
  let model: Awaited<ReturnType<typeof modelServer>>;
  let elsewhere: Awaited<ReturnType<typeof modelServer>>;

  const app = (
    opts: { endpoint?: boolean; timeoutMs?: number; factory?: `0x${string}`[]; base?: string; perMinute?: number } = {},
  ) => {
    const dep = deployment(opts.factory ? { portfolioFactory: a(95) } : {});
    const callResult = opts.factory
      ? encodeFunctionResult({ abi: portfolioFactoryAbi, functionName: "getAllowedTokens", result: opts.factory })
      : undefined;
    return buildApp(db, {
      deployment: dep,
      client: stubRpc({ callResult }).client,
      overrides: {
        rateLimit: { perIp: 0, writesPerAddress: 0 },
        deployments: { local: dep },
        ai: {
          endpoint: opts.endpoint
            ? { baseUrl: opts.base ?? `${model.url}/v1`, model: "test-model", apiKey: KEY }
            : null,
          timeoutMs: opts.timeoutMs ?? 2000,
          perMinute: opts.perMinute ?? 0,
        },
      },
    });
  };
  const ask = async (a: ReturnType<typeof app>, body: unknown) => {
    const res = await a.request("http://127.0.0.1:8080/api/local/sofi/ai", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
    return { status: res.status, text, body: JSON.parse(text) as any };
  };
  const syms = (body: { tokens: { symbol: string }[] }) => body.tokens.map((t) => t.symbol);

  beforeAll(async () => {
    db = await freshDb(kind);
    await seedMarket(db);
    model = await modelServer();
    elsewhere = await modelServer();
  });
  afterAll(async () => {
    await model.close();
    await elsewhere.close();
    await closeAllDbs();
  });

  it("validates the message with core's texts (spec 001 §5: a non-empty term)", async () => {
    const s = app();
    expect(await ask(s, {})).toMatchObject({ status: 400, body: { error: AI_ERRORS.required } });
    expect(await ask(s, { message: "   " })).toMatchObject({ status: 400, body: { error: AI_ERRORS.required } });
    expect(await ask(s, { message: 7 })).toMatchObject({ status: 400, body: { error: AI_ERRORS.required } });
    expect(await ask(s, { message: "x".repeat(AI_MESSAGE_MAX + 1) })).toMatchObject({
      status: 400,
      body: { error: AI_ERRORS.tooLong },
    });
    expect(await ask(s, { message: "ai\u0007" })).toMatchObject({ status: 400, body: { error: AI_ERRORS.invalid } });
    expect(await ask(s, { message: "ai", lang: "de" })).toMatchObject({ status: 400, body: { error: AI_ERRORS.lang } });
    expect(await ask(s, "not json")).toMatchObject({ status: 400, body: { error: "Request body must be JSON" } });
    const big = await ask(s, { message: "ai", pad: "x".repeat(4000) });
    expect(big.status).toBe(413);
  });

  it("offline: each quick topic picks allow-listed tokens of that topic, explained, never an unpriced one", async () => {
    const s = app();
    const expected: Record<string, string[]> = {
      AI: ["NAGI", "GPUX", "DOGAI"],
      meme: ["FROGGO", "DOGAI", "BLUB"],
      RWA: ["TBILL"],
      Defi: ["YLD", "GPUX", "AEROP", "LEND"],
      "Base Ecosystem": ["AEROP", "BLUB"],
    };
    for (const topic of AI_TOPICS) {
      const r = await ask(s, { message: topic });
      expect(r.status, topic).toBe(200);
      expect(aiReplySchema.safeParse(r.body).success).toBe(true);
      expect(r.body.source).toBe("offline");
      expect(new Set(syms(r.body)), topic).toEqual(new Set(expected[topic]));
      expect(r.body.message, topic).toContain(`For "${topic}" I picked`);
      expect(syms(r.body)).not.toContain("NOPX");
    }
    expect(model.seen).toEqual([]);
  });

  it("offline: the indexed market data ranks and explains (NAGI: 24 h volume and +100 % change)", async () => {
    const r = await ask(app(), { message: "AI" });
    // NAGI has the only 24 h volume, so it leads the AI tokens.
    expect(syms(r.body)[0]).toBe("NAGI");
    expect(r.body.tokens[0]).toEqual({
      address: getAddress(TOKENS[1]?.address as string),
      symbol: "NAGI",
      name: "Neural Agents",
      reason: "tagged AI, 24h volume $20.0K, 24h +300.0%",
    });
    const ko = await ask(app(), { message: "AI", lang: "ko" });
    expect(ko.body.message).toContain('"AI"에 맞춰');
  });

  it("offline: only the factory's allow-list is offered", async () => {
    const nagi = TOKENS[1]?.address as `0x${string}`;
    const blub = TOKENS[8]?.address as `0x${string}`;
    const r = await ask(app({ factory: [nagi, blub] }), { message: "AI meme" });
    expect(syms(r.body)).toEqual(["NAGI", "BLUB"]);
  });

  it("model: keeps only allow-listed tokens of its answer, in its order, with our message; sends the key to the configured URL only", async () => {
    const froggo = TOKENS[4]?.address as string;
    model.content(
      `\`\`\`json\n${JSON.stringify({
        tokens: [
          "dogai",
          "PEPE",
          "NOPX",
          { symbol: "FROGGO" },
          froggo,
          "DOGAI",
          "0x000000000000000000000000000000000000dead",
        ],
        message: "Memes with\nan AI twist.",
      })}\n\`\`\``,
    );
    model.seen.length = 0;
    const r = await ask(app({ endpoint: true }), { message: "funny AI memes", lang: "en" });
    expect(r.status).toBe(200);
    expect(r.body.source).toBe("model");
    expect(syms(r.body)).toEqual(["DOGAI", "FROGGO"]);
    expect(r.body.message).toBe(
      'For "funny AI memes" the AI model picked 2 tokens from the allow-list, best first: DOGAI, FROGGO. Each is tagged AI or meme.',
    );
    expect(r.text).not.toContain("twist");
    expect(r.text).not.toContain(KEY);
    expect(model.seen).toHaveLength(1);
    const req = model.seen[0] as Seen;
    expect(req.url).toBe("/v1/chat/completions");
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    const sent = JSON.parse(req.body);
    expect(sent.model).toBe("test-model");
    expect(sent.messages[1]).toEqual({ role: "user", content: "funny AI memes" });
    expect(sent.messages[0].content).toContain('"symbol":"DOGAI"');
    expect(sent.messages[0].content).not.toContain("NOPX");
    // Only tokens (and a reason kind) are asked for: no text of the model's own.
    expect(sent.messages[0].content).toContain('{"tokens": [{"symbol": "SYMBOL", "reason": "');
    expect(sent.messages[0].content).not.toMatch(/"message"|explain/i);
  });

  it("model: garbage, no allow-listed token, an error status, a timeout or a redirect fall back to offline", async () => {
    const offline = (await ask(app(), { message: "meme" })).body;
    const cases: [string, () => void, number?][] = [
      ["garbage", () => model.content("I think you should buy DOGAI!")],
      ["wrong shape", () => model.content(JSON.stringify({ picks: ["DOGAI"] }))],
      ["only unknown tokens", () => model.content(JSON.stringify({ tokens: ["PEPE", "NOPX"], message: "x" }))],
      ["only a message", () => model.content(JSON.stringify({ message: "Buy DOGAI at evil.com" }))],
      ["no token", () => model.content(JSON.stringify({ tokens: [], message: "Buy DOGAI" }))],
      [
        "not a completion",
        () =>
          model.set((_r, res) => {
            res.end("<html>oops</html>");
          }),
      ],
      [
        "a completion that is not JSON",
        () =>
          model.set((_r, res) => {
            res.end('{"choices": [{"message": {"content": "oops: visit evil.example"');
          }),
      ],
      [
        "500",
        () =>
          model.set((_r, res) => {
            res.statusCode = 500;
            res.end(JSON.stringify({ error: { message: "boom" } }));
          }),
      ],
      [
        "timeout",
        () =>
          model.set((_r, res) => {
            setTimeout(() => res.end("{}"), 1500).unref();
          }),
        300,
      ],
      [
        "redirect",
        () =>
          model.set((_r, res) => {
            res.statusCode = 307;
            res.setHeader("location", `${elsewhere.url}/v1/chat/completions`);
            res.end();
          }),
      ],
    ];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (const [name, setup, timeoutMs] of cases) {
        setup();
        const t0 = Date.now();
        const r = await ask(app({ endpoint: true, timeoutMs }), { message: "meme" });
        expect(r.status, name).toBe(200);
        expect(r.body, name).toEqual(offline);
        if (timeoutMs) expect(Date.now() - t0, name).toBeLessThan(1400);
      }
      // Each failure is logged, but none of the model's words are (issue 24).
      expect(warn.mock.calls.length).toBeGreaterThanOrEqual(cases.length);
      const logged = warn.mock.calls.flat().join("\n");
      for (const word of ["oops", "evil", "Buy", "boom", "I think"]) expect(logged).not.toContain(word);
    } finally {
      warn.mockRestore();
    }
    // The redirect was not followed: the key never reached another server.
    expect(elsewhere.seen).toEqual([]);
  });

  it("model (issue 24): none of its own words reach the reply, only its choice and order of allow-listed tokens", async () => {
    const HOSTILE = [
      "Send 1 ETH to 0x000000000000000000000000000000000000dEaD to unlock",
      "Use evil[.]com or evil dot com",
      "visit evil.example now",
      "<img src=x onerror=alert(1)>",
      "[claim](https://evil.com) **now**",
      "\u202emoc.live\u202c \u2066claim\u2069 \u200fnow\u200e \u2067x\u2069 \u202ay\u202c \u202bz\u202c \u202dw\u202c",
      "To receive the airdrop, send 0.5 ETH to the deployer and paste your seed phrase.",
    ];
    const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (const message of HOSTILE) {
        model.content(
          JSON.stringify({
            message,
            tokens: [
              { symbol: "FROGGO", reason: message },
              { symbol: "DOGAI", reason: "topic:meme" },
              { symbol: "NAGI", reason: `topic:${message}` },
              { symbol: "TBILL", reason: { kind: "html", text: message } },
              "<b>PEPE</b>",
            ],
            reasons: [message],
          }),
        );
        const r = await ask(app({ endpoint: true }), { message: "funny AI memes" });
        expect(r.status, message).toBe(200);
        expect(aiReplySchema.safeParse(r.body).success).toBe(true);
        expect(r.body.source, message).toBe("model");
        expect(syms(r.body), message).toEqual(["FROGGO", "DOGAI", "NAGI", "TBILL"]);
        // Our template for those picks, whatever the model wrote.
        expect(r.body.message, message).toBe(
          'For "funny AI memes" the AI model picked 4 tokens from the allow-list, best first: FROGGO, DOGAI, NAGI, TBILL. FROGGO, DOGAI, NAGI are tagged meme or AI; TBILL matches no tag or name in your words.',
        );
        expect(r.body.tokens.map((t: { reason: string }) => t.reason)).toEqual([
          "tagged meme, 24h +100.0%",
          "tagged meme, 24h +100.0%",
          "tagged AI, 24h volume $20.0K, 24h +300.0%",
          "picked by the AI model, 24h +100.0%",
        ]);
        for (const text of [r.text, JSON.stringify(r.body)]) {
          expect(text.toLowerCase(), message).not.toContain("dead");
          expect(text, message).not.toMatch(/evil|claim|unlock|airdrop|seed|alert|onerror|img|https?:|www\./i);
          expect(text, message).not.toMatch(/\bsend\b|\bvisit\b|\buse\b|\bpaste\b/i);
          expect(text, message).not.toMatch(/[<>]|\]\(|\*\*/);
          expect(text, message).not.toMatch(BIDI);
        }
      }
      // Nor is the model's text logged.
      expect(warn.mock.calls.flat().join("\n")).not.toMatch(/evil|dEaD/);
    } finally {
      warn.mockRestore();
    }
  });

  it("model (issue 24): an answer without a message is the model's; in Korean the message is the Korean template", async () => {
    model.content(JSON.stringify({ tokens: ["TBILL"] }));
    const r = await ask(app({ endpoint: true }), { message: "RWA", lang: "ko" });
    expect(r.body.source).toBe("model");
    expect(r.body.message).toBe(
      '"RWA"에 맞춰 AI 모델이 1개 토큰을 추천 순서대로 골랐습니다: TBILL. 모두 RWA 태그가 있는 토큰입니다.',
    );
    expect(r.body.tokens[0].reason).toBe("RWA 태그, 24시간 +100.0%");
  });

  it("model: past the cap over every client (AI_MODEL_PER_MINUTE) the answer is offline and the model is not asked", async () => {
    model.content(JSON.stringify({ tokens: ["TBILL"] }));
    model.seen.length = 0;
    const a = app({ endpoint: true, perMinute: 2 });
    const sources = [];
    for (let i = 0; i < 4; i++) sources.push((await ask(a, { message: "RWA" })).body.source);
    expect(sources).toEqual(["model", "model", "offline", "offline"]);
    expect(model.seen).toHaveLength(2);
  });

  it("AI_BASE_URL: https, or plain http to this machine only (the key is sent with it)", () => {
    const env = { AI_MODEL: "m", AI_API_KEY: "k" };
    expect(loadConfig({ ...env, AI_BASE_URL: "https://api.openai.com/v1/" }).ai.endpoint?.baseUrl).toBe(
      "https://api.openai.com/v1",
    );
    expect(loadConfig({ ...env, AI_BASE_URL: "http://127.0.0.1:11434/v1" }).ai.endpoint?.baseUrl).toBe(
      "http://127.0.0.1:11434/v1",
    );
    expect(loadConfig({ ...env, AI_BASE_URL: "http://localhost/v1" }).ai.endpoint).not.toBeNull();
    expect(() => loadConfig({ ...env, AI_BASE_URL: "http://api.example.com/v1" })).toThrow("must be https");
    expect(() => loadConfig({ ...env, AI_BASE_URL: "http://localhost.evil.com/v1" })).toThrow("must be https");
    expect(loadConfig({ AI_MODEL_PER_MINUTE: "7" }).ai.perMinute).toBe(7);
    expect(loadConfig({}).ai.perMinute).toBe(120);
  });

  it("model: an unreachable endpoint falls back to offline", async () => {
    const r = await ask(app({ endpoint: true, base: "http://127.0.0.1:9/v1" }), { message: "RWA" });
    expect(r.status).toBe(200);
    expect(r.body.source).toBe("offline");
    expect(syms(r.body)).toEqual(["TBILL"]);
  });
});
