/**
 * What the portfolios seed creates: the portfolios in creation order (components, start price,
 * how far their trading module gets, manager, when in the history, popularity), and the numbers
 * the history is planned with.
 */
import type { Address } from "viem";

/** Portfolio trades over the whole history (about; whatever the number of days). */
export const TRADES = 64;
/** Manager rebalances over the history (at 55 %, 70 % and 85 % of it). */
export const REBALANCES = 3;
/** The seed traders that manage portfolios (the last three; the aggregator's traders are the first four). */
export const MANAGER_TRADERS = [3, 4, 5];
/** The stablecoins buyers may pay with (besides ETH). */
export const BUY_TOKENS = ["USDT", "USDC", "DAI"];

/**
 * How far the manager sets trading up: `none` (no module), `added` (state 1), `initialized`
 * (state 2, not enabled: `Not enabled to trading` shows) or `enabled` (tradable).
 */
export type TradingState = "none" | "added" | "initialized" | "enabled";

export type Plan = {
  name: string;
  symbol: string;
  components: readonly string[];
  startPrice: number;
  trading: TradingState;
  /** Index of the seed manager; -1: the first funded account (the dev wallet). */
  manager: number;
  /** Fraction of the history at which it is created. */
  at: number;
  /** Relative popularity with buyers. */
  weight: number;
};

/** A planned portfolio during the run: its address once created, and the model of its holders. */
export type Portfolio = {
  plan: Plan;
  address?: Address;
  manager: Address;
  exitFeeBps: bigint;
  /** Set once its trading is enabled on chain (from the block after the manager's calls). */
  tradableFrom?: number;
  holders: Map<Address, bigint>;
  approved: Set<Address>;
  supply: bigint;
};

/** The portfolios, in creation order. */
export const PLANS: readonly Plan[] = [
  {
    name: "Blue Chips",
    symbol: "BLUE",
    components: ["WETH", "WBTC", "USDT"],
    startPrice: 100,
    trading: "enabled",
    manager: 0,
    at: 0.02,
    weight: 5,
  },
  {
    name: "AI Agents Index",
    symbol: "AIX",
    components: ["NAGI", "GPUX", "DOGAI", "WETH"],
    startPrice: 50,
    trading: "enabled",
    manager: 1,
    at: 0.1,
    weight: 4,
  },
  {
    name: "Stable Yield",
    symbol: "STBL",
    components: ["USDC", "DAI", "TBILL"],
    startPrice: 10,
    trading: "enabled",
    manager: 2,
    at: 0.17,
    weight: 2,
  },
  {
    name: "Meme Basket",
    symbol: "MEME",
    components: ["DOGAI", "FROGGO", "BLUB"],
    startPrice: 5,
    trading: "none",
    manager: 0,
    at: 0.24,
    weight: 0,
  },
  {
    name: "DeFi Pulse",
    symbol: "DEFI",
    components: ["YLD", "LEND", "AEROP", "GPUX", "DAI"],
    startPrice: 250,
    trading: "enabled",
    manager: 1,
    at: 0.31,
    weight: 3,
  },
  {
    name: "Real World Assets",
    symbol: "RWA",
    components: ["TBILL", "GOLDX"],
    startPrice: 1000,
    trading: "enabled",
    manager: 2,
    at: 0.38,
    weight: 2,
  },
  {
    name: "Everything Eight",
    symbol: "EIGHT",
    components: ["WETH", "WBTC", "GOLDX", "NAGI", "GPUX", "YLD", "AEROP", "USDC"],
    startPrice: 100,
    trading: "enabled",
    manager: 0,
    at: 0.45,
    weight: 2,
  },
  {
    name: "Governance Pack",
    symbol: "GOV",
    components: ["SOFI", "RAI", "USDT"],
    startPrice: 20,
    trading: "added",
    manager: 1,
    at: 0.52,
    weight: 0,
  },
  {
    name: "Dev Wallet Picks",
    symbol: "DEVP",
    components: ["WETH", "USDC"],
    startPrice: 100,
    trading: "none",
    manager: -1,
    at: 0.56,
    weight: 0,
  },
  {
    name: "Base Ecosystem",
    symbol: "BASE",
    components: ["BLUB", "AEROP", "WETH", "USDC"],
    startPrice: 75,
    trading: "enabled",
    manager: 2,
    at: 0.6,
    weight: 3,
  },
  {
    name: "Gold and Bitcoin",
    symbol: "GBTC",
    components: ["GOLDX", "WBTC"],
    startPrice: 500,
    trading: "initialized",
    manager: 0,
    at: 0.67,
    weight: 0,
  },
  {
    name: "Frontier Six",
    symbol: "FRONT6",
    components: ["NAGI", "DOGAI", "FROGGO", "LEND", "SOFI", "WETH"],
    startPrice: 25,
    trading: "enabled",
    manager: 1,
    at: 0.74,
    weight: 2,
  },
  {
    name: "ETH Stable Balance",
    symbol: "ETHS",
    components: ["WETH", "DAI"],
    startPrice: 150,
    trading: "none",
    manager: 2,
    at: 0.8,
    weight: 0,
  },
];
