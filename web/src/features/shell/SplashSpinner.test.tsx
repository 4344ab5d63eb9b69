import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { SplashSpinner } from "./SplashSpinner.tsx";

describe("SplashSpinner (spec 000 §2: appears after 600 ms of connecting)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("stays hidden for 599 ms, then shows", () => {
    render(<SplashSpinner active />);
    act(() => vi.advanceTimersByTime(599));
    expect(screen.queryByRole("status", { name: "Connecting…" })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status", { name: "Connecting…" })).toBeTruthy();
  });

  it("never shows when connecting ends before 600 ms, and hides when it ends", () => {
    const { rerender } = render(<SplashSpinner active />);
    act(() => vi.advanceTimersByTime(300));
    rerender(<SplashSpinner active={false} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole("status")).toBeNull();
    rerender(<SplashSpinner active />);
    act(() => vi.advanceTimersByTime(600));
    expect(screen.getByRole("status")).toBeTruthy();
    rerender(<SplashSpinner active={false} />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
