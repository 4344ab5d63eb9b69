export {
  ANVIL_ACCOUNTS,
  ANVIL_MNEMONIC,
  type DevAccount,
} from "../../packages/protocol/src/deployments/anvil-accounts.ts";
export { ANVIL_CHAIN_ID, type AnvilHandle, type AnvilOptions, anvilBinary, getFreePort, startAnvil } from "./anvil.ts";
export { RACE_KEEPER_ACCOUNT_INDEX, raceKeeperAccount } from "./deploy/races.ts";
export {
  AGGREGATOR_BASE_SYMBOLS,
  type ContractName,
  connect,
  DEPLOY_STEPS,
  DEPLOYMENTS_DIR,
  type DeployOptions,
  type DeployStep,
  deployAll,
  readDeployment,
  writeDeployment,
} from "./deploy.ts";
export {
  getAmountOut,
  type HistoryBlock,
  SEED_STEPS,
  type SeedContext,
  type SeedOptions,
  type SeedResult,
  type SeedStep,
  seed,
} from "./seed.ts";
export { DEX_SPECS, TOKEN_SPECS, type TokenSpec, WETH_SPEC } from "./tokens.ts";
