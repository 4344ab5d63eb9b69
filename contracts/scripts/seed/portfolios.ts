/**
 * Portfolios over the history, so every list, chart and ordering of the portfolio screens has data
 * on a fresh chain: a dozen portfolios (2 to 8 components, allocations drawn from the step's
 * stream, start prices from $5 to $1,000 and component prices read from the pools' reserves) created
 * by three seed managers through the PortfolioFactory, spread over the history, plus one by the
 * first funded account (the dev wallet's, trading module not added: its profile shows a created
 * portfolio and its Manage page starts at "add"). Two thirds get the trading module added,
 * initialised (exit fee 0.5-1 % to the manager) and enabled by their manager in the next block; the
 * rest stop at state 0, 1 (added) or 2 (initialised, not enabled), so `Not enabled to trading` shows.
 * Seed traders then buy (with ETH or a stablecoin) and sell (for ETH or USDT) through the
 * PortfolioTradingModule, a fixed number of trades over the history whatever its length, popular
 * portfolios more often; managers rebalance a few times through Set's TradeModule
 * (`quoteRebalance` gives the path on the adapter's router).
 *
 * Every swap is chosen and costed with the exact reserve model (`ctx.pairs`), the way the router
 * costs it (exact outputs for buys: `getAmountsIn`; exact inputs for sells and rebalances), on
 * paths of at most three hops that avoid the pairs this block already trades through; every leg
 * has its bound (10 % over or under the model's exact amount, as the trade view's slippage). At the
 * end the chain's events must equal what was planned.
 */
import type { SeedStep } from "./kit.ts";
import { tradeInBlock } from "./portfolios/block.ts";
import { checkChainMatchesPlan } from "./portfolios/check.ts";
import { approveBuyTokens, createDue, setUpCreated } from "./portfolios/create.ts";
import { startRun } from "./portfolios/run.ts";

/**
 * The step. Its parts live in `portfolios/`: `plans.ts` (the portfolios and numbers), `run.ts`
 * (the run's state, prices and positions), `create.ts` (creation and the managers' module calls),
 * `routes.ts` (routes on the reserve model), `trade.ts` (buys and sells), `rebalance.ts`, `block.ts`
 * (a block's trades and rebalance) and `check.ts` (the chain against the plan at the end).
 */
export const portfoliosSeed: SeedStep = {
  name: "portfolios",
  start(ctx) {
    const run = startRun(ctx);
    return {
      async setup() {
        if (!run.enabled) {
          ctx.log("no portfolio contracts: no portfolios");
          return;
        }
        // Buyers pay with the stablecoins through the trading module.
        approveBuyTokens(run);
      },

      async block({ timestamp, used }) {
        if (!run.enabled || run.span === 0) return;
        // The portfolio created in the previous block: its address, then its manager's module calls.
        await setUpCreated(run, timestamp);
        // Nothing else of this step in a creation block.
        if (await createDue(run, timestamp)) return;
        await tradeInBlock(run, timestamp, used);
      },

      finish: () => checkChainMatchesPlan(run),
    };
  },
};
