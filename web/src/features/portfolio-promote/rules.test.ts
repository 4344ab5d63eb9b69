import type { Deployment } from "@sofi/protocol";
import { describe, expect, it } from "vitest";
import { formatEnd, formatHours, promotionOf } from "./rules.ts";

const SOFI = {
  symbol: "SOFI",
  name: "SOFI",
  decimals: 18,
  address: "0x00000000000000000000000000000000000000a1",
  tags: [],
};
const deployment = (contracts: Record<string, string>, tokens = [SOFI]) =>
  ({ contracts, tokens }) as unknown as Deployment;

describe("promote dialog rules", () => {
  it("finds the promotion contract and SOFI of a deployment, or nothing", () => {
    const promotion = "0x00000000000000000000000000000000000000f2";
    expect(promotionOf(deployment({ portfolioPromotion: promotion }))).toEqual({ promotion, sofi: SOFI });
    expect(promotionOf(deployment({}))).toBeNull();
    expect(promotionOf(deployment({ portfolioPromotion: promotion }, []))).toBeNull();
    expect(promotionOf(undefined)).toBeNull();
  });

  it("shows hours as amount / 100 without float noise", () => {
    expect(formatHours(0.03)).toBe("0.03");
    expect(formatHours(1.505)).toBe("1.505");
    expect(formatHours(0.12345)).toBe("0.12345");
    expect(formatHours(0.1 + 0.2)).toBe("0.3");
  });

  it("formats the end in the user's language", () => {
    expect(formatEnd(1_800_000_000, "en")).toMatch(/2027/);
    expect(formatEnd(1_800_000_000, "ko")).toMatch(/2027/);
  });
});
