import { portfolioFactoryAbi } from "@sofi/protocol";
import { cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { encodeAbiParameters, encodeEventTopics } from "viem";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { WriteError } from "../transactions/index.ts";
import { InfoStep } from "./InfoStep.tsx";
import { PublishStep } from "./PublishStep.tsx";
import { ResultStage } from "./ResultStage.tsx";
import { TokenStep } from "./TokenStep.tsx";
import { formatUnitAmount, formatUsd, joinTokens } from "./tokens.ts";
import type { CreateResult, CreateToken } from "./types.ts";
import { createdPortfolio, failureOf } from "./usePublish.ts";
import { useWizardForm } from "./useWizardForm.ts";

if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const tok = (i: number, symbol: string, extra: Partial<CreateToken> = {}): CreateToken => ({
  address: `0x${(i + 1).toString(16).padStart(40, "0")}` as `0x${string}`,
  symbol,
  name: `${symbol} token`,
  decimals: symbol === "USDC" ? 6 : 18,
  price_usd: 1 + i,
  tags: [],
  unavailable: null,
  ...extra,
});
const TOKENS = [tok(0, "WETH"), tok(1, "USDC"), tok(2, "NAGI")];
const [WETH, USDC] = TOKENS.map((t) => t.address) as [`0x${string}`, `0x${string}`];
const ACCOUNT = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const PORTFOLIO = "0x9570529334C8262E7c56b19Aad1B2986a85a8250";

/** The step views over a real form (the hook), as the page renders them. */
function Harness({ step, select }: { step: 0 | 1 | 2; select: string[] }) {
  const form = useWizardForm(TOKENS);
  return (
    <>
      <button type="button" onClick={() => form.setTokens(select)}>
        select
      </button>
      <button type="button" onClick={form.next}>
        next
      </button>
      {step === 0 && <TokenStep form={form} tokens={TOKENS} loading={false} error={false} onRetry={() => {}} />}
      {step === 1 && <InfoStep form={form} />}
      {step === 2 && (
        <PublishStep
          form={form}
          tokens={TOKENS}
          account={ACCOUNT}
          units={[10n ** 16n, 62_502_417n]}
          unitsError={false}
        />
      )}
    </>
  );
}

describe("create wizard views", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(cleanup);

  it("token step: a row per token with its precent-{address} field, 1..10000 slider, lock and remove", () => {
    render(<Harness step={0} select={[WETH, USDC]} />);
    expect(screen.getByText("Select tokens to allocate")).toBeTruthy();
    fireEvent.click(screen.getByText("select"));
    const input = screen.getByRole("textbox", { name: "WETH share (%)" }) as HTMLInputElement;
    expect(input.name).toBe(`precent-${WETH}`);
    expect(input.value).toBe("50.00");
    const slider = screen.getByRole("slider", { name: "USDC share slider" });
    expect(slider.getAttribute("aria-valuemin")).toBe("1");
    expect(slider.getAttribute("aria-valuemax")).toBe("10000");
    expect(slider.getAttribute("aria-valuenow")).toBe("5000");
    // A bad percent: the spec's message with the cap for 2 tokens.
    fireEvent.change(input, { target: { value: "50.123" } });
    expect(screen.getByRole("alert").textContent).toBe(
      "Please input a percent from 0.01 to 99.98 with at most 2 decimals",
    );
    fireEvent.change(input, { target: { value: "70" } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByTestId("allocation-USDC").getAttribute("data-bps")).toBe("3000");
    // Locking WETH leaves USDC alone unlocked: both sliders stop.
    fireEvent.click(screen.getByRole("button", { name: "Lock WETH's share" }));
    expect(screen.getByRole("slider", { name: "WETH share slider" }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("slider", { name: "USDC share slider" }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("button", { name: "Unlock WETH's share" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Remove USDC" }));
    expect(screen.queryByTestId("allocation-USDC")).toBeNull();
    expect(screen.getByTestId("allocation-WETH").getAttribute("data-bps")).toBe("10000");
  });

  it("token step: Next without tokens says Please select tokens; load errors offer a retry", () => {
    render(<Harness step={0} select={[]} />);
    fireEvent.click(screen.getByText("next"));
    expect(screen.getByRole("alert").textContent).toBe("Please select tokens");
    cleanup();
    const onRetry = vi.fn();
    const { result } = renderHook(() => useWizardForm(TOKENS));
    render(<TokenStep form={result.current} tokens={TOKENS} loading={false} error onRetry={onRetry} />);
    expect(screen.getByText("Could not load the tokens.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("token step: allow-listed tokens without a USD price are counted and explained", () => {
    const tokens = [...TOKENS, tok(5, "NOPX", { price_usd: 0, unavailable: "noPrice" })];
    const { result } = renderHook(() => useWizardForm(tokens));
    render(<TokenStep form={result.current} tokens={tokens} loading={false} error={false} onRetry={() => {}} />);
    expect(screen.getByText(/1 allow-listed tokens have no USD price/)).toBeTruthy();
  });

  it("info step: the spec's messages after Next, symbol upper-cased, start price 100 by default", () => {
    render(<Harness step={1} select={[WETH]} />);
    const price = screen.getByLabelText("Starting price (USD)") as HTMLInputElement;
    expect(price.value).toBe("100");
    fireEvent.click(screen.getByText("select"));
    fireEvent.click(screen.getByText("next")); // the form's step 0 to 1
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByText("next"));
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([
      "Please select tokens",
      "Please input the symbol",
    ]);
    fireEvent.change(screen.getByLabelText("Symbol"), { target: { value: "abc" } });
    expect((screen.getByLabelText("Symbol") as HTMLInputElement).value).toBe("ABC");
    expect((screen.getByLabelText("Symbol") as HTMLInputElement).maxLength).toBe(10);
    expect((screen.getByLabelText("Name") as HTMLInputElement).maxLength).toBe(32);
    fireEvent.change(price, { target: { value: "" } });
    expect(screen.getByText("Please input the starting price")).toBeTruthy();
    fireEvent.change(price, { target: { value: "0.5" } });
    expect(screen.getByText("Please input a starting price of at least 1 with at most 2 decimals")).toBeTruthy();
  });

  it("publish step: name, upper-case symbol, manager, shares and the factory's units per set", () => {
    render(<Harness step={2} select={[WETH, USDC]} />);
    fireEvent.click(screen.getByText("select"));
    expect(screen.getByTestId("review-WETH").textContent).toContain("50.00%");
    expect(screen.getByTestId("review-WETH").textContent).toContain("0.01");
    expect(screen.getByTestId("review-USDC").textContent).toContain("62.502417");
    expect(screen.getByText("0x90F7...b906")).toBeTruthy();
  });

  it("result: processing with a details link, success with both links, failure with create again and cancel", () => {
    const hash = `0x${"ab".repeat(32)}` as `0x${string}`;
    const props = {
      chainId: 31337,
      account: ACCOUNT,
      name: "My basket",
      symbol: "MB",
      onAgain: vi.fn(),
      onCancel: vi.fn(),
    };
    const at = (result: CreateResult) =>
      render(
        <MemoryRouter>
          <ResultStage {...props} result={result} />
        </MemoryRouter>,
      );
    at({ status: "pending", hash });
    expect(screen.getByText("Creating your portfolio")).toBeTruthy();
    expect(screen.getByTestId("create-details").textContent).toBe("Transaction details");
    cleanup();
    at({ status: "success", hash, portfolio: PORTFOLIO });
    expect(screen.getByText("Portfolio created")).toBeTruthy();
    expect(screen.getByTestId("created-address").textContent).toBe(PORTFOLIO);
    expect(screen.getByTestId("my-created").getAttribute("href")).toBe(`/sts/profile/${ACCOUNT}/3`);
    expect(screen.getByTestId("open-created").getAttribute("href")).toBe(`/sts/portfolio/${PORTFOLIO}`);
    cleanup();
    at({ status: "failed", reason: "cancelled" });
    expect(screen.getByText("User cancelled the transaction.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create again" }));
    expect(props.onAgain).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(props.onCancel).toHaveBeenCalledOnce();
    cleanup();
    at({ status: "failed", hash, reason: "reverted" });
    expect(screen.getByText("The transaction failed!")).toBeTruthy();
  });
});

describe("create wizard helpers", () => {
  it("joins the allow-list with the server's tokens; unknown or unpriced ones are unavailable", () => {
    const api = [
      {
        chainId: 1,
        address: WETH,
        symbol: "WETH",
        name: "Wrapped Ether",
        decimals: 18,
        logoURI: "",
        tags: [],
        price_usd: 3000,
      },
      { chainId: 1, address: USDC, symbol: "USDC", name: "USD Coin", decimals: 6, logoURI: "", tags: [], price_usd: 0 },
    ];
    const other = "0x00000000000000000000000000000000000000ff";
    const out = joinTokens([WETH.toLowerCase(), USDC, other], api);
    expect(out.map((t) => [t.symbol, t.unavailable])).toEqual([
      ["WETH", null],
      ["USDC", "noPrice"],
      ["0x0000…00ff", "noPrice"],
    ]);
    expect(joinTokens(undefined, api)).toEqual([]);
  });

  it("formats prices and units", () => {
    expect(formatUsd(2987.7671)).toBe("$2,987.77");
    expect(formatUsd(0.4585)).toBe("$0.4585");
    expect(formatUsd(0.004)).toBe("<$0.01");
    expect(formatUnitAmount(41_920_930_000_000_000n, 18)).toBe("0.04192093");
    expect(formatUnitAmount(62_502_417n, 6)).toBe("62.502417");
    expect(formatUnitAmount(1_234_000_000n * 10n ** 18n, 18)).toBe("1,234,000,000");
    expect(formatUnitAmount(5n, 18)).toBe("<0.00000001");
  });

  it("reads the portfolio address from the factory's PortfolioCreated log", () => {
    const factory = "0xA4899D35897033b927acFCf422bc745916139776";
    const topics = encodeEventTopics({
      abi: portfolioFactoryAbi,
      eventName: "PortfolioCreated",
      args: { portfolio: PORTFOLIO, manager: ACCOUNT },
    }) as `0x${string}`[];
    const data = encodeAbiParameters(
      [
        { type: "string" },
        { type: "string" },
        { type: "address[]" },
        { type: "int256[]" },
        { type: "uint256[]" },
        { type: "uint256" },
      ],
      ["My basket", "MB", [WETH], [10n], [10_000n], 100n * 10n ** 18n],
    );
    const other = { address: WETH, data: "0x" as const, topics: [`0x${"00".repeat(32)}` as `0x${string}`] };
    expect(createdPortfolio([other, { address: factory.toLowerCase(), data, topics }], factory)).toBe(PORTFOLIO);
    expect(createdPortfolio([{ address: WETH, data, topics }], factory)).toBeNull();
  });

  it("names the contract's error when viem decoded it", () => {
    const inner = Object.assign(new Error("reverted"), { data: { errorName: "UnitTooSmall" } });
    const outer = Object.assign(new Error("x"), {
      shortMessage: 'The contract function "create" reverted.',
      walk: (fn: (e: unknown) => boolean) => (fn(inner) ? inner : null),
    });
    expect(failureOf(new WriteError("estimate", outer))).toEqual({
      status: "failed",
      reason: "message",
      message: 'The contract function "create" reverted. (UnitTooSmall)',
    });
  });

  it("tells a wallet rejection (4001) from other failures", () => {
    expect(
      failureOf(new WriteError("send", Object.assign(new Error("User rejected the request."), { code: 4001 }))),
    ).toEqual({
      status: "failed",
      reason: "cancelled",
    });
    expect(failureOf(new WriteError("estimate", new Error("execution reverted: TokenNotAllowed")))).toEqual({
      status: "failed",
      reason: "message",
      message: "execution reverted: TokenNotAllowed",
    });
  });
});
