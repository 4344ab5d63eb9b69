import { maxUint256, toHex } from "viem";
import { describe, expect, it } from "vitest";
import { answerOf, parseArgs, timeOf } from "./market-cli.ts";

describe("npm run market -- ...", () => {
  it("parses commands, positionals and options", () => {
    const a = parseArgs(["answer", "0", "yes", "--bond", "20", "--warp"]);
    expect(a.command).toBe("answer");
    expect(a.positional).toEqual(["0", "yes"]);
    expect(a.options.get("bond")).toBe("20");
    expect(a.options.get("warp")).toBe(true);
    expect(parseArgs([]).command).toBe("help");
  });

  it("answers are Reality.eth's single-select values", () => {
    expect(answerOf("yes")).toBe(toHex(0n, { size: 32 }));
    expect(answerOf("No")).toBe(toHex(1n, { size: 32 }));
    expect(answerOf("invalid")).toBe(toHex(maxUint256, { size: 32 }));
    expect(() => answerOf("maybe")).toThrow(/yes, no or invalid/);
  });

  it("times: relative, ISO or unix seconds", () => {
    expect(timeOf("+2h", 1000)).toBe(1000 + 7200);
    expect(timeOf("+1.5d", 0)).toBe(129_600);
    expect(timeOf("1700000000", 0)).toBe(1_700_000_000);
    expect(timeOf("2030-01-01T00:00:00Z", 0)).toBe(1_893_456_000);
    expect(() => timeOf("soon", 0)).toThrow(/bad time/);
  });
});
