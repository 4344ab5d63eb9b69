import { describe, expect, it } from "vitest";
import {
  approvalState,
  CHECKPOINT_HEADROOM_GAS,
  checkRecipient,
  extractSwapErrorInfo,
  formatDisplayAmount,
  formatSignificant,
  MAX_UINT256,
  maxSpendable,
  midPriceAmountOut,
  minimumAmountOut,
  NATIVE_GAS_RESERVE,
  padGas,
  parseAmount,
  priceImpactBlocked,
  priceImpactBps,
  priceImpactLevel,
  quoteImpactLevel,
  SWAP_ERRORS,
  type SwapButtonInput,
  type SwapMessage,
  swapButtonState,
  swapDeadline,
  swapErrorMessage,
  swapMessageText,
  swapSummary,
  wrapErrorMessage,
  wrapInputError,
} from "../src/index.ts";

/** The spec's English text of a message (null stays null). */
const txt = (m: SwapMessage | null) => (m === null ? null : swapMessageText(m));

const E18 = 10n ** 18n;

describe("price impact bands (Uniswap interface thresholds 1/3/5/15 %)", () => {
  it.each([
    [0, 0],
    [99.99, 0],
    [100, 1],
    [299, 1],
    [300, 2],
    [499, 2],
    [500, 3],
    [1499, 3],
    [1500, 4],
    [9000, 4],
  ])("%s bps is level %s", (bps, level) => expect(priceImpactLevel(bps)).toBe(level));
  it("unknown impact is level 0", () => {
    expect(priceImpactLevel(null)).toBe(0);
    expect(priceImpactLevel(Number.NaN)).toBe(0);
  });
  it("a quote whose impact could not be measured is the worst case (level 4); before measuring, level 0", () => {
    expect(quoteImpactLevel(null, true)).toBe(4);
    expect(quoteImpactLevel(null, false)).toBe(0);
    expect(quoteImpactLevel(1600, true)).toBe(4);
    expect(quoteImpactLevel(50, true)).toBe(0);
  });
  it("only a level above 3 is blocked, and expert mode unblocks it", () => {
    expect(priceImpactBlocked(3, false)).toBe(false);
    expect(priceImpactBlocked(4, false)).toBe(true);
    expect(priceImpactBlocked(4, true)).toBe(false);
  });
  it("mid-price output multiplies reserve ratios along the route", () => {
    expect(midPriceAmountOut(E18, [[100n * E18, 300_000n * E18]])).toBe(3000n * E18);
    expect(
      midPriceAmountOut(E18, [
        [100n * E18, 300_000n * E18],
        [1_000n * E18, 2_000n * E18],
      ]),
    ).toBe(6000n * E18);
    expect(midPriceAmountOut(E18, [])).toBe(0n);
    expect(midPriceAmountOut(E18, [[0n, 1n]])).toBe(0n);
  });
  it("impact of a real Uniswap V2 quote excludes the 0.3 % fee", () => {
    const rIn = 100n * E18;
    const rOut = 300_000n * E18;
    const getAmountOut = (a: bigint) => (a * 997n * rOut) / (rIn * 1000n + a * 997n);
    // 1 % of the pool: impact close to 1 % (0.99 %)
    const small = priceImpactBps(E18, getAmountOut(E18), [[rIn, rOut]]);
    expect(small).toBeGreaterThan(95);
    expect(small).toBeLessThan(100);
    // 20 % of the pool: about 16.6 % → level 4
    const big = priceImpactBps(20n * E18, getAmountOut(20n * E18), [[rIn, rOut]]);
    expect(priceImpactLevel(big)).toBe(4);
    // tiny trade: fee only → 0
    expect(priceImpactBps(10n ** 12n, getAmountOut(10n ** 12n), [[rIn, rOut]])).toBe(0);
    expect(priceImpactBps(E18, 1n, [])).toBeNull();
  });
});

