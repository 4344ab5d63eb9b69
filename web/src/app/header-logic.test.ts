import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { isHeaderScrolled, isMenuCollapsed } from "./header-logic.ts";
import { useHeaderScrolled } from "./hooks.ts";

describe("header (spec 000 §2)", () => {
  it("changes scroll state at 60 px", () => {
    expect(isHeaderScrolled(0)).toBe(false);
    expect(isHeaderScrolled(59)).toBe(false);
    expect(isHeaderScrolled(60)).toBe(true);
    expect(isHeaderScrolled(400)).toBe(true);
  });

  it("collapses the menu under 800 px", () => {
    expect(isMenuCollapsed(360)).toBe(true);
    expect(isMenuCollapsed(799)).toBe(true);
    expect(isMenuCollapsed(800)).toBe(false);
    expect(isMenuCollapsed(1440)).toBe(false);
  });

  it("useHeaderScrolled follows window scroll events", () => {
    const { result } = renderHook(() => useHeaderScrolled());
    expect(result.current).toBe(false);
    act(() => {
      window.scrollY = 61;
      window.dispatchEvent(new Event("scroll"));
    });
    expect(result.current).toBe(true);
    act(() => {
      window.scrollY = 10;
      window.dispatchEvent(new Event("scroll"));
    });
    expect(result.current).toBe(false);
  });
});
