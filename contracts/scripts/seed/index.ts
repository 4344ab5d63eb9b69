/**
 * Every seed step, in the order their hooks run. A capability adds `seed/<feature>.ts` and one
 * line here (after the steps whose state it uses: the market's prices and pairs come from dexes).
 */
import { aggregatorSeed } from "./aggregator.ts";
import { dexesSeed } from "./dexes.ts";
import { governanceSeed } from "./governance.ts";
import { marketSeed } from "./market.ts";
import { portfoliosSeed } from "./portfolios.ts";
import { racesSeed } from "./races.ts";
import { tokensSeed } from "./tokens.ts";

export const SEED_STEPS = [
  tokensSeed,
  dexesSeed,
  aggregatorSeed,
  portfoliosSeed,
  governanceSeed,
  marketSeed,
  racesSeed,
] as const;

export type { HistoryBlock, SeedContext, SeedHooks, SeedStep } from "./kit.ts";
