import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CreateToken } from "./types.ts";
import { useWizardForm } from "./useWizardForm.ts";

const tok = (i: number, symbol: string, extra: Partial<CreateToken> = {}): CreateToken => ({
  address: `0x${(i + 1).toString(16).padStart(40, "0")}` as `0x${string}`,
  symbol,
  name: symbol,
  decimals: 18,
  price_usd: 1 + i,
  tags: [],
  unavailable: null,
  ...extra,
});
const TOKENS = [
  tok(0, "WETH"),
  tok(1, "USDC"),
  tok(2, "NAGI"),
  tok(3, "ZERO", { price_usd: 0, unavailable: "noPrice" }),
];
const [WETH, USDC, NAGI, ZERO] = TOKENS.map((t) => t.address) as [string, string, string, string];

function setup() {
  return renderHook(() => useWizardForm(TOKENS));
}
const bps = (r: ReturnType<typeof setup>["result"]) => r.current.allocations.map((a) => a.percent);

describe("useWizardForm (spec 001 §4, §5)", () => {
  it("step 0 needs tokens: Next shows please_select_tokens and stays", () => {
    const { result } = setup();
    expect(result.current.tokensError).toBeNull();
    act(() => result.current.next());
    expect(result.current.step).toBe(0);
    expect(result.current.tokensError).toBe("please_select_tokens");
  });

  it("selecting tokens spreads equally, texts follow; a token without a price is not added", () => {
    const { result } = setup();
    act(() => result.current.setTokens([WETH, USDC, NAGI, ZERO]));
    expect(bps(result)).toEqual([3333, 3333, 3334]);
    expect(result.current.percentTexts).toEqual({ [WETH]: "33.33", [USDC]: "33.33", [NAGI]: "33.34" });
    act(() => result.current.setTokens([WETH, NAGI]));
    expect(bps(result)).toEqual([5000, 5000]);
  });

  it("a valid typed percent moves the share; a bad one shows its message and blocks Next", () => {
    const { result } = setup();
    act(() => result.current.setTokens([WETH, USDC, NAGI]));
    act(() => result.current.setPercentText(WETH, "50"));
    expect(bps(result)).toEqual([5000, 2500, 2500]);
    expect(result.current.percentTexts[USDC]).toBe("25.00");
    expect(result.current.percentTexts[WETH]).toBe("50"); // the input being typed in keeps its text
    act(() => result.current.setPercentText(USDC, "1.234"));
    expect(result.current.percentError(USDC)).toBe("please_input_right_percent");
    expect(bps(result)).toEqual([5000, 2500, 2500]);
    act(() => result.current.setPercentText(USDC, ""));
    expect(result.current.percentError(USDC)).toBe("please_input_percent");
    act(() => result.current.next());
    expect(result.current.step).toBe(0);
    act(() => result.current.setPercentText(USDC, "99.97"));
    act(() => result.current.commitPercent(USDC));
    expect(result.current.percentError(USDC)).toBeNull();
    expect(bps(result)).toEqual([1, 9997, 2]);
    act(() => result.current.next());
    expect(result.current.step).toBe(1);
  });

  it("a share the slider left (99.99 % of 2 tokens) is valid; the same percent typed is not", () => {
    const { result } = setup();
    act(() => result.current.setTokens([WETH, USDC]));
    act(() => result.current.setSlider(WETH, 1));
    expect(bps(result)).toEqual([1, 9999]);
    expect(result.current.percentTexts[USDC]).toBe("99.99");
    expect(result.current.percentError(USDC)).toBeNull();
    act(() => result.current.setPercentText(USDC, "99.99"));
    expect(result.current.percentError(USDC)).toBe("please_input_right_percent");
    act(() => result.current.next());
    expect(result.current.step).toBe(0);
    act(() => result.current.setSlider(WETH, 1));
    expect(result.current.percentError(USDC)).toBeNull();
    act(() => result.current.next());
    expect(result.current.step).toBe(1);
  });

  it("locks keep a share; the slider is disabled when locked or alone; removing re-spreads", () => {
    const { result } = setup();
    act(() => result.current.setTokens([WETH, USDC, NAGI]));
    act(() => result.current.setSlider(WETH, 6000));
    act(() => result.current.toggleLock(WETH));
    expect(result.current.sliderEnabled(WETH)).toBe(false);
    act(() => result.current.setSlider(USDC, 10_000));
    expect(bps(result)).toEqual([6000, 3999, 1]);
    act(() => result.current.removeToken(NAGI));
    expect(bps(result)).toEqual([6000, 4000]);
    expect(result.current.sliderEnabled(USDC)).toBe(false);
    expect(result.current.percentTexts).toEqual({ [WETH]: "60.00", [USDC]: "40.00" });
  });

  it("step 1: name (please_select_tokens), symbol upper-cased (please_input_your_username), start price 100", () => {
    const { result } = setup();
    act(() => result.current.setTokens([WETH]));
    act(() => result.current.next());
    expect(result.current.step).toBe(1);
    expect(result.current.info.startPrice).toBe("100");
    expect(result.current.infoError("name")).toBeNull(); // not shown before an edit or Next
    act(() => result.current.next());
    expect(result.current.step).toBe(1);
    expect(result.current.infoError("name")).toBe("please_select_tokens");
    expect(result.current.infoError("symbol")).toBe("please_input_your_username");
    act(() => result.current.setField("startPrice", ""));
    expect(result.current.infoError("startPrice")).toBe("please_input_starting_price");
    act(() => result.current.setField("startPrice", "0.99"));
    expect(result.current.infoError("startPrice")).toBe("please_input_right_staring_price");
    act(() => result.current.setField("startPrice", "12.5"));
    act(() => result.current.setField("name", "My basket"));
    act(() => result.current.setField("symbol", "mb"));
    expect(result.current.info.symbol).toBe("MB");
    act(() => result.current.next());
    expect(result.current.step).toBe(2);
    act(() => result.current.back());
    expect(result.current.step).toBe(1);
  });
});
