import {
  bestRoute,
  DEFAULT_EXIT_FEE_BPS,
  formatUnitsExact,
  minReceiveUnit,
  nextManageStep,
  parseExitFeePercent,
  parseTradeAmount,
  rebalanceBlock,
} from "@sofi/core";
import {
  integrationRegistryAbi,
  portfolioTradingModuleAbi,
  setTokenAbi,
  tradeModuleAbi,
  uniswapV2ExchangeAdapterAbi,
} from "@sofi/protocol";
import { useState } from "react";
import { zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { apiQueryKey } from "../../kernel/api.ts";
import { useDebouncedValue } from "../../kernel/hooks.ts";
import type { TradeOutcome } from "../portfolios/index.ts";
import { failureMessage, sendWrite, useTransactorContext } from "../transactions/index.ts";
import { useExitFee } from "./useExitFee.ts";
import type { Hex, TradeView } from "./useTradeView.ts";

/**
 * TradeModule's integration names the manage swap may trade through (the IntegrationRegistry maps
 * each to an adapter bound to one router). The deploy steps register Set's Uniswap V2 adapter on
 * the first DEX's router under the first name (contracts/scripts/deploy/portfolios.ts) and on the
 * second DEX's under the second (deploy/portfolio-routes.ts); a name the registry does not know is
 * skipped, and a route whose router no adapter is bound to is shown as not tradable.
 */
export const REBALANCE_INTEGRATIONS = ["UniswapV2ExchangeAdapter", "UniswapV2ExchangeAdapter2"] as const;

export type ManageAction = "add" | "initialize" | "enable" | "disable" | "rebalance" | "exitFee";

/** One DEX's quote of the rebalance, and whether TradeModule can trade through its router. */
export type RebalanceRoute = {
  dex: string;
  router: Hex;
  path: readonly Hex[];
  receiveTotal: bigint;
  receiveUnit: bigint;
  data: Hex;
  integration: string | null;
};

/**
 * The manage panel (spec 001 §2 manage, §4 trading module, §6 manager only): the trading
 * module's steps - add it to the set (the set's `addModule`), initialise it with an exit fee,
 * enable or disable buy/sell -, each waiting for its receipt; and the manage swap: a rebalance of
 * one component into another token through Set's TradeModule on the best router that it can trade
 * through, with the minimum per-set receive at the 10 % slippage tolerance.
 */
export function useManage(v: TradeView) {
  const { chainId, account, module, tradeModule, registry } = v;
  const set = v.address;
  const ctx = useTransactorContext(chainId);
  const [busy, setBusy] = useState<ManageAction | null>(null);
  const [feeText, setFeeText] = useState((DEFAULT_EXIT_FEE_BPS / 100).toString());
  const step = nextManageStep(v.moduleState ?? 0, v.tradingEnabled);

  // ---------------------------------------------------------------- rebalance inputs
  const tokens = v.deployment?.tokens ?? [];
  const positions = useReadContract({
    address: set,
    abi: setTokenAbi,
    functionName: "getPositions",
    chainId,
    query: { enabled: !!set },
  });
  const components = (positions.data ?? [])
    .filter((p) => p.module === zeroAddress && p.unit > 0n)
    .map((p) => {
      const t = tokens.find((x) => x.address.toLowerCase() === p.component.toLowerCase());
      const c = v.d?.components.find((x) => x.address.toLowerCase() === p.component.toLowerCase());
      return {
        address: p.component as Hex,
        unit: BigInt(p.unit),
        symbol: t?.symbol ?? c?.symbol ?? p.component.slice(0, 8),
        decimals: t?.decimals ?? c?.decimals ?? 18,
      };
    });
  const [sendKey, setSendKey] = useState<string | null>(null);
  const send = components.find((c) => c.address.toLowerCase() === sendKey) ?? components[0] ?? null;
  const [receiveKey, setReceiveKey] = useState<string | null>(null);
  const receiveDefault = tokens.find(
    (t) => t.address.toLowerCase() !== send?.address.toLowerCase() && !components.some((c) => c.address === t.address),
  );
  const receive =
    tokens.find((t) => t.address.toLowerCase() === receiveKey) ??
    (receiveDefault
      ? receiveDefault
      : (tokens.find((t) => t.address.toLowerCase() !== send?.address.toLowerCase()) ?? null));
  const [unitText, setUnitText] = useState("");
  const typed = useDebouncedValue(unitText, 150);
  const amount = parseTradeAmount(unitText, send?.decimals ?? 18, send?.unit);
  const debounced = parseTradeAmount(typed, send?.decimals ?? 18, send?.unit);
  const sendUnit = amount.ok && debounced.ok && debounced.amount === amount.amount ? amount.amount : null;
  const receiveSame = !!send && !!receive && send.address.toLowerCase() === receive.address.toLowerCase();

  // ---------------------------------------------------------------- routers TradeModule can use
  const tradeModuleReady = useReadContract({
    address: set,
    abi: setTokenAbi,
    functionName: "isInitializedModule",
    args: [tradeModule ?? zeroAddress],
    chainId,
    query: { enabled: !!set && !!tradeModule },
  });
  const adapters = useReadContracts({
    allowFailure: true,
    contracts: REBALANCE_INTEGRATIONS.map((name) => ({
      address: registry,
      abi: integrationRegistryAbi,
      functionName: "getIntegrationAdapter" as const,
      args: [tradeModule ?? zeroAddress, name] as const,
    })),
    query: { enabled: !!registry && !!tradeModule },
  });
  const adapterAddresses = (adapters.data ?? []).map((r) =>
    r.status === "success" && r.result !== zeroAddress ? (r.result as Hex) : null,
  );
  const adapterRouters = useReadContracts({
    allowFailure: true,
    contracts: adapterAddresses.map((a) => ({
      address: a ?? zeroAddress,
      abi: uniswapV2ExchangeAdapterAbi,
      functionName: "router" as const,
    })),
    query: { enabled: adapterAddresses.some((a) => a !== null) },
  });
  const integrationOf = (router: string): string | null => {
    const i = (adapterRouters.data ?? []).findIndex(
      (r, k) =>
        adapterAddresses[k] && r.status === "success" && String(r.result).toLowerCase() === router.toLowerCase(),
    );
    return i >= 0 ? (REBALANCE_INTEGRATIONS[i] ?? null) : null;
  };

  // ---------------------------------------------------------------- quotes on every DEX
  const dexes = v.deployment?.dexes ?? [];
  const quoteEnabled = !!module && !!set && !!send && !!receive && !receiveSame && sendUnit !== null && sendUnit > 0n;
  const quotes = useReadContracts({
    allowFailure: true,
    contracts: dexes.map((dex) => ({
      address: module,
      abi: portfolioTradingModuleAbi,
      functionName: "quoteRebalance" as const,
      args: [
        set ?? zeroAddress,
        dex.router,
        send?.address ?? zeroAddress,
        sendUnit ?? 0n,
        receive?.address ?? zeroAddress,
      ] as const,
    })),
    query: { enabled: quoteEnabled },
  });
  const routes: RebalanceRoute[] = quoteEnabled
    ? dexes.flatMap((dex, i) => {
        const r = quotes.data?.[i];
        if (r?.status !== "success") return [];
        const [path, receiveTotal, receiveUnit, data] = r.result as readonly [readonly Hex[], bigint, bigint, Hex];
        return [
          {
            dex: dex.name,
            router: dex.router,
            path,
            receiveTotal,
            receiveUnit,
            data,
            integration: integrationOf(dex.router),
          },
        ];
      })
    : [];
  const best = bestRoute(routes.filter((r) => r.integration !== null));
  const bestAnywhere = bestRoute(routes);
  const quoting = unitText !== "" && amount.ok && (sendUnit === null || quotes.isFetching);
  const block = rebalanceBlock({
    connected: !!ctx && !!account,
    isManager: v.isManager,
    sendSymbol: send?.symbol ?? null,
    receiveSame,
    amount,
    amountDecimals: send?.decimals ?? 18,
    supply: v.supply,
    quoting,
    quoted: !!best && best.receiveUnit > 0n,
  });

  // ---------------------------------------------------------------- writes
  /**
   * One manage write: sent through the transactor (estimated first: a revert never reaches the
   * wallet), waited for (spec 001 §4), then the module reread. `describe` words a failure the
   * contract explains (the exit fee's refusals); else the wallet's or node's words.
   */
  const run = async (
    action: ManageAction,
    call: Parameters<typeof sendWrite>[1]["call"],
    describe?: (e: unknown) => string | null,
  ) => {
    if (!ctx) return { ok: false, cancelled: false, message: null } as TradeOutcome;
    setBusy(action);
    try {
      const sent = await sendWrite(ctx, {
        call,
        info: { kind: "portfolioManage", action, symbol: v.d?.symbol ?? "" },
        invalidate: [apiQueryKey(v.chain, "").slice(0, 2)],
      });
      // Spec 001 §4: each step waits for the receipt.
      const ok = await sent.done;
      await v.refetchModule();
      return (ok ? { ok: true } : { ok: false, cancelled: false, message: null }) as TradeOutcome;
    } catch (e) {
      const message = failureMessage(e);
      if (message === null) return { ok: false, cancelled: true, message } as TradeOutcome;
      return { ok: false, cancelled: false, message: describe?.(e) ?? message } as TradeOutcome;
    } finally {
      setBusy(null);
    }
  };
  // Issue 21 §4: a new exit fee (and recipient) once initialised.
  const exitFee = useExitFee(v, run);
  // The initialise step's fee, within the bound the contract holds.
  const feeBps = parseExitFeePercent(feeText, exitFee.maxBps);
  const addModule = () =>
    set && module
      ? run("add", { address: set, abi: setTokenAbi, functionName: "addModule", args: [module] })
      : Promise.resolve({ ok: false, cancelled: false, message: null } as TradeOutcome);
  const initialize = () =>
    set && module && account && feeBps !== null
      ? run("initialize", {
          address: module,
          abi: portfolioTradingModuleAbi,
          functionName: "initialize",
          args: [set, BigInt(feeBps), account],
        })
      : Promise.resolve({ ok: false, cancelled: false, message: null } as TradeOutcome);
  const setTrading = (enabled: boolean) =>
    set && module
      ? run(enabled ? "enable" : "disable", {
          address: module,
          abi: portfolioTradingModuleAbi,
          functionName: "setTradingEnabled",
          args: [set, enabled],
        })
      : Promise.resolve({ ok: false, cancelled: false, message: null } as TradeOutcome);
  const rebalance = async () => {
    if (!set || !tradeModule || !send || !receive || !best?.integration || sendUnit === null)
      return { ok: false, cancelled: false, message: null } as TradeOutcome;
    const out = await run("rebalance", {
      address: tradeModule,
      abi: tradeModuleAbi,
      functionName: "trade",
      args: [
        set,
        best.integration,
        send.address,
        sendUnit,
        receive.address,
        minReceiveUnit(best.receiveUnit),
        best.data,
      ],
    });
    if (out.ok) {
      setUnitText("");
      await positions.refetch();
    }
    return out;
  };

  return {
    step,
    busy,
    feeText,
    setFeeText,
    feeBps,
    addModule,
    initialize,
    setTrading,
    components,
    send,
    setSendKey: (k: string) => {
      setSendKey(k.toLowerCase());
      setUnitText("");
    },
    receive,
    receiveTokens: tokens,
    setReceiveKey: (k: string) => setReceiveKey(k.toLowerCase()),
    unitText,
    setUnitText,
    maxUnit: () => send && setUnitText(formatUnitsExact(send.unit, send.decimals)),
    routes,
    best,
    bestAnywhere,
    minReceiveUnit: best ? minReceiveUnit(best.receiveUnit) : null,
    tradeModuleReady: tradeModuleReady.data,
    block,
    rebalance,
    exitFee,
  };
}
export type ManageState = ReturnType<typeof useManage>;
