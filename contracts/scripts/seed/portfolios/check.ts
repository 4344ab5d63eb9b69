/** The end of the run: the chain's portfolios, buys, sells and rebalances must be the ones planned. */
import {
  portfolioFactoryAbi,
  portfolioTradingModuleAbi,
  tradeModuleAbi,
} from "../../../../packages/protocol/src/abis/index.ts";
import type { PortfolioRun } from "./run.ts";

export async function checkChainMatchesPlan(run: PortfolioRun): Promise<void> {
  const { ctx, fromBlock } = run;
  if (!run.enabled || fromBlock === undefined) return;
  const [count, bought, sold, exchanged] = await Promise.all([
    ctx.client.readContract({ address: run.factory, abi: portfolioFactoryAbi, functionName: "portfoliosCount" }),
    ctx.client.getContractEvents({
      address: run.module,
      abi: portfolioTradingModuleAbi,
      eventName: "PortfolioBought",
      fromBlock,
    }),
    ctx.client.getContractEvents({
      address: run.module,
      abi: portfolioTradingModuleAbi,
      eventName: "PortfolioSold",
      fromBlock,
    }),
    ctx.client.getContractEvents({
      address: run.tradeModule,
      abi: tradeModuleAbi,
      eventName: "ComponentExchanged",
      fromBlock,
    }),
  ]);
  const { planned } = run;
  const got = `${count} portfolios, ${bought.length} buys, ${sold.length} sells, ${exchanged.length} rebalances`;
  const want = `${run.queuedCreations} portfolios, ${planned.bought} buys, ${planned.sold} sells, ${planned.rebalances} rebalances`;
  if (got !== want) throw new Error(`seed portfolios: on chain ${got}; planned ${want}`);
  ctx.log(got);
}
