import type { ManagerInfo, PortfolioListItem } from "@sofi/core";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { ManagerCard } from "./ManagerCard.tsx";
import { PortfolioTable } from "./PortfolioTable.tsx";
import type { ManagerState } from "./useManagerState.ts";

if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!window.matchMedia) {
  window.matchMedia = ((q: string) => ({
    matches: false,
    media: q,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

const info: ManagerInfo = {
  address: "0x608F9ED2d642ea05278e1572eCa623ec5aCE327F",
  photo_url: null,
  name: "Alice",
  total_market_cap: 12_345,
  total_sets: 7,
  total_holders: 20,
  all_apy: 12.5,
  created_at: Math.floor(Date.now() / 1000) - 3 * 86_400 - 60,
  profile: "Baskets",
  twitter_url: "https://x.com/alice",
  github: "alice",
  email: "a@b.co",
  mainnet_eth: "",
  following: false,
  followers_count: 2,
  following_count: 0,
};

const row = (i: number): PortfolioListItem => ({
  address: `0x${String(i).padStart(40, "0")}`,
  symbol: `P${i}`,
  name: `Portfolio ${i}`,
  manager: info.address,
  avatar_uri: null,
  favorite: false,
  value_per_set: 100 + i,
  apy: i,
  cumulative_apy: i,
  price_changed_24hr: 0,
  total_value: 1000 * i,
  holders_count: i,
  created_at: 1_790_000_000 + i,
});

describe("manager page views", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(cleanup);

  it("the card: name, address, days managing, followers, social links, totals, profile link", () => {
    render(
      <MemoryRouter>
        <ManagerCard m={info} />
      </MemoryRouter>,
    );
    const card = screen.getByTestId("manager-card");
    expect(within(card).getByTestId("manager-address").textContent).toBe(info.address);
    expect(within(card).getByTestId("manager-days").textContent).toBe("Managing for 3 days · 2 followers");
    expect(
      within(card)
        .getByRole("link", { name: /Twitter/ })
        .getAttribute("href"),
    ).toBe("https://x.com/alice");
    expect(
      within(card)
        .getByRole("link", { name: /GitHub/ })
        .getAttribute("href"),
    ).toBe("https://github.com/alice");
    expect(within(card).getByRole("link", { name: /Email/ }).getAttribute("href")).toBe("mailto:a@b.co");
    expect(within(card).getByRole("link", { name: "Open profile" }).getAttribute("href")).toBe(
      `/sts/profile/${info.address}`,
    );
    expect(card.textContent).toContain("$12.35K");
  });

  it("the card without social links shows none", () => {
    render(
      <MemoryRouter>
        <ManagerCard m={{ ...info, twitter_url: "", github: "", email: "" }} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("link", { name: /Twitter|GitHub|Email/ })).toBeNull();
  });

  it("the table: 5 rows a page, checkboxes choose at most five, a row click opens the portfolio", () => {
    const rows = Array.from({ length: 7 }, (_, i) => row(i + 1));
    const select = vi.fn();
    const s = {
      rows,
      selected: rows.slice(0, 5).map((r) => r.address),
      select,
      portfolios: { isPending: false, isError: false, refetch: vi.fn() },
    } as unknown as ManagerState;
    render(
      <MemoryRouter initialEntries={["/sts/manager/x"]}>
        <Routes>
          <Route path="/sts/manager/x" element={<PortfolioTable s={s} />} />
          <Route path="/sts/portfolio/:a" element={<p>portfolio page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId("manager-portfolio-row")).toHaveLength(5);
    // the five charted are checked; the chart is full, so the others cannot be picked
    const p1 = screen.getByRole("checkbox", { name: "Chart P1" }) as HTMLInputElement;
    expect(p1.checked).toBe(true);
    fireEvent.click(p1);
    expect(select).toHaveBeenCalledWith(rows.slice(1, 5).map((r) => r.address));
    fireEvent.click(screen.getByRole("listitem", { name: "2" }));
    const p6 = screen.getByRole("checkbox", { name: "Chart P6" }) as HTMLInputElement;
    expect(p6.disabled).toBe(true);
    fireEvent.click(screen.getByText("Portfolio 6"));
    expect(screen.getByText("portfolio page")).toBeTruthy();
  });
});
