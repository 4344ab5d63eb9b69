import { render } from "@testing-library/react";
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PageViewTracker } from "./PageViewTracker.tsx";
import { registerPageViewTracker, trackPageView } from "./page-view.ts";

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