describe("amounts", () => {
  it("minimum out floors with the slippage bps", () => {
    expect(minimumAmountOut(10_000n, 50)).toBe(9_950n);
    expect(minimumAmountOut(999n, 50)).toBe(994n); // 994.005 floored
    expect(minimumAmountOut(1000n, 0)).toBe(1000n);
    expect(minimumAmountOut(1000n, 20_000)).toBe(0n);
  });
  it("deadline is chain time plus the setting", () => {
    expect(swapDeadline(1_700_000_000n, 1200, 1_700_000_000)).toBe(1_700_001_200n);
    // A quiet chain: counted from the clock, not from a block mined long ago.
    expect(swapDeadline(1_700_000_000n, 1200, 1_700_003_600)).toBe(1_700_004_800n);
    // A block ahead of the clock: counted from the block.
    expect(swapDeadline(1_700_000_000n, 1200, 1_699_999_990)).toBe(1_700_001_200n);
  });
  it("max keeps 0.01 of the native coin for gas, zero if lower", () => {
    expect(NATIVE_GAS_RESERVE).toBe(10n ** 16n);
    expect(maxSpendable(E18, true)).toBe(E18 - 10n ** 16n);
    expect(maxSpendable(10n ** 15n, true)).toBe(0n);
    expect(maxSpendable(10n ** 16n, true)).toBe(0n);
    expect(maxSpendable(E18, false)).toBe(E18);
    expect(maxSpendable(undefined, false)).toBe(0n);
  });
  it("parses sanitised amounts", () => {
    expect(parseAmount("1.5", 18)).toBe(15n * 10n ** 17n);
    expect(parseAmount(".5", 6)).toBe(500_000n);
    expect(parseAmount("2.", 6)).toBe(2_000_000n);
    expect(parseAmount("", 18)).toBeNull();
    expect(parseAmount(".", 18)).toBeNull();
    expect(parseAmount("1.1234567", 6)).toBeNull();
    expect(parseAmount("1,5", 6)).toBeNull();
  });
  it("formats to 6 significant digits", () => {
    expect(formatSignificant(1234567891n * 10n ** 9n, 18)).toBe("1.23456");
    expect(formatSignificant(123456789n * E18, 18)).toBe("123456789");
    expect(formatSignificant(1234n, 8)).toBe("0.00001234");
    expect(formatSignificant(100n * E18, 18)).toBe("100");
    expect(formatSignificant(0n, 18)).toBe("0");
  });
  it("display amounts group thousands and keep 6 significant digits", () => {
    expect(formatDisplayAmount(2892508n * E18 + 7n * 10n ** 17n, 18)).toBe("2,892,508");
    expect(formatDisplayAmount(1234567n * 10n ** 15n, 18)).toBe("1,234.56");
    expect(formatDisplayAmount(1234n, 8)).toBe("0.00001234");
  });
  it("pads gas by 10 % plus the vote checkpoints' headroom", () => {
    expect(padGas(100_000n)).toBe(110_000n + CHECKPOINT_HEADROOM_GAS);
    // four checkpoint pushes (22,100 gas each) fit in the headroom alone
    expect(CHECKPOINT_HEADROOM_GAS >= 4n * 22_100n).toBe(true);
  });
  it("summarises a swap with grouped digits", () => {
    expect(swapSummary("1", "ETH", "2990", "USDT")).toBe("Swap 1 ETH for 2,990 USDT");
    expect(swapSummary("1234567.25", "USDT", "0.5", "WETH")).toBe("Swap 1,234,567.25 USDT for 0.5 WETH");
  });
});

