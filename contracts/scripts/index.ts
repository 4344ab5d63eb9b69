export {
  ANVIL_ACCOUNTS,
  ANVIL_MNEMONIC,
  type DevAccount,
} from "../../packages/protocol/src/deployments/anvil-accounts.ts";
export { ANVIL_CHAIN_ID, type AnvilHandle, type AnvilOptions, anvilBinary, getFreePort, startAnvil } from "./anvil.ts";
export {
  AGGREGATOR_BASE_SYMBOLS,
  connect,
  DEPLOYMENTS_DIR,
  type DeployOptions,
  deployAll,
  writeDeployment,
} from "./deploy.ts";
export { getAmountOut, type SeedOptions, type SeedResult, seed } from "./seed.ts";
export { DEX_SPECS, TOKEN_SPECS, type TokenSpec, WETH_SPEC } from "./tokens.ts";
