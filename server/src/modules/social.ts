/**
 * Social (issue 20): the feed of spec 002 — off-chain signed posts with coin chips, predictions,
 * dislikes and mutes, trending topics, the live stream, and the transaction tab's trades read through
 * the swap's and the portfolios' `swapTradeFeed` / `portfolioTradeFeed` services (names and photos
 * through people's `profiles`; all optional: a capability that is off leaves its part out). Its slice:
 * the per-address rate limits, the live feeds one process serves, the local seed's size. Its jobs:
 * scoring predictions after 24 h into the points board races share (`pointsLedger`), and the local
 * chain's seed — both exactly once per chain, where the indexer leads.
 */
import { z } from "zod";
import { SocialSql } from "../api/queries/social.ts";
import { type SocialConfig, socialArea } from "../api/social.ts";
import * as socialTables from "../db/schema/social.ts";
import { startPostScoring } from "../jobs/social-scoring.ts";
import { startFeedSeed } from "../jobs/social-seed.ts";
import { configSlice, defineModule, type RunningJob } from "./module.ts";

/** The local chain (anvil): the only one the seed writes on. */
const LOCAL_CHAIN_ID = 31337;

export const socialModule = defineModule({
  name: "social",
  tables: socialTables,
  config: configSlice(
    z.object({
      SOCIAL_POSTS_PER_MINUTE: z.coerce.number().int().min(0).default(10),
      SOCIAL_REACTIONS_PER_MINUTE: z.coerce.number().int().min(0).default(60),
      SOCIAL_STREAMS_MAX: z.coerce.number().int().min(1).default(1000),
      SOCIAL_SEED_POSTS: z.coerce.number().int().min(0).max(1000).default(0),
    }),
    (e): SocialConfig => ({
      postsPerMinute: e.SOCIAL_POSTS_PER_MINUTE,
      reactionsPerMinute: e.SOCIAL_REACTIONS_PER_MINUTE,
      streamsMax: e.SOCIAL_STREAMS_MAX,
      seedPosts: e.SOCIAL_SEED_POSTS,
    }),
  ),
  areas: [socialArea],
  jobs: [
    {
      name: "social: score post predictions",
      exactlyOnce: true,
      start({ deps, chain, services, log }): RunningJob | null {
        const sql = new SocialSql(deps.db, chain.config.info.id);
        return startPostScoring({
          store: sql,
          pricesAt: (times) => services.get(chain, "prices").usdPricesAtTimes(times),
          indexedTime: async () => {
            // prices are known up to the latest indexed block, or up to now once the index is at the head
            const last = await sql.latestIndexed();
            if (!last) return null;
            const head = await chain.client.getBlockNumber().catch(() => null);
            return head !== null && BigInt(last.block) >= head
              ? Math.max(last.ts, Math.floor(Date.now() / 1000))
              : last.ts;
          },
          ledger: () => services.find(chain, "pointsLedger"),
          log,
        });
      },
    },
    {
      name: "social: seed the local feed",
      exactlyOnce: true,
      start({ deps, chain, services, log }): RunningJob | null {
        const count = deps.config.social.seedPosts;
        if (count <= 0 || chain.config.info.id !== LOCAL_CHAIN_ID || !chain.config.deployment) return null;
        const sql = new SocialSql(deps.db, chain.config.info.id);
        const prices = services.get(chain, "prices");
        return startFeedSeed({
          store: sql,
          chainId: chain.config.info.id,
          count,
          feeds: [services.find(chain, "swapTradeFeed"), services.find(chain, "portfolioTradeFeed")].filter((f) => !!f),
          tokens: prices.tokens,
          pricesAt: (times) => prices.usdPricesAtTimes(times),
          caughtUp: async () => {
            const last = await sql.latestIndexed();
            const head = await chain.client.getBlockNumber();
            return last !== null && BigInt(last.block) >= head;
          },
          now: async () => {
            const last = await sql.latestIndexed();
            return Math.max(Math.floor(Date.now() / 1000), last?.ts ?? 0);
          },
          // once per chain: every server's kept replies are made again (they may show the empty feed)
          seeded: () => {
            chain.commits?.emit();
            deps.changes?.changed(chain.config.info.id);
          },
          log,
        });
      },
    },
  ],
});
