import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as abis from "../../packages/protocol/src/abis/index.ts";
import { generate, SET_PROTOCOL_CONTRACTS } from "./gen-abis.ts";
import * as bench from "./generated/bench.ts";
import * as bytecode from "./generated/bytecode.ts";

const require = createRequire(import.meta.url);
const out = (file: string, name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "out", file, `${name}.json`), "utf8")) as {
    abi: unknown[];
    bytecode: { object: string };
  };

describe("generated ABIs and bytecode are up to date (run `npm run gen -w contracts` if this fails)", () => {
  // Builds with forge (cached), so the comparison is against the current sources.
  generate({ build: true });

  it("own contracts' ABIs and bytecode match a fresh forge build", () => {
    expect(abis.testTokenAbi).toEqual(out("TestToken.sol", "TestToken").abi);
    expect(abis.sofiTokenAbi).toEqual(out("SofiToken.sol", "SofiToken").abi);
    expect(abis.multicall3Abi).toEqual(out("Multicall3.sol", "Multicall3").abi);
    expect(abis.erc20Abi).toEqual(out("IERC20Metadata.sol", "IERC20Metadata").abi);
    expect(bytecode.testTokenBytecode).toBe(out("TestToken.sol", "TestToken").bytecode.object);
    expect(bytecode.sofiTokenBytecode).toBe(out("SofiToken.sol", "SofiToken").bytecode.object);
    expect(bytecode.multicall3Bytecode).toBe(out("Multicall3.sol", "Multicall3").bytecode.object);
    expect(abis.sofiAggregatorAbi).toEqual(out("SofiAggregator.sol", "SofiAggregator").abi);
    expect(bytecode.sofiAggregatorBytecode).toBe(out("SofiAggregator.sol", "SofiAggregator").bytecode.object);
    expect(abis.portfolioFactoryAbi).toEqual(out("PortfolioFactory.sol", "PortfolioFactory").abi);
    expect(bytecode.portfolioFactoryBytecode).toBe(out("PortfolioFactory.sol", "PortfolioFactory").bytecode.object);
    expect(abis.portfolioTradingModuleAbi).toEqual(out("PortfolioTradingModule.sol", "PortfolioTradingModule").abi);
    expect(bytecode.portfolioTradingModuleBytecode).toBe(
      out("PortfolioTradingModule.sol", "PortfolioTradingModule").bytecode.object,
    );
    expect(abis.portfolioPromotionAbi).toEqual(out("PortfolioPromotion.sol", "PortfolioPromotion").abi);
    expect(bytecode.portfolioPromotionBytecode).toBe(
      out("PortfolioPromotion.sol", "PortfolioPromotion").bytecode.object,
    );
    expect(abis.sofiGovernorAbi).toEqual(out("SofiGovernor.sol", "SofiGovernor").abi);
    expect(bytecode.sofiGovernorBytecode).toBe(out("SofiGovernor.sol", "SofiGovernor").bytecode.object);
    expect(abis.timelockControllerAbi).toEqual(out("SofiTimelock.sol", "SofiTimelock").abi);
    expect(bytecode.timelockControllerBytecode).toBe(out("SofiTimelock.sol", "SofiTimelock").bytecode.object);
    expect(bench.plainGovernorAbi).toEqual(out("PlainGovernor.sol", "PlainGovernor").abi);
    expect(bench.plainGovernorBytecode).toBe(out("PlainGovernor.sol", "PlainGovernor").bytecode.object);
  });

  it("Set Protocol v2 ABIs match the vendored artifacts", () => {
    const byName = abis as unknown as Record<string, unknown>;
    for (const name of Object.keys(SET_PROTOCOL_CONTRACTS)) {
      const vendored = JSON.parse(
        readFileSync(join(import.meta.dirname, "..", "vendor", "set-protocol-v2", `${name}.json`), "utf8"),
      ) as { abi: unknown[] };
      expect(byName[`${name.charAt(0).toLowerCase()}${name.slice(1)}Abi`], name).toEqual(vendored.abi);
    }
    const tradeEvents = abis.tradeModuleAbi.filter((x) => x.type === "event").map((x) => x.name);
    expect(tradeEvents).toContain("ComponentExchanged");
  });

  it("Uniswap and WETH9 ABIs match the npm artifacts", () => {
    expect(abis.uniswapV2FactoryAbi).toEqual(require("@uniswap/v2-core/build/UniswapV2Factory.json").abi);
    expect(abis.uniswapV2PairAbi).toEqual(require("@uniswap/v2-core/build/UniswapV2Pair.json").abi);
    expect(abis.uniswapV2Router02Abi).toEqual(require("@uniswap/v2-periphery/build/UniswapV2Router02.json").abi);
    expect(abis.weth9Abi).toEqual(require("@uniswap/v2-periphery/build/WETH9.json").abi);
  });

  it("the pair ABI has the Sync and Swap events the indexer reads", () => {
    const events = abis.uniswapV2PairAbi.filter((x) => x.type === "event").map((x) => x.name);
    expect(events).toEqual(expect.arrayContaining(["Sync", "Swap", "Mint", "Burn", "Transfer", "Approval"]));
  });
});
