/** WETH9 (the native coin's wrapper every DEX routes through) and Multicall3 (batched reads). */
import { multicall3Abi } from "../../../packages/protocol/src/abis/index.ts";
import { multicall3Bytecode } from "../generated/bytecode.ts";
import { artifact, type DeployStep } from "./kit.ts";

export const coreStep: DeployStep = {
  name: "core",
  contracts: [],
  async run(ctx, record) {
    if (!(await ctx.live(record.weth)) || record.startBlock === undefined) {
      const weth9 = artifact("@uniswap/v2-periphery/build/WETH9.json");
      const weth = await ctx.deploy("WETH9", weth9.abi, weth9.bytecode, []);
      record.weth = weth.address;
      // The indexer starts at the first contract's block.
      record.startBlock = Number(weth.receipt.blockNumber);
    }
    ctx.log(`WETH9 ${record.weth}`);
    if (!(await ctx.live(record.multicall3))) {
      record.multicall3 = (await ctx.deploy("Multicall3", multicall3Abi, multicall3Bytecode, [])).address;
    }
    ctx.log(`Multicall3 ${record.multicall3}`);
    return {};
  },
};
