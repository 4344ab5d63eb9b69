import { describe, expect, it } from "vitest";
import {
  API,
  coinChip,
  feedCursor,
  feedKey,
  isBelowCursor,
  mentionedSymbols,
  mentionedTags,
  newPostBodySchema,
  normalTopic,
  POST_MAX,
  POST_PREDICTION_POINTS,
  parseCoinChip,
  parseFeedCursor,
  postActionBodySchema,
  postPredictionPoints,
  postProblem,
  postsQuerySchema,
  postsStreamQuerySchema,
  predictPostBodySchema,
  SOCIAL_ERRORS,
  topicKind,
} from "../src/index.ts";

const ADDR = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("social: post text (spec 002 §5)", () => {
  it("empty or blank: 'Please enter your content.'; too long; control and bidi characters refused", () => {
    expect(postProblem("")).toBe("Please enter your content.");
    expect(postProblem("  \n\t ")).toBe("Please enter your content.");
    expect(postProblem("x".repeat(POST_MAX))).toBeNull();
    expect(postProblem("x".repeat(POST_MAX + 1))).toBe(SOCIAL_ERRORS.tooLong);
    expect(postProblem("two\nlines\tand a tab")).toBeNull();
    expect(postProblem("bell\u0007")).toBe(SOCIAL_ERRORS.invalid);
    expect(postProblem("spoof\u202Etxt")).toBe(SOCIAL_ERRORS.invalid);
    expect(postProblem("<script>alert(1)</script>")).toBeNull(); // HTML is text: shown as written
  });

  it("the body schema refuses with the same texts", () => {
    const r = newPostBodySchema.safeParse({ address: ADDR, text: " " });
    expect(r.success ? null : r.error.issues[0]?.message).toBe("Please enter your content.");
    expect(newPostBodySchema.parse({ address: ADDR, text: "hi $RAI" }).address).toBe(ADDR.toLowerCase());
  });
});

describe("social: mentions", () => {
  it("$SYMBOL mentions: upper-case, once each, in order; not inside words or prices", () => {
    expect(mentionedSymbols("$rai and $NOVA, then $RAI again")).toEqual(["RAI", "NOVA"]);
    expect(mentionedSymbols("costs $5 or US$RAI or $$RAI")).toEqual([]);
    expect(mentionedSymbols("($WETH) $gpux.")).toEqual(["WETH", "GPUX"]);
  });

  it("#tags: lower-case, once each", () => {
    expect(mentionedTags("#DeFi #defi #ai_agents x#no")).toEqual(["defi", "ai_agents"]);
  });
});

describe("social: coin chips (§3: the third word carries a sign; a minus marks a drop)", () => {
  it("writes price and change; parses them back", () => {
    expect(coinChip("RAI", 2, 25)).toBe("RAI $2.00 +25.00%");
    expect(coinChip("NOVA", 0.4, -20)).toBe("NOVA $0.4000 -20.00%");
    expect(coinChip("X", 1.5, null)).toBe("X $1.50 +0.00%");
    expect(parseCoinChip("NOVA $0.4000 -20.00%")).toEqual({
      symbol: "NOVA",
      price: "$0.4000",
      change: "-20.00%",
      down: true,
    });
    expect(parseCoinChip("RAI $2.00 +25.00%").down).toBe(false);
  });
});

describe("social: post predictions (docs/decisions.md)", () => {
  it("up is right when the price rose, down when it fell; unchanged or unknown scores nothing", () => {
    expect(postPredictionPoints("up", 2, 2.5)).toBe(POST_PREDICTION_POINTS);
    expect(postPredictionPoints("down", 2, 2.5)).toBe(0);
    expect(postPredictionPoints("down", 1, 0.8)).toBe(POST_PREDICTION_POINTS);
    expect(postPredictionPoints("up", 1, 1)).toBe(0);
    expect(postPredictionPoints("up", 0, 2)).toBe(0);
    expect(postPredictionPoints("up", 2, Number.NaN)).toBe(0);
  });
});

