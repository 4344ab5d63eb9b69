import { describe, expect, it } from "vitest";
import { writeFailure } from "./write-failure.ts";

describe("write failures (spec 001 §8)", () => {
  it("a wallet refusal is the cancelled text; other errors keep their message or revert reason", () => {
    expect(writeFailure({ code: 4001, message: "User rejected the request." })).toEqual({ key: "cancelled" });
    expect(writeFailure(new Error("outer", { cause: { code: 4001, message: "denied" } }))).toEqual({
      key: "cancelled",
    });
    expect(writeFailure(new Error("MetaMask Tx Signature: User denied transaction signature."))).toEqual({
      key: "cancelled",
    });
    expect(writeFailure({ shortMessage: "boom", reason: "InsufficientReserve" })).toEqual({
      key: "error",
      message: "InsufficientReserve",
    });
    expect(writeFailure(new Error("nonce too low"))).toEqual({ key: "error", message: "nonce too low" });
  });
});
