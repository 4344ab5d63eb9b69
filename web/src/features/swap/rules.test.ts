import { checkRecipient, SWAP_ERRORS } from "@sofi/core";
import { describe, expect, it } from "vitest";
import { TransactionUntrackedError } from "../transactions/index.ts";
import { SwapError } from "./actions.ts";
import type { Quote } from "./quote.ts";
import {
  confirmDisabled,
  confirmRecipient,
  failure,
  fieldValues,
  flipSides,
  formatImpact,
  hasPendingApproval,
  keepOnChain,
  mainButtonView,
  needsConfirmWord,
  pickToken,
  quoteChangedUnder,
  quoteNotice,
  recipientAddressFor,
  recipientProblem,
  sameQuote,
  showMax,
  stoppedWaiting,
  unlistedUrlTokens,
} from "./rules.ts";
import type { SwapToken } from "./tokens.ts";

const tk = (symbol: string, address: string, decimals = 18, chainId = 31337): SwapToken => ({
  chainId,
  address: address as `0x${string}`,
  decimals,
  symbol,
  name: symbol,
});
const ETH = tk("ETH", "native");
const USDT = tk("USDT", "0x00000000000000000000000000000000000000a1", 6);
const DAI = tk("DAI", "0x00000000000000000000000000000000000000a2");
const ROUTER = "0x00000000000000000000000000000000000000b1";
const quote = (over: Partial<Quote> = {}): Quote => ({
  amountIn: 10n ** 18n,
  amountOut: 2_400_000_000n,
  router: ROUTER,
  routerName: "uniswap-v2",
  path: [ROUTER],
  exact: "in",
  ...over,
});
const ACCOUNT = "0x00000000000000000000000000000000000000c1";

