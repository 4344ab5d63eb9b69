/**
 * External destinations of the header and footer. The spec names them but not their hosts, so
 * each is a build-time VITE_ variable with a public default (docs/decisions.md).
 */
const env = import.meta.env as Record<string, string | undefined>;
const pick = (name: string, fallback: string) => {
  const v = env[name]?.trim();
  return v ? v : fallback;
};

export const SWAP_LINKS = {
  trade: pick("VITE_LINK_TRADE", "https://app.uniswap.org/swap"),
  pools: pick("VITE_LINK_POOLS", "https://app.uniswap.org/positions"),
  farm: pick("VITE_LINK_FARM", "https://app.uniswap.org/explore/pools"),
  analytics: pick("VITE_LINK_ANALYTICS", "https://app.uniswap.org/explore"),
} as const;

export const BETA_LINKS = {
  liteSwap: pick("VITE_LINK_BETA_LITE_SWAP", "https://app.uniswap.org/swap"),
  limitOrder: pick("VITE_LINK_BETA_LIMIT_ORDER", "https://app.uniswap.org/limit"),
  proTrading: pick("VITE_LINK_BETA_PRO_TRADING", "https://app.uniswap.org/explore/tokens"),
  pools: pick("VITE_LINK_BETA_POOLS", "https://app.uniswap.org/positions"),
  analytics: pick("VITE_LINK_BETA_ANALYTICS", "https://app.uniswap.org/explore"),
} as const;

export const SOCIAL_LINKS = {
  x: pick("VITE_LINK_X", "https://x.com"),
  telegram: pick("VITE_LINK_TELEGRAM", "https://telegram.org"),
  discord: pick("VITE_LINK_DISCORD", "https://discord.com"),
  github: pick("VITE_LINK_GITHUB", "https://github.com"),
  medium: pick("VITE_LINK_MEDIUM", "https://medium.com"),
} as const;

export const DOCS_URL = pick("VITE_LINK_DOCS", "https://github.com");