describe("recipient (spec 000 §5)", () => {
  it("strips whitespace and accepts a 40-hex address", () => {
    expect(checkRecipient(" 0x7f367cc41522ce07553e823bf3be79a889debe1b ")).toEqual({
      kind: "address",
      value: "0x7f367cc41522ce07553e823bf3be79a889debe1b",
    });
    expect(checkRecipient("0x7f36 7cc41522ce07553e823bf3be79a889debe1b").kind).toBe("address");
  });
  it.each(["vitalik.eth", "pay.vitalik.eth", "vitalik.eth/path/x", "uniswap.org", "pay.example.co.uk"])(
    "accepts the name %s (host-like names resolve through the name service too)",
    (v) => expect(checkRecipient(v).kind).toBe("name"),
  );
  it.each(["0x123", "vitalik", "-a.eth", "a..eth", "example.c0m", "0x7f367cc41522ce07553e823bf3be79a889debe1bb"])(
    "rejects %s",
    (v) => expect(checkRecipient(v).kind).toBe("invalid"),
  );
  it("empty after stripping", () => expect(checkRecipient("  \t").kind).toBe("empty"));
});

describe("approval state (spec 000 §4)", () => {
  const base = { isNative: false, amount: 10n, spender: "0xabc", allowance: 5n, pendingApproval: false };
  it("native is approved", () =>
    expect(approvalState({ ...base, isNative: true, allowance: undefined })).toBe("approved"));
  it("unknown without amount, spender or allowance", () => {
    expect(approvalState({ ...base, amount: null })).toBe("unknown");
    expect(approvalState({ ...base, spender: undefined })).toBe("unknown");
    expect(approvalState({ ...base, allowance: undefined })).toBe("unknown");
  });
  it("compares the allowance with the amount; pending while an approval is unconfirmed", () => {
    expect(approvalState({ ...base, allowance: 10n })).toBe("approved");
    expect(approvalState(base)).toBe("not_approved");
    expect(approvalState({ ...base, pendingApproval: true })).toBe("pending");
  });
});

