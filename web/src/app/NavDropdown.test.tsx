import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../i18n/index.ts";
import { BETA_LINKS, SWAP_LINKS } from "./links.ts";
import { NavDropdown } from "./NavDropdown.tsx";
import { NAV_GROUPS } from "./nav-items.ts";

const group = (id: string) => {
  const g = NAV_GROUPS.find((x) => x.id === id);
  if (!g) throw new Error(id);
  return g;
};

describe("header menu (spec 000 §2)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });

  it("has the spec's entries: swap links, Beta links, NFT coming soon with no destinations", () => {
    expect(group("swap").items.map((i) => i.labelKey)).toEqual(["nav.trade", "nav.pools", "nav.farm", "nav.analytics"]);
    expect(group("beta").items.map((i) => i.labelKey)).toEqual([
      "nav.liteSwap",
      "nav.limitOrder",
      "nav.proTrading",
      "nav.pools",
      "nav.analytics",
    ]);
    expect(group("beta").badge?.labelKey).toBe("nav.beta");
    expect(group("nft").items.map((i) => i.labelKey)).toEqual(["nav.dashboard", "nav.lend", "nav.farm", "nav.auction"]);
    expect(group("nft").items.every((i) => i.href === undefined)).toBe(true);
    expect(group("nft").badge?.labelKey).toBe("nav.comingSoon");
    expect(group("swap").items.map((i) => i.href)).toEqual(Object.values(SWAP_LINKS));
    expect(group("beta").items.map((i) => i.href)).toEqual(Object.values(BETA_LINKS));
  });

  it("opens on click with external links in a new tab, closes on Escape", () => {
    render(
      <MemoryRouter>
        <NavDropdown group={group("beta")} />
      </MemoryRouter>,
    );
    const button = screen.getByRole("button", { name: /Pro/ });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const link = screen.getByRole("link", { name: "Limit Order (opens in a new tab)" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(screen.getByText("Beta")).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("NFT entries are shown as coming soon, without links", () => {
    render(
      <MemoryRouter>
        <NavDropdown group={group("nft")} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: /NFT/ }));
    expect(screen.getByText("Coming soon")).toBeTruthy();
    expect(screen.getByText("Auction").getAttribute("aria-disabled")).toBe("true");
    expect(screen.queryAllByRole("link")).toHaveLength(0);
  });
});
