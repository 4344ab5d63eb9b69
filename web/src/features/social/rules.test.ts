import type { SocialPost } from "@sofi/core";
import { describe, expect, it } from "vitest";
import {
  apiTopic,
  countsAsNew,
  exactTime,
  feedParams,
  formatAmount,
  newestPostId,
  relativeTime,
  textParts,
  topicLabel,
} from "./rules.ts";

describe("social rules", () => {
  it("the URL's tab and topic; the API's topic", () => {
    expect(feedParams(new URLSearchParams(""))).toEqual({ tab: "all", topic: null });
    expect(feedParams(new URLSearchParams("tab=tx"))).toEqual({ tab: "tx", topic: null });
    expect(feedParams(new URLSearchParams("tab=nope&topic=DeFi"))).toEqual({ tab: "all", topic: "defi" });
    expect(feedParams(new URLSearchParams("topic=RAI"))).toEqual({ tab: "all", topic: "RAI" });
    expect(feedParams(new URLSearchParams("topic=<b>"))).toEqual({ tab: "all", topic: null });
    expect(apiTopic("all", null)).toBeUndefined();
    expect(apiTopic("post", null)).toBe("post");
    expect(apiTopic("tx", null)).toBe("tx");
    expect(apiTopic("all", "RAI")).toBe("RAI");
    expect([topicLabel("RAI"), topicLabel("defi")]).toEqual(["$RAI", "#defi"]);
  });

  it("relative time in the reader's language; exact time for the tooltip", () => {
    const now = 1_800_000_000_000;
    expect(relativeTime(now / 1000 - 10, now, "en", "just now")).toBe("just now");
    expect(relativeTime(now / 1000 - 180, now, "en", "just now")).toBe("3 minutes ago");
    expect(relativeTime(now / 1000 - 7200, now, "en", "just now")).toBe("2 hours ago");
    expect(relativeTime(now / 1000 - 86_400, now, "en", "just now")).toBe("yesterday");
    expect(relativeTime(now / 1000 - 180, now, "ko", "방금")).toBe("3분 전");
    expect(exactTime(0)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("a post's text in parts: mentions as core reads them, everything else as plain text", () => {
    expect(textParts("<b>$rai</b> up #DeFi, not US$RAI or $$X or $5")).toEqual([
      { kind: "text", text: "<b>" },
      { kind: "symbol", text: "$rai", topic: "RAI" },
      { kind: "text", text: "</b> up " },
      { kind: "tag", text: "#DeFi", topic: "defi" },
      { kind: "text", text: ", not US$RAI or $$X or $5" },
    ]);
    expect(textParts("plain")).toEqual([{ kind: "text", text: "plain" }]);
    expect(textParts("$RAI_x a#b")).toEqual([{ kind: "text", text: "$RAI_x a#b" }]);
    expect(
      textParts("x")
        .map((p) => p.text)
        .join(""),
    ).toBe("x");
  });

  it("amounts: grouped, a few decimals", () => {
    expect(formatAmount("1234.56789", "en")).toBe("1,234.5679");
    expect(formatAmount("0.000123456789", "en")).toBe("0.000123457");
    expect(formatAmount("3", "en")).toBe("3");
  });

  it("the live bar counts posts newer than the page, not the reader's own, on the chosen topic", () => {
    const ev = (id: string, author = "0xaa", topics: string[] = []) => ({ id, created_at: 1, author, topics });
    const base = { since: "10", me: "0xBB", tab: "all" as const, topic: null, shown: new Set<string>(["12"]) };
    expect(countsAsNew(ev("11"), base)).toBe(true);
    expect(countsAsNew(ev("10"), base)).toBe(false);
    expect(countsAsNew(ev("12"), base)).toBe(false);
    expect(countsAsNew(ev("13", "0xbb"), base)).toBe(false);
    expect(countsAsNew(ev("13"), { ...base, tab: "tx" })).toBe(false);
    expect(countsAsNew(ev("13", "0xaa", ["RAI"]), { ...base, topic: "RAI" })).toBe(true);
    expect(countsAsNew(ev("13", "0xaa", ["NOVA"]), { ...base, topic: "RAI" })).toBe(false);
  });

  it("the newest post id of a page (trades are not posts)", () => {
    const item = (id: string, kind: "post" | "tx") => ({ id, kind }) as SocialPost;
    expect(newestPostId([item("9", "post"), item("swap1x1", "tx"), item("12", "post")])).toBe("12");
    expect(newestPostId([item("swap1x1", "tx")])).toBe("0");
  });
});
