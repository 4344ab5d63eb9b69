/**
 * Every capability's server module, in the order their handlers write within a range and their
 * areas mount. Adding a capability: its module file beside these and one line here.
 */

import { aiModule } from "./ai.ts";
import { alertsModule } from "./alerts.ts";
import { convertModule } from "./convert.ts";
import { faucetModule } from "./faucet.ts";
import { governanceModule } from "./governance.ts";
import { healthModule } from "./health.ts";
import { marketModule } from "./market.ts";
import type { ServerModule } from "./module.ts";
import { peopleModule } from "./people.ts";
import { portfoliosModule } from "./portfolios.ts";
import { predictModule } from "./predict.ts";
import { promotionModule } from "./promotion.ts";
import { racesModule } from "./races.ts";
import { socialModule } from "./social.ts";
import { swapModule } from "./swap.ts";
import { tokensModule } from "./tokens.ts";

export const MODULES = [
  healthModule,
  marketModule,
  tokensModule,
  swapModule,
  portfoliosModule,
  promotionModule,
  peopleModule,
  faucetModule,
  convertModule,
  alertsModule,
  aiModule,
  governanceModule,
  racesModule,
  predictModule,
  socialModule,
] as const satisfies readonly ServerModule[];
