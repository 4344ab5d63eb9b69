/**
 * On every DEX: WETH/USDT, then every other token against WETH, then against USDT. A pair the
 * factory already has (getPair) is kept, so this step is idempotent on the chain itself. The
 * governance step's listing candidates get their pairs in that step (after every other contract).
 */
import type { PairDeployment } from "@sofi/protocol";
import { type Address, getAddress, zeroAddress } from "viem";
import { uniswapV2FactoryAbi } from "../../../packages/protocol/src/abis/index.ts";
import { LISTING_CANDIDATE_SPECS } from "../tokens.ts";
import { type DeployStep, need } from "./kit.ts";

export const pairsStep: DeployStep = {
  name: "pairs",
  contracts: [],
  async run(ctx, record) {
    const weth = need(record.weth, "weth", "pairs");
    const usdt = need(record.tokens.find((t) => t.symbol === "USDT")?.address, "USDT", "pairs");
    const late = new Set(LISTING_CANDIDATE_SPECS.map((s) => s.symbol));
    const others = record.tokens
      .filter((t) => t.address !== weth && t.address !== usdt && !late.has(t.symbol))
      .map((t) => t.address);
    const wanted: [Address, Address][] = [
      [weth, usdt],
      ...others.map((t): [Address, Address] => [t, weth]),
      ...others.map((t): [Address, Address] => [t, usdt]),
    ];
    const pairs: PairDeployment[] = [];
    for (const dex of record.dexes) {
      const getPair = (a: Address, b: Address) =>
        ctx.publicClient.readContract({
          address: dex.factory,
          abi: uniswapV2FactoryAbi,
          functionName: "getPair",
          args: [a, b],
        });
      let created = 0;
      for (const [a, b] of wanted) {
        let pair = await getPair(a, b);
        if (pair === zeroAddress) {
          await ctx.write(`createPair on ${dex.name}`, {
            address: dex.factory,
            abi: uniswapV2FactoryAbi,
            functionName: "createPair",
            args: [a, b],
          });
          pair = await getPair(a, b);
          created++;
        }
        const [token0, token1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
        pairs.push({ address: getAddress(pair), dex: dex.name, token0, token1 });
      }
      ctx.log(`${dex.name}: ${wanted.length} pairs (${created} created)`);
    }
    record.pairs = pairs;
    return {};
  },
};
