/**
 * Price alerts area (issue 11, spec 001 §5 price-alert rules, §6 "Portfolio manager … set a price
 * alert", §7 `POST /sofi/alert`): the signed write of a portfolio's alert by its manager, and the
 * signed read of it (`GET /sofi/alert?set=`) for the drawer. The webhook URL is a secret (whoever
 * has it can post to the channel), so it is only ever shown to the signer who set it. The alerts
 * worker (server/src/jobs/alerts.ts) compares values with the thresholds and posts to Discord.
 */
import { ALERT_ERRORS, ALERT_SUCCESS, addressSchema, alertBodySchema, alertThresholdProblem } from "@sofi/core";
import { Hono } from "hono";
import { getAddress } from "viem";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import type { ApiArea, ApiEnv } from "./area.ts";
import { requireSignedWrite } from "./signed.ts";
import { limitBody, validJson, validQuery } from "./validate.ts";

/** `POST /sofi/alert`: seven short fields. */
export const ALERT_BODY_MAX = 2048;

const alertQuerySchema = z.object({ set: z.string({ message: ALERT_ERRORS.missingSet }).pipe(addressSchema) });

/** The portfolio's current value per set (USD), from the portfolio reader's metrics. */
export async function valuePerSet(db: Db, chainId: number, portfolio: string): Promise<number> {
  const [r] = await db.query<{ v: number }>(
    "SELECT value_per_set AS v FROM portfolio_metrics WHERE chain_id = $1 AND address = $2",
    [chainId, portfolio],
  );
  return Number(r?.v ?? 0);
}

export const alertsArea: ApiArea = (deps) => {
  const signed = requireSignedWrite(deps);
  return new Hono<ApiEnv>()
    .post("/sofi/alert", limitBody(ALERT_BODY_MAX), signed, validJson(alertBodySchema), async (c) => {
      const body = c.req.valid("json");
      const signer = c.var.signer.address.toLowerCase();
      // an alert is the signer's own: a signature for one address never writes another's alert
      if (body.buyer !== signer) return c.json({ error: ALERT_ERRORS.notSigner }, 403);
      const ch = c.var.chain;
      const chainId = ch.config.info.id;
      const reader = deps.services.get(ch, "portfolioReader");
      const p = await reader.exists(body.set);
      if (!p) return c.json({ error: ALERT_ERRORS.notFound }, 404);
      if (p.manager !== signer) return c.json({ error: ALERT_ERRORS.notManager }, 403);
      await reader.freshMetrics();
      const value = await valuePerSet(deps.db, chainId, body.set);
      const problem = alertThresholdProblem(body.up, body.down, value);
      if (problem) return c.json({ error: problem }, 400);
      // New state: the value is between the thresholds (just checked); trades from now on are news.
      const [last] = await deps.db.query<{ block: string; log: number }>(
        `SELECT block_number AS block, log_index AS log FROM portfolio_trades
         WHERE chain_id = $1 AND portfolio = $2 AND kind IN ('buy', 'sell')
         ORDER BY block_number DESC, log_index DESC LIMIT 1`,
        [chainId, body.set],
      );
      await deps.db.query(
        `INSERT INTO price_alerts (chain_id, portfolio, owner, up, down, trade_alert, discord, up_crossed, down_crossed,
           last_trade_block, last_trade_log, last_error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, false, false, $8, $9, NULL)
         ON CONFLICT (chain_id, portfolio, owner) DO UPDATE SET up = EXCLUDED.up, down = EXCLUDED.down,
           trade_alert = EXCLUDED.trade_alert, discord = EXCLUDED.discord, up_crossed = false, down_crossed = false,
           last_trade_block = EXCLUDED.last_trade_block, last_trade_log = EXCLUDED.last_trade_log,
           last_error = NULL, updated_at = now()`,
        [
          chainId,
          body.set,
          signer,
          body.up,
          body.down,
          body.trade_alert,
          body.discord,
          Number(last?.block ?? 0),
          Number(last?.log ?? -1),
        ],
      );
      return c.json({ result: ALERT_SUCCESS, set: getAddress(body.set) });
    })
    .get("/sofi/alert", signed, validQuery(alertQuerySchema), async (c) => {
      const { set } = c.req.valid("query");
      const signer = c.var.signer.address.toLowerCase();
      const [r] = await deps.db.query<{
        up: string | null;
        down: string | null;
        trade_alert: boolean;
        discord: string;
      }>(
        "SELECT up, down, trade_alert, discord FROM price_alerts WHERE chain_id = $1 AND portfolio = $2 AND owner = $3",
        [c.var.chain.config.info.id, set, signer],
      );
      return c.json({
        set: getAddress(set),
        up: r?.up === null || r?.up === undefined ? null : Number(r.up),
        down: r?.down === null || r?.down === undefined ? null : Number(r.down),
        trade_alert: Boolean(r?.trade_alert),
        discord: r?.discord ?? null,
      });
    });
};
