// Issue 20's bench rows, unit-tested because gas is deterministic: on a fresh anvil with the product's
// deploy steps, every kind of `predict` costs at most RACE_PREDICT_MAX_GAS (the keeper's calls are
// reported beside it).
import { describe, expect, it } from "vitest";
import { measureRaceGas, RACE_GAS_CALLS, RACE_PREDICT_CALLS, RACE_PREDICT_MAX_GAS } from "../src/races-gas.ts";
import { formatRaceGas } from "../src/report.ts";

describe("races gas (issue 20)", () => {
  it(`predict costs at most ${RACE_PREDICT_MAX_GAS} gas`, async () => {
    const g = await measureRaceGas();
    console.log(formatRaceGas(g).join("\n"));
    for (const call of RACE_GAS_CALLS) expect(g.calls[call].gas, call).toBeGreaterThan(21_000);
    for (const call of RACE_PREDICT_CALLS) expect(g.calls[call].gas, call).toBeLessThanOrEqual(RACE_PREDICT_MAX_GAS);
  });
});
