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
  it("unitsFrom (the refresh's lookup) equals unitsAt at every time, also after rows are added", () => {
    const times = [0, 99, 100, 101, 199, 200, 250, 300, 399, 400, 450, 499, 500, 501, 10_000];
    const same = () => {
      for (const t of times) expect(new Map(h.unitsFrom(t)), `at ${t}`).toEqual(h.unitsAt(t));
    };
    same();
    h.add({ component: A, ts: 700, block: 7, log: 0, kind: "edited", unit: 10n }, null);
    h.add(null, { ts: 800, block: 8, log: 0, multiplier: E18 / 2n });
    times.push(699, 700, 750, 800, 900);
    same();
    expect(new Map(h.unitsFrom(900)).get(A)).toBe(5n);
  });
});
