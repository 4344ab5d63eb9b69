/**
 * The test tokens the deploy script creates, in deployment order (the order fixes the local
 * addresses: keep it stable and append new tokens at the end). `priceUsd` is the seeder's starting
 * price; `volatility` its annualised volatility for the random walk.
 */
export type TokenSpec = {
  symbol: string;
  name: string;
  decimals: number;
  tags: string[];
  priceUsd: number;
  volatility: number;
};

export const WETH_SPEC: TokenSpec = {
  symbol: "WETH",
  name: "Wrapped Ether",
  decimals: 18,
  tags: ["wrapped"],
  priceUsd: 3000,
  volatility: 0.6,
};

export const TOKEN_SPECS: readonly TokenSpec[] = [
  { symbol: "RAI", name: "Rai Finance", decimals: 18, tags: ["governance"], priceUsd: 0.12, volatility: 1.1 },
  { symbol: "SOFI", name: "SOFI Governance", decimals: 18, tags: ["governance"], priceUsd: 0.35, volatility: 1.0 },
  { symbol: "USDT", name: "Tether USD", decimals: 18, tags: ["stable"], priceUsd: 1, volatility: 0 },
  { symbol: "USDC", name: "USD Coin", decimals: 6, tags: ["stable"], priceUsd: 1, volatility: 0.01 },
  { symbol: "DAI", name: "Dai Stablecoin", decimals: 18, tags: ["stable", "defi"], priceUsd: 1, volatility: 0.02 },
  { symbol: "WBTC", name: "Wrapped BTC", decimals: 8, tags: [], priceUsd: 60000, volatility: 0.5 },
  { symbol: "NAGI", name: "Neural Agents", decimals: 18, tags: ["ai"], priceUsd: 0.62, volatility: 1.3 },
  { symbol: "GPUX", name: "GPU Exchange", decimals: 18, tags: ["ai", "defi"], priceUsd: 3.4, volatility: 1.2 },
  { symbol: "DOGAI", name: "Doge AI", decimals: 18, tags: ["ai", "meme"], priceUsd: 0.0042, volatility: 1.8 },
  { symbol: "FROGGO", name: "Froggo Inu", decimals: 18, tags: ["meme"], priceUsd: 0.000018, volatility: 2.0 },
  { symbol: "TBILL", name: "Tokenized T-Bill", decimals: 6, tags: ["rwa", "stable"], priceUsd: 1.05, volatility: 0.02 },
  { symbol: "GOLDX", name: "Tokenized Gold", decimals: 18, tags: ["rwa"], priceUsd: 2650, volatility: 0.15 },
  { symbol: "YLD", name: "Yield Protocol", decimals: 18, tags: ["defi"], priceUsd: 8.2, volatility: 0.9 },
  { symbol: "LEND", name: "Lendora", decimals: 18, tags: ["defi"], priceUsd: 0.95, volatility: 0.9 },
  { symbol: "BLUB", name: "Based Blue", decimals: 18, tags: ["base", "meme"], priceUsd: 0.12, volatility: 1.6 },
  { symbol: "AEROP", name: "Aeroport", decimals: 18, tags: ["base", "defi"], priceUsd: 1.3, volatility: 1.0 },
];

/**
 * Tokens deployed by the governance step (after everything else, so no earlier address moves) and
 * left off the portfolio factory's allow-list: the seed's executed "edit portfolio list" proposal
 * (`addTokens`) lists them, and the create wizard then offers them. They get WETH and USDT pairs on
 * both DEXes and seeded liquidity like every other token.
 */
export const LISTING_CANDIDATE_SPECS: readonly TokenSpec[] = [
  { symbol: "NOVA", name: "Nova Network", decimals: 18, tags: ["defi"], priceUsd: 0.85, volatility: 1.2 },
];

/** The quote tokens every token is paired with on each DEX. */
export const QUOTE_SYMBOLS = ["WETH", "USDT"] as const;

/** The two independent Uniswap V2 deployments, deepest first. `depth` scales the seeded liquidity. */
export const DEX_SPECS = [
  { name: "uniswap-v2", depthUsd: 2_000_000 },
  { name: "sushiswap", depthUsd: 600_000 },
] as const;
