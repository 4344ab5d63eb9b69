import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ContractFunctionExecutionError, ContractFunctionRevertedError, encodeErrorResult } from "viem";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18next, initI18n } from "../../i18n/index.ts";
import { feature } from "./feature.ts";
import dictionaries from "./i18n.ts";
import { type WithdrawState, withdrawLocalProblem } from "./useWithdrawState.ts";
import { WithdrawView, withdrawBlockText } from "./WithdrawDialog.tsx";
import { isPromotionOwner, WITHDRAW_ABI, withdrawRefusal } from "./withdraw.ts";

const OWNER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const OTHER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const PROMOTION = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const E18 = 10n ** 18n;

/** A revert as viem throws it from a simulation of `withdraw`, decoded with the dialog's ABI. */
function reverted(errorName: string, args: unknown[] = []) {
  // biome-ignore lint/suspicious/noExplicitAny: any error of the ABI
  const data = encodeErrorResult({ abi: WITHDRAW_ABI, errorName, args } as any);
  const cause = new ContractFunctionRevertedError({ abi: WITHDRAW_ABI, data, functionName: "withdraw" });
  return new ContractFunctionExecutionError(cause, { abi: WITHDRAW_ABI, functionName: "withdraw", args: [] });
}

describe("the promotion owner's withdraw: rules (issue 21 §4)", () => {
  it("offers it to the owner only", () => {
    expect(isPromotionOwner(OWNER, OWNER.toLowerCase())).toBe(true);
    expect(isPromotionOwner(OWNER, OTHER)).toBe(false);
    expect(isPromotionOwner(undefined, OWNER)).toBe(false);
    expect(isPromotionOwner(OWNER, undefined)).toBe(false);
  });

  it("calls a recipient whose capitals do not match its checksum a typo", () => {
    expect(withdrawLocalProblem("1", OTHER, 2n * E18)).toBeNull();
    expect(withdrawLocalProblem("1", OTHER.toLowerCase(), 2n * E18)).toBeNull();
    expect(withdrawLocalProblem("1", OTHER.replace("C51812", "c51812"), 2n * E18)).toBe("checksum");
    // core's problems come first
    expect(withdrawLocalProblem("3", OTHER.replace("C51812", "c51812"), 2n * E18)).toBe("held");
    expect(withdrawLocalProblem("1", "0x12", 2n * E18)).toBe("recipient");
  });

  it("reads the contract's refusals, SOFI's own included (its ERC-20 errors are in the ABI)", () => {
    expect(withdrawRefusal(reverted("OwnableUnauthorizedAccount", [OTHER]), "x")).toEqual({ key: "notOwner" });
    expect(withdrawRefusal(reverted("ZeroAddress"), "x")).toEqual({ key: "zeroAddress" });
    expect(withdrawRefusal(reverted("ERC20InsufficientBalance", [PROMOTION, 3n * E18, 5n * E18]), "x")).toEqual({
      key: "held",
      held: "3",
    });
    expect(withdrawRefusal(new Error("fetch failed"), "fetch failed")).toEqual({
      key: "other",
      message: "fetch failed",
    });
  });

  it("is offered in the account panel and mounted beside the wallet button", () => {
    expect(feature.slots?.["account.panel"]?.map((c) => c.id)).toEqual(["promotion.withdraw"]);
    expect(feature.slots?.["wallet.actions"]?.map((c) => c.id)).toEqual(["promotion.withdraw.host"]);
    expect(feature.capability).toBe("promotion");
  });

  it("has every text in English and Korean", () => {
    const keys = (o: object, p = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === "string" ? [`${p}${k}`] : keys(v as object, `${p}${k}.`)));
    expect(keys(dictionaries.ko.withdraw).sort()).toEqual(keys(dictionaries.en.withdraw).sort());
  });
});

