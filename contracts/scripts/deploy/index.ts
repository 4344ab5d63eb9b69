/**
 * Every deploy step, in the order they run (the order fixes the addresses on a fresh chain: append
 * a capability's step at the end). A capability adds `deploy/<feature>.ts` and one line here.
 */
import { aggregatorStep } from "./aggregator.ts";
import { convertStep } from "./convert.ts";
import { coreStep } from "./core.ts";
import { dexesStep } from "./dexes.ts";
import { governanceStep } from "./governance.ts";
import type { ContractsOf } from "./kit.ts";
import { marketStep } from "./market.ts";
import { pairsStep } from "./pairs.ts";
import { portfolioRoutesStep } from "./portfolio-routes.ts";
import { portfoliosStep } from "./portfolios.ts";
import { promotionStep } from "./promotion.ts";
import { racesStep } from "./races.ts";
import { tokensStep } from "./tokens.ts";

export const DEPLOY_STEPS = [
  coreStep,
  dexesStep,
  tokensStep,
  pairsStep,
  aggregatorStep,
  portfoliosStep,
  convertStep,
  promotionStep,
  portfolioRoutesStep,
  governanceStep,
  marketStep,
  racesStep,
] as const;

/** The names in `deployment.contracts`, as the steps declare them. */
export type ContractName = ContractsOf<typeof DEPLOY_STEPS>;

export { AGGREGATOR_BASE_SYMBOLS } from "./aggregator.ts";
export {
  GOVERNANCE_SETTINGS,
  TIMELOCK_ROLES,
  TREASURY_SOFI,
  timelockDelay,
} from "./governance.ts";
export type { DeployContext, DeploymentDraft, DeployStep, StepContext } from "./kit.ts";
export { MARKET_SETTINGS } from "./market.ts";
export { UNISWAP_V2_ADAPTER_NAME_2 } from "./portfolio-routes.ts";
export { UNISWAP_V2_ADAPTER_NAME } from "./portfolios.ts";
