import { describe, expect, it } from "vitest";
import { historyQuerySchema, pageViewBodySchema, tickerQuerySchema, tradesQuerySchema } from "../src/api-schemas.ts";
import { textProblem } from "../src/validation.ts";

const USER = "0x000000000000000000000000000000000000dead";
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("text fields", () => {
  it.each([
    ["a/\u0000b", /control characters \(U\+0000 at position 2\)/],
    ["a\nb", /U\+000A/],
    ["\u007f", /U\+007F/],
    ["\u0085", /U\+0085/],
    ["a\ud800b", /valid Unicode/],
    ["safe\u202egnp.exe", /U\+202E at position 4/],
    ["\u2066x", /U\+2066/],
    ["x\u200f", /U\+200F/],
    ["x\u061c", /U\+061C/],
    ["x".repeat(2049), /at most 2048/],
  ])("refuses %j", (path, msg) => {
    expect(first(pageViewBodySchema.safeParse({ path }))).toMatch(msg);
  });
  it("accepts ordinary paths, including non-ASCII and paired surrogates", () => {
    for (const path of ["/swap?x=1", "/프로필/😀", "x".repeat(2048)])
      expect(pageViewBodySchema.safeParse({ path }).success).toBe(true);
    expect(textProblem("ok", 2)).toBeNull();
  });
  it("refuses control characters and long pair symbols", () => {
    expect(first(tickerQuerySchema.safeParse({ symbol: "ETH\u0000-USDT" }))).toMatch(/symbol must not contain control/);
    expect(first(historyQuerySchema.safeParse({ symbol: "A".repeat(65), type: "day" }))).toMatch(/at most 64/);
  });
});

describe("query numbers", () => {
  it.each(["1e1", "0x10", "0b11", "0o7", " 5", "+5", "5.0", "-1", "", "1_0", "Infinity", "0", "101", "0000000000005"])(
    "refuses limit=%j",
    (limit) => {
      expect(first(tradesQuerySchema.safeParse({ user: USER, limit }))).toBe("limit must be an integer from 1 to 100");
    },
  );
  it("accepts plain decimal digits and defaults to 20", () => {
    expect(tradesQuerySchema.parse({ user: USER, limit: "100" }).limit).toBe(100);
    expect(tradesQuerySchema.parse({ user: USER, limit: "007" }).limit).toBe(7);
    expect(tradesQuerySchema.parse({ user: USER }).limit).toBe(20);
  });
});