describe("social: the feed's order and cursors", () => {
  it("newest first; at the same ms a trade's key sorts above a post id; ids compare as numbers", () => {
    const items = [
      [1000, "9"],
      [1000, "10"],
      [1000, "swap12x0"],
      [2000, "1"],
      [999, "portfoliobuy3x1"],
    ] as const;
    const sorted = [...items].sort((a, b) => (feedKey(a[0], a[1]) < feedKey(b[0], b[1]) ? 1 : -1));
    expect(sorted.map((x) => x[1])).toEqual(["1", "swap12x0", "10", "9", "portfoliobuy3x1"]);
    const c = parseFeedCursor(feedCursor(1000, "swap12x0"));
    expect(c).toEqual({ ms: 1000, id: "swap12x0" });
    expect(isBelowCursor(1000, "10", c as { ms: number; id: string })).toBe(true);
    expect(isBelowCursor(1000, "swap12x0", c as { ms: number; id: string })).toBe(false);
    expect(isBelowCursor(2000, "1", c as { ms: number; id: string })).toBe(false);
    expect(parseFeedCursor("1000-<x>")).toBeNull();
  });

  it("topics: tx and post are special, capitals name a token, small letters a tag", () => {
    expect(topicKind("tx")).toBe("tx");
    expect(topicKind("post")).toBe("post");
    expect(topicKind("RAI")).toBe("token");
    expect(topicKind("defi")).toBe("tag");
    expect(normalTopic("DeFi")).toBe("defi");
    expect(normalTopic("RAI")).toBe("RAI");
  });
});

describe("social: the API's schemas (§7)", () => {
  it("GET /sofi/posts: every key may be omitted; a bad topic or cursor is refused", () => {
    expect(postsQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(postsQuerySchema.parse({ address: ADDR, topic: "RAI", limit: "5" })).toMatchObject({
      address: ADDR.toLowerCase(),
      topic: "RAI",
      limit: 5,
    });
    expect(postsQuerySchema.safeParse({ topic: "<b>" }).success).toBe(false);
    expect(postsQuerySchema.safeParse({ cursor: "x" }).success).toBe(false);
    // a post id past int8 is refused here (the spec's 400), not by the database (a 500)
    expect(postsQuerySchema.safeParse({ cursor: `1000-${"9".repeat(19)}` }).success).toBe(false);
    expect(postsQuerySchema.safeParse({ cursor: `1000-${"9".repeat(18)}` }).success).toBe(true);
    expect(postsQuerySchema.safeParse({ cursor: `1000-swap${"9".repeat(40)}x0` }).success).toBe(true);
    expect(postsQuerySchema.safeParse({ limit: "51" }).success).toBe(false);
  });

  it("predict and post bodies: the spec's fields; ids as strings or numbers", () => {
    expect(predictPostBodySchema.parse({ address: ADDR, post: 12, direction: "up" }).post).toBe("12");
    expect(predictPostBodySchema.safeParse({ address: ADDR, post: "1e3", direction: "up" }).success).toBe(false);
    const bad = predictPostBodySchema.safeParse({ address: ADDR, post: "1", direction: "flat" });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe(SOCIAL_ERRORS.direction);
    expect(postActionBodySchema.parse({ address: ADDR, id: ADDR, action: "mute" }).id).toBe(ADDR);
    expect(postActionBodySchema.safeParse({ address: ADDR, id: "1", action: "hide" }).success).toBe(false);
    expect(postsStreamQuerySchema.safeParse({}).success).toBe(false);
    expect(postsStreamQuerySchema.parse({ since: "0" }).since).toBe("0");
  });

  it("the contract lists the feed under capability social, its writes signed", () => {
    for (const name of [
      "posts",
      "trending",
      "postsStream",
      "socialProfile",
      "newPost",
      "predictPost",
      "postAction",
    ] as const)
      expect(API[name].capability).toBe("social");
    expect([API.newPost.signed, API.predictPost.signed, API.postAction.signed]).toEqual([true, true, true]);
    expect(API.predictPost.path).toBe("/sofi/predict");
    expect(API.postAction.path).toBe("/sofi/post");
  });
});
