/**
 * Price alerts (issue 11): the manager's signed alert settings, and the worker that posts crossings
 * and trades to Discord — a job that acts on the world, so it runs exactly once per chain, where
 * the chain's indexer leader runs.
 */
import { z } from "zod";
import { alertsArea } from "../api/alerts.ts";
import * as alertsTables from "../db/schema/alerts.ts";
import { startAlertsWorker } from "../jobs/alerts.ts";
import { configSlice, defineModule, type RunningJob } from "./module.ts";

export const alertsModule = defineModule({
  name: "alerts",
  tables: alertsTables,
  requires: ["portfolios"],
  config: configSlice(
    z.object({ ALERTS_INTERVAL_S: z.coerce.number().int().min(0).default(300) }),
    (e): AlertsConfig => ({ intervalMs: e.ALERTS_INTERVAL_S * 1000 }),
  ),
  areas: [alertsArea],
  jobs: [
    {
      name: "alerts: post crossings and trades",
      exactlyOnce: true,
      start({ deps, chain, services, log }): RunningJob | null {
        const { intervalMs, webhookOriginForTests } = deps.config.alerts;
        if (intervalMs <= 0 || !chain.config.deployment) return null;
        return startAlertsWorker({
          db: deps.db,
          chains: [chain],
          reader: (ch) => services.get(ch, "portfolioReader"),
          intervalMs,
          log,
          webhookOriginForTests,
        });
      },
    },
  ],
});

export type AlertsConfig = {
  /** The worker's period (0: not started). */
  intervalMs: number;
  /** TEST ONLY (the e2e stack): posts go to this origin instead of Discord. Never from the environment. */
  webhookOriginForTests?: string;
};
