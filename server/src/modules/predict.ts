/**
 * The prediction market (issue 19): MarketRegistry's markets and their FPMMs, the Conditional
 * Tokens' positions and the Reality.eth answers indexed (handlers/predict.ts), and the market API
 * with the staking reader (api/predict.ts). No jobs: answers, disputes and resolution are anyone's
 * transactions (npm run market), and nothing here holds a key.
 */
import { predictArea } from "../api/predict.ts";
import * as predictTables from "../db/schema/predict.ts";
import { predictHandler } from "../indexer/handlers/predict.ts";
import { defineModule } from "./module.ts";

export const predictModule = defineModule({
  name: "predict",
  tables: predictTables,
  handlers: [predictHandler],
  areas: [predictArea],
});
