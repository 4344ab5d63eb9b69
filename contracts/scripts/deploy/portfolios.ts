/**
 * Portfolios: Set Protocol v2 (from the vendored artifacts in contracts/vendor/set-protocol-v2) plus
 * our PortfolioTradingModule and PortfolioFactory, in the order of the forge fixture
 * (test/portfolios/PortfolioFixture.sol):
 * Controller(feeRecipient); SetTokenCreator, IntegrationRegistry, BasicIssuanceModule,
 * StreamingFeeModule, TradeModule on the controller; UniswapV2ExchangeAdapter on the first DEX's
 * router; PortfolioTradingModule(owner, controller, issuance, aggregator, weth, feeRecipient);
 * controller.initialize([creator], [issuance, streaming, trade, tradingModule], [registry], [0]);
 * registry.addIntegration(trade, "UniswapV2ExchangeAdapter", adapter); PortfolioFactory(owner,
 * creator, issuance, trade) and its allow-list: every deployed token (each has WETH and USDT pools
 * on both DEXes). The deployer owns everything and receives the protocol and trade fees.
 * Idempotent: contracts with code at their recorded address are kept, and the controller's
 * initialisation, the adapter's registration and the allow-list are only sent when missing.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi, Address, Hex } from "viem";
import {
  controllerAbi,
  integrationRegistryAbi,
  portfolioFactoryAbi,
  portfolioTradingModuleAbi,
} from "../../../packages/protocol/src/abis/index.ts";
import { portfolioFactoryBytecode, portfolioTradingModuleBytecode } from "../generated/bytecode.ts";
import { LISTING_CANDIDATE_SPECS } from "../tokens.ts";
import { type DeployStep, need, type StepContext } from "./kit.ts";

/** TradeModule's name of the Uniswap V2 integration (what a rebalance passes as exchange name). */
export const UNISWAP_V2_ADAPTER_NAME = "UniswapV2ExchangeAdapter";

const VENDOR = join(dirname(fileURLToPath(import.meta.url)), "../../vendor/set-protocol-v2");

/** A vendored Set Protocol v2 artifact: the ABI and creation bytecode (no library links). */
export function setArtifact(contract: string): { abi: Abi; bytecode: Hex } {
  const json = JSON.parse(readFileSync(join(VENDOR, `${contract}.json`), "utf8")) as { abi: Abi; bytecode: Hex };
  return { abi: json.abi, bytecode: json.bytecode };
}

type Name =
  | "setController"
  | "setTokenCreator"
  | "setIntegrationRegistry"
  | "basicIssuanceModule"
  | "streamingFeeModule"
  | "tradeModule"
  | "uniswapV2ExchangeAdapter"
  | "portfolioTradingModule"
  | "portfolioFactory";

