import {
  approvalState,
  formatUnitsExact,
  MAX_UINT256,
  maxSpendable,
  minimumAmountOut,
  parseAmount,
  quoteImpactLevel,
  REFRESH_SPINNER_MS,
  type SwapButtonState,
  type SwapMessage,
  sanitizeAmountInput,
  swapButtonState,
  trimAmountDecimals,
  wrapInputError,
} from "@sofi/core";
import { chainById, type Deployment } from "@sofi/protocol";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useConnection, usePublicClient } from "wagmi";
import { type AppChainConfig, useAppConfig } from "../../kernel/config.ts";
import { useContract } from "../../kernel/contracts.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { useTransactions, useTransactorContext } from "../transactions/index.ts";
import { useNetworkName, useNetworkSwitch } from "../wallet/index.ts";
import type { Quote } from "./quote.ts";
import {
  fieldValues,
  flipSides,
  hasPendingApproval,
  pickToken,
  quoteChangedUnder,
  recipientAddressFor,
  type Side,
  sameQuote,
  showMax,
} from "./rules.ts";
import { isNative, routeAddress, type SwapToken, sameToken, wrapKind } from "./tokens.ts";
import { type RecipientState, useRecipient } from "./useRecipient.ts";
import { type Busy, useSwapActions } from "./useSwapActions.ts";
import { useSwapBalances } from "./useSwapBalances.ts";
import { type QuoteState, useSwapQuote } from "./useSwapQuote.ts";
import { useTokenSelection } from "./useTokenSelection.ts";
import { type UnlistedTokens, useUnlistedTokens } from "./useUnlistedTokens.ts";

/** Everything the swap screen shows and does, derived in one place (the views only render it). */
export type SwapState = {
  chainId: number;
  chainCfg: AppChainConfig | undefined;
  deployment: Deployment | null;
  nativeSymbol: string;
  wrappedSymbol: string;
  account: `0x${string}` | undefined;
  connected: boolean;
  /** The page's network in the user's language (the badge, the switch button). */
  networkName: string;
  /**
   * The wallet is connected on another chain than the page's (issue 9 #15): no balances are
   * shown, nothing can be sent, and the main button offers the switch.
   */
  wrongNetwork: { switching: boolean } | null;
  inputToken: SwapToken | null;
  outputToken: SwapToken | null;
  /** The amounts shown in the two fields. */
  values: { in: string; out: string };
  balanceIn: bigint | undefined;
  balanceOut: bigint | undefined;
  showMax: boolean;
  wrap: "wrap" | "unwrap" | null;
  /** The quote request in view (null when there is nothing to quote, or when wrapping). */
  hasRequest: boolean;
  q: QuoteState;
  minOut: bigint | null;
  impactLevel: number;
  button: SwapButtonState;
  wrapError: SwapMessage | null;
  busy: Busy;
  txError: SwapMessage | null;
  recipient: RecipientState;
  unlisted: UnlistedTokens;
  refresh: number;
  spinning: boolean;
  confirm: {
    open: boolean;
    /** The quote the dialog shows and sends: a newer one must be accepted first. */
    shown: Quote | null;
    /** The quote changed under the open dialog. */
    changed: boolean;
    word: string;
    setWord: (w: string) => void;
    close: () => void;
    acceptNewPrice: () => void;
    swap: () => void;
  };
  onType: (side: Side, raw: string) => void;
  onMax: () => void;
  onPick: (side: Side, tk: SwapToken) => void;
  flip: () => void;
  onRefresh: () => void;
  /** The main button: switch the network, wrap, approve, or open the confirm dialog. */
  onMain: () => void;
};

/**
 * The derived swap state (as Uniswap's `useDerivedSwapInfo`): tokens from the URL and the lists,
 * the typed amount and the quote, balances and allowance, the recipient, the button's state by
 * core's rules, and the actions, which go through the transactions feature's transactor.
 */
