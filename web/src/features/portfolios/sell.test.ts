import { describe, expect, it } from "vitest";
import {
  lessSlippage,
  minReceived,
  parseSellAmount,
  SELL_DEADLINE_SECONDS,
  sellBlock,
  sellForEthCall,
} from "./sell.ts";

const E18 = 10n ** 18n;

describe("portfolio sell amount (spec 001 §2, §5)", () => {
  it("asks for an amount when empty, a lone point or zero", () => {
    for (const text of ["", ".", "0", "0.000", "abc", "1.2.3"]) {
      expect(parseSellAmount(text, 18, E18)).toEqual({ ok: false, reason: "enterAmount" });
    }
  });

  it("allows at most the token's decimals", () => {
    expect(parseSellAmount("0.123", 2, E18)).toEqual({ ok: false, reason: "tooManyDecimals" });
    expect(parseSellAmount("0.12", 2, E18)).toEqual({ ok: true, amount: 12n });
    expect(parseSellAmount(`0.${"1".repeat(19)}`, 18, E18)).toEqual({ ok: false, reason: "tooManyDecimals" });
    expect(parseSellAmount(`0.${"1".repeat(18)}`, 18, E18).ok).toBe(true);
  });

  it("allows the whole balance and not one base unit more", () => {
    expect(parseSellAmount("1", 18, E18)).toEqual({ ok: true, amount: E18 });
    expect(parseSellAmount("1.000000000000000001", 18, E18)).toEqual({ ok: false, reason: "insufficient" });
    expect(parseSellAmount("5", 18, undefined)).toEqual({ ok: true, amount: 5n * E18 });
  });
});

describe("portfolio sell minimum received and call", () => {
  it("lowers the quote by the 10 % slippage tolerance, rounded down", () => {
    expect(minReceived(1000n)).toBe(900n);
    expect(minReceived(1009n)).toBe(908n);
    expect(minReceived(1n)).toBe(0n);
    expect(lessSlippage(2000n, 500n)).toBe(1900n);
  });

  it("says why the button is disabled, in the spec's order", () => {
    const ok = { ok: true as const, amount: 1n };
    const base = { connected: true, amount: ok, quoting: false, quoted: true };
    expect(sellBlock({ ...base, connected: false })).toBe("connect");
    expect(sellBlock({ ...base, amount: { ok: false, reason: "enterAmount" } })).toBe("enterAmount");
    expect(sellBlock({ ...base, amount: { ok: false, reason: "insufficient" } })).toBe("insufficient");
    expect(sellBlock({ ...base, amount: { ok: false, reason: "tooManyDecimals" } })).toBe("tooManyDecimals");
    expect(sellBlock({ ...base, quoting: true })).toBe("quoting");
    expect(sellBlock({ ...base, quoted: false })).toBe("noQuote");
    expect(sellBlock(base)).toBeNull();
  });

  it("builds sellExactSetForETH with the minimum, lowered leg minimums and a deadline, paying nothing", () => {
    const call = sellForEthCall({
      module: "0x0000000000000000000000000000000000000001",
      set: "0x0000000000000000000000000000000000000002",
      quantity: 5n,
      minAmountOut: 90n,
      legs: [
        {
          router: "0x0000000000000000000000000000000000000003",
          path: ["0x0000000000000000000000000000000000000004"],
          limit: 100n,
        },
      ],
      nowSeconds: 1000,
    });
    expect(call.functionName).toBe("sellExactSetForETH");
    expect("value" in call).toBe(false);
    expect(call.args[1]).toBe(5n);
    expect(call.args[2]).toBe(90n);
    expect(call.args[3][0]?.limit).toBe(90n);
    expect(call.args[4]).toBe(BigInt(1000 + SELL_DEADLINE_SECONDS));
  });
});
