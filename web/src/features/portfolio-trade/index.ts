// The trading views of a portfolio (spec 001 §2 /sts/buy, /sts/sell, /sts/manage; issue 10): one
// screen with the panel modes buy, sell and manage.

export { feature } from "./feature.ts";
export { modeOfPath, type PanelMode } from "./useTradeView.ts";
