/**
 * Portfolios (issue 10): the factory's portfolios and their trades, holders and units indexed; the
 * portfolio API; the `portfolioReader` service (valuation, lists, details) the people and alerts
 * modules read through. Promotion, when on, adds its ranking through `portfolioRanking`.
 */
import { portfoliosArea } from "../api/portfolios.ts";
import { portfolioTradeFeed } from "../api/queries/portfolio-sql.ts";
import { PortfolioReader } from "../api/queries/portfolios.ts";
import * as portfoliosTables from "../db/schema/portfolios.ts";
import { portfoliosHandler } from "../indexer/handlers/portfolios.ts";
import { defineModule } from "./module.ts";

export const portfoliosModule = defineModule({
  name: "portfolios",
  tables: portfoliosTables,
  handlers: [portfoliosHandler],
  areas: [portfoliosArea],
  // the manager's intro and icon: an image upload (PORTFOLIO_BODY_MAX, enforced by the route)
  largeBodyRoutes: [/^\/api\/[^/]+\/sofi\/portfolio$/],
  provides: {
    portfolioReader: (deps, chain, services) =>
      new PortfolioReader(
        deps.db,
        chain.config.info.id,
        services.get(chain, "prices"),
        chain.config.deployment?.contracts?.portfolioTradingModule?.toLowerCase(),
        chain.commits,
        undefined,
        undefined,
        undefined,
        services.find(chain, "portfolioRanking"),
      ),
    // the social feed's transaction tab reads portfolio buys and sells through this, not the tables
    portfolioTradeFeed: (deps, chain, services) =>
      portfolioTradeFeed(deps.db, chain.config.info.id, services.get(chain, "prices"), chain.config.info.nativeSymbol),
  },
});
