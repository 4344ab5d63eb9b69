/**
 * PortfolioPromotion (issue 11): the portfolio's manager pays SOFI to be featured first, 100 SOFI
 * an hour (`contracts.portfolioPromotion`). PortfolioPromotion(owner = deployer, SOFI, the portfolio
 * factory); the deployer owns it and withdraws the SOFI collected. Idempotent: kept when its
 * recorded address holds code.
 */
import type { Address } from "viem";
import { portfolioPromotionAbi } from "../../../packages/protocol/src/abis/index.ts";
import { portfolioPromotionBytecode } from "../generated/bytecode.ts";
import { type DeployStep, need } from "./kit.ts";

export const promotionStep: DeployStep<"portfolioPromotion"> = {
  name: "promotion",
  contracts: ["portfolioPromotion"],
  async run(ctx, record) {
    let promotion = await ctx.live(record.contracts.portfolioPromotion);
    if (!promotion) {
      const sofi: Address = need(record.tokens.find((t) => t.symbol === "SOFI")?.address, "tokens SOFI", "promotion");
      const factory = need(record.contracts.portfolioFactory, "contracts.portfolioFactory", "promotion");
      promotion = (
        await ctx.deploy("PortfolioPromotion", portfolioPromotionAbi, portfolioPromotionBytecode, [
          record.deployer,
          sofi,
          factory,
        ])
      ).address;
    }
    ctx.log(`PortfolioPromotion ${promotion}`);
    return { portfolioPromotion: promotion };
  },
};
