import { type Deployment, LOCAL_CHAIN_ID } from "@sofi/protocol";
import { describe, expect, it } from "vitest";
import { FAUCET_SOCIAL_LINKS, faucetUsdt } from "./rules.ts";

const usdt = {
  symbol: "USDT",
  name: "Tether USD",
  decimals: 18,
  address: "0x0000000000000000000000000000000000000001",
  tags: [],
};
const deployment = { tokens: [usdt], contracts: {} } as unknown as Deployment;

describe("where the faucet button shows", () => {
  it("on a test network whose deployment has test USDT", () => {
    expect(faucetUsdt(LOCAL_CHAIN_ID, deployment)).toEqual(usdt);
  });

  it("never on a real network, nor without USDT or a deployment", () => {
    expect(faucetUsdt(8453, deployment)).toBeNull();
    expect(faucetUsdt(1, deployment)).toBeNull();
    expect(faucetUsdt(LOCAL_CHAIN_ID, { ...deployment, tokens: [] })).toBeNull();
    expect(faucetUsdt(LOCAL_CHAIN_ID, null)).toBeNull();
    expect(faucetUsdt(424242, deployment)).toBeNull();
  });

  it("extra mode has two distinct social links", () => {
    expect(FAUCET_SOCIAL_LINKS).toHaveLength(2);
    expect(new Set(FAUCET_SOCIAL_LINKS.map((l) => l.href)).size).toBe(2);
    for (const l of FAUCET_SOCIAL_LINKS) expect(l.href).toMatch(/^https:\/\//);
  });
});