describe("main button priority", () => {
  const ready: SwapButtonInput = {
    connected: true,
    inputSymbol: "USDT",
    outputSymbol: "WETH",
    amountIn: 100n,
    amountOut: 5n,
    quoted: true,
    balanceIn: 1000n,
    approval: "approved",
    impactLevel: 0,
    expertMode: false,
  };
  const text = (i: Partial<SwapButtonInput>) => {
    const state = swapButtonState({ ...ready, ...i });
    return state.kind === "error" ? { kind: "error", text: swapMessageText(state.message) } : state;
  };
  it("swap when everything is in place", () => expect(text({})).toEqual({ kind: "swap", anyway: false }));
  it("input errors in the spec's order", () => {
    expect(text({ connected: false, amountIn: null, inputSymbol: null })).toEqual({
      kind: "error",
      text: SWAP_ERRORS.connectWallet,
    });
    expect(text({ amountIn: null, amountOut: null, inputSymbol: null })).toEqual({
      kind: "error",
      text: "Enter an amount",
    });
    expect(text({ outputSymbol: null, recipient: checkRecipient("") })).toEqual({
      kind: "error",
      text: "Select a token",
    });
    expect(text({ recipient: checkRecipient(""), balanceIn: 0n })).toEqual({
      kind: "error",
      text: "Enter a recipient",
    });
    expect(text({ recipient: checkRecipient("nope"), balanceIn: 0n })).toEqual({
      kind: "error",
      text: "Invalid recipient",
    });
    expect(text({ recipient: checkRecipient("a.eth"), resolvedRecipient: null })).toEqual({
      kind: "error",
      text: "Invalid recipient",
    });
    expect(text({ amountOut: 0n })).toEqual({ kind: "error", text: "Invalid pair" });
  });
  it("an unaffordable trade says so before any approval is asked for (spec §5 reading, as Uniswap)", () => {
    expect(text({ balanceIn: 99n, approval: "not_approved" })).toEqual({
      kind: "error",
      text: "Insufficient USDT balance",
    });
    expect(text({ balanceIn: 99n, approval: "approved" })).toEqual({
      kind: "error",
      text: "Insufficient USDT balance",
    });
    expect(text({ balanceIn: 100n, approval: "not_approved" })).toEqual({ kind: "approve" });
  });
  it("refuses the zero address and the output token's own contract as recipient (issue 9 #16)", () => {
    const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    expect(text({ recipient: checkRecipient("0x0000000000000000000000000000000000000000") })).toEqual({
      kind: "error",
      text: "The recipient cannot be the zero address",
    });
    expect(text({ recipient: checkRecipient(token.toLowerCase()), outputAddress: token })).toEqual({
      kind: "error",
      text: "The recipient cannot be the WETH token contract",
    });
    expect(
      text({ recipient: checkRecipient("a.eth"), resolvedRecipient: token, outputAddress: token.toLowerCase() }),
    ).toEqual({ kind: "error", text: "The recipient cannot be the WETH token contract" });
    expect(
      text({
        recipient: checkRecipient("a.eth"),
        resolvedRecipient: "0x0000000000000000000000000000000000000000",
      }),
    ).toEqual({ kind: "error", text: "The recipient cannot be the zero address" });
    // Any other address passes, and the native coin (no contract) compares with nothing.
    expect(text({ recipient: checkRecipient(token), outputAddress: null }).kind).toBe("swap");
  });
  it("an exact output beyond the pools' liquidity says so, not Invalid pair (issue 9 #18)", () => {
    expect(text({ amountIn: null, amountOut: 5n, insufficientLiquidity: true })).toEqual({
      kind: "error",
      text: "Insufficient liquidity for this trade",
    });
  });
  it("an amount beyond uint256 is too large, in plain words (issue 9 #17)", () => {
    expect(text({ amountIn: 2n ** 256n, amountOut: null, quoted: false })).toEqual({
      kind: "error",
      text: "Amount too large",
    });
    expect(text({ amountIn: null, amountOut: 10n ** 78n, quoted: false })).toEqual({
      kind: "error",
      text: "Amount too large",
    });
    expect(text({ amountIn: MAX_UINT256, balanceIn: MAX_UINT256 }).kind).toBe("swap");
  });
  it("a valid recipient passes", () => {
    expect(text({ recipient: checkRecipient("0x7f367cc41522ce07553e823bf3be79a889debe1b") }).kind).toBe("swap");
  });
  it("a failed quote is not an invalid pair; input errors still come first", () => {
    expect(text({ quoteFailed: true, amountOut: null })).toEqual({ kind: "quoteFailed" });
    expect(text({ quoteFailed: true, amountOut: null, connected: false })).toEqual({
      kind: "error",
      text: "Connect wallet",
    });
  });
  it("waits for the quote", () => expect(text({ quoted: false, amountOut: null })).toEqual({ kind: "loading" }));
  it("approve before swap, approving while pending", () => {
    expect(text({ approval: "not_approved" })).toEqual({ kind: "approve" });
    expect(text({ approval: "pending" })).toEqual({ kind: "approving" });
  });
  it("a failed balance or allowance read says so instead of checking forever", () => {
    expect(text({ balanceIn: undefined, readFailed: true })).toEqual({ kind: "readFailed" });
    expect(text({ approval: "unknown", readFailed: true })).toEqual({ kind: "readFailed" });
    expect(text({ readFailed: true })).toEqual({ kind: "swap", anyway: false });
  });
  it("waits while a recipient name resolves", () => {
    expect(text({ recipient: checkRecipient("vitalik.eth"), resolvedRecipient: undefined })).toEqual({
      kind: "resolving",
    });
    expect(
      text({
        recipient: checkRecipient("vitalik.eth"),
        resolvedRecipient: "0x7f367cc41522ce07553e823bf3be79a889debe1b",
      }),
    ).toEqual({ kind: "swap", anyway: false });
  });
  it("offers nothing while the balance or the allowance is still unknown (no needless approval)", () => {
    expect(text({ approval: "unknown" })).toEqual({ kind: "checking" });
    expect(text({ balanceIn: undefined })).toEqual({ kind: "checking" });
    expect(text({ balanceIn: undefined, approval: "not_approved" })).toEqual({ kind: "checking" });
  });
  it("price impact: level 3 swaps anyway, level 4 needs expert mode", () => {
    expect(text({ impactLevel: 3 })).toEqual({ kind: "swap", anyway: true });
    expect(text({ impactLevel: 4 })).toEqual({ kind: "impactTooHigh" });
    expect(text({ impactLevel: 4, expertMode: true })).toEqual({ kind: "swap", anyway: true });
  });
});

