import { DEFAULT_DEADLINE_SECONDS, DEFAULT_SLIPPAGE_BPS } from "@sofi/core";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { DEFAULT_SETTINGS, useSettings } from "../../kernel/settings-store.ts";
import { ExpertModeConfirm, SwapSettings } from "./SwapSettings.tsx";

/** The page's wiring: the settings ask, the page shows the warning. */
function Harness() {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <SwapSettings onRequestExpertMode={() => setConfirming(true)} />
      <ExpertModeConfirm open={confirming} onClose={() => setConfirming(false)} />
    </>
  );
}

describe("swap settings", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  beforeEach(() => {
    useSettings.setState({ ...DEFAULT_SETTINGS });
  });
  afterEach(cleanup);

  it("starts at the spec's defaults: 0.5 % slippage selected, 20 minutes", () => {
    render(<Harness />);
    expect(screen.getByRole("button", { name: "0.5%" }).className).toContain("ant-btn-primary");
    expect(screen.getByRole("button", { name: "1%" }).className).not.toContain("ant-btn-primary");
    expect((screen.getByLabelText("Transaction deadline") as HTMLInputElement).value).toBe(
      String(DEFAULT_DEADLINE_SECONDS / 60),
    );
    expect(useSettings.getState().userSlippageTolerance).toBe(DEFAULT_SLIPPAGE_BPS);
  });

  it("stores a preset and a custom slippage in basis points, with the low and high warnings", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "1%" }));
    expect(useSettings.getState().userSlippageTolerance).toBe(100);
    fireEvent.change(screen.getByLabelText("Custom"), { target: { value: "2.5" } });
    expect(useSettings.getState().userSlippageTolerance).toBe(250);
    expect(screen.getByText("Your transaction may be frontrun")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Custom"), { target: { value: "0.01" } });
    expect(useSettings.getState().userSlippageTolerance).toBe(1);
    expect(screen.getByText("Your transaction may fail")).toBeTruthy();
  });

  it("stores the deadline in seconds and ignores values under a minute", () => {
    render(<Harness />);
    const deadline = screen.getByLabelText("Transaction deadline");
    fireEvent.change(deadline, { target: { value: "30" } });
    expect(useSettings.getState().userDeadline).toBe(1800);
    fireEvent.change(deadline, { target: { value: "0" } });
    expect(useSettings.getState().userDeadline).toBe(1800);
  });

  it("turns expert mode on only after the warning is confirmed, and off at once", async () => {
    render(<Harness />);
    const expert = screen.getByRole("switch", { name: "Expert mode" });
    fireEvent.click(expert);
    const ok = await screen.findByRole("button", { name: "Turn on expert mode" });
    expect(useSettings.getState().userExpertMode).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(useSettings.getState().userExpertMode).toBe(false);

    fireEvent.click(expert);
    fireEvent.click(ok);
    expect(useSettings.getState().userExpertMode).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Expert mode" }).getAttribute("aria-checked")).toBe("true"),
    );

    fireEvent.click(screen.getByRole("switch", { name: "Expert mode" }));
    expect(useSettings.getState().userExpertMode).toBe(false);
  });

  it("asks the page (does not switch by itself) when expert mode is requested", () => {
    const onRequest = vi.fn();
    render(<SwapSettings onRequestExpertMode={onRequest} />);
    act(() => {
      fireEvent.click(screen.getByRole("switch", { name: "Expert mode" }));
    });
    expect(onRequest).toHaveBeenCalledTimes(1);
    expect(useSettings.getState().userExpertMode).toBe(false);
  });

  it("toggles single hop only", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("switch", { name: "Single hop only" }));
    expect(useSettings.getState().userSingleHopOnly).toBe(true);
    fireEvent.click(screen.getByRole("switch", { name: "Single hop only" }));
    expect(useSettings.getState().userSingleHopOnly).toBe(false);
  });
});
