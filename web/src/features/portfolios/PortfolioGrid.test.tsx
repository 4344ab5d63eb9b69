import type { PortfolioDetail, PortfolioListItem } from "@sofi/core";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { AllocationTable } from "./AllocationTable.tsx";
import { PortfolioGrid } from "./PortfolioGrid.tsx";

// jsdom has no ResizeObserver; Ant Design's table observes its size.
if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const item: PortfolioListItem = {
  address: "0x37E3392B7be53c0df6ca41e4A76d31bC393dC327",
  symbol: "DEFI",
  name: "DeFi Pulse",
  manager: "0x608F9ED2d642ea05278e1572eCa623ec5aCE327F",
  avatar_uri: null,
  favorite: true,
  value_per_set: 273.584,
  apy: 199.45,
  cumulative_apy: 9.43,
  price_changed_24hr: -1.51,
  total_value: 2380.81,
  holders_count: 4,
  created_at: 1793653600,
};

function grid(props: Partial<Parameters<typeof PortfolioGrid>[0]>) {
  return render(
    <MemoryRouter>
      <PortfolioGrid
        label="Featured"
        items={undefined}
        loading={false}
        error={false}
        onRetry={() => {}}
        emptyText="No portfolios yet"
        {...props}
      />
    </MemoryRouter>,
  );
}

describe("portfolio lists", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(cleanup);

  it("loading: a busy list of skeletons", () => {
    grid({ loading: true, skeletons: 3 });
    const list = screen.getByRole("list", { name: "Featured" });
    expect(list.getAttribute("aria-busy")).toBe("true");
    expect(list.querySelectorAll(":scope > li")).toHaveLength(3);
  });

  it("error: the message and a retry that asks again", () => {
    const onRetry = vi.fn();
    grid({ error: true, onRetry });
    expect(screen.getByText("Could not load the portfolios.")).toBeTruthy();
    screen.getByRole("button", { name: "Retry" }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("empty: the list's own text", () => {
    grid({ items: [] });
    expect(screen.getByText("No portfolios yet")).toBeTruthy();
  });

  it("cards: a named link to the portfolio with value, change, APY, market cap, holders and manager", () => {
    grid({ items: [item] });
    const link = screen.getByRole("link", { name: "Open DeFi Pulse (DEFI)" });
    expect(link.getAttribute("href")).toBe(`/sts/portfolio/${item.address}`);
    const text = link.textContent ?? "";
    for (const part of ["$273.58", "-1.51%", "+199.45%", "$2.38K", "4", "0x608F...327F"]) expect(text).toContain(part);
  });

  it("the new list shows the shortened address and the created date", () => {
    grid({ items: [item], showCreated: true });
    const text = screen.getByRole("link").textContent ?? "";
    expect(text).toContain("0x37E3...C327");
    expect(text).toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

describe("asset distribution", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(cleanup);

  it("lists each component with its price, value and share (the amount from md up)", () => {
    const d = {
      ...item,
      components: [
        {
          symbol: "WETH",
          address: "0x1",
          decimals: 18,
          price_usd: 3000,
          value_per_set: 75,
          amount: "25000000000000000",
        },
        {
          symbol: "DAI",
          address: "0x2",
          decimals: 18,
          price_usd: 1,
          value_per_set: 25,
          amount: "25000000000000000000",
        },
      ],
    } as unknown as PortfolioDetail;
    render(<AllocationTable d={d} />);
    const rows = screen.getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain("ETH");
    expect(rows[1]?.textContent).toContain("$3,000.00");
    expect(rows[1]?.textContent).toContain("75.0%");
    expect(rows[2]?.textContent).toContain("25.0%");
  });
});
