import { FAUCET_ERRORS } from "@sofi/core";
import { type Deployment, LOCAL_CHAIN_ID } from "@sofi/protocol";
import { describe, expect, it } from "vitest";
import i18n from "./i18n.ts";
import { FAUCET_SOCIAL_LINKS, faucetRefusalKey, faucetUsdt } from "./rules.ts";

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

describe("the server's refusals in the user's language", () => {
  it("every catalogue text has a key with an en and a ko text; other texts have none", () => {
    for (const [key, text] of Object.entries(FAUCET_ERRORS)) {
      expect(faucetRefusalKey(text)).toBe(key);
      expect(i18n.en.refusal[key as keyof typeof i18n.en.refusal]).toBeTruthy();
      expect(i18n.ko.refusal[key as keyof typeof i18n.ko.refusal]).toBeTruthy();
    }
    expect(faucetRefusalKey("something else")).toBeNull();
  });
});
