/**
 * Promotion's part of portfolio reads (issue 11, given to the portfolios capability as the
 * `portfolioRanking` service since issue 17): a portfolio whose PortfolioPromotion end is still
 * ahead leads the featured list, and its detail says until when (its latest `Promoted.endAt`).
 */
import type { PortfolioRanking } from "../../modules/services.ts";

export const PROMOTION_RANKING: PortfolioRanking = {
  featuredFirst: `EXISTS (SELECT 1 FROM portfolio_promotions pr WHERE pr.chain_id = p.chain_id AND pr.portfolio = p.address
    AND pr.end_at > extract(epoch FROM now()))`,
  promotedUntil:
    "SELECT max(end_at) FROM portfolio_promotions pr WHERE pr.chain_id = p.chain_id AND pr.portfolio = p.address",
};
