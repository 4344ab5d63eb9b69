import { describe, expect, it } from "vitest";
import { linePath } from "./line-path.ts";

describe("linePath", () => {
  it("scales into the box, nothing below two points, a flat series across the middle", () => {
    expect(linePath([], 240, 48)).toBe("");
    expect(linePath([5], 240, 48)).toBe("");
    expect(linePath([1, 3, 2], 240, 48)).toBe("M0.0,46.0 L120.0,2.0 L240.0,24.0");
    expect(linePath([7, 7], 320, 80)).toBe("M0.0,40.0 L320.0,40.0");
  });
});
