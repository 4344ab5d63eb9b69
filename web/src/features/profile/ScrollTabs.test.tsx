import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { overflowEdges, ScrollTabs, scrollToShow, tabForKey } from "./ScrollTabs.tsx";

describe("the scrolling tab bar's rules (issue 21 §4)", () => {
  const view = { scrollLeft: 0, clientWidth: 300, scrollWidth: 700 };
  it("scrolls only when the chosen tab is not in view, keeping its neighbours' edges visible", () => {
    // already in view: stays
    expect(scrollToShow({ left: 100, width: 80 }, view, 40)).toBe(0);
    // past the right edge: just far enough, with the margin
    expect(scrollToShow({ left: 400, width: 100 }, view, 40)).toBe(240);
    // past the left edge
    expect(scrollToShow({ left: 100, width: 80 }, { ...view, scrollLeft: 300 }, 40)).toBe(60);
    // never past either end
    expect(scrollToShow({ left: 620, width: 80 }, view, 40)).toBe(400);
    expect(scrollToShow({ left: 10, width: 80 }, { ...view, scrollLeft: 200 }, 40)).toBe(0);
    // a bar that fits never scrolls
    expect(scrollToShow({ left: 200, width: 80 }, { scrollLeft: 0, clientWidth: 800, scrollWidth: 800 })).toBe(0);
  });
  it("says which ends have more tabs past them", () => {
    expect(overflowEdges(view)).toEqual({ start: false, end: true });
    expect(overflowEdges({ ...view, scrollLeft: 200 })).toEqual({ start: true, end: true });
    expect(overflowEdges({ ...view, scrollLeft: 400 })).toEqual({ start: true, end: false });
    expect(overflowEdges({ ...view, scrollLeft: 399.5 })).toEqual({ start: true, end: false });
    expect(overflowEdges({ scrollLeft: 0, clientWidth: 800, scrollWidth: 800 })).toEqual({ start: false, end: false });
  });
  it("moves with the arrow keys (wrapping), Home and End", () => {
    const keys = ["1", "2", "3"];
    expect(tabForKey(keys, "1", "ArrowRight")).toBe("2");
    expect(tabForKey(keys, "3", "ArrowRight")).toBe("1");
    expect(tabForKey(keys, "1", "ArrowLeft")).toBe("3");
    expect(tabForKey(keys, "2", "Home")).toBe("1");
    expect(tabForKey(keys, "2", "End")).toBe("3");
    expect(tabForKey(keys, "2", "Enter")).toBeNull();
    expect(tabForKey([], "1", "ArrowRight")).toBeNull();
  });
});

