/**
 * Every indexer handler, in the order their rows are written within a range's transaction. A
 * capability adds its handler file beside these and one line here (see handler.ts).
 */
import type { Handler } from "../handler.ts";
import { aggregatorHandler } from "./aggregator.ts";
import { portfoliosHandler } from "./portfolios.ts";
import { promotionsHandler } from "./promotions.ts";
import { uniswapV2Handler } from "./uniswap-v2.ts";

export const HANDLERS: readonly Handler[] = [uniswapV2Handler, aggregatorHandler, portfoliosHandler, promotionsHandler];
