/**
 * Balances: the deployer mints every test token to the seeding accounts (for liquidity and trading)
 * and to the dev accounts; everyone wraps some ETH into WETH. Mined in the first setup block.
 */
import { encodeFunctionData } from "viem";
import { testTokenAbi, weth9Abi } from "../../../packages/protocol/src/abis/index.ts";
import { GAS, type SeedStep, units } from "./kit.ts";

export const tokensSeed: SeedStep = {
  name: "tokens",
  start: (ctx) => ({
    async setup() {
      const { deployment, sender } = ctx;
      const seeders = [ctx.lp, ...ctx.traders];
      for (const t of ctx.tokens) {
        if (t.address === ctx.weth) continue;
        sender.add({
          from: deployment.deployer,
          to: t.address,
          gas: GAS.mint,
          data: encodeFunctionData({
            abi: testTokenAbi,
            functionName: "mintBatch",
            args: [seeders, units(2e9 / t.priceUsd, t.decimals)],
          }),
        });
        const devAmount = t.symbol === "SOFI" || t.symbol === "RAI" ? 1_000_000 : 50_000 / t.priceUsd;
        sender.add({
          from: deployment.deployer,
          to: t.address,
          gas: GAS.mint,
          data: encodeFunctionData({
            abi: testTokenAbi,
            functionName: "mintBatch",
            args: [[...ctx.fundAccounts], units(devAmount, t.decimals)],
          }),
        });
      }
      const deposit = encodeFunctionData({ abi: weth9Abi, functionName: "deposit" });
      for (const a of seeders)
        sender.add({ from: a, to: ctx.weth, gas: GAS.deposit, data: deposit, value: 10n ** 27n });
      for (const a of ctx.fundAccounts)
        sender.add({ from: a, to: ctx.weth, gas: GAS.deposit, data: deposit, value: 10n ** 19n });
    },
  }),
};
