import { portfolioTradingModuleAbi } from "@sofi/protocol";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ContractFunctionExecutionError, ContractFunctionRevertedError, encodeErrorResult } from "viem";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18next, initI18n } from "../../i18n/index.ts";
import { ExitFeeForm } from "./ExitFeeForm.tsx";
import { exitFeeBlock, exitFeeRefusal } from "./exit-fee.ts";
import dictionaries from "./i18n.ts";
import { type ExitFeeState, refusalText } from "./useExitFee.ts";

const ME = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const OTHER = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";

/** The module's revert as viem throws it from a simulation, decoded with the module's ABI. */
function reverted(errorName: "ExitFeeTooHigh" | "NotManager" | "NotInitialized" | "ZeroAddress", args: unknown[] = []) {
  const abi = portfolioTradingModuleAbi;
  // biome-ignore lint/suspicious/noExplicitAny: any of the module's errors
  const data = encodeErrorResult({ abi, errorName, args } as any);
  const cause = new ContractFunctionRevertedError({ abi, data, functionName: "setExitFee" });
  return new ContractFunctionExecutionError(cause, { abi, functionName: "setExitFee", args: [] });
}

const base = {
  feeBps: 100,
  maxBps: 500,
  recipient: ME,
  currentBps: 50,
  currentRecipient: ME,
  checking: false,
  refusal: null,
};

describe("changing the exit fee: rules (issue 21 §4)", () => {
  it("reads the module's refusals from what viem decoded", () => {
    expect(exitFeeRefusal(reverted("ExitFeeTooHigh", [501n]), 500, "x")).toEqual({
      key: "exitFeeTooHigh",
      fee: "5.01",
      max: "5",
    });
    expect(exitFeeRefusal(reverted("NotManager"), 500, "x")).toEqual({ key: "notManager" });
    expect(exitFeeRefusal(reverted("NotInitialized"), 500, "x")).toEqual({ key: "notInitialized" });
    expect(exitFeeRefusal(reverted("ZeroAddress"), 500, "x")).toEqual({ key: "zeroAddress" });
    expect(exitFeeRefusal(new Error("socket hang up"), 500, "socket hang up")).toEqual({
      key: "other",
      message: "socket hang up",
    });
  });

  it("blocks in order: the fee's bound, the address, nothing changed, the contract's refusal, the check", () => {
    expect(exitFeeBlock({ ...base, feeBps: null })).toEqual({ key: "fee", max: "5" });
    expect(exitFeeBlock({ ...base, feeBps: null, maxBps: 300 })).toEqual({ key: "fee", max: "3" });
    expect(exitFeeBlock({ ...base, recipient: "0x12" })).toEqual({ key: "recipient" });
    // mixed case whose capitals do not match the checksum: a typo (all lower case has none to match)
    expect(exitFeeBlock({ ...base, recipient: OTHER.replace("AAf54", "aAf54") })).toEqual({
      key: "recipient",
      checksum: true,
    });
    expect(exitFeeBlock({ ...base, recipient: OTHER.toLowerCase() })).toBeNull();
    expect(exitFeeBlock({ ...base, feeBps: 50 })).toEqual({ key: "unchanged" });
    // the same fee to another address is a change (the address compared without case)
    expect(exitFeeBlock({ ...base, feeBps: 50, recipient: ME.toLowerCase() })).toEqual({ key: "unchanged" });
    expect(exitFeeBlock({ ...base, feeBps: 50, recipient: OTHER })).toBeNull();
    expect(exitFeeBlock({ ...base, refusal: { key: "notManager" }, checking: true })).toEqual({
      key: "refused",
      refusal: { key: "notManager" },
    });
    expect(exitFeeBlock({ ...base, checking: true })).toEqual({ key: "checking" });
    expect(exitFeeBlock(base)).toBeNull();
    // before the chain's config is read, any valid fee is a change
    expect(exitFeeBlock({ ...base, currentBps: undefined, currentRecipient: undefined })).toBeNull();
  });

  it("every refusal has its words in English and Korean", () => {
    const en = dictionaries.en.manage.refusal;
    const ko = dictionaries.ko.manage.refusal;
    expect(Object.keys(ko).sort()).toEqual(Object.keys(en).sort());
    for (const key of ["exitFeeTooHigh", "notManager", "notInitialized", "zeroAddress", "other"])
      expect(Object.keys(en)).toContain(key);
  });
});

