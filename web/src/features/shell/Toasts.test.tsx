import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { DEFAULT_SETTINGS, useSettings } from "../../kernel/settings-store.ts";
import { addPopup, clearPopups } from "./popups.ts";
import { Toasts } from "./Toasts.tsx";

describe("Toasts", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(() => clearPopups());

  it("renders popups and closes one with its close button", () => {
    render(<Toasts />);
    act(() => {
      addPopup({ key: "a", content: "List updated" });
      addPopup({ key: "b", content: "Second" });
    });
    expect(screen.getByText("List updated")).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "Close notification" })[0] as HTMLElement);
    expect(screen.queryByText("List updated")).toBeNull();
    expect(screen.getByText("Second")).toBeTruthy();
  });

  it("renders a transaction popup with its summary and explorer link", () => {
    useSettings.setState({ ...DEFAULT_SETTINGS, chainId: 8453 });
    render(<Toasts />);
    act(() => {
      addPopup({ content: { kind: "tx", hash: "0xabc123", success: false, summary: "Swap 1 ETH for RAI" } });
    });
    expect(screen.getByText("Swap 1 ETH for RAI")).toBeTruthy();
    const link = screen.getByRole("link", { name: /View on Basescan/ });
    expect(link.getAttribute("href")).toBe("https://basescan.org/tx/0xabc123");
  });
});
