import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
// The real static file the app serves; fetch is the browser boundary, not a product part.
import TERMS from "../../../public/terms.txt?raw";
import { initI18n } from "../../i18n/index.ts";
import TermsModal from "./TermsModal.tsx";
import { hasAcceptedTerms, TERMS_ACCEPTED_KEY, TERMS_VERSION, useTermsStore } from "./terms-store.ts";

describe("terms of use (spec 000 §2, §5)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url === "/terms.txt" ? new Response(TERMS) : new Response("", { status: 404 }))),
    );
    useTermsStore.setState({ open: true, mustAccept: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the static terms text and refuses to confirm without the checkbox", async () => {
    render(<TermsModal />);
    expect(await screen.findByText(/SoFi Terms of Use/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Should accept the Terms of Use")).toBeTruthy();
    expect(hasAcceptedTerms()).toBe(false);
    expect(useTermsStore.getState().open).toBe(true);
  });

  it("persists acceptance once ticked and confirmed", async () => {
    render(<TermsModal />);
    fireEvent.click(screen.getByRole("checkbox", { name: "I have read and accept the Terms of Use" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(useTermsStore.getState().open).toBe(false));
    expect(localStorage.getItem(TERMS_ACCEPTED_KEY)).toBe(TERMS_VERSION);
    expect(hasAcceptedTerms()).toBe(true);
    expect(screen.queryByText("Should accept the Terms of Use")).toBeNull();
  });

  it("cannot be dismissed before acceptance; can be closed when reopened later", () => {
    useTermsStore.getState().close();
    expect(useTermsStore.getState().open).toBe(true);
    useTermsStore.getState().accept();
    useTermsStore.getState().show();
    expect(useTermsStore.getState().mustAccept).toBe(false);
    useTermsStore.getState().close();
    expect(useTermsStore.getState().open).toBe(false);
  });

  it("asks again when the stored version is older", () => {
    localStorage.setItem(TERMS_ACCEPTED_KEY, "0");
    expect(hasAcceptedTerms()).toBe(false);
  });
});
