import {
  ArrowDownOutlined,
  DownOutlined,
  HistoryOutlined,
  LineChartOutlined,
  ReloadOutlined,
  SettingOutlined,
} from "@ant-design/icons";
import {
  approvalState,
  checkRecipient,
  formatDisplayAmount,
  formatSignificant,
  formatUnitsExact,
  maxSpendable,
  minimumAmountOut,
  PRICE_IMPACT_CONFIRM_WORD,
  parseAmount,
  quoteImpactLevel,
  REFRESH_SPINNER_MS,
  type SwapMessage,
  sanitizeAmountInput,
  swapButtonState,
  swapSummary,
  trimAmountDecimals,
  wrapInputError,
} from "@sofi/core";
import { chainById, erc20Abi } from "@sofi/protocol";
import { Alert, Button, Card, Input, Modal, Popover, Tag, Tooltip, Typography } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { toCoinType } from "viem";
import { useBalance, useConfig, useConnection, usePublicClient, useReadContracts } from "wagmi";
import { useAppConfig } from "../../kernel/config.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { TokenLogo, TokenSelectModal, useChainTokens, useIsListed } from "../tokens/index.ts";
import { TransactionUntrackedError, useTransactions } from "../transactions/index.ts";
import { useEnsClient } from "../wallet/index.ts";
import { approveToken, SwapError, sendTrade, sendWrap } from "./actions.ts";
import { pairSymbol } from "./chart-data.ts";
import { PriceChart } from "./PriceChart.tsx";
import type { Quote } from "./quote.ts";
import { SwapButton } from "./SwapButton.tsx";
import { ExpertModeConfirm, SwapSettings } from "./SwapSettings.tsx";
import { findToken, isNative, routeAddress, type SwapToken, sameToken, wrapKind } from "./tokens.ts";
import { useSwapMessage } from "./useSwapMessage.ts";
import { useSwapQuote } from "./useSwapQuote.ts";
import "./swap.css";

type Side = "in" | "out";

/** Waiting stopped (the page left, the network changed, the list was cleared): nothing to show. */
function stoppedWaiting(e: unknown): boolean {
  return (e instanceof DOMException && e.name === "AbortError") || e instanceof TransactionUntrackedError;
}

/** Same trade: a re-quote that changes any of it needs the user's acceptance in the confirm dialog. */
function sameQuote(a: Quote, b: Quote): boolean {
  return (
    a.amountIn === b.amountIn && a.amountOut === b.amountOut && a.router === b.router && a.path.join() === b.path.join()
  );
}

/** What the page shows for a failed approve, swap or wrap. */
function failure(e: unknown): SwapMessage {
  if (e instanceof SwapError) return e.swapMessage;
  return { key: "swapFailed", message: e instanceof Error ? e.message : String(e) };
}

function formatImpact(bps: number | null): string {
  if (bps === null) return "--";
  const pct = bps / 100;
  return pct < 0.01 ? "<0.01%" : `${pct.toFixed(2)}%`;
}

