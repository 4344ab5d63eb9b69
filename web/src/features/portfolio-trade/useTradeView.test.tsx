import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { modeOfPath, useTradeRoute } from "./useTradeView.ts";

const A = "0x1111111111111111111111111111111111111111";

function at(path: string) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {["/sts/buy/:contractAddress", "/sts/sell/:contractAddress", "/sts/manage/:contractAddress"].map((p) => (
          <Route key={p} path={p} element={children} />
        ))}
      </Routes>
    </MemoryRouter>
  );
}

describe("trade view panel modes (spec 001 §2: none, buy, sell, manage)", () => {
  it("each route opens its panel", () => {
    expect(modeOfPath(`/sts/buy/${A}`)).toBe("buy");
    expect(modeOfPath(`/sts/sell/${A}`)).toBe("sell");
    expect(modeOfPath(`/sts/manage/${A}`)).toBe("manage");
    expect(modeOfPath(`/sts/portfolio/${A}`)).toBe("none");
  });

  it("useTradeRoute reads the mode and the address from the route", () => {
    for (const mode of ["buy", "sell", "manage"] as const) {
      const { result } = renderHook(() => useTradeRoute(), { wrapper: at(`/sts/${mode}/${A}`) });
      expect(result.current).toEqual({ mode, address: A });
    }
  });

  it("an address that is not one gives no portfolio and the none panel", () => {
    const { result } = renderHook(() => useTradeRoute(), { wrapper: at("/sts/buy/0x123") });
    expect(result.current).toEqual({ mode: "none", address: undefined });
  });
});
