import {
  approvalState,
  formatUnitsExact,
  hasPendingApprovalOf,
  MAX_UINT256,
  maxAffordableSets,
  maxBuyCost,
  maximumAmountIn,
  maxSpendable,
  minimumReceived,
  PORTFOLIO_TRADE_DEADLINE_SECONDS,
  parseTradeAmount,
  swapDeadline,
  tradeButton,
} from "@sofi/core";
import { erc20Abi, portfolioTradingModuleAbi } from "@sofi/protocol";
import { zeroAddress } from "viem";
import { usePublicClient, useReadContract } from "wagmi";
import { apiQueryKey } from "../../kernel/api.ts";
import { balanceTokenKey, NATIVE_BALANCE_KEY, useBalances } from "../../kernel/balances.ts";
import { useDebouncedValue } from "../../kernel/hooks.ts";
import {
  failureMessage,
  sendApprove,
  sendWrite,
  useTransactions,
  useTransactorContext,
} from "../transactions/index.ts";
import { type Hex, type TradeTarget, useTradeInput } from "./trade-state.ts";

/** One entry of the pay-with (buy) or receive (sell) selector: the native coin or a deployed token. */
export type PayToken = { key: string; symbol: string; decimals: number; address: Hex | null };

/** The native coin first, then the deployment's tokens. */
export function payTokensOf(v: Pick<TradeTarget, "deployment" | "nativeSymbol">): PayToken[] {
  const tokens = v.deployment?.tokens ?? [];
  return [
    { key: NATIVE_BALANCE_KEY, symbol: v.nativeSymbol, decimals: 18, address: null },
    ...tokens.map((t) => ({
      key: t.address.toLowerCase(),
      symbol: t.symbol,
      decimals: t.decimals,
      address: t.address,
    })),
  ];
}

type Leg = { router: Hex; path: readonly Hex[]; limit: bigint };

/** The quote's legs with their limits moved by the slippage tolerance (up on buys, down on sells). */
export function boundLegs(legs: readonly Leg[], side: "buy" | "sell") {
  return legs.map((l) => ({
    router: l.router,
    path: [...l.path],
    limit: side === "buy" ? maximumAmountIn(l.limit) : minimumReceived(l.limit),
  }));
}

export type TradeOutcome = { ok: true } | { ok: false; cancelled: boolean; message: string | null };

/**
 * The one portfolio trade stack (issue 17), derived from the raw state (`useTradeInput`) as the swap
 * derives its screen from its own: a buy or a sell (spec 001 §2, §4, §5) of an amount of sets, the
 * token paid (buy) or received (sell) - the native coin or any of the deployment's tokens -, the
 * module's quote with the 10 % slippage bound and the fees, the balances from the one balances
 * source, the approval status of the spent token for the trading module, and the approve and trade
 * actions through the transactor (every trade carries a deadline; a failure is read with
 * `failureMessage`). The trade views and the portfolio page's Buy and Sell modals both use it.
 */
