import { buyFigures, DEFAULT_SLIPPAGE_BPS, type PredictButton, predictButton, QUOTE_DEBOUNCE_MS } from "@sofi/core";
import { marketLensAbi } from "@sofi/protocol";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useReadContract } from "wagmi";
import { balanceTokenKey, useBalances } from "../../kernel/balances.ts";
import { useContract } from "../../kernel/contracts.ts";
import { useDebouncedValue } from "../../kernel/hooks.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { useTransactorContext } from "../transactions/index.ts";
import { useWalletUi } from "../wallet/index.ts";
import { useApiPrefix, useSofi } from "./hooks.ts";
import {
  type AmountIssue,
  amountIssue,
  fromUnits,
  removeFundingIssue,
  sellLiquidityIssue,
  toUnits,
  wholeShares,
} from "./rules.ts";
import type { MarketPageState } from "./useMarketPage.ts";
import { addFunding, approveSofi, buy, removeFunding, sell } from "./writes.ts";

/** 0: Yes, 1: No, -1: liquidity (§4 step 1). */
export type Mode = 0 | 1 | -1;
export type Side = "buy" | "sell";

const ZERO = "0x0000000000000000000000000000000000000000" as const;

/** The outcome a link asked for (`?outcome=0|1`), else Yes. */
function initialMode(v: string | null): Mode {
  return v === "1" ? 1 : v === "-1" ? -1 : 0;
}

/**
 * The trade panel of /predict/{market} (spec 002 §2, §4, §5): the outcome (or the liquidity mode),
 * Buy/Sell (Add/Remove), the amount and its §5 message, the live quote and figures, §4's button, the
 * confirm modal with its terms checkbox, and the writes. `fail` shows a failure in the page's dialog.
 */
