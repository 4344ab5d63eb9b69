// Issue 10's rule, unit-tested because gas is deterministic: on a fresh anvil with the product's
// deploy steps, warm buys and sells of portfolios of 2, 5 and 10 components, every swap bounded
// (10 % on each leg and on the whole trade, a real deadline), must not use more gas than the
// original SoFi trading contract did without bounds. Both ways a trade is routed are held to it:
// the module's own quote (the route users get) and one swap per leg (the original's pools).
import { describe, expect, it } from "vitest";
import { GAS_MUST_RATIO, GAS_SIZES, GAS_TRADES, measurePortfolioGas, ORIGINAL_GAS } from "../src/portfolio-gas.ts";
import { formatGas } from "../src/report.ts";

describe("portfolio gas (issue 10)", () => {
  it("buys and sells of 2, 5 and 10 components cost at most the original's gas", async () => {
    const g = await measurePortfolioGas();
    console.log(formatGas(g).join("\n"));
    expect(g.portfolios.map((p) => p.size)).toEqual([...GAS_SIZES]);
    for (const p of g.portfolios) {
      // One portfolio token is worth about 1 WETH, as in the original's measurement.
      expect(p.valueWeth).toBeGreaterThan(0.95);
      expect(p.valueWeth).toBeLessThan(1.05);
      for (const kind of GAS_TRADES) {
        const t = p.trades[kind];
        const original = ORIGINAL_GAS[kind][p.size];
        for (const [route, f] of Object.entries({ quote: t, direct: t.direct, viaWeth: t.viaWeth })) {
          if (!f) continue;
          const what = `${p.size} components, ${kind}, ${route}: ${f.gasUsed} gas vs the original's ${original}`;
          expect(f.warm, `${what} (not warm)`).toBe(true);
          expect(f.hops.length, what).toBe(p.size);
          expect(f.gasUsed, what).toBeGreaterThan(100_000);
          expect(f.gasUsed, what).toBeLessThanOrEqual(original * GAS_MUST_RATIO);
        }
        expect(t.direct.hops.every((h) => h === 1)).toBe(true);
      }
    }
  });
});
