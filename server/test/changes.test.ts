/** The change bus's payload (server/src/changes.ts): the keys a commit touched cross processes when they fit one NOTIFY. */
import { describe, expect, it } from "vitest";
import { API_WRITE } from "../src/api/commit-signal.ts";
import { CHANGE_PAYLOAD_MAX, decodeChange, encodeChange } from "../src/changes.ts";

describe("change payloads", () => {
  it("carry the touched keys, and read back as they were sent", () => {
    const change = { touched: { "trades.user": ["0xabc", "0xdef"], "other.topic": [] } };
    const payload = encodeChange("me123456", 31337, change);
    expect(decodeChange(payload)).toEqual({ from: "me123456", chainId: 31337, change });
    // an API write crosses as itself, so indexed-row caches on the other servers keep their entries
    expect(decodeChange(encodeChange("me123456", 31337, API_WRITE)).change).toEqual(API_WRITE);
  });

  it("say 'anything changed' when no keys are known, too many to fit, or unreadable", () => {
    expect(decodeChange(encodeChange("a", 1))).toEqual({ from: "a", chainId: 1 });
    const many = {
      touched: { "trades.user": Array.from({ length: 400 }, (_, i) => `0x${String(i).padStart(40, "0")}`) },
    };
    const big = encodeChange("a", 8453, many);
    expect(big).toBe("a:8453");
    expect(Buffer.byteLength(JSON.stringify(many.touched))).toBeGreaterThan(CHANGE_PAYLOAD_MAX);
    expect(decodeChange(big).change).toBeUndefined();
    for (const bad of ['a:1:{"t":', 'a:1:["x"]', 'a:1:{"t":[1]}', 'a:1:{"t":"x"}', "a:1:null"])
      expect(decodeChange(bad), bad).toEqual({ from: "a", chainId: 1 });
  });

  it("an older server's payload (from:chain) still reads", () => {
    expect(decodeChange("0f1e2d3c:31337")).toEqual({ from: "0f1e2d3c", chainId: 31337 });
  });
});
