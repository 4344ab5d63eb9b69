/** Seconds per pair_candles bucket: written by the indexer, read by the API (chart buckets are multiples of it). */
export const CANDLE_SECONDS = 300;
