import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as abis from "../../packages/protocol/src/abis/index.ts";
import { generate } from "./gen-abis.ts";
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
