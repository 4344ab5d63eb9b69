import { describe, expect, it } from "vitest";
import { keepTimeLabelsInside, paddedRange, TIME_LABEL_ROOM_PX } from "./chart-padding.ts";

describe("chart padding", () => {
  it("leaves TIME_LABEL_ROOM_PX of the pane free beside the first and last points", () => {
    const width = 300;
    const r = paddedRange({ from: 0, to: 23 }, width);
    const pxPerBar = width / (r.to - r.from);
    expect((0 - r.from) * pxPerBar).toBeCloseTo(TIME_LABEL_ROOM_PX, 6);
    expect((r.to - 23) * pxPerBar).toBeCloseTo(TIME_LABEL_ROOM_PX, 6);
  });

  it("on a pane too narrow for the full room, the line is not squashed below half a pane's worth", () => {
    // 80 px: half the pane counts as usable, so the line takes 40 / (40 + 2 × 30) of it
    const r = paddedRange({ from: 0, to: 10 }, 80);
    expect(10 / (r.to - r.from)).toBeCloseTo(40 / (40 + 2 * TIME_LABEL_ROOM_PX), 6);
  });

  it("fits until the pane has a width, then pads, and again on every new width only", () => {
    let width = 0;
    const calls: string[] = [];
    let onSize = () => {};
    keepTimeLabelsInside(
      {
        fitContent: () => calls.push("fit"),
        width: () => width,
        setVisibleLogicalRange: (r) => calls.push(`range ${r.from.toFixed(2)}..${r.to.toFixed(2)}`),
        subscribeSizeChange: (h) => {
          onSize = h;
        },
      },
      24,
    );
    expect(calls).toEqual(["fit"]);
    width = 360;
    onSize();
    onSize(); // same width: nothing
    width = 1000;
    onSize();
    expect(calls.length).toBe(3);
    expect(calls[1]).toMatch(/^range -2\.\d+\.\.25\.\d+$/);
    expect(calls[2]).toMatch(/^range -0\.\d+\.\.23\.\d+$/);
  });
});
