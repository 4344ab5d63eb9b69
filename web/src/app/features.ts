import { feature as faucet } from "../features/faucet/feature.ts";
import { feature as governance } from "../features/governance/feature.ts";
import { feature as manager } from "../features/manager/feature.ts";
import { feature as placeholders } from "../features/placeholders/feature.ts";
import { feature as portfolioAi } from "../features/portfolio-ai/feature.ts";
import { feature as portfolioCreate } from "../features/portfolio-create/feature.ts";
import { feature as portfolioProfile } from "../features/portfolio-profile/feature.ts";
import { feature as portfolioPromote } from "../features/portfolio-promote/feature.ts";
import { feature as portfolioTrade } from "../features/portfolio-trade/feature.ts";
import { feature as portfolios } from "../features/portfolios/feature.ts";
import { feature as predict } from "../features/predict/feature.ts";
import { feature as profile } from "../features/profile/feature.ts";
import { feature as races } from "../features/races/feature.ts";
import { feature as social } from "../features/social/feature.ts";
import { feature as sofiConvert } from "../features/sofi-convert/feature.ts";
import { feature as swap } from "../features/swap/feature.ts";
import type { Feature } from "../kernel/feature.ts";

/**
 * Every feature that contributes routes, navigation or slot contributions (issue 17), one line
 * each; the app gives the list to the kernel (`FeaturesContext`) and folds routes and the menu over
 * it. Features without a manifest (shell, wallet, tokens, transactions, settings) are always there.
 * Each manifest is imported from its `feature.ts` (which the feature's `index.ts` re-exports): only
 * the manifests, with their lazy screens, join the first route's JavaScript, never what index.ts
 * exports for other features.
 */
export const FEATURES: readonly Feature[] = [
  swap,
  portfolios,
  portfolioTrade,
  portfolioCreate,
  manager,
  profile,
  portfolioProfile,
  faucet,
  sofiConvert,
  portfolioPromote,
  portfolioAi,
  governance,
  social,
  predict,
  races,
  placeholders,
];
