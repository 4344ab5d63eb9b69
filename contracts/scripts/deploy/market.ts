/**
 * Prediction market and staking pool (issue 19), after the governance step (it needs the timelock),
 * in this order from the deployer:
 * - Gnosis ConditionalTokens 1.0.3 from its npm artifact (`contracts.conditionalTokens`);
 * - the Fixed Product Market Maker factory 1.8.1 from the vendored artifact (`contracts.fpmmFactory`;
 *   it deploys its own implementation master);
 * - RealityETH_ERC20 3.0 from its npm bytecode (`contracts.realityEth`), then `setToken(SOFI)`;
 * - MarketOracle(conditionalTokens, realityEth) (`contracts.marketOracle`);
 * - MarketArbitrator(realityEth, SOFI, MARKET_SETTINGS.disputeFee, owner = timelock)
 *   (`contracts.marketArbitrator`): a dispute is decided by a governance proposal;
 * - MarketRegistry(owner = deployer, ..., MARKET_SETTINGS) (`contracts.marketRegistry`): the operator
 *   creates markets; off the local chain its ownership is offered to the timelock (Ownable2Step: the
 *   first market proposal accepts it);
 * - MarketLens(registry) (`contracts.marketLens`);
 * - Uniswap's StakingRewards(rewardsDistribution, SOFI, the SOFI/WETH pair of the first DEX) from the
 *   `@uniswap/liquidity-staker` artifact (`contracts.stakingRewards`); the rewards distributor (who
 *   funds and announces rewards) is the deployer on the local chain (the seed funds it) and the
 *   timelock elsewhere.
 * Idempotent: contracts with code at their recorded address are kept; `setToken` only while unset.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Abi, type Address, type Hex, parseEther, zeroAddress } from "viem";
import {
  fixedProductMarketMakerFactoryAbi,
  marketArbitratorAbi,
  marketLensAbi,
  marketOracleAbi,
  marketRegistryAbi,
  realityEthAbi,
  stakingRewardsAbi,
} from "../../../packages/protocol/src/abis/index.ts";
import {
  marketArbitratorBytecode,
  marketLensBytecode,
  marketOracleBytecode,
  marketRegistryBytecode,
} from "../generated/bytecode.ts";
import { artifact, type DeployStep, need } from "./kit.ts";

const require = createRequire(import.meta.url);
const contractsDir = join(dirname(fileURLToPath(import.meta.url)), "../..");

/** The market settings (SOFI amounts in base units, times in seconds). */
export const MARKET_SETTINGS = {
  /** A Reality.eth answer is final this long after the last answer (each answer restarts it). */
  answerTimeout: 86_400,
  /** The first answer's bond; each later answer at least doubles the last. */
  minBond: parseEther("10"),
  /** SOFI a dispute costs (paid to the timelock). */
  disputeFee: parseEther("1000"),
  /** The least initial funding of a market. */
  minFunding: parseEther("100"),
} as const;

/** The creation code of RealityETH_ERC20 3.0 as published (`.bin`, unprefixed hex). */
export function realityEthBytecode(): Hex {
  const bin = readFileSync(require.resolve("@reality.eth/contracts/bytecode/RealityETH_ERC20-3.0.bin"), "utf8").trim();
  return `0x${bin.replace(/^0x/, "")}` as Hex;
}

/** The vendored FPMM factory's creation code (contracts/vendor/gnosis-market-makers). */
export function fpmmFactoryBytecode(): Hex {
  const json = JSON.parse(
    readFileSync(join(contractsDir, "vendor/gnosis-market-makers/FixedProductMarketMakerFactory.json"), "utf8"),
  ) as { bytecode: string };
  return json.bytecode as Hex;
}

type MarketContracts =
  | "conditionalTokens"
  | "fpmmFactory"
  | "realityEth"
  | "marketOracle"
  | "marketArbitrator"
  | "marketRegistry"
  | "marketLens"
  | "stakingRewards";