function state(extra: Partial<WithdrawState> = {}): WithdrawState {
  return {
    info: { promotion: PROMOTION, sofi: { symbol: "SOFI", name: "SOFI", decimals: 18, address: OTHER, tags: [] } },
    connected: true,
    wrongNetwork: false,
    isOwner: true,
    held: 12n * E18,
    heldText: "12",
    amountText: "",
    setAmountText: vi.fn(),
    max: vi.fn(),
    to: OWNER,
    setTo: vi.fn(),
    block: { key: "local", problem: "required" },
    tx: { stage: "idle" },
    withdraw: vi.fn(async () => {}),
    reset: vi.fn(),
    ...extra,
  } as WithdrawState;
}

describe("the withdraw dialog", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage("en");
  });

  it("shows what the contract holds, Max, the owner's address as recipient; nothing typed is no error", () => {
    const s = state();
    render(<WithdrawView s={s} />);
    expect(screen.getByTestId("promotion-held").textContent).toBe("The contract holds 12 SOFI");
    expect((screen.getByLabelText("Send to") as HTMLInputElement).value).toBe(OWNER);
    expect(screen.queryByRole("alert")).toBeNull();
    // nor is the empty amount marked wrong (red) before anything was typed
    expect(screen.getByLabelText("Amount").getAttribute("aria-invalid")).toBe("false");
    expect((screen.getByRole("button", { name: "Withdraw" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect(s.max).toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "3" } });
    expect(s.setAmountText).toHaveBeenCalledWith("3");
  });

  it("says a local problem, the contract's refusal, and sends once the contract agreed", async () => {
    render(<WithdrawView s={state({ amountText: "13", block: { key: "local", problem: "held" } })} />);
    expect(screen.getByRole("alert").textContent).toBe("The contract holds 12 SOFI: withdraw that much at most");
    expect(screen.getByLabelText("Amount").getAttribute("aria-invalid")).toBe("true");
    cleanup();
    render(
      <WithdrawView
        s={state({
          amountText: "1",
          to: "0x0000000000000000000000000000000000000000",
          block: { key: "refused", refusal: { key: "zeroAddress" } },
        })}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe("The contract refuses: it cannot send to the zero address.");
    expect(screen.getByLabelText("Send to").getAttribute("aria-invalid")).toBe("true");
    cleanup();
    render(<WithdrawView s={state({ amountText: "1", block: { key: "checking" } })} />);
    expect(screen.getByTestId("promotion-withdraw-checking").textContent).toBe("Asking the contract…");
    cleanup();
    const s = state({ amountText: "1", block: null });
    render(<WithdrawView s={s} />);
    fireEvent.click(screen.getByRole("button", { name: "Withdraw" }));
    expect(s.withdraw).toHaveBeenCalledTimes(1);
    cleanup();
    render(
      <WithdrawView
        s={state({ amountText: "", block: null, tx: { stage: "done", hash: `0x${"ab".repeat(32)}`, url: null } })}
      />,
    );
    expect(screen.getByTestId("promotion-withdraw-done").textContent).toContain("Withdrawn");
    expect(screen.getByTestId("promotion-withdraw-tx").textContent).toMatch(/^Transaction 0x/);
  });

  it("speaks Korean", async () => {
    await i18next.changeLanguage("ko");
    const t = i18next.getFixedT("ko", "portfolio-promote");
    expect(withdrawBlockText(t, { key: "refused", refusal: { key: "held", held: "3" } }, "12")).toBe(
      "컨트랙트가 거부합니다: 보유량이 3 SOFI뿐입니다.",
    );
    expect(withdrawBlockText(t, { key: "notOwner" }, null)).toBe("컨트랙트가 거부합니다: 소유자만 출금할 수 있습니다.");
    render(<WithdrawView s={state({ amountText: "1", block: { key: "local", problem: "recipient" } })} />);
    expect(screen.getByRole("button", { name: "출금" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("주소를 입력하세요: 0x 다음에 16진수 40자리");
  });
});
