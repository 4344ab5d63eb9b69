/**
 * Head and Tail races (issue 20): HeadTailRaces' rounds, predictions and results indexed, points
 * computed when a settlement is indexed (the shared points board, also given to the feed as the
 * `pointsLedger` service), the races API, and the keeper: an exactly-once job that opens hourly
 * price rounds, records their TWAP observations and settles rounds on time. Its slice: the keeper's
 * key (unset: no keeper here; anyone may still settle), the tokens, the period and the window.
 */
import { z } from "zod";
import { RacesSql } from "../api/queries/races.ts";
import { POINTS_ADDRESS_TOPIC, racesArea } from "../api/races.ts";
import * as racesTables from "../db/schema/races.ts";
import { racesHandler } from "../indexer/handlers/races.ts";
import { type RaceKeeperConfig, startRaceKeeper } from "../jobs/race-keeper.ts";
import { configSlice, defineModule, type RunningJob } from "./module.ts";

export const racesModule = defineModule({
  name: "races",
  tables: racesTables,
  config: configSlice(
    z.object({
      RACE_KEEPER_PRIVATE_KEY: z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x followed by 64 hex characters")
        .optional(),
      RACE_TOKENS: z
        .string()
        .regex(/^[A-Za-z0-9]{1,12}(,[A-Za-z0-9]{1,12})*$/, "must be token symbols separated by commas, e.g. WETH,WBTC")
        .default("WETH,WBTC,RAI"),
      RACE_INTERVAL_S: z.coerce
        .number()
        .int()
        .min(300)
        .max(7 * 86_400)
        .default(3600),
      RACE_WINDOW_S: z.coerce.number().int().min(60).max(3600).default(300),
      RACE_KEEPER_TICK_S: z.coerce.number().int().min(1).max(600).default(15),
      RACE_POINTS: z.coerce.number().int().min(0).default(1000),
    }),
    (e): RaceKeeperConfig => ({
      keeperKey: (e.RACE_KEEPER_PRIVATE_KEY as `0x${string}` | undefined) ?? null,
      tokens: e.RACE_TOKENS.split(",").map((s) => s.toUpperCase()),
      intervalS: e.RACE_INTERVAL_S,
      windowS: Math.min(e.RACE_WINDOW_S, e.RACE_INTERVAL_S),
      tickMs: e.RACE_KEEPER_TICK_S * 1000,
      totalRewards: BigInt(e.RACE_POINTS),
    }),
  ),
  handlers: [racesHandler],
  areas: [racesArea],
  provides: {
    pointsLedger: (deps, chain) => {
      const sql = new RacesSql(deps.db, chain.config.info.id);
      return {
        async award(entries) {
          await sql.award(entries);
          if (entries.length === 0) return;
          // the predictors' kept points replies go, here and on every other server (issue 21 §1)
          const change = {
            touched: { [POINTS_ADDRESS_TOPIC]: [...new Set(entries.map((e) => e.address.toLowerCase()))] },
          };
          chain.commits?.emit(change);
          deps.changes?.changed(chain.config.info.id, change);
        },
      };
    },
  },
  jobs: [
    {
      name: "races: keeper",
      exactlyOnce: true,
      start({ deps, chain, services, log }): RunningJob | null {
        const config = deps.config.races;
        const contract = (chain.config.deployment?.contracts as Record<string, `0x${string}` | undefined> | undefined)
          ?.headTailRaces;
        if (!config.keeperKey || !contract) return null;
        const id = chain.config.info.id;
        const sql = new RacesSql(deps.db, id);
        return startRaceKeeper({
          db: deps.db,
          chain,
          contract,
          config,
          prices: services.get(chain, "prices"),
          // the head block's time (what the contract checks against), or the wall clock when later
          now: async () =>
            Math.max(
              Math.floor(Date.now() / 1000),
              Number((await chain.client.getBlock({ blockTag: "latest" })).timestamp),
            ),
          openRounds: (since) => sql.open(since),
          hasPriceRound: (token, start) => sql.hasPriceRound(token, start),
          log,
        });
      },
    },
  ],
});
