import { describe, expect, it } from "vitest";
import { chartPaths, daysSince, defaultSelection, seriesColour, toPercentChange } from "./performance.ts";

describe("manager performance chart", () => {
  it("colours cycle over five", () => {
    expect(seriesColour(0)).toBe(seriesColour(5));
    expect(new Set([0, 1, 2, 3, 4].map(seriesColour)).size).toBe(5);
  });

  it("percent change from the first positive point", () => {
    expect(
      toPercentChange([
        { ts: 1, value: 100 },
        { ts: 2, value: 110 },
        { ts: 3, value: 95 },
      ]).map((p) => Math.round(p.pct * 100) / 100),
    ).toEqual([0, 10, -5]);
    expect(toPercentChange([{ ts: 1, value: 0 }])).toEqual([{ ts: 1, pct: 0 }]);
  });

  it("paths share one time and value scale, zero always inside", () => {
    const { paths, min, max } = chartPaths(
      [
        [
          { ts: 0, pct: 0 },
          { ts: 10, pct: 10 },
        ],
        [
          { ts: 5, pct: 5 },
          { ts: 10, pct: -10 },
        ],
        [{ ts: 0, pct: 0 }],
      ],
      100,
      50,
    );
    expect([min, max]).toEqual([-10, 10]);
    expect(paths[0]).toBe("M0.0,25.0 L100.0,0.0");
    expect(paths[1]).toBe("M50.0,12.5 L100.0,50.0");
    expect(paths[2]).toBe("");
    expect(chartPaths([], 100, 50).paths).toEqual([]);
  });

  it("days since creation and the default five", () => {
    expect(daysSince(0)).toBe(0);
    expect(daysSince(1_000_000, 1_000_000_000 + 3 * 86_400_000 + 5)).toBe(3);
    expect(daysSince(2_000_000_000, 1_000_000)).toBe(0);
    expect(defaultSelection(["a", "b", "c", "d", "e", "f"])).toEqual(["a", "b", "c", "d", "e"]);
  });
});