describe("ScrollTabs", () => {
  afterEach(cleanup);
  const TABS = ["Overview", "Participated", "Created", "Transactions", "Followers", "Following"].map((label, i) => ({
    key: String(i + 1),
    label,
    testId: `tab-${i + 1}`,
  }));

  function Host({ onChange, initial = "1" }: { onChange?: (k: string) => void; initial?: string }) {
    const [active, setActive] = useState(initial);
    return (
      <ScrollTabs
        id="p"
        label="Profile sections"
        tabs={TABS}
        active={active}
        onChange={(k) => {
          onChange?.(k);
          setActive(k);
        }}
        testId="tabs"
      >
        <p>content of {active}</p>
      </ScrollTabs>
    );
  }

  it("is a tablist of every tab (no overflow menu) and one panel labelled by the chosen tab", () => {
    render(<Host />);
    const list = screen.getByRole("tablist", { name: "Profile sections" });
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(TABS.map((t) => t.label));
    expect(list.contains(tabs[5] as HTMLElement)).toBe(true);
    expect(screen.getByRole("tab", { name: "Overview" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "Following" }).getAttribute("aria-selected")).toBe("false");
    // roving focus: only the chosen tab is in the tab order
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    const panel = screen.getByRole("tabpanel", { name: "Overview" });
    expect(panel.textContent).toBe("content of 1");
    expect(panel.id).toBe("p-panel");
    expect(screen.getByRole("tab", { name: "Overview" }).getAttribute("aria-controls")).toBe("p-panel");
    expect(screen.queryByRole("button", { name: /more/i })).toBeNull();
  });

  it("one tap chooses a tab; tapping the chosen one does nothing", () => {
    const onChange = vi.fn();
    render(<Host onChange={onChange} />);
    fireEvent.click(screen.getByTestId("tab-6"));
    expect(onChange).toHaveBeenCalledWith("6");
    expect(screen.getByRole("tabpanel", { name: "Following" }).textContent).toBe("content of 6");
    fireEvent.click(screen.getByTestId("tab-6"));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("arrow keys, Home and End choose and focus the next tab", () => {
    render(<Host />);
    const first = screen.getByRole("tab", { name: "Overview" });
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowLeft" });
    const last = screen.getByRole("tab", { name: "Following" });
    expect(last.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: "Home" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Participated" }).getAttribute("aria-selected")).toBe("true");
  });

  it("scrolls the chosen tab into view at once when it opens, and marks the ends with more tabs", () => {
    // jsdom has no layout: give the bar and its tabs a phone's sizes.
    const sizes = (el: HTMLElement, o: Record<string, number>) => {
      for (const [k, v] of Object.entries(o)) Object.defineProperty(el, k, { configurable: true, value: v });
    };
    const proto = HTMLElement.prototype;
    const offsetLeft = Object.getOwnPropertyDescriptor(proto, "offsetLeft");
    const offsetWidth = Object.getOwnPropertyDescriptor(proto, "offsetWidth");
    Object.defineProperty(proto, "offsetLeft", {
      configurable: true,
      get(this: HTMLElement) {
        const key = this.dataset.tabKey;
        return key ? (Number(key) - 1) * 110 : 0;
      },
    });
    Object.defineProperty(proto, "offsetWidth", {
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset.tabKey ? 100 : 0;
      },
    });
    const scrolled: { left: number; behavior: string }[] = [];
    const scrollTo = vi.fn(function (this: HTMLElement, o: ScrollToOptions) {
      scrolled.push({ left: o.left ?? 0, behavior: o.behavior ?? "auto" });
      sizes(this, { scrollLeft: o.left ?? 0 });
      this.dispatchEvent(new Event("scroll"));
    });
    const original = proto.scrollTo;
    proto.scrollTo = scrollTo as never;
    const originalCW = Object.getOwnPropertyDescriptor(proto, "clientWidth");
    const originalSW = Object.getOwnPropertyDescriptor(proto, "scrollWidth");
    Object.defineProperty(proto, "clientWidth", {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute("role") === "tablist" ? 328 : 0;
      },
    });
    Object.defineProperty(proto, "scrollWidth", {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute("role") === "tablist" ? 650 : 0;
      },
    });
    try {
      render(<Host initial="6" />);
      // tab 6 spans 550–650: the bar scrolls to its end at once (no animation on opening)
      expect(scrolled[0]).toEqual({ left: 322, behavior: "auto" });
      const bar = screen.getByRole("tablist").parentElement as HTMLElement;
      expect(bar.dataset.moreStart).toBe("true");
      expect(bar.dataset.moreEnd).toBe("false");
      // choosing tab 1 scrolls back to the start (and says the end has more)
      act(() => {
        fireEvent.click(screen.getByTestId("tab-1"));
      });
      expect(scrolled.at(-1)?.left).toBe(0);
      expect(bar.dataset.moreStart).toBe("false");
      expect(bar.dataset.moreEnd).toBe("true");
    } finally {
      proto.scrollTo = original;
      for (const [k, d] of [
        ["offsetLeft", offsetLeft],
        ["offsetWidth", offsetWidth],
        ["clientWidth", originalCW],
        ["scrollWidth", originalSW],
      ] as const) {
        if (d) Object.defineProperty(proto, k, d);
        else delete (proto as unknown as Record<string, unknown>)[k];
      }
    }
  });
});
