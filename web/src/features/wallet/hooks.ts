import { isBlocked } from "@sofi/core";
import { chainById, LOCAL_CHAIN_ID } from "@sofi/protocol";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChains, useConnection, usePublicClient } from "wagmi";
import { useAppConfig } from "../../kernel/config.ts";
import { switchWalletChain } from "./session.ts";
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

/** A network's name in the user's language: the local chain is "Local" / "로컬", others their own names. */
export function useNetworkName(): (chainId: number) => string {
  const { t } = useTranslation("wallet");
  const config = useAppConfig();
  return useCallback(
    (chainId: number) =>
      chainId === LOCAL_CHAIN_ID
        ? t("localChain")
        : (chainById(chainId)?.name ?? config.chains.find((c) => c.id === chainId)?.name ?? String(chainId)),
    [t, config],
  );
}

/**
 * Whether the connected wallet is on another chain than `chainId` (the page's network), and the
 * spec's switch to it (000 §4 chain switching: switch, or add the chain on 4902 and reload). Once
 * the wallet has switched, the page reloads (spec 000 §2). A refusal in the wallet is no error.
 */
export function useNetworkSwitch(chainId: number): {
  wrongNetwork: boolean;
  switching: boolean;
  failed: boolean;
  switchNetwork: () => Promise<void>;
} {
  const { status, address, chainId: walletChainId, connector } = useConnection();
  const chains = useChains();
  const [switching, setSwitching] = useState(false);
  const [failed, setFailed] = useState(false);
  const wrongNetwork = status === "connected" && !!address && walletChainId !== chainId;
  const target = chains.find((c) => c.id === chainId);
  const switchNetwork = useCallback(async () => {
    if (!connector || !target) return;
    setSwitching(true);
    setFailed(false);
    try {
      await switchWalletChain(connector, target);
    } catch (e) {
      const code = (e as { code?: number })?.code;
      if (code !== 4001) {
        console.error("Could not switch the wallet's network", e);
        setFailed(true);
      }
    } finally {
      setSwitching(false);
    }
  }, [connector, target]);
  return { wrongNetwork, switching, failed, switchNetwork };
}
