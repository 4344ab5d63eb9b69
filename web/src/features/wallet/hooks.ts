import { isBlocked } from "@sofi/core";
import { chainById } from "@sofi/protocol";
import { useMemo } from "react";
import { useChains, useConnection, usePublicClient } from "wagmi";
import { useAppConfig } from "../../kernel/config.ts";
import { useWalletUi } from "./wallet-ui.ts";

/** The wallet's state as the header and dialog present it. */
export function useWalletState() {
  const conn = useConnection();
  const chains = useChains();
  const walletError = useWalletUi((s) => s.walletError);
  const connected = conn.status === "connected" && !!conn.address;
  const wrongNetwork = connected && !chains.some((c) => c.id === conn.chainId);
  return {
    ...conn,
    connected,
    wrongNetwork,
    walletError,
    chains,
    chainInfo: conn.chainId === undefined ? undefined : chainById(conn.chainId),
  };
}

export function useIsBlocked(address: string | undefined): boolean {
  const { blockedAddresses } = useAppConfig();
  const list = useMemo(() => new Set(blockedAddresses.map((a) => a.toLowerCase())), [blockedAddresses]);
  return isBlocked(address, list);
}

/**
 * A client for the name service (ENS lives on Ethereum mainnet, whichever chain the user trades
 * on), or undefined when this deployment does not serve mainnet: names then cannot resolve.
 */
export function useEnsClient() {
  const hasMainnet = useChains().some((c) => c.id === 1);
  const client = usePublicClient(hasMainnet ? { chainId: 1 } : {});
  return client?.chain?.id === 1 ? client : undefined;
}
