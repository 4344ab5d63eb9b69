import { LOCAL_CHAIN_ID } from "@sofi/protocol";
import {
  type Address,
  type Chain,
  type EIP1193RequestFn,
  getAddress,
  type Hex,
  hexToBigInt,
  hexToString,
  http,
  isHex,
  numberToHex,
  type TypedDataDefinition,
} from "viem";
import { createConnector } from "wagmi";

/**
 * The 10 accounts anvil funds by default: mnemonic "test test test test test test test test test
 * test test junk", path m/44'/60'/0'/0/{i}. They are public test keys (dev-wallet.test.ts checks
 * them against the mnemonic). Hard-coded because deriving from the mnemonic in the browser costs
 * a PBKDF2 of 2048 rounds per account. The signing code (viem local accounts, secp256k1) is loaded
 * on first use from dev-signer.ts so it stays out of the first-load bundle.
 */
export const ANVIL_PRIVATE_KEYS: readonly Hex[] = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
  "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
  "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
  "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
];

/** Addresses of ANVIL_PRIVATE_KEYS, in order (checked by dev-wallet.test.ts). */
export const ANVIL_ADDRESSES: readonly Address[] = [
  "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
  "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
  "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
  "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
  "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f",
  "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
];

export const DEV_WALLET_TYPE = "devWallet";
export const DEV_WALLET_ACCOUNT_KEY = "dev_wallet_account";
export const DEV_WALLET_CHAIN_KEY = "dev_wallet_chain";
export const DEV_WALLET_CONNECTED_KEY = "dev_wallet_connected";

export function devAddress(index: number): Address {
  const address = ANVIL_ADDRESSES[index];
  if (!address) throw new Error(`Dev wallet has no account ${index}`);
  return address;
}

function devKey(index: number): Hex {
  const key = ANVIL_PRIVATE_KEYS[index];
  if (!key) throw new Error(`Dev wallet has no account ${index}`);
  return key;
}

const loadSigner = () => import("./dev-signer.ts");

type KV = Pick<Storage, "getItem" | "setItem" | "removeItem">;
const memory = new Map<string, string>();
const fallbackStorage: KV = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
  removeItem: (k) => void memory.delete(k),
};
function store(): KV {
  return typeof localStorage === "undefined" ? fallbackStorage : localStorage;
}

/** The account the dev wallet uses (chosen in the connection dialog, remembered across reloads). */
export function getDevAccountIndex(): number {
  const raw = Number(store().getItem(DEV_WALLET_ACCOUNT_KEY));
  return Number.isInteger(raw) && raw >= 0 && raw < ANVIL_PRIVATE_KEYS.length ? raw : 0;
}
export function setDevAccountIndex(index: number): void {
  devAddress(index); // validates
  store().setItem(DEV_WALLET_ACCOUNT_KEY, String(index));
}

type Listener = (event: "accountsChanged" | "chainChanged" | "disconnect", payload: unknown) => void;

export type DevProvider = {
  request: EIP1193RequestFn;
  on: (event: string, fn: (payload: never) => void) => void;
  removeListener: (event: string, fn: (payload: never) => void) => void;
};

export type DevWalletOptions = {
  /** RPC URL per chain id; the chain the wallet starts on is `defaultChainId`. */
  rpcUrls: Record<number, string>;
  defaultChainId?: number;
};

function rpcError(code: number, message: string) {
  return Object.assign(new Error(message), { code });
}

/**
 * An EIP-1193 provider backed by a viem local account: it signs locally (personal_sign,
 * eth_signTypedData_v4, transactions) and sends raw transactions to the chain's RPC. Like a real
 * wallet it can sit on any chain id, including one the app does not support.
 */
