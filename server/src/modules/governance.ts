/**
 * Governance (issue 18): SofiGovernor's proposals, votes and lifecycle indexed; the proposals API,
 * action simulation and the gasless vote relay. Its slice: the relayer's key (unset: no relay;
 * voting with one's own wallet always works) and the relay's rate limits. Its job sends the queued
 * ballots from the relayer account — exactly once per chain, where the indexer leads.
 */
import { z } from "zod";
import { governanceArea, governanceOf } from "../api/governance.ts";
import { revertReason } from "../api/queries/governance-calls.ts";
import * as governanceTables from "../db/schema/governance.ts";
import { governanceHandler } from "../indexer/handlers/governance.ts";
import { startRelay } from "../jobs/relay.ts";
import { configSlice, defineModule, type RunningJob } from "./module.ts";

export type GovernanceConfig = {
  /** The relayer account's key (null: no gasless voting on this server). */
  relayerKey: `0x${string}` | null;
  /** Ballots per voter and per client IP per minute (0: no limit). */
  relayPerAddressPerMinute: number;
  relayPerIpPerMinute: number;
};

export const governanceModule = defineModule({
  name: "governance",
  tables: governanceTables,
  config: configSlice(
    z.object({
      RELAYER_PRIVATE_KEY: z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x followed by 64 hex characters")
        .optional(),
      RELAY_VOTES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).default(5),
      RELAY_VOTES_PER_IP_PER_MINUTE: z.coerce.number().int().min(0).default(30),
    }),
    (e): GovernanceConfig => ({
      relayerKey: (e.RELAYER_PRIVATE_KEY as `0x${string}` | undefined) ?? null,
      relayPerAddressPerMinute: e.RELAY_VOTES_PER_ADDRESS_PER_MINUTE,
      relayPerIpPerMinute: e.RELAY_VOTES_PER_IP_PER_MINUTE,
    }),
  ),
  handlers: [governanceHandler],
  areas: [governanceArea],
  jobs: [
    {
      name: "governance: relay ballots",
      exactlyOnce: true,
      start({ deps, chain, log }): RunningJob | null {
        const key = deps.config.governance.relayerKey;
        const gov = governanceOf(chain);
        if (!key || !gov) return null;
        return startRelay({ db: deps.db, chain, governor: gov.governor, relayerKey: key, reasonOf: revertReason, log });
      },
    },
  ],
});