/** The aggregator swap screen (spec 000 §2): `/aggregateSwap`, and with `chart` `/aggregateSwap/chart`. */
export default function SwapPage({ chart = false }: { chart?: boolean }) {
  const { t } = useTranslation("swap");
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const appConfig = useAppConfig();
  const chainId = useSettings((s) => s.chainId);
  const theme = useSettings((s) => s.theme);
  const expertMode = useSettings((s) => s.userExpertMode);
  const singleHop = useSettings((s) => s.userSingleHopOnly);
  const slippageBps = useSettings((s) => s.userSlippageTolerance);
  const deadlineSeconds = useSettings((s) => s.userDeadline);
  const chainCfg = appConfig.chains.find((c) => c.id === chainId);
  const deployment = chainCfg?.deployment ?? null;
  const aggregator = deployment?.contracts.aggregator as `0x${string}` | undefined;
  const info = chainById(chainId);
  const nativeSymbol = info?.nativeSymbol ?? "ETH";
  const wrappedSymbol = info?.wrappedSymbol ?? "WETH";
  const client = usePublicClient({ chainId });
  const ensClient = useEnsClient();
  const wagmiConfig = useConfig();
  const { address: account, status } = useConnection();
  const connected = status === "connected" && !!account;

  const tokens: SwapToken[] = useChainTokens();
  const isListed = useIsListed();
  const [inputToken, setInputToken] = useState<SwapToken | null>(
    () => findToken(tokens, params.get("inputCurrency")) ?? tokens[0] ?? null,
  );
  const [outputToken, setOutputToken] = useState<SwapToken | null>(() =>
    findToken(tokens, params.get("outputCurrency")),
  );
  // URL tokens (?inputCurrency=&outputCurrency=) apply once the lists that hold them are loaded.
  const urlIn = params.get("inputCurrency");
  const urlOut = params.get("outputCurrency");
  const urlApplied = useRef({ in: false, out: false });
  useEffect(() => {
    if (urlIn && !urlApplied.current.in) {
      const tk = findToken(tokens, urlIn);
      if (tk) {
        urlApplied.current.in = true;
        setInputToken(tk);
      }
    }
    if (urlOut && !urlApplied.current.out) {
      const tk = findToken(tokens, urlOut);
      if (tk) {
        urlApplied.current.out = true;
        setOutputToken(tk);
      }
    }
  }, [tokens, urlIn, urlOut]);
  useEffect(() => {
    // another network: start over with its native coin
    setInputToken((cur) => (cur && cur.chainId === chainId ? cur : (tokens[0] ?? null)));
    setOutputToken((cur) => (cur && cur.chainId === chainId ? cur : null));
  }, [chainId, tokens]);

  const [independent, setIndependent] = useState<Side>("in");
  const [typed, setTyped] = useState("");
  const [recipientOpen, setRecipientOpen] = useState(false);
  const [recipientRaw, setRecipientRaw] = useState("");
  const [resolved, setResolved] = useState<string | null | undefined>(undefined);
  const [refresh, setRefresh] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [picking, setPicking] = useState<Side | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  /** The quote the confirm dialog shows and sends: a newer one must be accepted first. */
  const [shownQuote, setShownQuote] = useState<Quote | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [expertConfirmOpen, setExpertConfirmOpen] = useState(false);
  const [confirmWord, setConfirmWord] = useState("");
  const [busy, setBusy] = useState<null | "approve" | "swap" | "wrap">(null);
  const [txError, setTxError] = useState<SwapMessage | null>(null);
  const message = useSwapMessage();

  // ---------------------------------------------------------------- balances and allowance
  const nativeBalance = useBalance({ address: account, chainId, query: { enabled: connected } });
  const erc20s = [inputToken, outputToken].filter((tk): tk is SwapToken => !!tk && !isNative(tk));
  const reads = useReadContracts({
    allowFailure: true,
    contracts: [
      ...erc20s.map((tk) => ({
        address: tk.address as `0x${string}`,
        abi: erc20Abi,
        functionName: "balanceOf" as const,
        args: [account ?? "0x0000000000000000000000000000000000000000"] as const,
        chainId,
      })),
      ...(inputToken && !isNative(inputToken) && aggregator
        ? [
            {
              address: inputToken.address as `0x${string}`,
              abi: erc20Abi,
              functionName: "allowance" as const,
              args: [account ?? "0x0000000000000000000000000000000000000000", aggregator] as const,
              chainId,
            },
          ]
        : []),
    ],
    query: { enabled: connected },
  });
  /** The balanceOf read of an ERC-20 on either side (undefined for the native coin). */
  const balanceRead = (tk: SwapToken | null) =>
    tk && !isNative(tk) ? reads.data?.[erc20s.findIndex((e) => e.address === tk.address)] : undefined;
  const balanceOf = (tk: SwapToken | null): bigint | undefined => {
    if (!tk || !connected) return undefined;
    if (isNative(tk)) return nativeBalance.data?.value;
    const r = balanceRead(tk);
    return r?.status === "success" ? (r.result as bigint) : undefined;
  };
  const allowanceRead = inputToken && !isNative(inputToken) ? reads.data?.[erc20s.length] : undefined;
  const allowance = allowanceRead?.status === "success" ? (allowanceRead.result as bigint) : undefined;
  const readFailed =
    connected &&
    (reads.isError ||
      (isNative(inputToken) ? nativeBalance.isError : balanceRead(inputToken)?.status === "failure") ||
      allowanceRead?.status === "failure");
  const refetchAll = useCallback(() => {
    void nativeBalance.refetch();
    void reads.refetch();
  }, [nativeBalance, reads]);

  // ---------------------------------------------------------------- amounts and quote
  const wrap = wrapKind(inputToken, outputToken, deployment);
  const independentToken = independent === "in" ? inputToken : outputToken;
  // A token with fewer decimals under the typed amount: keep what it can hold.
  const independentDecimals = independentToken?.decimals;
  useEffect(() => {
    if (independentDecimals !== undefined) setTyped((v) => trimAmountDecimals(v, independentDecimals));
  }, [independentDecimals]);
  const parsedTyped = independentToken ? parseAmount(typed, independentToken.decimals) : null;
  const request =
    !wrap && parsedTyped && inputToken && outputToken && deployment && !sameToken(inputToken, outputToken)
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

  const formattedIn =
    independent === "in" || wrap
      ? typed
      : amountIn && inputToken
        ? formatSignificant(amountIn, inputToken.decimals)
        : "";
  const formattedOut =
    independent === "out" || wrap
      ? typed
      : amountOut && outputToken
        ? formatSignificant(amountOut, outputToken.decimals)
        : "";

  const balanceIn = balanceOf(inputToken);
  const balanceOut = balanceOf(outputToken);
  const maxIn = inputToken ? maxSpendable(balanceIn, isNative(inputToken)) : 0n;
  const showMax = connected && !!inputToken && maxIn > 0n && !(independent === "in" && parsedTyped === maxIn);

  // ---------------------------------------------------------------- recipient (expert mode)
  const recipientShown = expertMode && recipientOpen;
  const recipient = recipientShown ? checkRecipient(recipientRaw) : undefined;
  useEffect(() => {
    if (recipient?.kind !== "name") {
      setResolved(undefined);
      return;
    }
    if (!ensClient) {
      // No name service on this deployment: a name cannot resolve, so it is an invalid recipient.
      setResolved(null);
      return;
    }
    let alive = true;
    setResolved(undefined);
    ensClient
      .getEnsAddress({
        name: recipient.value.split("/")[0] as string,
        // The name's address for this chain (ENSIP-11), not its mainnet one: a mainnet-only
        // contract wallet would never see funds sent to the same address on an L2.
        ...(chainId === 1 ? {} : { coinType: toCoinType(chainId) }),
      })
      .then((a) => alive && setResolved(a ?? null))
      .catch(() => alive && setResolved(null));
    return () => {
      alive = false;
    };
  }, [recipient?.kind, recipient?.value, ensClient, chainId]);
  const recipientAddress: `0x${string}` | undefined =
    recipient?.kind === "address"
      ? recipient.value
      : recipient?.kind === "name"
        ? ((resolved ?? undefined) as `0x${string}` | undefined)
        : account;

  // ---------------------------------------------------------------- states
  const pendingApproval = useTransactions((s) =>
    Object.values(s.byChain[chainId] ?? {}).some(
      (tx) =>
        !tx.receipt &&
        !!inputToken &&
        tx.approval?.tokenAddress.toLowerCase() === inputToken.address.toLowerCase() &&
        tx.approval?.spender.toLowerCase() === aggregator?.toLowerCase(),
    ),
  );
  const approval = approvalState({
    isNative: isNative(inputToken),
    amount: amountIn,
    spender: aggregator,
    allowance,
    pendingApproval: pendingApproval || busy === "approve",
  });
  const impactBps = q.impactBps;
  const impactLevel = quoteImpactLevel(impactBps, !!q.quote && q.impactReady);
  const button = swapButtonState({
    connected,
    inputSymbol: inputToken?.symbol ?? null,
    outputSymbol: outputToken?.symbol ?? null,
    amountIn,
    amountOut,
    quoted: q.quoted && !q.loading && q.impactReady,
    quoteFailed: !!q.error && !q.loading,
    recipient,
    resolvedRecipient: resolved,
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
  const minOut = q.quote ? minimumAmountOut(q.quote.amountOut, slippageBps) : null;

  // ---------------------------------------------------------------- unlisted tokens from the URL
  const unlisted = useMemo(() => {
    const out: string[] = [];
    for (const key of ["inputCurrency", "outputCurrency"]) {
      const v = params.get(key);
      if (v && /^0x[0-9a-fA-F]{40}$/.test(v) && !isListed(v)) out.push(v);
    }
    return out;
  }, [params, isListed]);
  const [unlistedAccepted, setUnlistedAccepted] = useState(false);
  const unlistedMeta = useReadContracts({
    allowFailure: true,
    contracts: unlisted.flatMap((a) => [
      { address: a as `0x${string}`, abi: erc20Abi, functionName: "symbol" as const, chainId },
      { address: a as `0x${string}`, abi: erc20Abi, functionName: "decimals" as const, chainId },
    ]),
    query: { enabled: unlisted.length > 0 },
  });
  const acceptUnlisted = () => {
    unlisted.forEach((a, i) => {
      const symbol = unlistedMeta.data?.[i * 2];
      const decimals = unlistedMeta.data?.[i * 2 + 1];
      const tk: SwapToken = {
        chainId,
        address: a as `0x${string}`,
        decimals: decimals?.status === "success" ? Number(decimals.result) : 18,
        symbol: symbol?.status === "success" ? String(symbol.result) : "UNKNOWN",
        name: t("unknownToken"),
      };
      if (params.get("inputCurrency") === a) setInputToken(tk);
      else setOutputToken(tk);
    });
    setUnlistedAccepted(true);
  };

  // ---------------------------------------------------------------- handlers
  const onType = (side: Side, raw: string) => {
    const v = sanitizeAmountInput(raw, (side === "in" ? inputToken : outputToken)?.decimals);
    if (v === null) return;
    setIndependent(side);
    setTyped(v);
    setTxError(null);
  };
  const onPick = (tk: SwapToken) => {
    const side = picking;
    setPicking(null);
    if (!side) return;
    const other = side === "in" ? outputToken : inputToken;
    if (sameToken(tk, other)) {
      // choosing the other side's token swaps the sides
      setInputToken(outputToken);
      setOutputToken(inputToken);
      setIndependent((s) => (s === "in" ? "out" : "in"));
    } else if (side === "in") setInputToken(tk);
    else setOutputToken(tk);
    setTxError(null);
  };
  const flip = () => {
    setInputToken(outputToken);
    setOutputToken(inputToken);
    setIndependent((s) => (s === "in" ? "out" : "in"));
    setTxError(null);
  };
  const onRefresh = () => {
    setRefresh((n) => n + 1);
    setSpinning(true);
    refetchAll();
    setTimeout(() => setSpinning(false), REFRESH_SPINNER_MS);
  };
  // Waiting for receipts stops when the page unmounts or the network changes (the tracker goes on).
  const waits = useRef<AbortController | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new network starts a new controller
  useEffect(() => {
    const controller = new AbortController();
    waits.current = controller;
    return () => controller.abort();
  }, [chainId]);
  const ctx = () =>
    client && account
      ? {
          config: wagmiConfig,
          client,
          chainId,
          account: account as `0x${string}`,
          ...(waits.current ? { signal: waits.current.signal } : {}),
        }
      : (undefined as never);

  const doApprove = async () => {
    if (!inputToken || isNative(inputToken) || !aggregator || !amountIn) return;
    setBusy("approve");
    setTxError(null);
    try {
      // Waits for the receipt: the swap needs the allowance (pending shows "Approving…").
      await approveToken(
        ctx(),
        inputToken.address as `0x${string}`,
        aggregator,
        amountIn,
        t("approvalSummary", { symbol: inputToken.symbol }),
      );
      await reads.refetch();
    } catch (e) {
      if (!stoppedWaiting(e)) setTxError(failure(e));
    } finally {
      setBusy(null);
    }
  };

  const doSwap = async () => {
    const quote = shownQuote;
    // Only what the dialog shows, and only while the main rules still allow it (impact known and
    // not blocked, balance and approval in place).
    if (!quote || button.kind !== "swap" || !q.quote || !sameQuote(quote, q.quote)) return;
    // Spec 000 §8 "swap callback invalid": the button rules make these unreachable, but a send
    // never goes out half-specified.
    if (!inputToken || !outputToken || !aggregator) return setTxError({ key: "missingDependencies" });
    if (!recipientAddress) return setTxError({ key: "invalidRecipient" });
    setBusy("swap");
    setTxError(null);
    const summary = swapSummary(
      formatSignificant(quote.amountIn, inputToken.decimals),
      inputToken.symbol,
      formatSignificant(quote.amountOut, outputToken.decimals),
      outputToken.symbol,
    );
    try {
      const { done } = await sendTrade(
        ctx(),
        {
          aggregator,
          router: quote.router,
          path: quote.path,
          amountIn: quote.amountIn,
          amountOutMin: minimumAmountOut(quote.amountOut, slippageBps),
          recipient: recipientAddress,
          deadlineSeconds,
          inputNative: isNative(inputToken),
          outputNative: isNative(outputToken),
        },
        summary,
      );
      // Sent: the page is free again; the tracker follows the transaction and shows its popup.
      setConfirmOpen(false);
      setConfirmWord("");
      setTyped("");
      done.then(refetchAll, () => undefined);
    } catch (e) {
      setTxError(failure(e));
    } finally {
      setBusy(null);
    }
  };

  const doWrap = async () => {
    if (!wrap || !deployment || !parsedTyped) return;
    setBusy("wrap");
    setTxError(null);
    const amount = formatSignificant(parsedTyped, 18);
    const summary =
      wrap === "wrap"
        ? t("wrapSummary", { amount, from: nativeSymbol, to: wrappedSymbol })
        : t("unwrapSummary", { amount, from: wrappedSymbol, to: nativeSymbol });
    try {
      const { done } = await sendWrap(ctx(), deployment.weth, wrap, parsedTyped, summary);
      setTyped("");
      done.then(refetchAll, () => undefined);
    } catch (e) {
      setTxError(failure(e));
    } finally {
      setBusy(null);
    }
  };

  // ---------------------------------------------------------------- render
  const tokenButton = (side: Side, tk: SwapToken | null) => (
    <Button
      className="swap-token-button"
      onClick={() => setPicking(side)}
      aria-label={t("selectTokenFor", { side: t(side === "in" ? "pay" : "receive") })}
      data-testid={`token-select-${side}`}
    >
      {tk && <TokenLogo token={tk} size={20} />}
      {tk ? tk.symbol : t("selectToken")} <DownOutlined />
    </Button>
  );
  const field = (side: Side) => {
    const tk = side === "in" ? inputToken : outputToken;
    const bal = side === "in" ? balanceIn : balanceOut;
    const value = side === "in" ? formattedIn : formattedOut;
    const label = t(side === "in" ? "pay" : "receive");
    return (
      <div className="swap-field" data-testid={`swap-field-${side}`}>
        <div className="swap-field-top">
          <Typography.Text type="secondary">{label}</Typography.Text>
          {bal !== undefined && tk && (
            <Typography.Text type="secondary" data-testid={`balance-${side}`}>
              {t("balance", { amount: formatDisplayAmount(bal, tk.decimals) })}
            </Typography.Text>
          )}
        </div>
        <div className="swap-field-main">
          <Input
            variant="borderless"
            className="swap-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            aria-label={label}
            data-testid={`amount-${side}`}
            value={value}
            onChange={(e) => onType(side, e.target.value)}
          />
          {side === "in" && showMax && (
            <Button
              size="small"
              type="link"
              data-testid="max-button"
              onClick={() => {
                setIndependent("in");
                setTyped(formatUnitsExact(maxIn, inputToken?.decimals ?? 18));
              }}
            >
              {t("max")}
            </Button>
          )}
          {tokenButton(side, tk)}
        </div>
      </div>
    );
  };

  const onMain = () => {
    if (wrap) return void doWrap();
    if (button.kind === "approve") return void doApprove();
    if (button.kind === "swap" && q.quote) {
      setShownQuote(q.quote);
      setConfirmWord("");
      setConfirmOpen(true);
    }
  };

  const needsWord = impactLevel >= 4;
  // The quote changed under the open dialog (a re-quote): the user accepts the new one first.
  const quoteChanged = confirmOpen && !!shownQuote && (!q.quote || !sameQuote(shownQuote, q.quote));
  const swapCard = (
    <Card className="swap-card" data-testid="swap-card">
      <div className="swap-head">
        <Typography.Title level={3} className="swap-title">
          {t("title")}
        </Typography.Title>
        <div className="swap-head-actions">
          <Tag color="cyan" data-testid="network-badge">
            {chainCfg?.name ?? info?.name ?? String(chainId)}
          </Tag>
          <Tooltip title={t("recentTransactions")}>
            <Button
              type="text"
              icon={<HistoryOutlined />}
              aria-label={t("recentTransactions")}
              disabled={!connected}
              onClick={() => navigate(`/sts/profile/${account}/4`)}
            />
          </Tooltip>
          <Tooltip title={chart ? t("hideChart") : t("showChart")}>
            <Button
              type={chart ? "primary" : "text"}
              icon={<LineChartOutlined />}
              aria-label={chart ? t("hideChart") : t("showChart")}
              aria-pressed={chart}
              data-testid="chart-toggle"
              onClick={() => navigate(`${chart ? "/aggregateSwap" : "/aggregateSwap/chart"}${location.search}`)}
            />
          </Tooltip>
          <Tooltip title={t("refresh")}>
            <Button
              type="text"
              icon={<ReloadOutlined spin={spinning} />}
              aria-label={t("refresh")}
              data-testid="refresh-button"
              onClick={onRefresh}
            />
          </Tooltip>
          <Popover
            trigger="click"
            placement="bottomRight"
            open={settingsOpen}
            onOpenChange={setSettingsOpen}
            title={t("settings")}
            content={
              <SwapSettings
                onRequestExpertMode={() => {
                  setSettingsOpen(false);
                  setExpertConfirmOpen(true);
                }}
              />
            }
          >
            <Button type="text" icon={<SettingOutlined />} aria-label={t("settings")} data-testid="settings-button" />
          </Popover>
        </div>
      </div>
      {field("in")}
      <div className="swap-flip">
        <Button
          shape="circle"
          icon={<ArrowDownOutlined />}
          aria-label={t("flip")}
          data-testid="flip-button"
          onClick={flip}
        />
      </div>
      {field("out")}
      {expertMode &&
        (recipientShown ? (
          <div className="swap-recipient">
            <div className="swap-field-top">
              <Typography.Text type="secondary">{t("recipient")}</Typography.Text>
              <Button type="link" size="small" onClick={() => setRecipientOpen(false)}>
                {t("removeRecipient")}
              </Button>
            </div>
            <Input
              aria-label={t("recipient")}
              placeholder={t("recipientPlaceholder")}
              status={recipient?.kind === "invalid" || resolved === null ? "error" : undefined}
              value={recipientRaw}
              data-testid="recipient-input"
              onChange={(e) => setRecipientRaw(e.target.value)}
            />
          </div>
        ) : (
          <Button type="link" size="small" onClick={() => setRecipientOpen(true)} data-testid="add-recipient">
            {t("addRecipient")}
          </Button>
        ))}
      {!wrap && q.quote && inputToken && outputToken && (
        <dl className="swap-details" data-testid="swap-details">
          <dt>{t("router")}</dt>
          <dd data-testid="swap-router">{q.quote.routerName}</dd>
          <dt>{t("minimumReceived")}</dt>
          <dd>
            {minOut !== null ? formatDisplayAmount(minOut, outputToken.decimals) : "--"} {outputToken.symbol}
          </dd>
          <dt>{t("priceImpact")}</dt>
          <dd className={`impact-${impactLevel}`} data-testid="price-impact">
            {formatImpact(impactBps)}
          </dd>
          <dt>{t("slippage")}</dt>
          <dd>{slippageBps / 100}%</dd>
        </dl>
      )}
      {!wrap && q.loading && request && <Typography.Text type="secondary">{t("fetchingQuote")}</Typography.Text>}
      {!wrap && q.quoted && !q.loading && request && !q.quote && !q.error && (
        <Typography.Text type="secondary">{t("noRoute")}</Typography.Text>
      )}
      {!wrap && q.error && !q.loading && request && (
        <Typography.Text type="danger" data-testid="quote-error">
          {t("quoteFailed", { message: q.error })}
        </Typography.Text>
      )}
      <SwapButton
        state={button}
        wrap={wrap}
        wrapError={wrapError}
        busy={busy}
        inputSymbol={inputToken?.symbol ?? ""}
        onClick={onMain}
      />
      {txError && (
        <Alert type="error" showIcon message={message(txError)} data-testid="swap-error" className="swap-alert" />
      )}
    </Card>
  );

  const chartSymbol =
    inputToken && outputToken ? pairSymbol(inputToken.symbol, outputToken.symbol, nativeSymbol, wrappedSymbol) : null;

  return (
    <div className={`swap-page${chart ? " with-chart" : ""}`}>
      {chart && (
        <PriceChart
          suffix={chainCfg?.suffix ?? "local"}
          symbol={chartSymbol}
          refresh={refresh}
          dark={theme === "dark"}
        />
      )}
      {swapCard}
      <ExpertModeConfirm open={expertConfirmOpen} onClose={() => setExpertConfirmOpen(false)} />
      <TokenSelectModal
        open={picking !== null}
        selected={picking === "in" ? inputToken : outputToken}
        other={picking === "in" ? outputToken : inputToken}
        showCommonBases
        onClose={() => setPicking(null)}
        onSelect={onPick}
      />
      <Modal
        open={confirmOpen}
        title={t("confirmSwap")}
        onCancel={() => setConfirmOpen(false)}
        footer={null}
        width={420}
        destroyOnHidden
      >
        {shownQuote && inputToken && outputToken && (
          <div className="swap-confirm" data-testid="confirm-dialog">
            <div className="swap-confirm-amount" data-testid="confirm-in">
              {formatDisplayAmount(shownQuote.amountIn, inputToken.decimals)} {inputToken.symbol}
            </div>
            <ArrowDownOutlined />
            <div className="swap-confirm-amount" data-testid="confirm-out">
              {formatDisplayAmount(shownQuote.amountOut, outputToken.decimals)} {outputToken.symbol}
            </div>
            <Typography.Paragraph type="secondary">
              {t("outputEstimated", {
                amount: formatDisplayAmount(minimumAmountOut(shownQuote.amountOut, slippageBps), outputToken.decimals),
                symbol: outputToken.symbol,
              })}
            </Typography.Paragraph>
            <dl className="swap-details">
              <dt>{t("minimumReceived")}</dt>
              <dd>
                {formatDisplayAmount(minimumAmountOut(shownQuote.amountOut, slippageBps), outputToken.decimals)}{" "}
                {outputToken.symbol}
              </dd>
              <dt>{t("priceImpact")}</dt>
              <dd className={`impact-${impactLevel}`}>{formatImpact(impactBps)}</dd>
              <dt>{t("router")}</dt>
              <dd>{shownQuote.routerName}</dd>
            </dl>
            {quoteChanged && (
              <Alert
                type="warning"
                showIcon
                data-testid="price-updated"
                message={t("priceUpdated")}
                action={
                  <Button size="small" type="primary" onClick={() => q.quote && setShownQuote(q.quote)}>
                    {t("acceptPrice")}
                  </Button>
                }
              />
            )}
            {needsWord && (
              <Input
                aria-label={t("typeConfirm")}
                placeholder={t("typeConfirmPlaceholder")}
                value={confirmWord}
                onChange={(e) => setConfirmWord(e.target.value)}
              />
            )}
            {needsWord && <Typography.Text type="danger">{t("typeConfirm")}</Typography.Text>}
            {txError && <Alert type="error" showIcon message={message(txError)} />}
            <Button
              type="primary"
              size="large"
              block
              danger={impactLevel >= 3}
              loading={busy === "swap"}
              disabled={
                quoteChanged ||
                button.kind !== "swap" ||
                (needsWord && confirmWord.trim().toLowerCase() !== PRICE_IMPACT_CONFIRM_WORD)
              }
              data-testid="confirm-swap"
              onClick={() => void doSwap()}
            >
              {impactLevel >= 3 ? t("swapAnyway") : t("confirmButton")}
            </Button>
          </div>
        )}
      </Modal>
      <Modal
        open={unlisted.length > 0 && !unlistedAccepted}
        title={t("unlistedTitle")}
        closable={false}
        maskClosable={false}
        footer={[
          <Button key="back" onClick={() => navigate("/swap/")} data-testid="unlisted-dismiss">
            {t("dismiss")}
          </Button>,
          <Button key="ok" type="primary" onClick={acceptUnlisted} data-testid="unlisted-accept">
            {t("iUnderstand")}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t("unlistedBody")}</Typography.Paragraph>
        <ul className="swap-unlisted" data-testid="unlisted-list">
          {unlisted.map((a, i) => {
            const sym = unlistedMeta.data?.[i * 2];
            return (
              <li key={a}>
                <strong>{sym?.status === "success" ? String(sym.result) : "UNKNOWN"}</strong> <code>{a}</code>
              </li>
            );
          })}
        </ul>
      </Modal>
    </div>
  );
}
