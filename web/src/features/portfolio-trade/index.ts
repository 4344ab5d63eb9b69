// The trading views of a portfolio (spec 001 §2 /sts/buy, /sts/sell, /sts/manage; issue 10). The
// routes load its screen lazily:
//   lazy(() => import("../features/portfolio-trade/TradePage.tsx"))
//     /sts/buy/{contractAddress}, /sts/sell/{contractAddress}, /sts/manage/{contractAddress}
export { modeOfPath, type PanelMode } from "./useTradeView.ts";
