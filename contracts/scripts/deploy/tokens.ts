/**
 * The test tokens of TOKEN_SPECS (SOFI is the governance token, the others TestTokens), after WETH
 * in the record's token list. Appending a spec deploys only that token on a chain that has the rest.
 * The governance step's listing candidates (LISTING_CANDIDATE_SPECS, deployed last) stay at the end
 * of the list when the record already has them.
 */
import type { TokenDeployment } from "@sofi/protocol";
import { sofiTokenAbi, testTokenAbi } from "../../../packages/protocol/src/abis/index.ts";
import { sofiTokenBytecode, testTokenBytecode } from "../generated/bytecode.ts";
import { LISTING_CANDIDATE_SPECS, TOKEN_SPECS, WETH_SPEC } from "../tokens.ts";
import { type DeployStep, need } from "./kit.ts";

export const tokensStep: DeployStep = {
  name: "tokens",
  contracts: [],
  async run(ctx, record) {
    const weth = need(record.weth, "weth", "tokens");
    const tokens: TokenDeployment[] = [
      { symbol: WETH_SPEC.symbol, name: WETH_SPEC.name, decimals: 18, address: weth, tags: WETH_SPEC.tags },
    ];
    for (const spec of TOKEN_SPECS) {
      let address = await ctx.live(record.tokens.find((t) => t.symbol === spec.symbol)?.address);
      if (!address) {
        const deployed =
          spec.symbol === "SOFI"
            ? await ctx.deploy("SOFI", sofiTokenAbi, sofiTokenBytecode, [record.deployer])
            : await ctx.deploy(spec.symbol, testTokenAbi, testTokenBytecode, [
                spec.name,
                spec.symbol,
                spec.decimals,
                record.deployer,
              ]);
        address = deployed.address;
      }
      tokens.push({ symbol: spec.symbol, name: spec.name, decimals: spec.decimals, address, tags: spec.tags });
      ctx.log(`${spec.symbol} ${address}`);
    }
    const candidates = new Set(LISTING_CANDIDATE_SPECS.map((s) => s.symbol));
    record.tokens = [...tokens, ...record.tokens.filter((t) => candidates.has(t.symbol))];
    return {};
  },
};
