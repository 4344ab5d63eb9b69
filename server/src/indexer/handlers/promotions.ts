/**
 * PortfolioPromotion (issue 11): one `Promoted` per SOFI payment, into portfolio_promotions (an
 * append-only log; a portfolio's promote_end_at is its latest end_at, which the featured list and
 * the detail read). Fixed source: the deployment's `portfolioPromotion`.
 */
import { portfolioPromotionAbi } from "@sofi/protocol";
import { eventLogHandler, eventOf } from "../handler.ts";

export const PROMOTED_EVENT = eventOf(portfolioPromotionAbi, "Promoted");

export const promotionsHandler = eventLogHandler({
  name: "promotions",
  abi: portfolioPromotionAbi,
  event: "Promoted",
  source: (d) => d.contracts?.portfolioPromotion,
  table: "portfolio_promotions",
  columns: {
    portfolio: "portfolio",
    payer: "payer",
    amount: "amount",
    end_at: { arg: "endAt", type: "int8" },
  },
  // the promoted portfolio's kept detail shows its new end (api/portfolios.ts)
  touches: { "portfolios.portfolio": "portfolio" },
});
