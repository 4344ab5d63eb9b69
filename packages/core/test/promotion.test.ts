import { describe, expect, it } from "vitest";
import {
  isPromoted,
  PROMOTE_AMOUNT_REQUIRED,
  PROMOTE_APPROVAL_AMOUNT,
  PROMOTE_MIN_AMOUNT,
  parsePromoteAmount,
  parseWithdrawAmount,
  promoteAmountProblem,
  promoteApprovalAmount,
  promoteEndAfter,
  promoteFirstStep,
  promoteHours,
  promoteSeconds,
  withdrawProblem,
} from "../src/promotion.ts";

const E18 = 10n ** 18n;

describe("promote amount (spec 001 §5)", () => {
  it("is required, numeric, with at most 3 decimals", () => {
    expect(PROMOTE_AMOUNT_REQUIRED).toBe("Please input SOFI amount!");
    for (const bad of ["", " ", "abc", "1e3", "-1", "1.2345", "1..2", ".", "0", "0.000", "1 2", "0x10"])
      expect(promoteAmountProblem(bad), bad).toBe("required");
    expect(parsePromoteAmount("100")).toBe(100n * E18);
    expect(parsePromoteAmount("12.345")).toBe(12_345n * 10n ** 15n);
    expect(parsePromoteAmount("0,5")).toBe(E18 / 2n);
    expect(parsePromoteAmount(".5")).toBe(E18 / 2n);
    expect(parsePromoteAmount("1.2345")).toBeNull();
    expect(promoteAmountProblem("12.345")).toBeNull();
  });

  it("must buy a whole second (the contract's minimum) and fit the balance", () => {
    expect(promoteAmountProblem("0.027")).toBe("min");
    expect(promoteAmountProblem(PROMOTE_MIN_AMOUNT)).toBeNull();
    expect(promoteSeconds(parsePromoteAmount(PROMOTE_MIN_AMOUNT) ?? 0n)).toBe(1n);
    expect(promoteAmountProblem("100", 99n * E18)).toBe("balance");
    expect(promoteAmountProblem("100", 100n * E18)).toBeNull();
  });
});

describe("promote arithmetic (spec 001 §5, §9; PortfolioPromotion)", () => {
  it("100 SOFI buy one hour; hours = amount / 100; seconds rounded down", () => {
    expect(promoteSeconds(100n * E18)).toBe(3600n);
    expect(promoteHours(100n * E18)).toBe(1);
    expect(promoteHours(250n * E18)).toBe(2.5);
    expect(promoteHours(12_345n * 10n ** 15n)).toBeCloseTo(0.12345, 10);
    expect(promoteSeconds(12_345n * 10n ** 15n)).toBe(444n); // 444.42 s
    expect(promoteSeconds(27_777_777_777_777_777n)).toBe(0n);
  });

  it("extends a running promotion from its end and restarts an ended one from now", () => {
    const now = 1_800_000_000;
    expect(promoteEndAfter(0, now, 100n * E18)).toBe(now + 3600);
    expect(promoteEndAfter(now + 600, now, 100n * E18)).toBe(now + 4200);
    expect(promoteEndAfter(now - 600, now, 50n * E18)).toBe(now + 1800);
    expect(promoteEndAfter(0, now + 0.9, 100n * E18)).toBe(now + 3600);
    expect(isPromoted(now + 1, now)).toBe(true);
    expect(isPromoted(now, now)).toBe(false);
    expect(isPromoted(0, now)).toBe(false);
  });

  it("approves 1e20 base units, or the budget when it is larger; skips the approval when it is there", () => {
    expect(PROMOTE_APPROVAL_AMOUNT).toBe(10n ** 20n);
    expect(promoteApprovalAmount(null)).toBe(10n ** 20n);
    expect(promoteApprovalAmount(50n * E18)).toBe(10n ** 20n);
    expect(promoteApprovalAmount(500n * E18)).toBe(500n * E18);
    expect(promoteFirstStep(undefined)).toBe(0);
    expect(promoteFirstStep(10n ** 20n - 1n)).toBe(0);
    expect(promoteFirstStep(10n ** 20n)).toBe(1);
  });
});

describe("the owner's withdraw of the collected SOFI (issue 21 §4)", () => {
  const ME = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
  it("reads amounts of SOFI with up to 18 decimals", () => {
    expect(parseWithdrawAmount("1")).toBe(E18);
    expect(parseWithdrawAmount("1,5")).toBe(15n * 10n ** 17n);
    expect(parseWithdrawAmount(".000000000000000001")).toBe(1n);
    expect(parseWithdrawAmount("0.0000000000000000001")).toBeNull();
    expect(parseWithdrawAmount("")).toBeNull();
    expect(parseWithdrawAmount("-1")).toBeNull();
    expect(parseWithdrawAmount("1e3")).toBeNull();
  });
  it("says the first problem: the amount, then what the contract holds, then the recipient", () => {
    expect(withdrawProblem("", ME, 10n * E18)).toBe("required");
    expect(withdrawProblem("0", ME, 10n * E18)).toBe("required");
    expect(withdrawProblem("abc", ME)).toBe("required");
    expect(withdrawProblem("0.0000000000000000001", ME)).toBe("decimals");
    expect(withdrawProblem("10.000000000000000001", ME, 10n * E18)).toBe("held");
    expect(withdrawProblem("10", ME, 10n * E18)).toBeNull();
    expect(withdrawProblem("10", ME)).toBeNull(); // the balance not read yet: the simulation decides
    expect(withdrawProblem("1", "0x12", 10n * E18)).toBe("recipient");
    // the zero address is the contract's to refuse (ZeroAddress, seen by the simulation)
    expect(withdrawProblem("1", "0x0000000000000000000000000000000000000000", 10n * E18)).toBeNull();
  });
});