describe("wrap / unwrap errors", () => {
  it("names the coin that is short", () => {
    expect(txt(wrapInputError("wrap", 10n, 5n))).toBe("Insufficient ETH balance");
    expect(txt(wrapInputError("unwrap", 10n, 5n))).toBe("Insufficient WETH balance");
    expect(wrapInputError("wrap", 10n, 10n)).toBeNull();
    expect(txt(wrapInputError("wrap", null, 10n))).toBe("Enter an amount");
  });
});

describe("swap error texts (spec 000 §8)", () => {
  it("a wrap failure is Could not deposit / Could not withdraw; a refusal is a rejection", () => {
    expect(txt(wrapErrorMessage("wrap", new Error("boom")))).toBe("Could not deposit");
    expect(txt(wrapErrorMessage("unwrap", { shortMessage: "x" }))).toBe("Could not withdraw");
    expect(txt(wrapErrorMessage("unwrap", { code: 4001 }))).toBe("Transaction rejected.");
  });
  it("messages carry their parameters as data", () => {
    expect(swapErrorMessage("estimate", { reason: "X: Y" })).toEqual({ key: "revert", reason: "X: Y" });
    expect(wrapInputError("wrap", 10n, 5n, { native: "MATIC", wrapped: "WMATIC" })).toEqual({
      key: "insufficientBalance",
      symbol: "MATIC",
    });
  });
  it("4001 is a rejection, also deep in the cause chain", () => {
    expect(txt(swapErrorMessage("send", { code: 4001, message: "x" }))).toBe("Transaction rejected.");
    expect(txt(swapErrorMessage("send", { message: "outer", cause: { cause: { code: 4001 } } }))).toBe(
      "Transaction rejected.",
    );
  });
  it("slippage reasons", () => {
    const text =
      "This transaction will not succeed either due to price movement or fee on transfer. Try increasing your slippage tolerance.";
    expect(txt(swapErrorMessage("estimate", { cause: { reason: "SofiAggregator: INSUFFICIENT_OUTPUT_AMOUNT" } }))).toBe(
      text,
    );
    expect(txt(swapErrorMessage("estimate", { reason: "UniswapV2Router: EXCESSIVE_INPUT_AMOUNT" }))).toBe(text);
  });
  it("other reverts name the reason", () => {
    expect(txt(swapErrorMessage("estimate", { reason: "TransferHelper: TRANSFER_FROM_FAILED" }))).toBe(
      "The transaction cannot succeed due to error: TransferHelper: TRANSFER_FROM_FAILED. This is probably an issue with one of the tokens you are swapping.",
    );
  });
  it("reads the reason from viem's message", () => {
    const info = extractSwapErrorInfo(
      new Error('The contract function "x" reverted with the following reason:\nSofiAggregator: EXPIRED\n'),
    );
    expect(info.reason).toBe("SofiAggregator: EXPIRED");
  });
  it("gas estimation failure without a reason", () => {
    expect(txt(swapErrorMessage("estimate", new Error("boom")))).toBe(
      "Unexpected issue with estimating the gas. Please try again.",
    );
  });
  it("other send failures", () => {
    expect(txt(swapErrorMessage("send", { shortMessage: "nonce too low", message: "long" }))).toBe(
      "Swap failed: nonce too low",
    );
  });
});
