import { type ManagerListItem, NO_TRACK_RECORD, trackRecordReply } from "@sofi/core";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { ManagerList } from "./ManagerList.tsx";

const manager: ManagerListItem = {
  address: "0x608F9ED2d642ea05278e1572eCa623ec5aCE327F",
  photo_url: null,
  name: null,
  total_market_cap: 12_345.6,
  total_sets: 3,
  total_holders: 9,
  all_apy: -4.5,
  created_at: 1793653600,
};

function list(props: Partial<Parameters<typeof ManagerList>[0]>) {
  return render(
    <MemoryRouter>
      <ManagerList
        label="Managers"
        items={undefined}
        loading={false}
        error={false}
        onRetry={() => {}}
        emptyText="No managers yet"
        {...props}
      />
    </MemoryRouter>,
  );
}

describe("managers list", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(cleanup);

  it("loading: a busy list of skeleton rows", () => {
    list({ loading: true, skeletons: 5 });
    const ul = screen.getByRole("list", { name: "Managers" });
    expect(ul.getAttribute("aria-busy")).toBe("true");
    expect(ul.querySelectorAll(":scope > li")).toHaveLength(5);
  });

  it("error: a retry button that asks again", () => {
    const onRetry = vi.fn();
    list({ error: true, onRetry });
    expect(screen.getByText("Could not load the managers.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("empty: the given text", () => {
    list({ items: [] });
    expect(screen.getByText("No managers yet")).toBeTruthy();
  });

  it("rows link to the manager's profile with address, portfolios, market cap and signed APY", () => {
    list({
      items: [
        manager,
        { ...manager, address: "0x00000000000000000000000000000000000000b2", name: "Bo", total_sets: 1 },
      ],
    });
    const rows = screen.getAllByTestId("manager-row");
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(first.getAttribute("href")).toBe(`/sts/profile/${manager.address}`);
    expect(first.getAttribute("aria-label")).toBe("Open the profile of 0x608F...327F");
    expect(first.textContent).toContain("3 portfolios");
    expect(first.textContent).toContain("$12.35K");
    expect(first.querySelector(".is-down")?.textContent).toBe("-4.50%");
    const second = rows[1] as HTMLElement;
    expect(second.textContent).toContain("Bo");
    expect(second.textContent).toContain("1 portfolio");
  });

  it("the track record (issue 21 §3): return since inception with ETH in its hint, and the risk score", () => {
    const record = {
      ...trackRecordReply(NO_TRACK_RECORD),
      days: 12,
      return_inception: 18.25,
      eth_return_inception: 4,
      risk_score: 7,
    };
    list({
      items: [
        { ...manager, track_record: record },
        { ...manager, address: "0x00000000000000000000000000000000000000b2" },
      ],
    });
    const [first, second] = screen.getAllByTestId("manager-row") as HTMLElement[];
    const ret = within(first as HTMLElement).getByTestId("manager-return");
    expect(ret.textContent).toBe("Return+18.25%");
    expect(ret.getAttribute("title")).toBe("Since inception, value-weighted; ETH over the same days: +4.00%");
    expect(within(first as HTMLElement).getByRole("img", { name: "Risk score 7 of 10, high" })).toBeTruthy();
    // a server without records: no column rather than a wrong figure
    expect(within(second as HTMLElement).queryByTestId("manager-return")).toBeNull();
  });
});
