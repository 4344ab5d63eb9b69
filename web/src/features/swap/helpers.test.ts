import { loadDeployment } from "@sofi/protocol";
import { describe, expect, it } from "vitest";
import { formatChange, formatChartPrice, normalisePoints, pairSymbol } from "./chart-data.ts";
import { routerName } from "./quote.ts";
import { findToken, routeAddress, type SwapToken, sameToken, wrapKind } from "./tokens.ts";

const deployment = loadDeployment(31337);
if (!deployment) throw new Error("the local deployment file is missing");

describe("chart helpers", () => {
  it("price: 2 decimals at or above 1, else 8, grouped; -- without data", () => {
    expect(formatChartPrice(2423.756)).toBe("2,423.76");
    expect(formatChartPrice(1)).toBe("1.00");
    expect(formatChartPrice(0.000123456789)).toBe("0.00012346");
    expect(formatChartPrice(null)).toBe("--");
    expect(formatChartPrice(Number.NaN)).toBe("--");
  });
  it("24 h change has a plus sign when positive", () => {
    expect(formatChange(1.234)).toBe("+1.23%");
    expect(formatChange(-8.5)).toBe("-8.50%");
    expect(formatChange(0)).toBe("0.00%");
    expect(formatChange(undefined)).toBe("--");
  });
  it("maps the native coin to its wrapped name in pair symbols", () => {
    expect(pairSymbol("ETH", "USDT", "ETH", "WETH")).toBe("WETH-USDT");
    expect(pairSymbol("DAI", "ETH", "ETH", "WETH")).toBe("DAI-WETH");
  });
  it("sorts points and keeps one per timestamp", () => {
    expect(
      normalisePoints([
        { ts: 3, value: 1 },
        { ts: 1, value: 2 },
        { ts: 3, value: 4 },
        { ts: "x", value: 1 },
      ]),
    ).toEqual([
      { ts: 1, value: 2 },
      { ts: 3, value: 4 },
    ]);
    expect(normalisePoints(null)).toEqual([]);
  });
});

describe("tokens of the swap page", () => {
  // Native coin first, then the deployment's tokens (the shape useChainTokens gives the page).
  const tokens: SwapToken[] = [
    { chainId: 31337, address: "native", decimals: 18, symbol: "ETH", name: "Ether" },
    ...deployment.tokens.map((t) => ({ chainId: 31337, ...t })),
  ];
  const weth = findToken(tokens, "WETH");
  const native = findToken(tokens, "ETH");
  const usdt = findToken(tokens, "USDT");
  it("lists the native coin first, then the deployment's tokens", () => {
    expect(tokens[0]?.address).toBe("native");
    expect(tokens.length).toBe(deployment.tokens.length + 1);
  });
  it("finds by address or symbol", () => {
    expect(findToken(tokens, usdt?.address.toUpperCase() ?? "")?.symbol).toBe("USDT");
    expect(findToken(tokens, "0x000000000000000000000000000000000000dead")).toBeNull();
  });
  it("routes the native coin through WETH and detects wrap/unwrap", () => {
    expect(native && routeAddress(native, deployment)).toBe(deployment.weth);
    expect(wrapKind(native, weth, deployment)).toBe("wrap");
    expect(wrapKind(weth, native, deployment)).toBe("unwrap");
    expect(wrapKind(native, usdt, deployment)).toBeNull();
    expect(sameToken(native, native)).toBe(true);
    expect(sameToken(native, usdt)).toBe(false);
  });
  it("names routers from the deployment's dexes", () => {
    const dex = deployment.dexes[0];
    expect(dex && routerName(deployment, dex.router.toLowerCase())).toBe(dex?.name);
  });
});