export function createDevProvider(options: DevWalletOptions) {
  const listeners = new Set<{ event: string; fn: (payload: never) => void }>();
  const emit: Listener = (event, payload) => {
    for (const l of [...listeners]) if (l.event === event) l.fn(payload as never);
  };
  const defaultChainId = options.defaultChainId ?? LOCAL_CHAIN_ID;
  const getChainId = (): number => {
    const raw = Number(store().getItem(DEV_WALLET_CHAIN_KEY));
    return Number.isInteger(raw) && raw > 0 ? raw : defaultChainId;
  };
  const rpcFor = (chainId: number) => {
    const url = options.rpcUrls[chainId];
    if (!url) throw rpcError(4901, `Dev wallet: chain ${chainId} has no RPC URL in this app`);
    return url;
  };
  const chainObject = (id: number): Chain => ({
    id,
    name: `Chain ${id}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcFor(id)] } },
  });
  const address = () => devAddress(getDevAccountIndex());
  const checkSigner = (from: unknown) => {
    if (typeof from !== "string" || getAddress(from) !== address())
      throw rpcError(4100, "Dev wallet: the requested account is not the connected one");
  };

  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    const p = (params ?? []) as unknown[];
    switch (method) {
      case "eth_accounts":
      case "eth_requestAccounts":
        return [address()];
      case "eth_chainId":
        return numberToHex(getChainId());
      case "net_version":
        return String(getChainId());
      case "personal_sign": {
        const [data, from] = p as [Hex, Address];
        checkSigner(from);
        const message = isHex(data) ? { raw: data } : String(data);
        return (await loadSigner()).signMessageWith(devKey(getDevAccountIndex()), message);
      }
      case "eth_signTypedData_v4": {
        const [from, json] = p as [Address, string | object];
        checkSigner(from);
        const typed = (typeof json === "string" ? JSON.parse(json) : json) as TypedDataDefinition;
        const { EIP712Domain: _ignored, ...types } = (typed.types ?? {}) as Record<string, unknown>;
        return (await loadSigner()).signTypedDataWith(devKey(getDevAccountIndex()), {
          ...typed,
          types,
        } as TypedDataDefinition);
      }
      case "eth_sendTransaction": {
        const [tx] = p as [Record<string, Hex | undefined>];
        checkSigner(tx?.from);
        const big = (v: Hex | undefined) => (v === undefined ? undefined : hexToBigInt(v));
        const chainId = getChainId();
        return (await loadSigner()).sendTransactionWith(devKey(getDevAccountIndex()), chainObject(chainId), {
          to: tx?.to as Address | undefined,
          data: tx?.data ?? (tx?.input as Hex | undefined),
          value: big(tx?.value),
          gas: big(tx?.gas),
          nonce: tx?.nonce === undefined ? undefined : Number(hexToBigInt(tx.nonce)),
        });
      }
      case "wallet_switchEthereumChain": {
        const [{ chainId }] = p as [{ chainId: Hex }];
        const id = Number(hexToBigInt(chainId));
        if (id !== getChainId()) {
          store().setItem(DEV_WALLET_CHAIN_KEY, String(id));
          emit("chainChanged", numberToHex(id));
        }
        return null;
      }
      case "wallet_addEthereumChain": {
        const [chain] = p as [{ chainId: Hex; rpcUrls?: string[] }];
        const id = Number(hexToBigInt(chain.chainId));
        const url = chain.rpcUrls?.[0];
        if (url) options.rpcUrls[id] = url;
        return null;
      }
      case "wallet_watchAsset":
        return true;
      case "eth_sign":
        throw rpcError(4200, "Dev wallet: eth_sign is not supported, use personal_sign");
      default: {
        const chainId = getChainId();
        const transport = http(rpcFor(chainId))({ chain: chainObject(chainId) });
        return transport.request({ method, params } as never);
      }
    }
  }) as EIP1193RequestFn;

  const provider: DevProvider = {
    request,
    on: (event, fn) => void listeners.add({ event, fn }),
    removeListener: (event, fn) => {
      for (const l of listeners) if (l.event === event && l.fn === fn) listeners.delete(l);
    },
  };
  return {
    provider,
    getChainId,
    address,
    /** Picks another dev account and tells listeners, as a wallet does when the user changes account. */
    selectAccount(index: number) {
      setDevAccountIndex(index);
      emit("accountsChanged", [address()]);
    },
  };
}

/** wagmi connector for the dev wallet. Only added to the wagmi config on the local chain. */
export function devWallet(options: DevWalletOptions) {
  const dev = createDevProvider(options);
  let onAccounts: ((accounts: string[]) => void) | undefined;
  let onChain: ((chainId: string) => void) | undefined;

  return createConnector<DevProvider>((config) => ({
    id: DEV_WALLET_TYPE,
    name: "Dev wallet",
    type: DEV_WALLET_TYPE,
    async connect<withCapabilities extends boolean = false>(
      params: { chainId?: number; isReconnecting?: boolean; withCapabilities?: withCapabilities | boolean } = {},
    ) {
      if (params.chainId && params.chainId !== dev.getChainId()) {
        await dev.provider.request({
          method: "wallet_switchEthereumChain",
          params: [{ chainId: numberToHex(params.chainId) }],
        });
      }
      store().setItem(DEV_WALLET_CONNECTED_KEY, "true");
      if (!onAccounts) {
        onAccounts = this.onAccountsChanged.bind(this);
        dev.provider.on("accountsChanged", onAccounts as never);
      }
      if (!onChain) {
        onChain = this.onChainChanged.bind(this);
        dev.provider.on("chainChanged", onChain as never);
      }
      const addr = dev.address();
      const accounts = params.withCapabilities ? [{ address: addr, capabilities: {} }] : [addr];
      return {
        accounts: accounts as never,
        chainId: dev.getChainId(),
      };
    },
    async disconnect() {
      store().removeItem(DEV_WALLET_CONNECTED_KEY);
      if (onAccounts) dev.provider.removeListener("accountsChanged", onAccounts as never);
      if (onChain) dev.provider.removeListener("chainChanged", onChain as never);
      onAccounts = undefined;
      onChain = undefined;
    },
    async getAccounts() {
      return [dev.address()];
    },
    async getChainId() {
      return dev.getChainId();
    },
    async getProvider() {
      return dev.provider;
    },
    async isAuthorized() {
      return store().getItem(DEV_WALLET_CONNECTED_KEY) === "true";
    },
    async switchChain({ chainId }) {
      await dev.provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(chainId) }] });
      return (
        config.chains.find((c) => c.id === chainId) ?? {
          id: chainId,
          name: `Chain ${chainId}`,
          nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
          rpcUrls: { default: { http: [] } },
        }
      );
    },
    onAccountsChanged(accounts) {
      config.emitter.emit("change", { accounts: accounts.map((a) => getAddress(a)) });
    },
    onChainChanged(chain) {
      config.emitter.emit("change", { chainId: Number(chain) });
    },
    onDisconnect() {
      config.emitter.emit("disconnect");
    },
    /** Not part of wagmi's interface: lets the dialog pick the account before connecting. */
    selectAccount: (index: number) => dev.selectAccount(index),
  }));
}

/** Decodes a personal_sign payload for display. */
export function decodePersonalMessage(data: Hex | string): string {
  return isHex(data) ? hexToString(data) : data;
}
