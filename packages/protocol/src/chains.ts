/**
 * The networks the product knows (spec 000 §3, §7, §9). `suffix` is the product API's
 * per-chain path segment: `/api/{suffix}/...`. RPC URLs for real networks come from the
 * environment at run time (server) or build time (web); the values here are public defaults.
 */
export type ChainInfo = {
  id: number;
  name: string;
  suffix: string;
  nativeSymbol: string;
  wrappedSymbol: string;
  explorerUrl: string;
  explorerName: string;
  defaultRpcUrl: string;
  testnet: boolean;
};

export const LOCAL_CHAIN_ID = 31337;

export const CHAINS: readonly ChainInfo[] = [
  {
    id: 1,
    name: "Ethereum",
    suffix: "eth",
    nativeSymbol: "ETH",
    wrappedSymbol: "WETH",
    explorerUrl: "https://etherscan.io",
    explorerName: "Etherscan",
    defaultRpcUrl: "https://cloudflare-eth.com",
    testnet: false,
  },
  {
    id: 137,
    name: "Polygon",
    suffix: "matic",
    nativeSymbol: "MATIC",
    wrappedSymbol: "WMATIC",
    explorerUrl: "https://polygonscan.com",
    explorerName: "Polygonscan",
    defaultRpcUrl: "https://polygon-rpc.com",
    testnet: false,
  },
  {
    id: 8453,
    name: "Base Mainnet",
    suffix: "base",
    nativeSymbol: "ETH",
    wrappedSymbol: "WETH",
    explorerUrl: "https://basescan.org",
    explorerName: "Basescan",
    defaultRpcUrl: "https://mainnet.base.org",
    testnet: false,
  },
  {
    id: 167000,
    name: "Taiko",
    suffix: "taiko",
    nativeSymbol: "ETH",
    wrappedSymbol: "WETH",
    explorerUrl: "https://taikoscan.io",
    explorerName: "Taikoscan",
    defaultRpcUrl: "https://rpc.mainnet.taiko.xyz",
    testnet: false,
  },
  {
    id: 168587773,
    name: "Blast Sepolia",
    suffix: "blast",
    nativeSymbol: "ETH",
    wrappedSymbol: "WETH",
    explorerUrl: "https://sepolia.blastscan.io",
    explorerName: "Blastscan",
    defaultRpcUrl: "https://sepolia.blast.io",
    testnet: true,
  },
  {
    id: LOCAL_CHAIN_ID,
    name: "Local",
    suffix: "local",
    nativeSymbol: "ETH",
    wrappedSymbol: "WETH",
    explorerUrl: "",
    explorerName: "Local explorer",
    defaultRpcUrl: "http://127.0.0.1:8545",
    testnet: true,
  },
];

export function chainById(id: number): ChainInfo | undefined {
  return CHAINS.find((c) => c.id === id);
}

export function chainBySuffix(suffix: string): ChainInfo | undefined {
  return CHAINS.find((c) => c.suffix === suffix);
}