export function useTrade(v: TradeTarget, side: "buy" | "sell") {
  const { chainId, account, module, d } = v;
  const set = v.address;
  const decimals = d?.decimals ?? 18;
  const ctx = useTransactorContext(chainId);
  const client = usePublicClient({ chainId });
  const tokens = payTokensOf(v);
  const { tokenKey, setTokenKey, text, setText, busy, setBusy } = useTradeInput();
  const token = tokens.find((t) => t.key === tokenKey) ?? tokens[0] ?? null;
  const typed = useDebouncedValue(text, 150);

  const balanceKeys = [token?.key ?? NATIVE_BALANCE_KEY, ...(set ? [set] : [])];
  const { balances } = useBalances({ chainId, account, tokens: balanceKeys });
  const tokenBalance = token ? balances[balanceTokenKey(token.key)] : undefined;
  const setBalance = set ? balances[balanceTokenKey(set)] : undefined;

  const amount = parseTradeAmount(text, decimals, side === "sell" ? setBalance : undefined);
  const debounced = parseTradeAmount(typed, decimals, side === "sell" ? setBalance : undefined);
  const quantity = amount.ok && debounced.ok && debounced.amount === amount.amount ? amount.amount : null;
  const tokenArg = token?.address ?? zeroAddress;
  const enabled = !!module && !!set && quantity !== null && quantity <= MAX_UINT256 && v.moduleState === 2;
  const buyQuote = useReadContract({
    address: module,
    abi: portfolioTradingModuleAbi,
    functionName: "quoteBuy",
    args: [set ?? zeroAddress, quantity ?? 0n, tokenArg],
    chainId,
    query: { enabled: enabled && side === "buy" },
  });
  const sellQuote = useReadContract({
    address: module,
    abi: portfolioTradingModuleAbi,
    functionName: "quoteSell",
    args: [set ?? zeroAddress, quantity ?? 0n, tokenArg],
    chainId,
    query: { enabled: enabled && side === "sell" },
  });
  // The buy Max: the price of one whole set in the chosen token.
  const oneSet = 10n ** BigInt(decimals);
  const probe = useReadContract({
    address: module,
    abi: portfolioTradingModuleAbi,
    functionName: "quoteBuy",
    args: [set ?? zeroAddress, oneSet, tokenArg],
    chainId,
    query: { enabled: side === "buy" && !!module && !!set && v.moduleState === 2 },
  });

  const q = side === "buy" ? buyQuote : sellQuote;
  const quoting = text !== "" && amount.ok && (quantity === null || q.isFetching);
  const buy = side === "buy" && buyQuote.data && quantity !== null ? buyQuote.data : undefined;
  const sell = side === "sell" && sellQuote.data && quantity !== null ? sellQuote.data : undefined;
  const cost = buy ? maxBuyCost(buy[1], buy[2]) : null;
  const net = sell ? sell[1] : null;
  const minimum = net === null ? null : minimumReceived(net);

  // Approval (spec 001 §4): the pay token on buys (none for the native coin), the portfolio on sells.
  const spent: Hex | null = side === "buy" ? (token?.address ?? null) : (set ?? null);
  const isNative = side === "buy" && !token?.address;
  const approveAmount = side === "buy" ? cost : quantity;
  const allowance = useReadContract({
    address: spent ?? undefined,
    abi: erc20Abi,
    functionName: "allowance",
    args: [account ?? zeroAddress, module ?? zeroAddress],
    chainId,
    query: { enabled: !!account && !!module && !!spent && !isNative },
  });
  const pendingApproval = useTransactions((s) =>
    spent && module ? hasPendingApprovalOf(Object.values(s.byChain[chainId] ?? {}), spent, module) : false,
  );
  const approval = approvalState({
    isNative,
    amount: approveAmount,
    spender: module,
    allowance: allowance.data,
    pendingApproval: pendingApproval || busy === "approve",
  });
  const button = tradeButton({
    side,
    connected: !!ctx && !!account,
    moduleState: v.moduleState ?? 0,
    tradingEnabled: v.tradingEnabled,
    isManager: v.isManager,
    amount,
    amountDecimals: decimals,
    spendSymbol: side === "buy" ? (token?.symbol ?? "") : (d?.symbol ?? ""),
    payToken: !!token,
    quoting,
    quoted: side === "buy" ? !!buy : !!sell && (net ?? 0n) > 0n,
    cost,
    spendBalance: tokenBalance,
    approval,
  });

  const max = async () => {
    if (side === "sell") {
      if (setBalance !== undefined) setText(formatUnitsExact(setBalance, decimals));
      return;
    }
    if (!probe.data || tokenBalance === undefined) return;
    const budget = token?.address ? tokenBalance : maxSpendable(tokenBalance, true);
    let sets = maxAffordableSets(budget, oneSet, maxBuyCost(probe.data[1], probe.data[2]));
    // A large order moves the pools: price the estimate itself once and scale it down to the budget.
    if (sets > 0n && client && module && set) {
      try {
        const q = await client.readContract({
          address: module,
          abi: portfolioTradingModuleAbi,
          functionName: "quoteBuy",
          args: [set, sets, tokenArg],
        });
        const c = maxBuyCost(q[1], q[2]);
        if (c > budget) sets = maxAffordableSets(budget, sets, c);
      } catch {
        // beyond the pools: keep the estimate; the button says there is no price
      }
    }
    setText(formatUnitsExact(sets, decimals));
  };

  const approve = async (): Promise<TradeOutcome> => {
    if (!ctx || !spent || !module || approveAmount === null) return { ok: false, cancelled: false, message: null };
    setBusy("approve");
    try {
      const sent = await sendApprove(ctx, {
        token: spent,
        spender: module,
        amount: approveAmount,
        info: { kind: "approve", symbol: (side === "buy" ? token?.symbol : d?.symbol) ?? "" },
      });
      const ok = await sent.done;
      await allowance.refetch();
      return ok ? { ok: true } : { ok: false, cancelled: false, message: null };
    } catch (e) {
      const message = failureMessage(e);
      return { ok: false, cancelled: message === null, message };
    } finally {
      setBusy(null);
    }
  };

  /** `onSent`: called once the wallet sent the trade (before its receipt), e.g. to close a modal. */
  const trade = async (o: { onSent?: () => void } = {}): Promise<TradeOutcome> => {
    if (!ctx || !module || !set || quantity === null || !token) return { ok: false, cancelled: false, message: null };
    setBusy("trade");
    try {
      const block = await ctx.client.getBlock();
      const deadline = swapDeadline(block.timestamp, PORTFOLIO_TRADE_DEADLINE_SECONDS, Date.now() / 1000);
      const invalidate = [apiQueryKey(v.chain, "").slice(0, 2)];
      let call: Parameters<typeof sendWrite>[1]["call"];
      if (side === "buy") {
        if (!buy || cost === null) return { ok: false, cancelled: false, message: null };
        const legs = boundLegs(buy[0], "buy");
        call = token.address
          ? {
              address: module,
              abi: portfolioTradingModuleAbi,
              functionName: "buyExactSetWithToken",
              args: [set, quantity, token.address, cost, legs, deadline],
            }
          : {
              address: module,
              abi: portfolioTradingModuleAbi,
              functionName: "buyExactSetWithETH",
              args: [set, quantity, legs, deadline],
              value: cost,
            };
      } else {
        if (!sell || minimum === null) return { ok: false, cancelled: false, message: null };
        const legs = boundLegs(sell[0], "sell");
        call = token.address
          ? {
              address: module,
              abi: portfolioTradingModuleAbi,
              functionName: "sellExactSetForToken",
              args: [set, quantity, token.address, minimum, legs, deadline],
            }
          : {
              address: module,
              abi: portfolioTradingModuleAbi,
              functionName: "sellExactSetForETH",
              args: [set, quantity, minimum, legs, deadline],
            };
      }
      const sent = await sendWrite(ctx, {
        call,
        info: {
          kind: side === "buy" ? "portfolioBuy" : "portfolioSell",
          amount: text,
          symbol: d?.symbol ?? "",
          token: token.symbol,
        },
        invalidate,
      });
      o.onSent?.();
      const ok = await sent.done;
      if (ok) setText("");
      return ok ? { ok: true } : { ok: false, cancelled: false, message: null };
    } catch (e) {
      const message = failureMessage(e);
      return { ok: false, cancelled: message === null, message };
    } finally {
      setBusy(null);
    }
  };

  return {
    side,
    tokens,
    token,
    setTokenKey,
    text,
    setText,
    amount,
    quantity,
    tokenBalance,
    setBalance,
    /** Buys: components' cost and the trade fee; sells: net, trade fee, exit fee. */
    buyQuote: buy ? { amountIn: buy[1], tradeFee: buy[2] } : null,
    sellQuote: sell ? { net: sell[1], tradeFee: sell[2], exitFee: sell[3] } : null,
    cost,
    minimum,
    approval,
    button,
    busy,
    max,
    canMax: side === "sell" ? !!setBalance : !!probe.data && !!tokenBalance,
    approve,
    trade,
  };
}
export type TradeState = ReturnType<typeof useTrade>;
