// The aggregator swap (`/aggregateSwap`, its chart view, and `/swap`, where the unlisted-token
// warning's Go back and old links land).

export { feature } from "./feature.ts";
export type { SwapToken } from "./tokens.ts";
