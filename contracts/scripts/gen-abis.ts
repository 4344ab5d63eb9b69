/**
 * Generates the typed `as const` ABIs in packages/protocol/src/abis/ and the bytecode of this
 * repository's own contracts in contracts/scripts/generated/bytecode.ts (so deploying needs no
 * compiler); the bench's own contracts' ABI and bytecode in contracts/scripts/generated/bench.ts.
 * Run after changing a contract: `npm run gen -w contracts` (it runs `forge build`).
 * Output is committed; a test checks it matches a fresh build.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const contractsDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const abisDir = resolve(contractsDir, "../packages/protocol/src/abis");
const generatedDir = resolve(contractsDir, "scripts/generated");

type AbiSource = { name: string; abi: unknown[]; doc: string };

function forgeArtifact(file: string, contract: string): { abi: unknown[]; bytecode: string } {
  const json = JSON.parse(readFileSync(join(contractsDir, "out", file, `${contract}.json`), "utf8")) as {
    abi: unknown[];
    bytecode: { object: string };
    rawMetadata?: string;
  };
  // The metadata hash ends the bytecode: a source named by an absolute path (forge names a
  // node_modules file built as its own target so) makes the bytecode depend on the checkout's folder.
  const sources = Object.keys((JSON.parse(json.rawMetadata ?? "{}") as { sources?: object }).sources ?? {});
  const absolute = sources.find((s) => isAbsolute(s));
  if (absolute && json.bytecode.object !== "0x")
    throw new Error(`${file}:${contract} was built from ${absolute}: declare it in src/ so its bytecode is portable`);
  return { abi: json.abi, bytecode: json.bytecode.object };
}

function npmArtifact(path: string): { abi: unknown[] } {
  return require(path) as { abi: unknown[] };
}

/** A vendored Set Protocol v2 artifact (contracts/vendor/set-protocol-v2, see its README). */
export function setProtocolArtifact(contract: string): { abi: unknown[]; bytecode: string } {
  const json = JSON.parse(readFileSync(join(contractsDir, "vendor/set-protocol-v2", `${contract}.json`), "utf8")) as {
    abi: unknown[];
    bytecode: string;
  };
  return { abi: json.abi, bytecode: json.bytecode };
}

/** The Set Protocol v2 contracts the product deploys or reads, with their ABI's doc line. */
export const SET_PROTOCOL_CONTRACTS = {
  SetToken: "Set Protocol v2 SetToken: each portfolio token (components, position units, modules, manager).",
  Controller: "Set Protocol v2 Controller: enabled factories, modules and resources.",
  SetTokenCreator: "Set Protocol v2 SetTokenCreator (event SetTokenCreated).",
  IntegrationRegistry: "Set Protocol v2 IntegrationRegistry: TradeModule's exchange adapters by name.",
  BasicIssuanceModule:
    "Set Protocol v2 BasicIssuanceModule: issue and redeem (events SetTokenIssued, SetTokenRedeemed).",
  StreamingFeeModule: "Set Protocol v2 StreamingFeeModule.",
  TradeModule: "Set Protocol v2 TradeModule: the manager's rebalance trades (event ComponentExchanged).",
  UniswapV2ExchangeAdapter:
    "Set Protocol v2 UniswapV2ExchangeAdapter: TradeModule's integration on a Uniswap V2 router.",
} as const;

/** A vendored Fixed Product Market Maker artifact (contracts/vendor/gnosis-market-makers, see its README). */
export function marketMakerArtifact(contract: string): { abi: unknown[]; bytecode: string } {
  const json = JSON.parse(
    readFileSync(join(contractsDir, "vendor/gnosis-market-makers", `${contract}.json`), "utf8"),
  ) as { abi: unknown[]; bytecode: string };
  return { abi: json.abi, bytecode: json.bytecode };
}

/** Where the prediction market's reused contracts come from (deployed from these, never compiled). */
export const MARKET_ARTIFACTS = {
  conditionalTokens: "@gnosis.pm/conditional-tokens-contracts/build/contracts/ConditionalTokens.json",
  realityEthAbi: "@reality.eth/contracts/abi/solc-0.8.6/RealityETH_ERC20-3.0.abi.json",
  realityEthBin: "@reality.eth/contracts/bytecode/RealityETH_ERC20-3.0.bin",
  stakingRewards: "@uniswap/liquidity-staker/build/StakingRewards.json",
} as const;

