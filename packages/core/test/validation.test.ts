import { describe, expect, it } from "vitest";
import {
  addressSchema,
  isAddress,
  isBlocked,
  isCallData,
  parseBlockedList,
  sanitizeAmountInput,
  trimAmountDecimals,
} from "../src/index.ts";

describe("address validation (spec 000 §5)", () => {
  it("accepts 0x + 40 hex in any case", () => {
    expect(isAddress("0x7f367cc41522ce07553e823bf3be79a889debe1b")).toBe(true);
    expect(isAddress("0x7F367cC41522cE07553e823bf3be79A889DEbe1B")).toBe(true);
  });
  it.each([
    "",
    "0x",
    "7f367cc41522ce07553e823bf3be79a889debe1b",
    "0x7f367cc41522ce07553e823bf3be79a889debe1",
    "0x7f367cc41522ce07553e823bf3be79a889debe1bb",
    "0xzz367cc41522ce07553e823bf3be79a889debe1b",
  ])("rejects %j", (value) => expect(isAddress(value)).toBe(false));
  it("schema reports the spec's text and lowercases", () => {
    expect(addressSchema.parse("0xABCDEF0000000000000000000000000000000001")).toBe(
      "0xabcdef0000000000000000000000000000000001",
    );
    const result = addressSchema.safeParse("0x12");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Invalid address: 0x12");
  });
});

describe("call data validation", () => {
  it("accepts lowercase hex only", () => {
    expect(isCallData("0x")).toBe(true);
    expect(isCallData("0xa9059cbb")).toBe(true);
    expect(isCallData("0xA9059CBB")).toBe(false);
    expect(isCallData("a9059cbb")).toBe(false);
  });
});

describe("amount input sanitising", () => {
  it("keeps digits and one point, turns a comma into a point", () => {
    expect(sanitizeAmountInput("1,5")).toBe("1.5");
    expect(sanitizeAmountInput("12.")).toBe("12.");
    expect(sanitizeAmountInput(".5")).toBe(".5");
    expect(sanitizeAmountInput("")).toBe("");
  });
  it("rejects a second point, letters, signs and more than 79 characters", () => {
    expect(sanitizeAmountInput("1.2.3")).toBeNull();
    expect(sanitizeAmountInput("1e5")).toBeNull();
    expect(sanitizeAmountInput("-1")).toBeNull();
    expect(sanitizeAmountInput("1".repeat(79))).toBe("1".repeat(79));
    expect(sanitizeAmountInput("1".repeat(80))).toBeNull();
  });
  it("cuts a typed amount to a token with fewer decimals", () => {
    expect(trimAmountDecimals("0.1234567", 6)).toBe("0.123456");
    expect(trimAmountDecimals("0.12", 6)).toBe("0.12");
    expect(trimAmountDecimals("12.5", 0)).toBe("12");
    expect(trimAmountDecimals("12", 0)).toBe("12");
    expect(trimAmountDecimals("", 6)).toBe("");
  });
  it("rejects more decimals than the token has", () => {
    expect(sanitizeAmountInput("1.123456", 6)).toBe("1.123456");
    expect(sanitizeAmountInput("1.1234567", 6)).toBeNull();
    expect(sanitizeAmountInput("1,1234567", 6)).toBeNull();
    expect(sanitizeAmountInput("5.", 0)).toBe("5.");
    expect(sanitizeAmountInput("5.1", 0)).toBeNull();
    expect(sanitizeAmountInput("1.1234567")).toBe("1.1234567");
  });
});

describe("blocked addresses", () => {
  it("has the spec's fixed five and adds configured ones case-insensitively", () => {
    const list = parseBlockedList(" 0xAbCdEf0000000000000000000000000000000001 ,");
    expect(list.size).toBe(6);
    expect(isBlocked("0xabcdef0000000000000000000000000000000001", list)).toBe(true);
    expect(isBlocked("0x7F367CC41522CE07553E823BF3BE79A889DEBE1B", list)).toBe(true);
    expect(isBlocked("0x0000000000000000000000000000000000000001", list)).toBe(false);
    expect(isBlocked(undefined, list)).toBe(false);
  });
});
