import type { Deployment } from "@sofi/protocol";
import { describe, expect, it } from "vitest";
import { converterOf } from "./rules.ts";

const token = (symbol: string, n: number) => ({
  symbol,
  name: symbol,
  decimals: 18,
  address: `0x${n.toString(16).padStart(40, "0")}` as `0x${string}`,
  tags: [],
});
const base = {
  tokens: [token("RAI", 1), token("SOFI", 2)],
  contracts: { sofiConverter: "0x0000000000000000000000000000000000000003" },
} as unknown as Deployment;

describe("converterOf", () => {
  it("finds the converter and its two tokens in the chain's deployment", () => {
    expect(converterOf(base)).toEqual({
      converter: "0x0000000000000000000000000000000000000003",
      rai: token("RAI", 1),
      sofi: token("SOFI", 2),
    });
  });

  it("is null without a converter, RAI, SOFI or a deployment (no entry, no dialog body)", () => {
    expect(converterOf({ ...base, contracts: {} } as Deployment)).toBeNull();
    expect(converterOf({ ...base, tokens: [token("SOFI", 2)] } as Deployment)).toBeNull();
    expect(converterOf({ ...base, tokens: [token("RAI", 1)] } as Deployment)).toBeNull();
    expect(converterOf(null)).toBeNull();
    expect(converterOf(undefined)).toBeNull();
  });
});
