import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { FaucetView } from "./FaucetView.tsx";
import type { FaucetState } from "./useFaucetState.ts";

const E18 = 10n ** 18n;

function state(over: Partial<FaucetState> = {}): FaucetState {
  return {
    address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    network: "Local",
    nativeSymbol: "ETH",
    usdtDecimals: 18,
    mode: "normal",
    opened: [false, false],
    markOpened: vi.fn(),
    usernames: ["", ""],
    setUsername: vi.fn(),
    pending: false,
    canSubmit: true,
    granted: null,
    usdtBalance: 50_000n * E18,
    nativeBalance: 2n * E18,
    balancesFailed: false,
    submit: vi.fn(async () => {}),
    ...over,
  };
}

describe("faucet dialog view", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage("en");
  });

  it("normal mode: what a claim sends, the balances, and an enabled submit", () => {
    const s = state();
    render(<FaucetView s={s} onClose={() => {}} />);
    expect(screen.getByText(/10,000 test USDT and 0.1 ETH for gas, once a day/)).toBeTruthy();
    expect(screen.getByTestId("faucet-usdt-balance").textContent).toBe("50,000 USDT");
    expect(screen.getByTestId("faucet-usdt-balance").getAttribute("data-value")).toBe((50_000n * E18).toString());
    expect(screen.queryByTestId("faucet-link-x")).toBeNull();
    const submit = screen.getByTestId("faucet-submit");
    expect(submit.textContent).toBe("Get test token");
    fireEvent.click(submit);
    expect(s.submit).toHaveBeenCalledOnce();
  });

  it("extra mode: both links and usernames, submit disabled until the rule allows it", () => {
    const s = state({ mode: "extra", canSubmit: false, opened: [true, false] });
    render(<FaucetView s={s} onClose={() => {}} />);
    expect(screen.getByText(/get 100 more test USDT/)).toBeTruthy();
    const submit = screen.getByTestId("faucet-submit") as HTMLButtonElement;
    expect(submit.textContent).toBe("Get Extra Test Token");
    expect(submit.disabled).toBe(true);
    expect(screen.getByTestId("faucet-needs-links")).toBeTruthy();
    // Opened links are marked; clicking the other marks it.
    expect(screen.getByTestId("faucet-link-x").textContent).toContain("opened");
    const tg = screen.getByTestId("faucet-link-telegram");
    expect(tg.getAttribute("target")).toBe("_blank");
    expect(tg.getAttribute("rel")).toContain("noopener");
    fireEvent.click(tg);
    expect(s.markOpened).toHaveBeenCalledWith(1);
    fireEvent.change(screen.getByLabelText("X username"), { target: { value: "@me" } });
    expect(s.setUsername).toHaveBeenCalledWith(0, "@me");
    expect(screen.getByLabelText("Telegram username")).toBeTruthy();
  });

  it("shows the success message of the claim that went through, and loading and failed balances", () => {
    render(
      <FaucetView
        s={state({ granted: "normal", usdtBalance: undefined, nativeBalance: undefined })}
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId("faucet-success").textContent).toBe("Sent 10,000 test USDT and 0.1 ETH to your wallet.");
    expect(screen.getByTestId("faucet-usdt-balance").textContent).toBe("… USDT");
    cleanup();
    render(
      <FaucetView
        s={state({ mode: "extra", granted: "extra", usdtBalance: undefined, balancesFailed: true })}
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId("faucet-success").textContent).toBe("Sent 100 more test USDT to your wallet.");
    expect(screen.getByTestId("faucet-usdt-balance").textContent).toBe("unavailable USDT");
  });

  it("speaks Korean", async () => {
    await i18next.changeLanguage("ko");
    render(<FaucetView s={state({ mode: "extra", canSubmit: false })} onClose={() => {}} />);
    expect(screen.getByTestId("faucet-submit").textContent).toBe("추가 테스트 토큰 받기");
    expect(screen.getByLabelText("텔레그램 사용자 이름")).toBeTruthy();
  });
});
