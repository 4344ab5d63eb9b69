/**
 * Price math shared by the server (indexed reserves) and the web app. Amounts are bigint base
 * units; the result is a JS number only at the end (display/API value).
 */

const SCALE_DIGITS = 18n;
const SCALE = 10n ** SCALE_DIGITS;

/**
 * Price of the base token in units of the quote token from a Uniswap V2 pool's reserves:
 * (reserveQuote / 10^quoteDecimals) / (reserveBase / 10^baseDecimals). Returns 0 for an empty pool.
 */
export function priceFromReserves(
  reserveBase: bigint,
  reserveQuote: bigint,
  baseDecimals: number,
  quoteDecimals: number,
): number {
  if (reserveBase <= 0n || reserveQuote <= 0n) return 0;
  const num = reserveQuote * 10n ** BigInt(baseDecimals) * SCALE;
  const den = reserveBase * 10n ** BigInt(quoteDecimals);
  return scaledToNumber(num / den);
}

/** Price of token0 and token1 of a pair from its reserves, each in units of the other. */
export function pairPrices(
  reserve0: bigint,
  reserve1: bigint,
  decimals0: number,
  decimals1: number,
): { token0InToken1: number; token1InToken0: number } {
  return {
    token0InToken1: priceFromReserves(reserve0, reserve1, decimals0, decimals1),
    token1InToken0: priceFromReserves(reserve1, reserve0, decimals1, decimals0),
  };
}

function scaledToNumber(scaled: bigint): number {
  const whole = scaled / SCALE;
  const frac = scaled % SCALE;
  return Number(whole) + Number(frac) / Number(SCALE);
}

/**
 * 24 h change in percent: (now − before) / before × 100. 0 when there is no earlier price.
 * Rounded to 4 decimals so equal inputs give equal outputs on every platform.
 */
export function priceChangePercent(now: number, before: number | null | undefined): number {
  if (!before || !Number.isFinite(before) || before <= 0 || !Number.isFinite(now)) return 0;
  return Math.round(((now - before) / before) * 100 * 10_000) / 10_000;
}

/** Price of a token in USD through an intermediate (e.g. token→WETH, WETH→USDT). */
export function chainPrice(tokenInMid: number, midInUsd: number): number {
  return tokenInMid * midInUsd;
}

/** History chart buckets per range (spec 000 §3 chart names). Seconds per point and range length. */
export const HISTORY_RANGES = {
  day: { rangeSeconds: 86_400, bucketSeconds: 900 },
  week: { rangeSeconds: 7 * 86_400, bucketSeconds: 3_600 },
  month: { rangeSeconds: 30 * 86_400, bucketSeconds: 4 * 3_600 },
  year: { rangeSeconds: 365 * 86_400, bucketSeconds: 86_400 },
} as const;
export type HistoryType = keyof typeof HISTORY_RANGES;
export const HISTORY_TYPES = Object.keys(HISTORY_RANGES) as HistoryType[];
