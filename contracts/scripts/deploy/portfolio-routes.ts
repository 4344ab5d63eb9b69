/**
 * Rebalance routes on the second DEX (issue 10, "Manage: the best Uniswap-V2 route"): TradeModule
 * trades through an exchange adapter bound to one router, and the portfolios step registers only the
 * first DEX's. This step deploys Set's UniswapV2ExchangeAdapter on the second DEX's router
 * (`contracts.uniswapV2ExchangeAdapter2`) and registers it with TradeModule as
 * `UniswapV2ExchangeAdapter2`, so a manager can rebalance on whichever DEX quotes better. Idempotent: the adapter is kept when its recorded address holds
 * code, and registered only when the name does not point at it yet.
 */
import type { Address } from "viem";
import { integrationRegistryAbi } from "../../../packages/protocol/src/abis/index.ts";
import { type DeployStep, need } from "./kit.ts";
import { setArtifact } from "./portfolios.ts";

/** TradeModule's name of the second DEX's adapter (the web's rebalance lists it). */
export const UNISWAP_V2_ADAPTER_NAME_2 = "UniswapV2ExchangeAdapter2";

export const portfolioRoutesStep: DeployStep<"uniswapV2ExchangeAdapter2"> = {
  name: "portfolio-routes",
  contracts: ["uniswapV2ExchangeAdapter2"],
  async run(ctx, record) {
    const dex = need(record.dexes[1], "dexes[1]", "portfolio-routes");
    const c = record.contracts;
    let adapter: Address | undefined = await ctx.live(c.uniswapV2ExchangeAdapter2);
    if (!adapter) {
      const { abi, bytecode } = setArtifact("UniswapV2ExchangeAdapter");
      adapter = (await ctx.deploy("UniswapV2ExchangeAdapter", abi, bytecode, [dex.router])).address;
    }
    const registry = need(c.setIntegrationRegistry, "contracts.setIntegrationRegistry", "portfolio-routes");
    const tradeModule = need(c.tradeModule, "contracts.tradeModule", "portfolio-routes");
    const registered = await ctx.publicClient.readContract({
      address: registry,
      abi: integrationRegistryAbi,
      functionName: "getIntegrationAdapter",
      args: [tradeModule, UNISWAP_V2_ADAPTER_NAME_2],
    });
    if (registered.toLowerCase() !== adapter.toLowerCase())
      await ctx.write("IntegrationRegistry.addIntegration", {
        address: registry,
        abi: integrationRegistryAbi,
        functionName: "addIntegration",
        args: [tradeModule, UNISWAP_V2_ADAPTER_NAME_2, adapter],
      });
    ctx.log(`UniswapV2ExchangeAdapter on ${dex.name} ${adapter} (${UNISWAP_V2_ADAPTER_NAME_2})`);
    return { uniswapV2ExchangeAdapter2: adapter };
  },
};
