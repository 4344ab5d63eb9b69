import { RPC_BATCH_WAIT_MS, WALLET_POLLING_INTERVAL_MS } from "@sofi/core";
import { chainById, type Deployment, LOCAL_CHAIN_ID } from "@sofi/protocol";
import type { Chain } from "viem";
import { mainnet } from "viem/chains";
import { createConfig, createStorage, http, injected, type Transport } from "wagmi";
import { devWallet } from "./dev-wallet.ts";

/** The shape of one chain in `GET /api/config` (web/src/kernel/config.ts `AppConfig.chains`). */
export type ConfiguredChain = {
  id: number;
  suffix: string;
  name: string;
  rpcUrl: string;
  deployment: Deployment | null;
};

/** Multicall3 lives at the same address on every public EVM chain. */
export const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11" as const;

/** A viem chain from the app config plus the chain metadata of @sofi/protocol. */
export function toViemChain(c: ConfiguredChain): Chain {
  const info = chainById(c.id);
  const multicall3 =
    c.id === LOCAL_CHAIN_ID ? c.deployment?.multicall3 : (c.deployment?.multicall3 ?? MULTICALL3_ADDRESS);
  const base: Chain = {
    id: c.id,
    name: info?.name ?? c.name,
    nativeCurrency: { name: info?.nativeSymbol ?? "ETH", symbol: info?.nativeSymbol ?? "ETH", decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } },
    testnet: info?.testnet,
    ...(info?.explorerUrl ? { blockExplorers: { default: { name: info.explorerName, url: info.explorerUrl } } } : {}),
    contracts: {
      ...(c.id === 1 ? mainnet.contracts : {}),
      ...(multicall3 ? { multicall3: { address: multicall3 } } : {}),
    },
  };
  return base;
}

export type WalletConfigInput = {
  chains: ConfiguredChain[];
  /** The chain selected in the settings: first in the list (the default for connecting). */
  selectedChainId: number;
};

/** True when the dev wallet may be offered: the selected chain is the local chain and it is configured. */
export function devWalletAvailable(input: WalletConfigInput): boolean {
  return input.selectedChainId === LOCAL_CHAIN_ID && input.chains.some((c) => c.id === LOCAL_CHAIN_ID);
}

export function createWalletConfig(input: WalletConfigInput) {
  const ordered = [...input.chains].sort(
    (a, b) => Number(b.id === input.selectedChainId) - Number(a.id === input.selectedChainId),
  );
  const chains = ordered.map(toViemChain);
  if (chains.length === 0) throw new Error("The app config has no chains");
  const transports: Record<number, Transport> = {};
  for (const c of ordered) transports[c.id] = http(c.rpcUrl, { batch: { wait: RPC_BATCH_WAIT_MS } });
  const connectors = [injected()];
  if (devWalletAvailable(input)) {
    const rpcUrls: Record<number, string> = {};
    for (const c of ordered) rpcUrls[c.id] = c.rpcUrl;
    connectors.push(devWallet({ rpcUrls, defaultChainId: LOCAL_CHAIN_ID }) as unknown as ReturnType<typeof injected>);
  }
  return createConfig({
    chains: chains as [Chain, ...Chain[]],
    transports,
    connectors,
    pollingInterval: WALLET_POLLING_INTERVAL_MS,
    multiInjectedProviderDiscovery: true,
    ssr: false,
    storage: createStorage({
      storage: typeof window === "undefined" ? undefined : window.localStorage,
      key: "sofi.wagmi",
    }),
  });
}

export type WalletConfig = ReturnType<typeof createWalletConfig>;
