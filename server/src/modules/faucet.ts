/**
 * Faucet (issue 11, 22): `POST /sts/faucet` sends test tokens from a funded account on test
 * networks. Its slice: the account's key and a per-IP limit. Its job resolves claims a stopped
 * process left pending (safe anywhere: each update is conditional on the row still pending).
 */
import { z } from "zod";
import { faucetArea, resolveStaleClaims } from "../api/faucet.ts";
import * as faucetTables from "../db/schema/faucet.ts";
import { configSlice, defineModule, type RunningJob } from "./module.ts";

export const faucetModule = defineModule({
  name: "faucet",
  tables: faucetTables,
  config: configSlice(
    z.object({
      FAUCET_PRIVATE_KEY: z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x followed by 64 hex characters")
        .optional(),
      FAUCET_RATE_LIMIT_PER_IP: z.coerce.number().int().min(0).default(10),
    }),
    (e) => ({
      /** The funded account's key (null: no faucet). */
      privateKey: (e.FAUCET_PRIVATE_KEY as `0x${string}` | undefined) ?? null,
      /** Claims per client IP per minute (0: no limit). */
      perIpPerMinute: e.FAUCET_RATE_LIMIT_PER_IP,
    }),
  ),
  areas: [faucetArea],
  jobs: [
    {
      name: "faucet: resolve claims left pending",
      exactlyOnce: false,
      start({ deps, chain, log }): RunningJob | null {
        if (!deps.config.faucet.privateKey || !chain.config.info.testnet) return null;
        resolveStaleClaims(deps.db, chain).catch((e) =>
          log(`pending claims not resolved: ${(e as Error).message.split("\n")[0]}`),
        );
        return { stop: async () => {} };
      },
    },
  ],
});
