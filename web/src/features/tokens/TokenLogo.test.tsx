import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { KNOWN_LOGO_SYMBOLS } from "./known-logos.ts";
import { monogramHue, monogramText, TokenLogo, tokenIconUrl, tokenLogoPath } from "./TokenLogo.tsx";

describe("TokenLogo (issue 9 #23)", () => {
  it("known symbols get their brand icon, each its own (USDT and USDC differ)", () => {
    expect(tokenIconUrl("USDT")).toBe("/tokens/usdt.svg");
    expect(tokenIconUrl("usdc")).toBe("/tokens/usdc.svg");
    expect(tokenIconUrl("WETH")).toBe("/tokens/weth.svg");
    const { container } = render(<TokenLogo token={{ symbol: "USDC" }} size={40} />);
    const img = container.querySelector("img") as HTMLImageElement;
    expect(img.getAttribute("src")).toBe("/tokens/usdc.svg");
    expect(img.width).toBe(40);
    expect(container.querySelector("[data-monogram]")).toBeNull();
  });

  it("unknown symbols get a monogram, not a request for a missing file", () => {
    expect(tokenIconUrl("NAGI")).toBeNull();
    expect(tokenIconUrl("RAI")).toBeNull(); // web3icons' RAI is another token
    const { container } = render(<TokenLogo token={{ symbol: "NAGI" }} size={28} />);
    expect(container.querySelector("img")).toBeNull();
    const mono = container.querySelector("[data-monogram]") as HTMLElement;
    expect(mono.textContent).toBe("NA");
    expect(mono.style.width).toBe("28px");
    expect(monogramText("w.e")).toBe("WE");
    expect(monogramText("")).toBe("?");
    expect(monogramHue("USDT")).not.toBe(monogramHue("USDC"));
  });

  it("falls back to the monogram when the icon does not load", () => {
    const { container, rerender } = render(<TokenLogo token={{ symbol: "DAI" }} />);
    fireEvent.error(container.querySelector("img") as HTMLImageElement);
    expect(container.querySelector("img")).toBeNull();
    expect((container.querySelector("[data-monogram]") as HTMLElement).textContent).toBe("DA");
    // another token gets its own icon again
    rerender(<TokenLogo token={{ symbol: "WBTC" }} />);
    expect((container.querySelector("img") as HTMLImageElement).getAttribute("src")).toBe("/tokens/wbtc.svg");
  });

  it("ships an SVG for every known symbol and the spec's PNGs for the local chain's tokens", async () => {
    const { existsSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const dir = [join(process.cwd(), "public/tokens"), join(process.cwd(), "web/public/tokens")].find((d) =>
      existsSync(d),
    );
    if (!dir) throw new Error("web/public/tokens not found");
    for (const s of KNOWN_LOGO_SYMBOLS) {
      const svg = readFileSync(join(dir, `${s.toLowerCase()}.svg`), "utf8");
      expect(svg.startsWith("<svg"), s).toBe(true);
      expect(svg).toContain('viewBox="0 0 24 24"');
    }
    expect(tokenLogoPath("WETH")).toBe("/tokens/weth.png");
    for (const name of ["unknown", "eth", "weth", "rai", "sofi", "usdt", "usdc", "dai", "wbtc"]) {
      const bytes = readFileSync(join(dir, `${name}.png`));
      expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    }
  });
});
