import { render } from "@testing-library/react";
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PageViewTracker } from "./PageViewTracker.tsx";
import { beaconTracker, registerPageViewTracker, trackPageView } from "./page-view.ts";

describe("page-view tracker", () => {
  it("does nothing without a registered tracker", () => {
    expect(() => trackPageView("/sts")).not.toThrow();
  });

  it("reports path plus query string on every navigation", async () => {
    const seen: string[] = [];
    const off = registerPageViewTracker((p) => seen.push(p));
    const router = createMemoryRouter([{ path: "*", element: <PageViewTracker /> }], {
      initialEntries: ["/sts?x=1"],
    });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate("/proposals"));
    await act(() => router.navigate("/sts/create?search=ai"));
    expect(seen).toEqual(["/sts?x=1", "/proposals", "/sts/create?search=ai"]);
    off();
    trackPageView("/after");
    expect(seen).toHaveLength(3);
  });

  it("a throwing tracker never breaks navigation", () => {
    const off = registerPageViewTracker(() => {
      throw new Error("analytics down");
    });
    expect(() => trackPageView("/x")).not.toThrow();
    off();
  });
});

describe("beaconTracker", () => {
  it("POSTs the path as JSON to the configured URL", async () => {
    const sent: { url: string; body: string }[] = [];
    const realFetch = globalThis.fetch;
    const realBeacon = navigator.sendBeacon;
    Object.defineProperty(navigator, "sendBeacon", { value: undefined, configurable: true });
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      sent.push({ url, body: String(init?.body) });
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    try {
      beaconTracker("https://stats.example/pv")("/sts?tab=best");
      expect(sent).toHaveLength(1);
      expect(sent[0]?.url).toBe("https://stats.example/pv");
      expect(JSON.parse(sent[0]?.body ?? "{}").path).toBe("/sts?tab=best");
    } finally {
      globalThis.fetch = realFetch;
      Object.defineProperty(navigator, "sendBeacon", { value: realBeacon, configurable: true });
    }
  });
});