export const portfoliosStep: DeployStep<Name> = {
  name: "portfolios",
  contracts: [
    "setController",
    "setTokenCreator",
    "setIntegrationRegistry",
    "basicIssuanceModule",
    "streamingFeeModule",
    "tradeModule",
    "uniswapV2ExchangeAdapter",
    "portfolioTradingModule",
    "portfolioFactory",
  ],
  async run(ctx, record) {
    const owner = record.deployer;
    const c = record.contracts;
    const set = async (key: Name, contract: string, args: readonly unknown[]): Promise<Address> => {
      const kept = await ctx.live(c[key]);
      if (kept) return kept;
      const { abi, bytecode } = setArtifact(contract);
      return (await ctx.deploy(contract, abi, bytecode, args)).address;
    };
    const setController = await set("setController", "Controller", [owner]);
    const setTokenCreator = await set("setTokenCreator", "SetTokenCreator", [setController]);
    const setIntegrationRegistry = await set("setIntegrationRegistry", "IntegrationRegistry", [setController]);
    const basicIssuanceModule = await set("basicIssuanceModule", "BasicIssuanceModule", [setController]);
    const streamingFeeModule = await set("streamingFeeModule", "StreamingFeeModule", [setController]);
    const tradeModule = await set("tradeModule", "TradeModule", [setController]);
    const router = need(record.dexes[0], "dexes[0]", "portfolios").router;
    const uniswapV2ExchangeAdapter = await set("uniswapV2ExchangeAdapter", "UniswapV2ExchangeAdapter", [router]);
    const aggregator = need(c.aggregator, "contracts.aggregator", "portfolios");
    const weth = need(record.weth, "weth", "portfolios");
    const portfolioTradingModule =
      (await ctx.live(c.portfolioTradingModule)) ??
      (
        await ctx.deploy("PortfolioTradingModule", portfolioTradingModuleAbi, portfolioTradingModuleBytecode, [
          owner,
          setController,
          basicIssuanceModule,
          aggregator,
          weth,
          owner,
        ])
      ).address;

    const initialized = await ctx.publicClient.readContract({
      address: setController,
      abi: controllerAbi,
      functionName: "isInitialized",
    });
    if (!initialized)
      await ctx.write("Controller.initialize", {
        address: setController,
        abi: controllerAbi,
        functionName: "initialize",
        args: [
          [setTokenCreator],
          [basicIssuanceModule, streamingFeeModule, tradeModule, portfolioTradingModule],
          [setIntegrationRegistry],
          [0n],
        ],
      });
    const adapter = await ctx.publicClient.readContract({
      address: setIntegrationRegistry,
      abi: integrationRegistryAbi,
      functionName: "getIntegrationAdapter",
      args: [tradeModule, UNISWAP_V2_ADAPTER_NAME],
    });
    if (adapter.toLowerCase() !== uniswapV2ExchangeAdapter.toLowerCase())
      await ctx.write("IntegrationRegistry.addIntegration", {
        address: setIntegrationRegistry,
        abi: integrationRegistryAbi,
        functionName: "addIntegration",
        args: [tradeModule, UNISWAP_V2_ADAPTER_NAME, uniswapV2ExchangeAdapter],
      });

    const portfolioFactory =
      (await ctx.live(c.portfolioFactory)) ??
      (
        await ctx.deploy("PortfolioFactory", portfolioFactoryAbi, portfolioFactoryBytecode, [
          owner,
          setTokenCreator,
          basicIssuanceModule,
          tradeModule,
        ])
      ).address;
    // The listing candidates are governance's to list (the governance step deploys them).
    const late = new Set(LISTING_CANDIDATE_SPECS.map((s) => s.symbol));
    await allowTokens(
      ctx,
      portfolioFactory,
      record.tokens.filter((t) => !late.has(t.symbol)).map((t) => t.address),
    );

    ctx.log(`PortfolioFactory ${portfolioFactory}, PortfolioTradingModule ${portfolioTradingModule}`);
    return {
      setController,
      setTokenCreator,
      setIntegrationRegistry,
      basicIssuanceModule,
      streamingFeeModule,
      tradeModule,
      uniswapV2ExchangeAdapter,
      portfolioTradingModule,
      portfolioFactory,
    };
  },
};

/**
 * Puts the tokens not yet on the factory's allow-list on it (one transaction, none when all are).
 * Once the timelock owns the factory (the governance step), the list is governance's: nothing is sent.
 */
async function allowTokens(ctx: StepContext, factory: Address, tokens: readonly Address[]): Promise<void> {
  const owner = await ctx.publicClient.readContract({
    address: factory,
    abi: portfolioFactoryAbi,
    functionName: "owner",
  });
  if (owner.toLowerCase() !== ctx.account.address.toLowerCase()) return;
  const allowed = await ctx.publicClient.readContract({
    address: factory,
    abi: portfolioFactoryAbi,
    functionName: "getAllowedTokens",
  });
  const have = new Set(allowed.map((a) => a.toLowerCase()));
  const missing = tokens.filter((t) => !have.has(t.toLowerCase()));
  if (missing.length === 0) return;
  await ctx.write("PortfolioFactory.setAllowedTokens", {
    address: factory,
    abi: portfolioFactoryAbi,
    functionName: "setAllowedTokens",
    args: [missing, true],
  });
}
