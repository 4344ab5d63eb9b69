import { describe, expect, it } from "vitest";
import { dragVelocity, FLICK_VELOCITY_PX_PER_MS, shouldCloseOnDrag } from "./drag.ts";

describe("modal drag-to-close (spec 000 §2)", () => {
  it("closes after a drag over 300 px, not at or under it", () => {
    expect(shouldCloseOnDrag(301, 0)).toBe(true);
    expect(shouldCloseOnDrag(300, 0)).toBe(false);
    expect(shouldCloseOnDrag(120, 0)).toBe(false);
  });

  it("closes on a fast downward flick of any length", () => {
    expect(shouldCloseOnDrag(30, FLICK_VELOCITY_PX_PER_MS + 0.1)).toBe(true);
    expect(shouldCloseOnDrag(30, FLICK_VELOCITY_PX_PER_MS)).toBe(false);
  });

  it("never closes on an upward movement, however fast", () => {
    expect(shouldCloseOnDrag(0, 5)).toBe(false);
    expect(shouldCloseOnDrag(-50, 5)).toBe(false);
  });

  it("measures velocity over the last 100 ms only", () => {
    const slowThenFast = [
      { t: 0, y: 0 },
      { t: 500, y: 10 },
      { t: 550, y: 60 },
      { t: 600, y: 110 },
    ];
    expect(dragVelocity(slowThenFast)).toBeCloseTo(1, 5);
    expect(dragVelocity([{ t: 0, y: 0 }])).toBe(0);
    expect(dragVelocity([])).toBe(0);
  });
});