/** The prediction market's and the staking pool's ABIs (issue 19), own and reused. */
function marketSources(): AbiSource[] {
  const own = (name: string, doc: string): AbiSource => ({
    name,
    abi: forgeArtifact(`${name}.sol`, name).abi,
    doc,
  });
  return [
    own(
      "MarketRegistry",
      "Prediction markets: createMarket (Reality.eth question, condition, FPMM, initial funding), MarketCreated, getMarket.",
    ),
    own(
      "MarketLens",
      "Prediction market reads in one call: getMarketState(s), getUserState, calcTokenPrice, getPoolBalances, calcBuyAmount, calcSellAmount, calcSellReturn, buyBounds, sellBounds.",
    ),
    own(
      "MarketOracle",
      "Reports a Reality.eth final answer to the Conditional Tokens: resolve(questionId), MarketResolved.",
    ),
    own(
      "MarketArbitrator",
      "Reality.eth arbitrator owned by governance's timelock: requestArbitration for a SOFI fee, submitAnswer by proposal.",
    ),
    {
      name: "ConditionalTokens",
      abi: npmArtifact(MARKET_ARTIFACTS.conditionalTokens).abi,
      doc: "Gnosis Conditional Tokens 1.0.3 (ERC-1155 outcome positions; ConditionResolution, PayoutRedemption, TransferSingle).",
    },
    {
      name: "FixedProductMarketMaker",
      abi: marketMakerArtifact("FixedProductMarketMaker").abi,
      doc: "Gnosis Fixed Product Market Maker 1.8.1: one market (FPMMBuy, FPMMSell, FPMMFundingAdded, FPMMFundingRemoved).",
    },
    {
      name: "FixedProductMarketMakerFactory",
      abi: marketMakerArtifact("FixedProductMarketMakerFactory").abi,
      doc: "Gnosis Fixed Product Market Maker factory 1.8.1 (FixedProductMarketMakerCreation).",
    },
    {
      name: "RealityEth",
      abi: require(MARKET_ARTIFACTS.realityEthAbi) as unknown[],
      doc: "RealityETH_ERC20 3.0 with SOFI bonds (LogNewQuestion, LogNewAnswer, LogNotifyOfArbitrationRequest, LogFinalize).",
    },
    {
      name: "StakingRewards",
      abi: npmArtifact(MARKET_ARTIFACTS.stakingRewards).abi,
      doc: "Uniswap liquidity-staker StakingRewards: SOFI rewards for staked SOFI-WETH liquidity tokens.",
    },
  ];
}

function marketBytecode(): string {
  return ["MarketRegistry", "MarketLens", "MarketOracle", "MarketArbitrator"]
    .map((name) => `export const ${camel(name)}Bytecode = "${forgeArtifact(`${name}.sol`, name).bytecode}" as const;\n`)
    .join("");
}

