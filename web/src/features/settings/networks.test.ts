import { describe, expect, it } from "vitest";
import { selectableNetworks } from "./networks.ts";

const names = (ids: number[], pathname: string) =>
  selectableNetworks({ configChainIds: ids, pathname }).map((c) => c.name);

describe("settings network choices (spec 000 §2)", () => {
  it("offers Ethereum, Polygon, Base Mainnet, Taiko, Blast Sepolia", () => {
    expect(names([8453], "/sts")).toEqual(["Ethereum", "Polygon", "Base Mainnet", "Taiko", "Blast Sepolia"]);
  });

  it("adds Local when the config serves the local chain", () => {
    expect(names([31337], "/")).toEqual(["Ethereum", "Polygon", "Base Mainnet", "Taiko", "Blast Sepolia", "Local"]);
  });

  it("hides Polygon on the proposals pages only", () => {
    expect(names([31337], "/proposals")).not.toContain("Polygon");
    expect(names([31337], "/proposals/create")).not.toContain("Polygon");
    expect(names([31337], "/proposals/0xabc/1")).not.toContain("Polygon");
    expect(names([31337], "/proposalsx")).toContain("Polygon");
    expect(names([31337], "/sts")).toContain("Polygon");
  });
});