function state(extra: Partial<ExitFeeState> = {}): ExitFeeState {
  return {
    maxBps: 500,
    currentBps: 50,
    currentRecipient: ME,
    feeText: "0.5",
    setFeeText: vi.fn(),
    recipient: ME,
    setRecipient: vi.fn(),
    block: { key: "unchanged" },
    save: vi.fn(),
    ...extra,
  };
}

describe("the exit fee form", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage("en");
  });

  it("shows the fee now, the contract's bound, and stays disabled while nothing changed", () => {
    const f = state();
    render(<ExitFeeForm f={f} busy={false} onSave={vi.fn()} />);
    expect(screen.getByTestId("exit-fee-current").textContent).toBe("Now 0.5 %, paid to 0x90F7...b906");
    expect(screen.getByTestId("exit-fee-bounds").textContent).toBe(
      "From 0 to 5 % with at most 2 decimals: the trading module's limit.",
    );
    expect((screen.getByLabelText("New exit fee (%)") as HTMLInputElement).value).toBe("0.5");
    expect((screen.getByLabelText("Paid to") as HTMLInputElement).value).toBe(ME);
    expect(screen.getByTestId("exit-fee-unchanged")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Change exit fee" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("New exit fee (%)"), { target: { value: "2" } });
    expect(f.setFeeText).toHaveBeenCalledWith("2");
  });

  it("says the local problem or the contract's refusal, and sends once nothing stands in the way", () => {
    render(<ExitFeeForm f={state({ feeText: "7", block: { key: "fee", max: "5" } })} busy={false} onSave={vi.fn()} />);
    expect(screen.getByRole("alert").textContent).toBe("An exit fee from 0 to 5 % with at most 2 decimals");
    expect(screen.getByLabelText("New exit fee (%)").getAttribute("aria-invalid")).toBe("true");
    cleanup();
    render(
      <ExitFeeForm
        f={state({
          recipient: "0x0000000000000000000000000000000000000000",
          block: { key: "refused", refusal: { key: "zeroAddress" } },
        })}
        busy={false}
        onSave={vi.fn()}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "The contract refuses: the exit fee cannot be paid to the zero address.",
    );
    expect(screen.getByLabelText("Paid to").getAttribute("aria-invalid")).toBe("true");
    cleanup();
    render(<ExitFeeForm f={state({ feeText: "1", block: { key: "checking" } })} busy={false} onSave={vi.fn()} />);
    expect(screen.getByTestId("exit-fee-checking").textContent).toBe("Asking the contract…");
    expect((screen.getByTestId("exit-fee-save") as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    const onSave = vi.fn();
    render(<ExitFeeForm f={state({ feeText: "1", block: null })} busy={false} onSave={onSave} />);
    fireEvent.click(screen.getByRole("button", { name: "Change exit fee" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    cleanup();
    render(<ExitFeeForm f={state({ feeText: "1", block: null })} busy onSave={vi.fn()} />);
    expect(screen.getByTestId("exit-fee-save").textContent).toContain("Waiting for the receipt…");
  });

  it("speaks Korean, refusals included", async () => {
    await i18next.changeLanguage("ko");
    render(
      <ExitFeeForm
        f={state({ feeText: "1", block: { key: "refused", refusal: { key: "notManager" } } })}
        busy={false}
        onSave={vi.fn()}
      />,
    );
    expect(screen.getByText("새 환매 수수료 (%)")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(
      "컨트랙트가 거부합니다: 포트폴리오 매니저만 환매 수수료를 바꿀 수 있습니다.",
    );
    const t = i18next.getFixedT("ko", "portfolio-trade");
    expect(refusalText(t, { key: "exitFeeTooHigh", fee: "6", max: "5" })).toBe(
      "컨트랙트가 6% 환매 수수료를 거부합니다: 최대 5%입니다.",
    );
  });
});