function camel(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** Renders the ABI as a stable, formatted TypeScript literal. */
function render(src: AbiSource): string {
  return `// Generated by contracts/scripts/gen-abis.ts. Do not edit.\n/** ${src.doc} */\nexport const ${camel(src.name)}Abi = ${JSON.stringify(src.abi, null, 2)} as const;\n`;
}

export function generate(opts: { build?: boolean } = {}): {
  abis: Record<string, string>;
  bytecode: string;
  bench: string;
} {
  if (opts.build !== false) {
    const forge = join(contractsDir, "../node_modules/.bin/forge");
    execFileSync(forge, ["build"], { cwd: contractsDir, stdio: "inherit" });
  }
  const testToken = forgeArtifact("TestToken.sol", "TestToken");
  const sofiToken = forgeArtifact("SofiToken.sol", "SofiToken");
  const multicall3 = forgeArtifact("Multicall3.sol", "Multicall3");
  const erc20 = forgeArtifact("IERC20Metadata.sol", "IERC20Metadata");
  const sofiAggregator = forgeArtifact("SofiAggregator.sol", "SofiAggregator");
  const portfolioFactory = forgeArtifact("PortfolioFactory.sol", "PortfolioFactory");
  const portfolioTradingModule = forgeArtifact("PortfolioTradingModule.sol", "PortfolioTradingModule");
  const sofiConverter = forgeArtifact("SofiConverter.sol", "SofiConverter");
  const portfolioPromotion = forgeArtifact("PortfolioPromotion.sol", "PortfolioPromotion");
  const sofiGovernor = forgeArtifact("SofiGovernor.sol", "SofiGovernor");
  const timelockController = forgeArtifact("SofiTimelock.sol", "SofiTimelock");
  const plainGovernor = forgeArtifact("PlainGovernor.sol", "PlainGovernor");
  const headTailRaces = forgeArtifact("HeadTailRaces.sol", "HeadTailRaces");
  const sources: AbiSource[] = [
    { name: "Erc20", abi: erc20.abi, doc: "ERC20 with metadata (name, symbol, decimals)." },
    { name: "TestToken", abi: testToken.abi, doc: "Test tokens: ERC20 with owner-only faucet mint." },
    { name: "SofiToken", abi: sofiToken.abi, doc: "SOFI governance token: ERC20Votes (timestamp clock) + permit." },
    { name: "Multicall3", abi: multicall3.abi, doc: "Multicall3." },
    {
      name: "SofiAggregator",
      abi: sofiAggregator.abi,
      doc: "Swap aggregator over Uniswap-V2-style routers: getUniV2Routers quotes, trade* functions, Trade event.",
    },
    {
      name: "PortfolioFactory",
      abi: portfolioFactory.abi,
      doc: "Portfolio factory: allow-listed components, units from a bps allocation and prices, PortfolioCreated event.",
    },
    {
      name: "PortfolioTradingModule",
      abi: portfolioTradingModule.abi,
      doc: "Portfolio trading module: bounded buy/sell with ETH or a token, quotes, module states, PortfolioBought/PortfolioSold.",
    },
    {
      name: "SofiConverter",
      abi: sofiConverter.abi,
      doc: "RAI to SOFI converter (1 RAI = 1 SOFI from a SOFI reserve), Converted event.",
    },
    {
      name: "PortfolioPromotion",
      abi: portfolioPromotion.abi,
      doc: "Portfolio promotion: the manager pays SOFI (100 SOFI = 1 hour) to extend promoteEndAt, Promoted event.",
    },
    {
      name: "SofiGovernor",
      abi: sofiGovernor.abi,
      doc: "SOFI governance: OZ 5 Governor with a SOFI stake, publicity period, per-proposal end time, fixed quorum, status 0-8, voter-signed ballots.",
    },
    {
      name: "TimelockController",
      abi: timelockController.abi,
      doc: "OpenZeppelin 5 TimelockController: executes SofiGovernor's proposals; owns the portfolio factory and the SOFI treasury.",
    },
    {
      name: "HeadTailRaces",
      abi: headTailRaces.abi,
      doc: "Head and Tail races: price rounds settled from a token/USDT Uniswap V2 TWAP, event rounds settled by the owner; predict(roundId, side), RoundCreated/Predicted/RoundObserved/RoundSettled/RoundCancelled.",
    },
    ...Object.entries(SET_PROTOCOL_CONTRACTS).map(([name, doc]) => ({
      name,
      abi: setProtocolArtifact(name).abi,
      doc,
    })),
    { name: "Weth9", abi: npmArtifact("@uniswap/v2-periphery/build/WETH9.json").abi, doc: "WETH9." },
    {
      name: "UniswapV2Factory",
      abi: npmArtifact("@uniswap/v2-core/build/UniswapV2Factory.json").abi,
      doc: "Uniswap V2 factory.",
    },
    {
      name: "UniswapV2Pair",
      abi: npmArtifact("@uniswap/v2-core/build/UniswapV2Pair.json").abi,
      doc: "Uniswap V2 pair (events Sync, Swap, Mint, Burn).",
    },
    {
      name: "UniswapV2Router02",
      abi: npmArtifact("@uniswap/v2-periphery/build/UniswapV2Router02.json").abi,
      doc: "Uniswap V2 router 02.",
    },
  ];
  sources.push(...marketSources());
  const abis: Record<string, string> = {};
  for (const src of sources) abis[`${camel(src.name)}.ts`] = render(src);
  abis["index.ts"] =
    "// Generated by contracts/scripts/gen-abis.ts. Do not edit.\n" +
    sources.map((s) => `export { ${camel(s.name)}Abi } from "./${camel(s.name)}.ts";\n`).join("");
  const bytecode =
    "// Generated by contracts/scripts/gen-abis.ts from `forge build`. Do not edit.\n" +
    `export const testTokenBytecode = "${testToken.bytecode}" as const;\n` +
    `export const sofiTokenBytecode = "${sofiToken.bytecode}" as const;\n` +
    `export const multicall3Bytecode = "${multicall3.bytecode}" as const;\n` +
    `export const sofiAggregatorBytecode = "${sofiAggregator.bytecode}" as const;\n` +
    `export const portfolioFactoryBytecode = "${portfolioFactory.bytecode}" as const;\n` +
    `export const portfolioTradingModuleBytecode = "${portfolioTradingModule.bytecode}" as const;\n` +
    `export const sofiConverterBytecode = "${sofiConverter.bytecode}" as const;\n` +
    `export const portfolioPromotionBytecode = "${portfolioPromotion.bytecode}" as const;\n` +
    `export const sofiGovernorBytecode = "${sofiGovernor.bytecode}" as const;\n` +
    `export const timelockControllerBytecode = "${timelockController.bytecode}" as const;\n` +
    `export const headTailRacesBytecode = "${headTailRaces.bytecode}" as const;\n`;
  const bench =
    "// Generated by contracts/scripts/gen-abis.ts from `forge build`. Do not edit.\n" +
    "// Bench only (bench/src/governance-gas.ts): never deployed by the product.\n" +
    `/** OpenZeppelin 5's Governor as its wizard composes it (src/bench/PlainGovernor.sol). */\n` +
    `export const plainGovernorAbi = ${JSON.stringify(plainGovernor.abi, null, 2)} as const;\n` +
    `export const plainGovernorBytecode = "${plainGovernor.bytecode}" as const;\n`;
  return { abis, bytecode: bytecode + marketBytecode(), bench };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { abis, bytecode, bench } = generate();
  mkdirSync(abisDir, { recursive: true });
  mkdirSync(generatedDir, { recursive: true });
  for (const [file, text] of Object.entries(abis)) writeFileSync(join(abisDir, file), text);
  writeFileSync(join(generatedDir, "bytecode.ts"), bytecode);
  writeFileSync(join(generatedDir, "bench.ts"), bench);
  execFileSync(join(contractsDir, "../node_modules/.bin/biome"), ["check", "--write", abisDir, generatedDir], {
    stdio: "inherit",
  });
  console.log(`wrote ${Object.keys(abis).length} files to ${abisDir} and bytecode.ts`);
}
