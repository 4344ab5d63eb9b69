/**
 * SofiAggregator: one `Trade` per trade through the aggregator, into aggregator_trades (the
 * profile's transaction tab, the swap page's recent list). Native ETH is the zero address.
 */
import { sofiAggregatorAbi } from "@sofi/protocol";
import { eventLogHandler, eventOf } from "../handler.ts";

export const TRADE_EVENT = eventOf(sofiAggregatorAbi, "Trade");

export const aggregatorHandler = eventLogHandler({
  name: "aggregator",
  abi: sofiAggregatorAbi,
  event: "Trade",
  source: (d) => d.contracts?.aggregator,
  table: "aggregator_trades",
  columns: {
    user: "user",
    router: "router",
    token_in: "tokenIn",
    token_out: "tokenOut",
    amount_in: "amountIn",
    amount_out: "amountOut",
    recipient: "recipient",
  },
  // the trades area's pages are per user (api/trades.ts)
  touches: { "trades.user": "user" },
});
