// The aggregator swap feature. The route loads SwapPage lazily:
//   lazy(() => import("../features/swap/SwapPage.tsx"))
export type { SwapToken } from "./tokens.ts";
