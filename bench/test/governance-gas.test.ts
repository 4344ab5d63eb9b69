// Issue 18's rule, unit-tested because gas is deterministic: on a fresh anvil with the product's
// deploy steps, SofiGovernor's castVote and castVoteBySig cost at most 1.1 × a plain OpenZeppelin
// Governor's on the same SOFI token, measured the same way (propose, queue and execute are reported).
import { describe, expect, it } from "vitest";
import {
  GOVERNANCE_GAS_CALLS,
  GOVERNANCE_GAS_MAX_RATIO,
  GOVERNANCE_GAS_TARGETED,
  measureGovernanceGas,
} from "../src/governance-gas.ts";
import { formatGovernanceGas } from "../src/report.ts";

describe("governance gas (issue 18)", () => {
  it("castVote and castVoteBySig cost at most 1.1 × the plain OZ Governor's", async () => {
    const g = await measureGovernanceGas();
    console.log(formatGovernanceGas(g).join("\n"));
    for (const call of GOVERNANCE_GAS_CALLS) {
      const row = g.calls[call];
      expect(row.sofi, call).toBeGreaterThan(21_000);
      expect(row.plain, call).toBeGreaterThan(21_000);
    }
    for (const call of GOVERNANCE_GAS_TARGETED) {
      const row = g.calls[call];
      expect(row.sofi, `${call}: ${row.sofi} vs the plain governor's ${row.plain}`).toBeLessThanOrEqual(
        row.plain * GOVERNANCE_GAS_MAX_RATIO,
      );
    }
  });
});