export function useSwapState(): SwapState {
  const [params] = useSearchParams();
  const appConfig = useAppConfig();
  const chainId = useSettings((s) => s.chainId);
  const expertMode = useSettings((s) => s.userExpertMode);
  const singleHop = useSettings((s) => s.userSingleHopOnly);
  const slippageBps = useSettings((s) => s.userSlippageTolerance);
  const deadlineSeconds = useSettings((s) => s.userDeadline);
  const chainCfg = appConfig.chains.find((c) => c.id === chainId);
  const deployment = chainCfg?.deployment ?? null;
  const aggregator = useContract("aggregator", chainId)?.address;
  const info = chainById(chainId);
  const nativeSymbol = info?.nativeSymbol ?? "ETH";
  const wrappedSymbol = info?.wrappedSymbol ?? "WETH";
  const client = usePublicClient({ chainId });
  const { address: account, status } = useConnection();
  const network = useNetworkSwitch(chainId);
  const networkName = useNetworkName()(chainId);
  // On a wrong network the account is as good as not there for this page: nothing read or sent.
  const connected = status === "connected" && !!account && !network.wrongNetwork;
  const transactorContext = useTransactorContext(chainId);
  const txContext = connected ? transactorContext : null;

  const [sel, setSel] = useTokenSelection(params, chainId);
  const { input: inputToken, output: outputToken, independent } = sel;

  const [typed, setTyped] = useState("");
  const [refresh, setRefresh] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [shownQuote, setShownQuote] = useState<Quote | null>(null);
  const [confirmWord, setConfirmWord] = useState("");
  const actions = useSwapActions({
    txContext,
    inputToken,
    outputToken,
    aggregator,
    slippageBps,
    deadlineSeconds,
    nativeSymbol,
    wrappedSymbol,
  });
  const { busy, error: txError, setError: setTxError } = actions;

  const balances = useSwapBalances({ account, connected, chainId, inputToken, outputToken, aggregator });
  const { balanceIn, balanceOut, allowance, readFailed, refetch } = balances;

  // ---------------------------------------------------------------- amounts and quote
  const wrap = wrapKind(inputToken, outputToken, deployment);
  const independentToken = independent === "in" ? inputToken : outputToken;
  // A token with fewer decimals under the typed amount: keep what it can hold.
  const independentDecimals = independentToken?.decimals;
  useEffect(() => {
    if (independentDecimals !== undefined) setTyped((v) => trimAmountDecimals(v, independentDecimals));
  }, [independentDecimals]);
  const parsedTyped = independentToken ? parseAmount(typed, independentToken.decimals) : null;
  // More than a uint256 holds cannot be priced or sent: the button says so, nobody asks the chain.
  const request =
    !wrap &&
    parsedTyped &&
    parsedTyped <= MAX_UINT256 &&
    inputToken &&
    outputToken &&
    deployment &&
    !sameToken(inputToken, outputToken)
      ? {
          amount: parsedTyped,
          independent,
          tokenIn: routeAddress(inputToken, deployment),
          tokenOut: routeAddress(outputToken, deployment),
          singleHop,
          refresh,
        }
      : null;
  const q = useSwapQuote(client, deployment, request);
  const amountIn = wrap ? parsedTyped : independent === "in" ? parsedTyped : (q.quote?.amountIn ?? null);
  const amountOut = wrap ? parsedTyped : independent === "out" ? parsedTyped : (q.quote?.amountOut ?? null);
  const values = fieldValues({ independent, wrap: !!wrap, typed, amountIn, amountOut, inputToken, outputToken });
  const maxIn = inputToken ? maxSpendable(balanceIn, isNative(inputToken)) : 0n;

  // ---------------------------------------------------------------- recipient, approval, button
  const recipient = useRecipient(expertMode, chainId, () => setTxError(null));
  const recipientAddress = recipientAddressFor(recipient.check, recipient.resolved, account);
  const pendingApproval = useTransactions((s) =>
    hasPendingApproval(Object.values(s.byChain[chainId] ?? {}), inputToken, aggregator),
  );
  const approval = approvalState({
    isNative: isNative(inputToken),
    amount: amountIn,
    spender: aggregator,
    allowance,
    pendingApproval: pendingApproval || busy === "approve",
  });
  const impactLevel = quoteImpactLevel(q.impactBps, !!q.quote && q.impactReady);
  const button = swapButtonState({
    connected,
    inputSymbol: inputToken?.symbol ?? null,
    outputSymbol: outputToken?.symbol ?? null,
    amountIn,
    amountOut,
    quoted: q.quoted && !q.loading && q.impactReady,
    quoteFailed: !!q.error && !q.loading,
    recipient: recipient.check,
    resolvedRecipient: recipient.resolved,
    outputAddress: outputToken && !isNative(outputToken) ? outputToken.address : null,
    insufficientLiquidity: q.insufficientLiquidity && !q.loading,
    balanceIn,
    readFailed,
    approval,
    impactLevel,
    expertMode,
  });
  const wrapError: SwapMessage | null = wrap
    ? !connected
      ? { key: "connectWallet" }
      : wrapInputError(wrap, parsedTyped, balanceIn, { native: nativeSymbol, wrapped: wrappedSymbol })
    : null;

  const unlisted = useUnlistedTokens(params, chainId, (side, tk) =>
    setSel((s) => (side === "in" ? { ...s, input: tk } : { ...s, output: tk })),
  );

  // ---------------------------------------------------------------- handlers
  const onType = (side: Side, raw: string) => {
    const v = sanitizeAmountInput(raw, (side === "in" ? inputToken : outputToken)?.decimals);
    if (v === null) return;
    setSel((s) => ({ ...s, independent: side }));
    setTyped(v);
    setTxError(null);
  };
  const onMax = () => {
    setSel((s) => ({ ...s, independent: "in" }));
    setTyped(formatUnitsExact(maxIn, inputToken?.decimals ?? 18));
  };
  const onPick = (side: Side, tk: SwapToken) => {
    setSel((s) => pickToken(s, side, tk));
    setTxError(null);
  };
  const flip = () => {
    setSel(flipSides);
    setTxError(null);
  };
  const onRefresh = useCallback(() => {
    setRefresh((n) => n + 1);
    setSpinning(true);
    refetch();
    setTimeout(() => setSpinning(false), REFRESH_SPINNER_MS);
  }, [refetch]);

  const doSwap = async () => {
    const quote = shownQuote;
    // Only what the dialog shows, and only while the main rules still allow it (impact known and
    // not blocked, balance and approval in place).
    if (!quote || button.kind !== "swap" || !q.quote || !sameQuote(quote, q.quote)) return;
    if (await actions.swap(quote, recipientAddress)) {
      // Sent: the page is free again.
      setConfirmOpen(false);
      setConfirmWord("");
      setTyped("");
    }
  };
  const doWrap = async () => {
    if (!wrap || !deployment || !parsedTyped) return;
    if (await actions.wrap(wrap, deployment.weth, parsedTyped)) setTyped("");
  };
  const doApprove = () => {
    if (amountIn) void actions.approve(amountIn);
  };

  const onMain = () => {
    if (network.wrongNetwork) return void network.switchNetwork();
    if (wrap) return void doWrap();
    if (button.kind === "approve") return void doApprove();
    if (button.kind === "swap" && q.quote) {
      setShownQuote(q.quote);
      setConfirmWord("");
      // A new attempt: an earlier attempt's failure is not this one's.
      setTxError(null);
      setConfirmOpen(true);
    }
  };

  return {
    chainId,
    chainCfg,
    deployment,
    nativeSymbol,
    wrappedSymbol,
    account,
    connected,
    networkName,
    wrongNetwork: network.wrongNetwork ? { switching: network.switching } : null,
    inputToken,
    outputToken,
    values,
    balanceIn,
    balanceOut,
    showMax: showMax({
      connected,
      hasInputToken: !!inputToken,
      maxIn,
      independent,
      typedAmount: parsedTyped,
    }),
    wrap,
    hasRequest: !!request,
    q,
    minOut: q.quote ? minimumAmountOut(q.quote.amountOut, slippageBps) : null,
    impactLevel,
    button,
    wrapError,
    busy,
    txError: txError ?? (network.wrongNetwork && network.failed ? { key: "wrongNetwork" } : null),
    recipient,
    unlisted,
    refresh,
    spinning,
    confirm: {
      open: confirmOpen,
      shown: shownQuote,
      changed: quoteChangedUnder(confirmOpen, shownQuote, q.quote),
      word: confirmWord,
      setWord: setConfirmWord,
      close: () => setConfirmOpen(false),
      acceptNewPrice: () => q.quote && setShownQuote(q.quote),
      swap: () => void doSwap(),
    },
    onType,
    onMax,
    onPick,
    flip,
    onRefresh,
    onMain,
  };
}
