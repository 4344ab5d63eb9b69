import { describe, expect, it } from "vitest";
import {
  isIdenticalWrappedPair,
  parsePairSymbol,
  priceChangePercent,
  priceFromReserves,
  toWrappedSymbol,
  wrapPair,
} from "../src/index.ts";

const eth = { nativeSymbol: "ETH", wrappedSymbol: "WETH" };

describe("pair symbols", () => {
  it("parses BASE-QUOTE", () => {
    expect(parsePairSymbol("RAI-USDT")).toEqual({ base: "RAI", quote: "USDT" });
    expect(parsePairSymbol("rai-usdt")).toEqual({ base: "RAI", quote: "USDT" });
  });
  it("rejects malformed symbols", () => {
    for (const s of ["RAI", "RAI-", "-USDT", "A-B-C", "RAI USDT", "", "RAI-US DT"])
      expect(parsePairSymbol(s)).toBeNull();
  });
  it("maps native to wrapped", () => {
    expect(toWrappedSymbol("ETH", eth)).toBe("WETH");
    expect(toWrappedSymbol("eth", eth)).toBe("WETH");
    expect(toWrappedSymbol("RAI", eth)).toBe("RAI");
    expect(toWrappedSymbol("MATIC", { nativeSymbol: "MATIC", wrappedSymbol: "WMATIC" })).toBe("WMATIC");
    expect(wrapPair({ base: "ETH", quote: "USDT" }, eth)).toEqual({ base: "WETH", quote: "USDT" });
  });
  it("detects identical wrapped pairs", () => {
    expect(isIdenticalWrappedPair({ base: "WETH", quote: "ETH" }, eth)).toBe(true);
    expect(isIdenticalWrappedPair({ base: "ETH", quote: "WETH" }, eth)).toBe(true);
    expect(isIdenticalWrappedPair({ base: "ETH", quote: "USDT" }, eth)).toBe(false);
  });
});

describe("prices", () => {
  it("adjusts for decimals", () => {
    // 1 WBTC (8 dec) : 60,000 USDC (6 dec)
    expect(priceFromReserves(10n ** 8n, 60_000n * 10n ** 6n, 8, 6)).toBe(60_000);
    // 2,000 USDT (18) per 1 WETH (18)
    expect(priceFromReserves(5n * 10n ** 18n, 10_000n * 10n ** 18n, 18, 18)).toBe(2000);
    // 1 USDC (6) = 0.5 DAI (18)
    expect(priceFromReserves(2n * 10n ** 6n, 10n ** 18n, 6, 18)).toBe(0.5);
  });
  it("keeps small prices", () => {
    expect(priceFromReserves(10n ** 24n, 10n ** 18n, 18, 18)).toBeCloseTo(1e-6, 12);
  });
  it("is 0 for empty pools", () => {
    expect(priceFromReserves(0n, 10n, 18, 18)).toBe(0);
    expect(priceFromReserves(10n, 0n, 18, 18)).toBe(0);
  });
  it("computes the 24h change", () => {
    expect(priceChangePercent(110, 100)).toBe(10);
    expect(priceChangePercent(90, 100)).toBe(-10);
    expect(priceChangePercent(5, null)).toBe(0);
    expect(priceChangePercent(5, 0)).toBe(0);
  });
});
