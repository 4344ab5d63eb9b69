/**
 * Market (always on): Uniswap V2 pairs indexed (syncs, swaps, 5-minute candles), the shared price
 * service every valuing module is given (`prices`), and the swap page's ticker and history.
 */
import { marketArea } from "../api/market.ts";
import * as marketTables from "../db/schema/market.ts";
import { uniswapV2Handler } from "../indexer/handlers/uniswap-v2.ts";
import { defineModule } from "./module.ts";

export const marketModule = defineModule({
  name: "market",
  tables: marketTables,
  handlers: [uniswapV2Handler],
  areas: [marketArea],
  // one price service per chain, built with the chain's runtime (its Market reads through it)
  provides: { prices: (_deps, chain) => chain.market.prices },
});
