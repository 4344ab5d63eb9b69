import { isAddress } from "@sofi/core";
import { portfolioTradingModuleAbi, setTokenAbi } from "@sofi/protocol";
import { useLocation, useParams } from "react-router";
import { zeroAddress } from "viem";
import { useConfig, useReadContracts } from "wagmi";
import { useAppConfig } from "../../kernel/config.ts";
import { useContract } from "../../kernel/contracts.ts";
import { useSettings } from "../../kernel/settings-store.ts";
import { useAccount, useChainSuffix, usePortfolioDetail } from "../portfolios/index.ts";

/** Spec 001 §2: the trading views' panel modes. `none` while there is no portfolio to trade. */
export type PanelMode = "none" | "buy" | "sell" | "manage";

/** The panel a route opens: `/sts/buy/…` buy, `/sts/sell/…` sell, `/sts/manage/…` manage, else none. */
export function modeOfPath(pathname: string): PanelMode {
  const m = /^\/sts\/(buy|sell|manage)\//.exec(pathname);
  return (m?.[1] as PanelMode | undefined) ?? "none";
}

export type Hex = `0x${string}`;

/** The route's panel mode and portfolio address (validated), from react-router. */
export function useTradeRoute(): { mode: PanelMode; address: Hex | undefined } {
  const { contractAddress } = useParams();
  const { pathname } = useLocation();
  const address = isAddress(contractAddress) ? (contractAddress as Hex) : undefined;
  return { mode: address ? modeOfPath(pathname) : "none", address };
}

/**
 * The trade view (spec 001 §2 /sts/buy, /sts/sell, /sts/manage): the portfolio from the API, the
 * chain's deployment, who is looking, and the trading module's state read from the chain (fresher
 * than the indexer's copy, and refreshed by the transactor after every receipt).
 */
export function useTradeView() {
  const route = useTradeRoute();
  const chainId = useSettings((s) => s.chainId);
  const config = useAppConfig();
  const wagmi = useConfig();
  const chain = useChainSuffix();
  const account = useAccount() as Hex | undefined;
  const detail = usePortfolioDetail(route.address);
  const deployment = config.chains.find((c) => c.id === chainId)?.deployment ?? null;
  const module = useContract("portfolioTradingModule")?.address;
  const tradeModule = useContract("tradeModule")?.address;
  const registry = useContract("setIntegrationRegistry")?.address;
  const set = route.address;
  const reads = useReadContracts({
    allowFailure: true,
    contracts: [
      { address: module, abi: portfolioTradingModuleAbi, functionName: "moduleState", args: [set ?? zeroAddress] },
      { address: module, abi: portfolioTradingModuleAbi, functionName: "getConfig", args: [set ?? zeroAddress] },
      { address: set, abi: setTokenAbi, functionName: "manager" },
      { address: set, abi: setTokenAbi, functionName: "totalSupply" },
    ],
    query: { enabled: !!module && !!set },
  });
  const [stateRead, configRead, managerRead, supplyRead] = reads.data ?? [];
  const d = detail.data;
  const moduleState = stateRead?.status === "success" ? Number(stateRead.result) : d ? d.module_state : undefined;
  const onChainConfig = configRead?.status === "success" ? configRead.result : undefined;
  const tradingEnabled = onChainConfig ? onChainConfig.tradingEnabled : !!d?.trading_enabled;
  const exitFeeBps = onChainConfig?.initialized ? onChainConfig.exitFeeBps : d ? Math.round(d.fee * 100) : undefined;
  /** Who the exit fee is paid to (read on chain; undefined until initialised or read). */
  const exitFeeRecipient = onChainConfig?.initialized ? (onChainConfig.exitFeeRecipient as Hex) : undefined;
  const manager = managerRead?.status === "success" ? managerRead.result : d?.manager;
  const supply = supplyRead?.status === "success" ? supplyRead.result : undefined;
  const isManager = !!account && !!manager && manager.toLowerCase() === account.toLowerCase();
  const nativeSymbol = wagmi.chains.find((c) => c.id === chainId)?.nativeCurrency.symbol ?? "ETH";
  return {
    mode: d ? route.mode : ("none" as PanelMode),
    routeMode: route.mode,
    address: set,
    chainId,
    chain,
    account,
    detail,
    d,
    deployment,
    module,
    tradeModule,
    registry,
    moduleState,
    tradingEnabled,
    exitFeeBps,
    exitFeeRecipient,
    supply,
    isManager,
    nativeSymbol,
    refetchModule: reads.refetch,
  };
}
export type TradeView = ReturnType<typeof useTradeView>;
