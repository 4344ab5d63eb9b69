import type { ConvertButtonState } from "@sofi/core";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { ConvertView } from "./ConvertView.tsx";
import type { ConvertState } from "./useConvertState.ts";

const E18 = 10n ** 18n;
const token = (symbol: string, n: number) => ({
  symbol,
  name: symbol,
  decimals: 18,
  address: `0x${n.toString(16).padStart(40, "0")}` as `0x${string}`,
  tags: [],
});

function state(over: Partial<ConvertState> = {}): ConvertState {
  return {
    info: { converter: "0x0000000000000000000000000000000000000003", rai: token("RAI", 1), sofi: token("SOFI", 2) },
    input: "5",
    setInput: vi.fn(),
    setMax: vi.fn(),
    amount: 5n * E18,
    receive: "5",
    raiBalance: 1_000_000n * E18,
    sofiBalance: 12n * E18,
    balancesFailed: false,
    reserve: 10_000_000n * E18,
    button: "convert",
    result: null,
    clearResult: vi.fn(),
    submit: vi.fn(async () => {}),
    ...over,
  };
}

describe("Convert to SOFI view", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage("en");
  });

  it("shows the amount, both balances, the rate, the reserve and what the conversion pays", () => {
    render(<ConvertView s={state()} onClose={() => {}} />);
    expect(screen.getByText("1 RAI = 1 SOFI")).toBeTruthy();
    expect(screen.getByTestId("convert-rai-balance").textContent).toBe("Balance: 1,000,000");
    expect(screen.getByTestId("convert-rai-balance").getAttribute("data-value")).toBe((1_000_000n * E18).toString());
    expect(screen.getByTestId("convert-sofi-balance").textContent).toBe("Balance: 12");
    expect(screen.getByTestId("convert-receive").textContent).toBe("5 SOFI");
    expect(screen.getByTestId("convert-reserve").textContent).toBe("Available in the converter: 10,000,000 SOFI");
    expect((screen.getByLabelText("RAI amount") as HTMLInputElement).value).toBe("5");
  });

  it.each<[ConvertButtonState, string, boolean]>([
    ["connect", "Connect wallet", false],
    ["wrongNetwork", "Wrong Network", false],
    ["loading", "Loading…", false],
    ["enterAmount", "Enter an amount", false],
    ["insufficientRai", "Insufficient RAI balance", false],
    ["insufficientReserve", "Not enough SOFI in the converter", false],
    ["approve", "Approve RAI", true],
    ["convert", "Convert", true],
  ])("button %s says %s (clickable: %s)", (button, text, clickable) => {
    const s = state({ button });
    render(<ConvertView s={s} onClose={() => {}} />);
    const b = screen.getByTestId("convert-button") as HTMLButtonElement;
    expect(b.textContent).toBe(text);
    expect(b.disabled).toBe(!clickable);
    fireEvent.click(b);
    expect(s.submit).toHaveBeenCalledTimes(clickable ? 1 : 0);
    expect(!!screen.queryByText(/First approve the converter/)).toBe(button === "approve");
  });

  it("while a write is pending the input and Max are locked", () => {
    render(<ConvertView s={state({ button: "approving" })} onClose={() => {}} />);
    expect((screen.getByLabelText("RAI amount") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId("convert-max") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("convert-button").textContent).toContain("Approving RAI…");
  });

  it("Max and typing go to the state", () => {
    const s = state();
    render(<ConvertView s={s} onClose={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Use the whole RAI balance" }));
    expect(s.setMax).toHaveBeenCalledOnce();
    fireEvent.change(screen.getByLabelText("RAI amount"), { target: { value: "7.25" } });
    expect(s.setInput).toHaveBeenCalledWith("7.25");
  });

  it("success: the converted amount, convert more and close", () => {
    const s = state({ result: { kind: "success", amount: "12.5" } });
    const onClose = vi.fn();
    render(<ConvertView s={s} onClose={onClose} />);
    expect(screen.getByTestId("convert-result").textContent).toBe("Converted 12.5 RAI to 12.5 SOFI");
    fireEvent.click(screen.getByTestId("convert-more"));
    expect(s.clearResult).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("failure: the text stays above an enabled button to try again", () => {
    render(
      <ConvertView
        s={state({ result: { kind: "error", text: "User cancelled the transaction." } })}
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId("convert-error").textContent).toBe("User cancelled the transaction.");
    expect((screen.getByTestId("convert-button") as HTMLButtonElement).disabled).toBe(false);
  });

  it("without a converter on this network it says so", () => {
    render(<ConvertView s={state({ info: null })} onClose={() => {}} />);
    expect(screen.getByTestId("convert-unavailable").textContent).toBe(
      "The converter is not available on this network.",
    );
    expect(screen.queryByTestId("convert-button")).toBeNull();
  });

  it("balances while loading and when they failed, and Korean", async () => {
    render(<ConvertView s={state({ raiBalance: undefined, sofiBalance: undefined })} onClose={() => {}} />);
    expect(screen.getByTestId("convert-rai-balance").textContent).toBe("Balance: …");
    expect((screen.getByTestId("convert-max") as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    await i18next.changeLanguage("ko");
    render(
      <ConvertView s={state({ raiBalance: undefined, balancesFailed: true, button: "approve" })} onClose={() => {}} />,
    );
    expect(screen.getByTestId("convert-rai-balance").textContent).toBe("잔액을 불러올 수 없습니다");
    expect(screen.getByTestId("convert-button").textContent).toBe("RAI 승인");
  });
});
