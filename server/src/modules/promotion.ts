/**
 * Promotion (issue 11): PortfolioPromotion's `Promoted` payments indexed, and the ranking it gives
 * portfolio reads (promoted portfolios lead the featured list; the detail says until when).
 */
import { PROMOTION_RANKING } from "../api/queries/promotions.ts";
import * as promotionTables from "../db/schema/promotion.ts";
import { promotionsHandler } from "../indexer/handlers/promotions.ts";
import { defineModule } from "./module.ts";

export const promotionModule = defineModule({
  name: "promotion",
  tables: promotionTables,
  requires: ["portfolios"],
  handlers: [promotionsHandler],
  provides: { portfolioRanking: () => PROMOTION_RANKING },
});