describe("swap rules", () => {
  it("a re-quote is the same trade only when amounts, router and path all match", () => {
    expect(sameQuote(quote(), quote())).toBe(true);
    expect(sameQuote(quote(), quote({ amountOut: 1n }))).toBe(false);
    expect(sameQuote(quote(), quote({ path: [ROUTER, ROUTER] }))).toBe(false);
    expect(quoteChangedUnder(true, quote(), quote({ amountIn: 2n }))).toBe(true);
    expect(quoteChangedUnder(true, quote(), null)).toBe(true);
    expect(quoteChangedUnder(false, quote(), quote({ amountIn: 2n }))).toBe(false);
    expect(quoteChangedUnder(true, quote(), quote())).toBe(false);
  });

  it("stops quietly when a wait was aborted or the record was cleared; shows other failures", () => {
    expect(stoppedWaiting(new DOMException("x", "AbortError"))).toBe(true);
    expect(stoppedWaiting(new TransactionUntrackedError("0x1"))).toBe(true);
    expect(stoppedWaiting(new Error("boom"))).toBe(false);
    const slip = { key: "slippage" } as const;
    expect(failure(new SwapError(slip))).toEqual(slip);
    expect(failure(new Error("boom"))).toEqual({ key: "swapFailed", message: "boom" });
    expect(SWAP_ERRORS).toBeDefined();
  });

  it("formats price impact with two decimals, <0.01% under that, -- unknown", () => {
    expect(formatImpact(null)).toBe("--");
    expect(formatImpact(0)).toBe("<0.01%");
    expect(formatImpact(3)).toBe("0.03%");
    expect(formatImpact(1234)).toBe("12.34%");
  });

  it("shows the typed side as typed and the other from the quote; a wrap shows the typed amount on both", () => {
    const base = { typed: "1", amountIn: 10n ** 18n, amountOut: 2_417_290_000n, inputToken: ETH, outputToken: USDT };
    expect(fieldValues({ ...base, independent: "in", wrap: false })).toEqual({ in: "1", out: "2417.29" });
    expect(fieldValues({ ...base, typed: "2417.29", independent: "out", wrap: false })).toEqual({
      in: "1",
      out: "2417.29",
    });
    expect(fieldValues({ ...base, independent: "in", wrap: true })).toEqual({ in: "1", out: "1" });
    expect(fieldValues({ ...base, amountOut: null, independent: "in", wrap: false })).toEqual({ in: "1", out: "" });
  });

  it("offers Max with something to spend, unless exactly that is typed", () => {
    const base = { connected: true, hasInputToken: true, maxIn: 5n, independent: "in" as const, typedAmount: 1n };
    expect(showMax(base)).toBe(true);
    expect(showMax({ ...base, typedAmount: 5n })).toBe(false);
    expect(showMax({ ...base, typedAmount: 5n, independent: "out" })).toBe(true);
    expect(showMax({ ...base, maxIn: 0n })).toBe(false);
    expect(showMax({ ...base, connected: false })).toBe(false);
  });

  it("sends to the typed address, the resolved name, or the account; a name that did not resolve is invalid", () => {
    const addr = { kind: "address", value: USDT.address as `0x${string}` } as const;
    const name = { kind: "name", value: "vitalik.eth" } as const;
    expect(recipientAddressFor(undefined, undefined, ACCOUNT)).toBe(ACCOUNT);
    expect(recipientAddressFor({ kind: "empty", value: "" }, undefined, ACCOUNT)).toBe(ACCOUNT);
    expect(recipientAddressFor(addr, undefined, ACCOUNT)).toBe(USDT.address);
    expect(recipientAddressFor(name, undefined, ACCOUNT)).toBeUndefined();
    expect(recipientAddressFor(name, DAI.address, ACCOUNT)).toBe(DAI.address);
    expect(recipientProblem(name, null, DAI)).toEqual({ key: "invalidRecipient" });
    expect(recipientProblem({ kind: "invalid", value: "x" } as never, undefined, DAI)).toEqual({
      key: "invalidRecipient",
    });
    expect(recipientProblem(addr, undefined, DAI)).toBeNull();
    expect(recipientProblem({ kind: "empty", value: "" }, undefined, DAI)).toBeNull();
  });

  it("refuses the zero address and the output token's own contract in the field (issue 9 #16)", () => {
    const zero = checkRecipient("0x0000000000000000000000000000000000000000");
    expect(recipientProblem(zero, undefined, DAI)).toEqual({ key: "recipientZeroAddress" });
    expect(recipientProblem(checkRecipient(DAI.address), undefined, DAI)).toEqual({
      key: "recipientIsToken",
      symbol: "DAI",
    });
    expect(recipientProblem(checkRecipient("dai.eth"), DAI.address, DAI)).toEqual({
      key: "recipientIsToken",
      symbol: "DAI",
    });
    // The input token's address is a valid place for the output to go as far as this rule knows.
    expect(recipientProblem(checkRecipient(DAI.address), undefined, USDT)).toBeNull();
    expect(recipientProblem(checkRecipient(DAI.address), undefined, ETH)).toBeNull();
  });

  it("the confirm dialog names where the funds go when a recipient is set (issue 9 #16)", () => {
    expect(confirmRecipient(undefined, undefined)).toBeNull();
    expect(confirmRecipient({ kind: "empty", value: "" }, undefined)).toBeNull();
    expect(confirmRecipient(checkRecipient(` ${DAI.address} `), undefined)).toEqual({
      name: null,
      address: DAI.address,
    });
    expect(confirmRecipient(checkRecipient("bob.eth"), undefined)).toBeNull();
    expect(confirmRecipient(checkRecipient("bob.eth"), USDT.address)).toEqual({
      name: "bob.eth",
      address: USDT.address,
    });
  });

  it("finds a pending approval of the input token for the aggregator, in any address case", () => {
    const txs = [{ approval: { tokenAddress: USDT.address.toUpperCase().replace("0X", "0x"), spender: ROUTER } }];
    expect(hasPendingApproval(txs, USDT, ROUTER)).toBe(true);
    expect(hasPendingApproval([{ ...txs[0], receipt: {} }], USDT, ROUTER)).toBe(false);
    expect(hasPendingApproval(txs, DAI, ROUTER)).toBe(false);
    expect(hasPendingApproval(txs, USDT, undefined)).toBe(false);
  });

  it("warns about URL addresses no list holds, never about symbols", () => {
    const params = new URLSearchParams({ inputCurrency: "ETH", outputCurrency: USDT.address });
    expect(unlistedUrlTokens(params, () => false)).toEqual([USDT.address]);
    expect(unlistedUrlTokens(params, () => true)).toEqual([]);
  });

  it("picking the other side's token, or flipping, swaps the sides and the typed side", () => {
    const s = { input: ETH, output: USDT, independent: "in" as const };
    expect(pickToken(s, "in", DAI)).toEqual({ ...s, input: DAI });
    expect(pickToken(s, "out", DAI)).toEqual({ ...s, output: DAI });
    expect(pickToken(s, "in", USDT)).toEqual({ input: USDT, output: ETH, independent: "out" });
    expect(flipSides(s)).toEqual({ input: USDT, output: ETH, independent: "out" });
    expect(keepOnChain(USDT, 31337, ETH)).toBe(USDT);
    expect(keepOnChain(USDT, 8453, ETH)).toBe(ETH);
  });

  it("asks for the confirm word at level 4 and keeps the dialog's button off until it is typed", () => {
    expect(needsConfirmWord(3)).toBe(false);
    expect(needsConfirmWord(4)).toBe(true);
    const base = { quoteChanged: false, buttonKind: "swap", impactLevel: 2, confirmWord: "" };
    expect(confirmDisabled(base)).toBe(false);
    expect(confirmDisabled({ ...base, quoteChanged: true })).toBe(true);
    expect(confirmDisabled({ ...base, buttonKind: "approve" })).toBe(true);
    expect(confirmDisabled({ ...base, impactLevel: 4 })).toBe(true);
    expect(confirmDisabled({ ...base, impactLevel: 4, confirmWord: " Confirm " })).toBe(false);
  });

  it("says fetching, no route or the quote's error only while there is a request and no wrap", () => {
    const base = { wrap: false, hasRequest: true, loading: false, quoted: true, hasQuote: false, error: null };
    expect(quoteNotice({ ...base, loading: true })).toBe("fetching");
    expect(quoteNotice(base)).toBe("noRoute");
    expect(quoteNotice({ ...base, error: "HTTP request failed." })).toBe("error");
    // Issue 9 #18: an exact output beyond the pools' liquidity is not "no route".
    expect(quoteNotice({ ...base, insufficientLiquidity: true })).toBe("insufficientLiquidity");
    expect(quoteNotice({ ...base, hasQuote: true })).toBeNull();
    expect(quoteNotice({ ...base, wrap: true })).toBeNull();
    expect(quoteNotice({ ...base, hasRequest: false })).toBeNull();
  });

  it("the main button: label, off, busy and red for each state, and the wrap mode", () => {
    const v = mainButtonView;
    expect(v({ kind: "error", message: { key: "enterAmount" } }, null, null, null)).toEqual({
      label: { message: { key: "enterAmount" } },
      disabled: true,
      loading: false,
      danger: false,
    });
    expect(v({ kind: "approve" }, null, null, null)).toMatchObject({ label: { key: "approve" }, disabled: false });
    expect(v({ kind: "approve" }, null, null, "swap")).toMatchObject({ disabled: true });
    expect(v({ kind: "approving" }, null, null, null)).toMatchObject({ disabled: true, loading: true });
    expect(v({ kind: "impactTooHigh" }, null, null, null)).toMatchObject({ disabled: true, danger: true });
    expect(v({ kind: "swap", anyway: false }, null, null, null)).toMatchObject({
      label: { key: "swap" },
      danger: false,
    });
    expect(v({ kind: "swap", anyway: true }, null, null, null)).toMatchObject({
      label: { key: "swapAnyway" },
      danger: true,
    });
    expect(v({ kind: "swap", anyway: false }, null, null, "swap")).toMatchObject({
      label: { key: "swapping" },
      disabled: true,
      loading: true,
    });
    const any = { kind: "loading" } as const;
    expect(v(any, "wrap", null, null)).toMatchObject({ label: { key: "wrap" }, disabled: false });
    expect(v(any, "unwrap", null, "wrap")).toMatchObject({
      label: { key: "unwrapping" },
      disabled: true,
      loading: true,
    });
    expect(v(any, "wrap", { key: "connectWallet" }, null)).toMatchObject({
      label: { message: { key: "connectWallet" } },
      disabled: true,
    });
  });
});
