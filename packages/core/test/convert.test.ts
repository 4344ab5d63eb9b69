import { describe, expect, it } from "vitest";
import {
  CONVERT_APPROVAL_AMOUNT,
  type ConvertInputs,
  convertApprovalAmount,
  convertButtonState,
  convertOutput,
  faucetCanSubmit,
  faucetModeAfter,
  faucetName,
  faucetUsername,
} from "../src/convert.ts";
import { FAUCET_NAME_MAX, faucetBodySchema } from "../src/people.ts";

const E18 = 10n ** 18n;

describe("convert RAI to SOFI (spec 001 §7, §9)", () => {
  it("pays 1 SOFI per RAI, base unit for base unit", () => {
    expect(convertOutput(1n)).toBe(1n);
    expect(convertOutput(123n * E18 + 45n)).toBe(123n * E18 + 45n);
  });

  it("approves 1e20 base units, or the amount when one conversion needs more", () => {
    expect(CONVERT_APPROVAL_AMOUNT).toBe(100_000_000_000_000_000_000n);
    expect(convertApprovalAmount(1n)).toBe(10n ** 20n);
    expect(convertApprovalAmount(10n ** 20n)).toBe(10n ** 20n);
    expect(convertApprovalAmount(10n ** 20n + 1n)).toBe(10n ** 20n + 1n);
  });

  const base: ConvertInputs = {
    connected: true,
    wrongNetwork: false,
    amount: 5n * E18,
    raiBalance: 10n * E18,
    allowance: 0n,
    reserve: 1000n * E18,
    approving: false,
    converting: false,
  };

  it("asks for an approval while the allowance is below the amount, then converts", () => {
    expect(convertButtonState(base)).toBe("approve");
    expect(convertButtonState({ ...base, allowance: 5n * E18 - 1n })).toBe("approve");
    expect(convertButtonState({ ...base, allowance: 5n * E18 })).toBe("convert");
    expect(convertButtonState({ ...base, allowance: CONVERT_APPROVAL_AMOUNT })).toBe("convert");
  });

  it("says why it cannot convert, in order", () => {
    expect(convertButtonState({ ...base, connected: false })).toBe("connect");
    expect(convertButtonState({ ...base, wrongNetwork: true })).toBe("wrongNetwork");
    expect(convertButtonState({ ...base, amount: null })).toBe("enterAmount");
    expect(convertButtonState({ ...base, amount: 0n })).toBe("enterAmount");
    expect(convertButtonState({ ...base, raiBalance: undefined })).toBe("loading");
    expect(convertButtonState({ ...base, reserve: undefined })).toBe("loading");
    expect(convertButtonState({ ...base, amount: 10n * E18 + 1n })).toBe("insufficientRai");
    expect(convertButtonState({ ...base, reserve: 5n * E18 - 1n })).toBe("insufficientReserve");
    expect(convertButtonState({ ...base, reserve: 5n * E18, allowance: 5n * E18 })).toBe("convert");
    expect(convertButtonState({ ...base, approving: true })).toBe("approving");
    expect(convertButtonState({ ...base, converting: true, allowance: 5n * E18 })).toBe("converting");
  });
});

describe("faucet dialog rules (spec 001 §3, §4)", () => {
  it("switches to extra mode only when a refusal reports faucet_count 1", () => {
    expect(faucetModeAfter("normal", 1)).toBe("extra");
    expect(faucetModeAfter("normal", undefined)).toBe("normal");
    expect(faucetModeAfter("normal", 2)).toBe("normal");
    expect(faucetModeAfter("extra", 2)).toBe("extra");
  });

  it("normal mode submits at once; extra mode needs both links opened and both usernames", () => {
    const extra = { mode: "extra" as const, pending: false };
    expect(faucetCanSubmit({ mode: "normal", pending: false, opened: [false, false], usernames: ["", ""] })).toBe(true);
    expect(faucetCanSubmit({ mode: "normal", pending: true, opened: [true, true], usernames: ["a", "b"] })).toBe(false);
    expect(faucetCanSubmit({ ...extra, opened: [true, true], usernames: ["alice", "bob"] })).toBe(true);
    expect(faucetCanSubmit({ ...extra, opened: [true, false], usernames: ["alice", "bob"] })).toBe(false);
    expect(faucetCanSubmit({ ...extra, opened: [false, true], usernames: ["alice", "bob"] })).toBe(false);
    expect(faucetCanSubmit({ ...extra, opened: [true, true], usernames: ["alice", " "] })).toBe(false);
    expect(faucetCanSubmit({ ...extra, opened: [true, true], usernames: ["@", "bob"] })).toBe(false);
    expect(faucetCanSubmit({ ...extra, pending: true, opened: [true, true], usernames: ["a", "b"] })).toBe(false);
  });

  it("sends the two usernames joined, without @ and spaces, as the server's name", () => {
    expect(faucetUsername("  @alice ")).toBe("alice");
    expect(faucetName("@alice", " bob")).toBe("alice,bob");
    const name = faucetName("a".repeat(60), "b".repeat(60));
    expect(name.length).toBeLessThanOrEqual(FAUCET_NAME_MAX);
    expect(faucetBodySchema.parse({ address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", name }).name).toBe(name);
  });
});
