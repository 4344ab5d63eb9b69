import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FALLBACK_LOGO, TokenLogo, tokenLogoPath } from "./TokenLogo.tsx";

describe("TokenLogo", () => {
  it("loads the icon from the static path by lowercase symbol", () => {
    expect(tokenLogoPath("WETH")).toBe("/tokens/weth.png");
    const { container } = render(<TokenLogo token={{ symbol: "USDC" }} size={40} />);
    const img = container.querySelector("img") as HTMLImageElement;
    expect(img.getAttribute("src")).toBe("/tokens/usdc.png");
    expect(img.width).toBe(40);
  });

  it("falls back to the unknown image when the icon is missing", () => {
    const { container, rerender } = render(<TokenLogo token={{ symbol: "NOPE" }} />);
    const img = container.querySelector("img") as HTMLImageElement;
    fireEvent.error(img);
    expect(img.getAttribute("src")).toBe(FALLBACK_LOGO);
    // another token gets its own icon again
    rerender(<TokenLogo token={{ symbol: "DAI" }} />);
    expect((container.querySelector("img") as HTMLImageElement).getAttribute("src")).toBe("/tokens/dai.png");
  });

  it("ships real PNG files for the fallback and the local chain's tokens", async () => {
    const { existsSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const dir = [join(process.cwd(), "public/tokens"), join(process.cwd(), "web/public/tokens")].find((d) =>
      existsSync(d),
    );
    if (!dir) throw new Error("web/public/tokens not found");
    for (const name of ["unknown", "eth", "weth", "rai", "sofi", "usdt", "usdc", "dai", "wbtc"]) {
      const bytes = readFileSync(join(dir, `${name}.png`));
      expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    }
  });
});
