import { describe, expect, it } from "vitest";
import { BUY_DEADLINE_SECONDS, buyBlock, buyWithEthCall, maxBuyValue, withSlippage } from "./buy.ts";

const base = { connected: true, quantity: 10n ** 16n, value: 10n ** 15n, quoting: false, balance: 10n ** 18n };

describe("portfolio buy (spec 001 §2)", () => {
  it("adds the 10 % slippage tolerance, rounded up, to the quote and its fee", () => {
    expect(withSlippage(1000n)).toBe(1100n);
    expect(withSlippage(1n)).toBe(2n);
    expect(maxBuyValue(900n, 100n)).toBe(1100n);
  });

  it("says why the button is disabled, in the spec's order", () => {
    expect(buyBlock({ ...base, connected: false })).toBe("connect");
    expect(buyBlock({ ...base, quantity: null })).toBe("enterAmount");
    expect(buyBlock({ ...base, quantity: 0n })).toBe("enterAmount");
    expect(buyBlock({ ...base, quoting: true })).toBe("quoting");
    expect(buyBlock({ ...base, value: null })).toBe("noQuote");
    expect(buyBlock({ ...base, value: 2n * 10n ** 18n })).toBe("insufficient");
    expect(buyBlock(base)).toBeNull();
  });

  it("builds buyExactSetWithETH with widened leg limits, the value and a deadline", () => {
    const call = buyWithEthCall({
      module: "0x0000000000000000000000000000000000000001",
      set: "0x0000000000000000000000000000000000000002",
      quantity: 5n,
      legs: [
        {
          router: "0x0000000000000000000000000000000000000003",
          path: ["0x0000000000000000000000000000000000000004"],
          limit: 100n,
        },
      ],
      value: 123n,
      nowSeconds: 1000,
    });
    expect(call.functionName).toBe("buyExactSetWithETH");
    expect(call.value).toBe(123n);
    expect(call.args[1]).toBe(5n);
    expect(call.args[2][0]?.limit).toBe(110n);
    expect(call.args[3]).toBe(BigInt(1000 + BUY_DEADLINE_SECONDS));
  });
});