export const marketStep: DeployStep<MarketContracts> = {
  name: "market",
  contracts: [
    "conditionalTokens",
    "fpmmFactory",
    "realityEth",
    "marketOracle",
    "marketArbitrator",
    "marketRegistry",
    "marketLens",
    "stakingRewards",
  ],
  async run(ctx, record) {
    const c = record.contracts;
    const local = ctx.chain.id === 31337;
    const sofi = need(record.tokens.find((t) => t.symbol === "SOFI")?.address, "tokens SOFI", "market");
    const timelock = need(c.timelock, "contracts.timelock", "market");
    const keep = (a: Address | undefined) => ctx.live(a);

    const ct = artifact("@gnosis.pm/conditional-tokens-contracts/build/contracts/ConditionalTokens.json");
    const conditionalTokens =
      (await keep(c.conditionalTokens)) ?? (await ctx.deploy("ConditionalTokens", ct.abi, ct.bytecode, [])).address;
    const fpmmFactory =
      (await keep(c.fpmmFactory)) ??
      (await ctx.deploy("FixedProductMarketMakerFactory", fixedProductMarketMakerFactoryAbi, fpmmFactoryBytecode(), []))
        .address;
    const realityEth =
      (await keep(c.realityEth)) ??
      (await ctx.deploy("RealityETH_ERC20", realityEthAbi as Abi, realityEthBytecode(), [])).address;
    const bondToken = await ctx.publicClient.readContract({
      address: realityEth,
      abi: realityEthAbi,
      functionName: "token",
    });
    if (bondToken === zeroAddress)
      await ctx.write("RealityETH_ERC20.setToken(SOFI)", {
        address: realityEth,
        abi: realityEthAbi as Abi,
        functionName: "setToken",
        args: [sofi],
      });

    const marketOracle =
      (await keep(c.marketOracle)) ??
      (await ctx.deploy("MarketOracle", marketOracleAbi, marketOracleBytecode, [conditionalTokens, realityEth]))
        .address;
    const s = MARKET_SETTINGS;
    const marketArbitrator =
      (await keep(c.marketArbitrator)) ??
      (
        await ctx.deploy("MarketArbitrator", marketArbitratorAbi, marketArbitratorBytecode, [
          realityEth,
          sofi,
          s.disputeFee,
          timelock,
        ])
      ).address;
    let marketRegistry = await keep(c.marketRegistry);
    if (!marketRegistry) {
      marketRegistry = (
        await ctx.deploy("MarketRegistry", marketRegistryAbi, marketRegistryBytecode, [
          record.deployer,
          conditionalTokens,
          fpmmFactory,
          realityEth,
          marketOracle,
          marketArbitrator,
          s.answerTimeout,
          s.minBond,
          s.minFunding,
        ])
      ).address;
      if (!local)
        await ctx.write("MarketRegistry.transferOwnership(timelock)", {
          address: marketRegistry,
          abi: marketRegistryAbi,
          functionName: "transferOwnership",
          args: [timelock],
        });
    }
    const marketLens =
      (await keep(c.marketLens)) ??
      (await ctx.deploy("MarketLens", marketLensAbi, marketLensBytecode, [marketRegistry])).address;

    const dex = need(record.dexes[0], "dexes", "market");
    const weth = need(record.weth, "weth", "market");
    const lp = need(
      record.pairs.find(
        (p) =>
          p.dex === dex.name &&
          [p.token0.toLowerCase(), p.token1.toLowerCase()].sort().join() ===
            [sofi.toLowerCase(), weth.toLowerCase()].sort().join(),
      )?.address,
      "pairs SOFI/WETH",
      "market",
    );
    const staking = artifact("@uniswap/liquidity-staker/build/StakingRewards.json");
    const stakingRewards =
      (await keep(c.stakingRewards)) ??
      (
        await ctx.deploy("StakingRewards", stakingRewardsAbi, staking.bytecode, [
          local ? record.deployer : timelock,
          sofi,
          lp,
        ])
      ).address;
    ctx.log(`ConditionalTokens ${conditionalTokens}, RealityETH_ERC20 ${realityEth}, MarketRegistry ${marketRegistry}`);
    return {
      conditionalTokens,
      fpmmFactory,
      realityEth,
      marketOracle,
      marketArbitrator,
      marketRegistry,
      marketLens,
      stakingRewards,
    };
  },
};
