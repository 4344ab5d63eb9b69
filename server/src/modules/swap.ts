/** Swap: the SofiAggregator's trades indexed, and a wallet's trades `GET /sofi/trades`. */
import { swapTradeFeed } from "../api/queries/trades.ts";
import { tradesArea } from "../api/trades.ts";
import * as swapTables from "../db/schema/swap.ts";
import { aggregatorHandler } from "../indexer/handlers/aggregator.ts";
import { defineModule } from "./module.ts";

export const swapModule = defineModule({
  name: "swap",
  tables: swapTables,
  handlers: [aggregatorHandler],
  areas: [tradesArea],
  provides: {
    // the social feed's transaction tab reads the aggregator's trades through this, not the table
    swapTradeFeed: (deps, chain, services) =>
      swapTradeFeed(deps.db, chain.config.info.id, services.get(chain, "prices"), chain.config.info.nativeSymbol),
  },
});
