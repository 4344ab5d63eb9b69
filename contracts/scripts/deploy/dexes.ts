/** The Uniswap V2 deployments of DEX_SPECS (factory + router 02 each, from the npm artifacts). */
import { DEX_SPECS } from "../tokens.ts";
import { artifact, type DeployStep, need } from "./kit.ts";

export const dexesStep: DeployStep = {
  name: "dexes",
  contracts: [],
  async run(ctx, record) {
    const weth = need(record.weth, "weth", "dexes");
    const factoryArt = artifact("@uniswap/v2-core/build/UniswapV2Factory.json");
    const routerArt = artifact("@uniswap/v2-periphery/build/UniswapV2Router02.json");
    const dexes = [];
    for (const spec of DEX_SPECS) {
      const known = record.dexes.find((d) => d.name === spec.name);
      let factory = await ctx.live(known?.factory);
      let router = factory && (await ctx.live(known?.router));
      if (!factory) {
        factory = (await ctx.deploy(`${spec.name} factory`, factoryArt.abi, factoryArt.bytecode, [record.deployer]))
          .address;
      }
      if (!router) {
        router = (await ctx.deploy(`${spec.name} router`, routerArt.abi, routerArt.bytecode, [factory, weth])).address;
      }
      dexes.push({ name: spec.name, factory, router });
      ctx.log(`${spec.name} factory ${factory} router ${router}`);
    }
    record.dexes = dexes;
    return {};
  },
};
