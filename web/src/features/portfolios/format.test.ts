import { describe, expect, it } from "vitest";
import {
  componentShares,
  displaySymbol,
  formatCompactUsd,
  formatDate,
  formatPercent,
  formatUnitsShort,
  formatUsd,
  isMoreType,
  isPortfolioOrder,
  matchesFilter,
  matchesManagerFilter,
  pageOffset,
  parsePage,
  trend,
} from "./format.ts";
import i18n from "./i18n.ts";

describe("portfolio formats (spec 001 §3, §9)", () => {
  it("shows prices with 2 decimals, <$0.01 below a cent, -- without a value", () => {
    expect(formatUsd(273.584)).toBe("$273.58");
    expect(formatUsd(1234567.891)).toBe("$1,234,567.89");
    expect(formatUsd(0.8663)).toBe("$0.8663");
    expect(formatUsd(0.004)).toBe("<$0.01");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(null)).toBe("--");
    expect(formatUsd(Number.NaN)).toBe("--");
    expect(formatCompactUsd(2380.81)).toBe("$2.38K");
    expect(formatCompactUsd(12.5)).toBe("$12.50");
  });

  it("signs and colours percentages", () => {
    expect(formatPercent(199.4566)).toBe("+199.46%");
    expect(formatPercent(-1.5094)).toBe("-1.51%");
    expect(formatPercent(0)).toBe("0.00%");
    expect(formatPercent(undefined)).toBe("--");
    expect(trend(1)).toBe("is-up");
    expect(trend(-0.1)).toBe("is-down");
    expect(trend(0)).toBe("is-flat");
  });

  it("dates as YYYY-MM-DD, WETH as ETH, base units as a short number", () => {
    expect(formatDate(new Date(2026, 10, 2, 12).getTime() / 1000)).toBe("2026-11-02");
    expect(displaySymbol("WETH")).toBe("ETH");
    expect(displaySymbol("DAI")).toBe("DAI");
    expect(formatUnitsShort("5860399896288443516", 18)).toBe("5.860399");
    expect(formatUnitsShort("1000000000000000000000", 18)).toBe("1,000");
    expect(formatUnitsShort("1500000", 6)).toBe("1.5");
    expect(formatUnitsShort("nope", 18)).toBe("--");
  });

  it("shares of the set's value sum to 100, 0 for a worthless set", () => {
    const s = componentShares([{ value_per_set: 25 }, { value_per_set: 75 }]);
    expect(s).toEqual([25, 75]);
    expect(componentShares([{ value_per_set: 0 }])).toEqual([0]);
  });

  it("list kinds, pages and the client-side filter", () => {
    expect(isMoreType("managers")).toBe(true);
    expect(isPortfolioOrder("managers")).toBe(false);
    expect(isPortfolioOrder("risk")).toBe(true);
    expect(isMoreType("nope")).toBe(false);
    expect(isMoreType(undefined)).toBe(false);
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(3, 20)).toBe(40);
    expect(parsePage("2")).toBe(2);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("x")).toBe(1);
    expect(parsePage(null)).toBe(1);
    const p = { name: "DeFi Pulse", symbol: "DEFI", address: "0xAbC" };
    expect(matchesFilter(p, "pulse")).toBe(true);
    expect(matchesFilter(p, " defi ")).toBe(true);
    expect(matchesFilter(p, "0xabc")).toBe(true);
    expect(matchesFilter(p, "meme")).toBe(false);
    expect(matchesFilter(p, "")).toBe(true);
    const m = { name: null, address: "0x608F9ED2d642ea05278e1572eCa623ec5aCE327F" };
    expect(matchesManagerFilter(m, "608f9e")).toBe(true);
    expect(matchesManagerFilter(m, "alice")).toBe(false);
    expect(matchesManagerFilter({ ...m, name: "Alice" }, " alice ")).toBe(true);
    expect(matchesManagerFilter(m, "")).toBe(true);
  });
});

describe("portfolio texts", () => {
  const keys = (d: object, prefix = ""): string[] =>
    Object.entries(d).flatMap(([k, v]) => (typeof v === "object" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
  it("has every English key in Korean, and the spec's texts in English", () => {
    expect(keys(i18n.ko).sort()).toEqual(keys(i18n.en).sort());
    expect(i18n.en.notEnabled).toBe("Not enabled to trading");
    expect(i18n.en.favorited).toBe("Successfully favorited");
    expect(i18n.en.unfavorited).toBe("Successfully unfavorited");
    expect(i18n.en.noData).toBe("No Data Available");
  });
});
