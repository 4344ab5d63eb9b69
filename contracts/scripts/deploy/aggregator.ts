/**
 * SofiAggregator over every DEX router, with the common bases its quotes route through
 * (`contracts.aggregator`). The constructor registers the routers and the bases in one transaction.
 */
import { sofiAggregatorAbi } from "../../../packages/protocol/src/abis/index.ts";
import { sofiAggregatorBytecode } from "../generated/bytecode.ts";
import type { DeployStep } from "./kit.ts";

/** The aggregator's common bases (its quotes route through at most two of them), in this order. */
export const AGGREGATOR_BASE_SYMBOLS = ["WETH", "USDT", "USDC", "DAI", "WBTC"] as const;

export const aggregatorStep: DeployStep<"aggregator"> = {
  name: "aggregator",
  contracts: ["aggregator"],
  async run(ctx, record) {
    let aggregator = await ctx.live(record.contracts.aggregator);
    if (!aggregator) {
      const bases = AGGREGATOR_BASE_SYMBOLS.map((symbol) => {
        const address = record.tokens.find((t) => t.symbol === symbol)?.address;
        if (!address) throw new Error(`deploy step aggregator: base ${symbol} missing from the tokens`);
        return address;
      });
      const routers = record.dexes.map((d) => d.router);
      aggregator = (
        await ctx.deploy("SofiAggregator", sofiAggregatorAbi, sofiAggregatorBytecode, [record.deployer, routers, bases])
      ).address;
    }
    ctx.log(`SofiAggregator ${aggregator}`);
    return { aggregator };
  },
};
