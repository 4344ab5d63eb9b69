import { describe, expect, it } from "vitest";
import { fallBackToServedNetwork, isServedChain, selectableNetworks } from "./networks.ts";

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

describe("networks this deployment does not serve (issue 9 #22)", () => {
  it("lists the spec's networks but marks those missing from /api/config as not served", () => {
    const choices = selectableNetworks({ configChainIds: [31337], pathname: "/" });
    expect(choices.filter((c) => c.served).map((c) => c.id)).toEqual([31337]);
    expect(choices.find((c) => c.id === 1)?.served).toBe(false);
    const base = selectableNetworks({ configChainIds: [8453, 1], pathname: "/" });
    expect(base.filter((c) => c.served).map((c) => c.name)).toEqual(["Ethereum", "Base Mainnet"]);
  });

  it("a stored unserved network falls back to the deployment's default, or its first chain", () => {
    let set: number | null = null;
    const store = (chainId: number) => ({ chainId, setDefault: (id: number) => (set = id) });
    expect(fallBackToServedNetwork({ chains: [{ id: 31337 }] }, store(1), 31337)).toBe(true);
    expect(set).toBe(31337);
    set = null;
    expect(fallBackToServedNetwork({ chains: [{ id: 31337 }] }, store(31337), 31337)).toBe(false);
    expect(set).toBeNull();
    expect(fallBackToServedNetwork({ chains: [{ id: 137 }] }, store(1), 8453)).toBe(true);
    expect(set).toBe(137);
    expect(isServedChain({ chains: [{ id: 137 }] }, 137)).toBe(true);
  });
});
