/** A portfolio's units over time: the position log, removals and the position multiplier. */
import { describe, expect, it } from "vitest";
import { UnitHistory } from "../src/api/queries/portfolios.ts";

const E18 = 10n ** 18n;
const A = "0xa";
const B = "0xb";

describe("UnitHistory", () => {
  const h = new UnitHistory(
    [
      { component: A, ts: 100, block: 1, log: 0, kind: "created", unit: 1000n },
      { component: B, ts: 100, block: 1, log: 0, kind: "created", unit: 500n },
      { component: A, ts: 200, block: 2, log: 1, kind: "edited", unit: 800n },
      { component: B, ts: 300, block: 3, log: 0, kind: "removed", unit: null },
      { component: B, ts: 500, block: 5, log: 0, kind: "added", unit: null },
      { component: B, ts: 500, block: 5, log: 1, kind: "edited", unit: 40n },
    ],
    [{ ts: 400, block: 4, log: 0, multiplier: (E18 * 9n) / 10n }],
  );
  it("takes the latest row at or before the time", () => {
    expect([...h.unitsAt(50)]).toEqual([]);
    expect([...h.unitsAt(150)]).toEqual([
      [A, 1000n],
      [B, 500n],
    ]);
    expect([...h.unitsAt(250)]).toEqual([
      [A, 800n],
      [B, 500n],
    ]);
  });
  it("drops removed components", () => {
    expect([...h.unitsAt(350)]).toEqual([[A, 800n]]);
  });
  it("scales real units by a later multiplier edit, not an earlier one", () => {
    expect([...h.unitsAt(450)]).toEqual([[A, 720n]]);
    // B's unit was edited after the multiplier changed: it is already real
    expect(h.unitsAt(600).get(B)).toBe(40n);
    expect(h.unitsAt(600).get(A)).toBe(720n);
  });
});
