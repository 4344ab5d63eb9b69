// Issue 19's rule, unit-tested because gas is deterministic: on a fresh anvil with the product's
// deploy steps, a market's buy, sell, addFunding and redeem stay below their recorded ceilings
// (no comparison target is given; the other calls are reported).
import { describe, expect, it } from "vitest";
import { formatMarketGas, MARKET_GAS_CALLS, MARKET_GAS_CEILING, measureMarketGas } from "../src/market-gas.ts";

describe("prediction market gas (issue 19)", () => {
  it("buy, sell, addFunding and redeem stay below their recorded ceilings", async () => {
    const g = await measureMarketGas();
    console.log(formatMarketGas(g).join("\n"));
    for (const call of MARKET_GAS_CALLS) expect(g.calls[call].gas, call).toBeGreaterThan(21_000);
    const ceilings = Object.entries(MARKET_GAS_CEILING);
    expect(ceilings.map(([call]) => call).sort()).toEqual(["addFunding", "buy", "redeem", "sell"]);
    for (const [call, ceiling] of ceilings) {
      const gas = g.calls[call as keyof typeof g.calls].gas;
      expect(gas, `${call}: ${gas} gas, ceiling ${ceiling}`).toBeLessThanOrEqual(ceiling as number);
    }
  });
});
