import { STORAGE_KEYS } from "@sofi/core";
import { type Chain, type EIP1193Provider, numberToHex } from "viem";
import type { Config, Connector, CreateConnectorFn } from "wagmi";
import { type GetConnectionReturnType, reconnect } from "wagmi/actions";
import { DEV_WALLET_TYPE } from "./dev-wallet.ts";

export const WALLET_CONNECT_TYPE = "walletConnect";
export const INJECTED_TYPE = "injected";

export function walletConnectProjectId(): string | undefined {
  const id = import.meta.env?.VITE_WALLETCONNECT_PROJECT_ID as string | undefined;
  return id?.trim() ? id.trim() : undefined;
}

let walletConnectFn: Promise<CreateConnectorFn> | undefined;
/**
 * The hosted mobile wallet connector, loaded on demand: WalletConnect's provider and modal are
 * heavy, so they never enter the first-load bundle.
 */
export function loadWalletConnect(): Promise<CreateConnectorFn> {
  const projectId = walletConnectProjectId();
  if (!projectId) return Promise.reject(new Error("VITE_WALLETCONNECT_PROJECT_ID is not set"));
  walletConnectFn ??= import("wagmi/connectors/walletConnect").then(({ walletConnect }) =>
    walletConnect({
      projectId,
      showQrModal: true,
      metadata: {
        name: "SoFi",
        description: "Decentralised social trading",
        url: window.location.origin,
        icons: [`${window.location.origin}/favicon.svg`],
      },
    }),
  );
  return walletConnectFn;
}

export function storedWalletType(): string | null {
  return localStorage.getItem(STORAGE_KEYS.walletType);
}
export function rememberWalletType(type: string): void {
  localStorage.setItem(STORAGE_KEYS.walletType, type);
}
export function forgetWalletType(): void {
  localStorage.removeItem(STORAGE_KEYS.walletType);
}

/**
 * Spec 000 §1: on start, restore the wallet session: the hosted-app connector when `wallet_type`
 * says so, the dev wallet when that was used (local chain only), otherwise the injected one.
 */
export async function restoreSession(config: Config): Promise<void> {
  const type = storedWalletType();
  if (type === WALLET_CONNECT_TYPE) {
    if (!walletConnectProjectId()) return;
    await reconnect(config, { connectors: [await loadWalletConnect()] });
    return;
  }
  if (type === DEV_WALLET_TYPE) {
    const dev = config.connectors.filter((c) => c.type === DEV_WALLET_TYPE);
    if (dev.length) await reconnect(config, { connectors: dev });
    return;
  }
  const injected = config.connectors.filter((c) => c.type === INJECTED_TYPE);
  if (injected.length) await reconnect(config, { connectors: injected });
}

type Conn = Pick<GetConnectionReturnType, "status" | "address" | "chainId"> & { connector?: { uid: string } };

/**
 * Spec 000 §2: the page reloads when the wallet chain, account or connection changes. A first
 * connection (disconnected → connected) does not reload, so the dialog can show the account view.
 */
export function shouldReload(prev: Conn, next: Conn): boolean {
  if (prev.status !== "connected") return false;
  if (next.status === "disconnected") return true;
  if (next.status !== "connected") return false;
  return (
    next.address?.toLowerCase() !== prev.address?.toLowerCase() ||
    next.chainId !== prev.chainId ||
    next.connector?.uid !== prev.connector?.uid
  );
}

function errorCode(e: unknown): number | undefined {
  const err = e as { code?: number; cause?: unknown; data?: { originalError?: { code?: number } } };
  return err?.code ?? err?.data?.originalError?.code ?? (err?.cause ? errorCode(err.cause) : undefined);
}

/**
 * Spec 000 §4 chain switching: wallet_switchEthereumChain; on error 4902 (unknown chain) add the
 * chain with wallet_addEthereumChain, then reload.
 */
export async function switchWalletChain(
  connector: Pick<Connector, "getProvider">,
  chain: Chain,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  const provider = (await connector.getProvider()) as EIP1193Provider | undefined;
  if (!provider) throw new Error("No provider was found");
  const chainId = numberToHex(chain.id);
  try {
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId }] });
  } catch (e) {
    if (errorCode(e) !== 4902) throw e;
    await provider.request({
      method: "wallet_addEthereumChain",
      params: [
        {
          chainId,
          chainName: chain.name,
          nativeCurrency: chain.nativeCurrency,
          rpcUrls: [...chain.rpcUrls.default.http],
          blockExplorerUrls: chain.blockExplorers ? [chain.blockExplorers.default.url] : undefined,
        },
      ],
    });
    reload();
  }
}