export function useTradePanel(p: MarketPageState, fail: (e: unknown) => void) {
  const [search] = useSearchParams();
  const [mode, setModeRaw] = useState<Mode>(() => initialMode(search.get("outcome")));
  const [side, setSideRaw] = useState<Side>("buy");
  const [text, setTextRaw] = useState("");
  /** The whole pool share balance, chosen by Max (its decimals go beyond the form's two). */
  const [exactMax, setExactMax] = useState(false);
  const [touched, setTouched] = useState(false);
  const [liquidityIssue, setLiquidityIssue] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [terms, setTermsRaw] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [busy, setBusy] = useState<null | "approve" | "trade">(null);

  const { chainId, account, market, m, lens: state, user } = p;
  const ctx = useTransactorContext(chainId);
  const lens = useContract("marketLens", chainId);
  const ct = useContract("conditionalTokens", chainId);
  const sofi = useSofi(chainId);
  const invalidate = [useApiPrefix()];
  const slippage = useSettings((s) => s.userSlippageTolerance) || DEFAULT_SLIPPAGE_BPS;
  const { balances } = useBalances({ chainId, account, tokens: sofi ? [sofi.address] : [], enabled: !!sofi });
  const wallet: bigint | undefined =
    sofi && account ? (balances[balanceTokenKey(sofi.address)] ?? user?.collateralBalance) : undefined;

  useEffect(() => {
    const v = search.get("outcome");
    if (v !== null) setModeRaw(initialMode(v));
  }, [search]);

  const liquidityMode = mode === -1;
  const outcome = liquidityMode ? 0 : mode;
  const holdings = user ? (user.balances[outcome] ?? 0n) : 0n;
  const poolShares = user?.shares ?? 0n;
  const allowance = user?.collateralAllowance ?? 0n;
  const walletNum = fromUnits(wallet);
  const liquidity = m?.liquidity ?? 0;

  // §5 limits: a buy at most the smaller of the wallet's SOFI and the market's liquidity; a sell the
  // whole shares held; adding funding the wallet; removing the pool shares held.
  const limit = !liquidityMode
    ? side === "buy"
      ? account
        ? Math.min(walletNum, liquidity)
        : liquidity
      : wholeShares(holdings)
    : side === "buy"
      ? account
        ? walletNum
        : Number.POSITIVE_INFINITY
      : fromUnits(poolShares);
  const textIssue: AmountIssue | null =
    liquidityMode && side === "sell" ? removeFundingIssue(text, fromUnits(poolShares)) : amountIssue(side, text, limit);

  const units: bigint | null = (() => {
    if (textIssue) return null;
    if (liquidityMode && side === "sell" && exactMax) return poolShares;
    return toUnits(text);
  })();

  // The live quote (150 ms after the last keystroke, the spec's debounce).
  const debounced = useDebouncedValue(units, QUOTE_DEBOUNCE_MS);
  const quoteUnits = debounced === units ? units : null;
  const quoteBuy = useReadContract({
    address: lens?.address,
    abi: marketLensAbi,
    functionName: "buyBounds",
    args: market && quoteUnits ? [market, quoteUnits, BigInt(outcome), BigInt(slippage)] : undefined,
    chainId,
    query: { enabled: !!lens && !!market && !!quoteUnits && !liquidityMode && side === "buy" },
  });
  const quoteSell = useReadContract({
    address: lens?.address,
    abi: marketLensAbi,
    functionName: "sellBounds",
    args: market && quoteUnits ? [market, quoteUnits, BigInt(outcome), BigInt(slippage)] : undefined,
    chainId,
    query: { enabled: !!lens && !!market && !!quoteUnits && !liquidityMode && side === "sell" },
  });
  const quoting =
    units !== null && !liquidityMode && (quoteUnits === null || (side === "buy" ? quoteBuy : quoteSell).isFetching);

  const sellQuote = side === "sell" && !liquidityMode && quoteUnits ? quoteSell.data : undefined;
  const quotedLiquidityIssue =
    sellQuote && sellLiquidityIssue({ returnAmount: sellQuote[0], maxOutcomeTokensToSell: sellQuote[1], holdings });
  const issue: AmountIssue | null =
    textIssue ?? (liquidityIssue || quotedLiquidityIssue ? { kind: "liquidity" } : null);

  const amountNum = Number(text) || 0;
  const buyQuote = side === "buy" && !liquidityMode && quoteUnits ? quoteBuy.data : undefined;
  const figures = buyFigures(amountNum, buyQuote ? fromUnits(buyQuote[0]) : 0);
  const sellReturn = sellQuote ? fromUnits(sellQuote[0]) : null;

  // Liquidity figures from the pool (FPMM addFunding / removeFunding).
  const supply = state?.totalSupply ?? 0n;
  const pool = state?.poolBalances ?? [0n, 0n];
  const weight = (pool[0] ?? 0n) > (pool[1] ?? 0n) ? (pool[0] ?? 0n) : (pool[1] ?? 0n);
  const addShares =
    units && supply > 0n && weight > 0n ? fromUnits((units * supply) / weight) : units ? fromUnits(units) : null;
  const removeBack: [number, number] | null =
    units && supply > 0n
      ? [fromUnits(((pool[0] ?? 0n) * units) / supply), fromUnits(((pool[1] ?? 0n) * units) / supply)]
      : null;

  // §4 the button.
  const approvedFor = (amount: bigint | null) => allowance > 0n && (amount === null || allowance >= amount);
  const connected = !!ctx && !!account;
  const removing = liquidityMode && side === "sell";
  const button: PredictButton = predictButton({
    connected,
    // Removing funding stays possible after the close (a liquidity provider leaves a resolved market).
    active: removing ? !!m : p.active,
    side,
    approved: approvedFor(units),
    balance: walletNum,
    shares: removing ? fromUnits(poolShares) : fromUnits(holdings),
  });
  // Input is disabled when the relevant balance or shares is zero (§5).
  const inputDisabled =
    connected && (side === "buy" ? (wallet ?? 0n) === 0n : removing ? poolShares === 0n : wholeShares(holdings) === 0);

  const reset = () => {
    setTextRaw("");
    setExactMax(false);
    setTouched(false);
    setLiquidityIssue(false);
  };

  const approve = async () => {
    if (!ctx || !sofi || !market) return;
    setBusy("approve");
    try {
      const sent = await approveSofi(ctx, { sofi: sofi.address, market, invalidate });
      const ok = await sent.done;
      await p.refetch();
      if (!ok) fail(new Error("The transaction failed!"));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  /** Place Order: validate (§5), then the confirm modal (§4 step 3). */
  const submit = () => {
    setTouched(true);
    if (issue) return;
    if (units === null) return;
    setTermsRaw(false);
    setTermsError(false);
    setConfirmOpen(true);
  };

  const onButton = () => {
    if (button === "connectWallet") useWalletUi.getState().openDialog("options");
    else if (button === "approve") void approve();
    else if (button === "placeOrder") submit();
  };

  /** The confirm modal's button: the terms first, then the write (§4 step 4). */
  const confirm = async () => {
    if (!terms) {
      setTermsError(true);
      return;
    }
    if (!ctx || !lens || !market || units === null || !ct || !m) return;
    setBusy("trade");
    try {
      let sent: { done: Promise<boolean> } | null = null;
      if (!liquidityMode && side === "buy") {
        sent = await buy(ctx, {
          lens: lens.address,
          market,
          amount: units,
          outcome,
          slippageBps: slippage,
          invalidate,
        });
      } else if (!liquidityMode) {
        const r = await sell(ctx, {
          lens: lens.address,
          market,
          conditionalTokens: ct.address,
          tokens: units,
          holdings,
          outcome,
          slippageBps: slippage,
          approvedForAll: !!user?.approvedForAll,
          invalidate,
        });
        if ("issue" in r) {
          // §5: cancelled, the message under the field.
          setConfirmOpen(false);
          setTouched(true);
          setLiquidityIssue(true);
          return;
        }
        sent = r.sent;
      } else if (side === "buy") {
        sent = await addFunding(ctx, { market, amount: units, invalidate });
      } else {
        sent = await removeFunding(ctx, { market, shares: units, invalidate });
      }
      setConfirmOpen(false);
      reset();
      const ok = await sent.done;
      // §4: after the receipt, the pool, prices and shares refresh.
      await p.refetch();
      if (!ok) fail(new Error("The transaction failed!"));
    } catch (e) {
      setConfirmOpen(false);
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  return {
    mode,
    setMode: (v: Mode) => {
      setModeRaw(v);
      reset();
    },
    side,
    setSide: (v: Side) => {
      setSideRaw(v);
      reset();
    },
    liquidityMode,
    outcome,
    text,
    setText: (v: string) => {
      setTextRaw(v);
      setExactMax(false);
      setTouched(true);
      setLiquidityIssue(false);
    },
    setMax: () => {
      if (liquidityMode && side === "sell") {
        setTextRaw((Math.floor(fromUnits(poolShares) * 100) / 100).toFixed(2));
        setExactMax(true);
      } else if (side === "sell") setTextRaw(String(wholeShares(holdings)));
      else setTextRaw((Math.floor(limit * 100) / 100).toFixed(2));
      setTouched(true);
      setLiquidityIssue(false);
    },
    /** The §5 message, once the field was touched or the order placed. */
    issue: touched ? issue : null,
    inputDisabled,
    holdings,
    poolShares,
    wallet,
    units,
    quoting,
    figures: buyQuote ? figures : null,
    sellReturn,
    sellAverage: sellReturn !== null && amountNum > 0 ? sellReturn / amountNum : null,
    addShares,
    removeBack,
    button,
    busy,
    onButton,
    confirmOpen,
    closeConfirm: () => {
      if (busy !== "trade") setConfirmOpen(false);
    },
    terms,
    setTerms: (v: boolean) => {
      setTermsRaw(v);
      if (v) setTermsError(false);
    },
    termsError,
    confirm,
    connected,
    hasMarketContract: !!lens && !!ct && market !== ZERO,
  };
}
export type TradePanelState = ReturnType<typeof useTradePanel>;
