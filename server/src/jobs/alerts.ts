/**
 * The price-alerts worker (issue 11, spec 001 §5 "Empty alert does not fire", §9 "reminder every 5
 * minutes"): every `intervalMs`, for each alert of each chain, compares the portfolio's value per
 * set (the API's PortfolioReader metrics: the same valuation the lists show) with the thresholds
 * and posts to the alert's Discord webhook once per crossing: `up_crossed`/`down_crossed` remember
 * the side last seen, so a value staying beyond a threshold posts once, and crossing back re-arms it.
 * Trade alerts post once per buy or sell of the portfolio after the last one announced.
 *
 * A post that fails (timeout, non-2xx, redirect: never followed) changes no state, is logged, and is
 * tried again next round. Stored URLs are checked again against Discord's webhook shape before every
 * post; only the worker's test-only `webhookOriginForTests` option can point posts elsewhere.
 * One round per chain runs under an advisory lock, so two server processes never post twice.
 */
import { isDiscordWebhookUrl } from "@sofi/core";
import { storableText } from "@sofi/core/storable-text";
import type { ChainRuntime } from "../api/area.ts";
import type { Db } from "../db/client.ts";
import type { Services } from "../modules/services.ts";

/** Advisory lock key (first half) of a chain's alerts round; the second half is the chain id. */
export const ALERTS_LOCK_KEY = 0x5a1e7;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Trades announced per alert per round at most (the rest follow next round). */
export const TRADES_PER_ROUND = 20;

export type AlertsWorkerOptions = {
  db: Db;
  chains: readonly ChainRuntime[];
  /** The portfolios capability's reader (the alerts module's `portfolioReader` service). */
  reader: (ch: ChainRuntime) => Services["portfolioReader"];
  intervalMs: number;
  log?: (msg: string) => void;
  timeoutMs?: number;
  /**
   * TEST ONLY: posts go to this origin (e.g. http://127.0.0.1:port) with the webhook's path instead
   * of Discord. Never set from configuration or the API.
   */
  webhookOriginForTests?: string;
};

type AlertRow = {
  chain_id: number;
  portfolio: string;
  owner: string;
  up: string | null;
  down: string | null;
  trade_alert: boolean;
  discord: string;
  up_crossed: boolean;
  down_crossed: boolean;
  last_trade_block: string;
  last_trade_log: number;
  symbol: string;
  name: string;
  value: number | null;
};

const usd = (v: number) => `$${v.toFixed(2)}`;

export class AlertsWorker {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private stopped = false;
  private readonly log: (msg: string) => void;

  constructor(private readonly opts: AlertsWorkerOptions) {
    this.log = opts.log ?? ((m) => console.log(`[alerts] ${m}`));
  }

  start(): this {
    const tick = () => {
      if (this.stopped) return;
      this.round = this.runOnce()
        .catch((e: unknown) => this.log(`round failed: ${(e as Error).message}`))
        .finally(() => {
          this.round = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.opts.intervalMs).unref();
        });
    };
    // unref: the worker alone never keeps the process alive (the HTTP server and indexer do)
    this.timer = setTimeout(tick, this.opts.intervalMs).unref();
    return this;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.round;
  }

  /** One round over every chain (each under its advisory lock). */
  async runOnce(): Promise<void> {
    for (const ch of this.opts.chains) {
      const chainId = ch.config.info.id;
      const lock = await this.opts.db.tryLock(ALERTS_LOCK_KEY, chainId);
      if (!lock) continue;
      try {
        await this.runChain(ch);
      } finally {
        await lock.release();
      }
    }
  }

  private async runChain(ch: ChainRuntime): Promise<void> {
    const { db } = this.opts;
    const chainId = ch.config.info.id;
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM price_alerts WHERE chain_id = $1",
      [chainId],
    );
    if (Number(n) === 0) return;
    // Metrics as of now (freshMetrics may serve the previous ones while it recomputes).
    await this.opts.reader(ch).refreshMetrics();
    const alerts = await db.query<AlertRow>(
      `SELECT a.chain_id, a.portfolio, a.owner, a.up, a.down, a.trade_alert, a.discord, a.up_crossed, a.down_crossed,
         a.last_trade_block::text AS last_trade_block, a.last_trade_log, p.symbol, p.name, m.value_per_set AS value
       FROM price_alerts a
       JOIN portfolios p ON p.chain_id = a.chain_id AND p.address = a.portfolio
       LEFT JOIN portfolio_metrics m ON m.chain_id = a.chain_id AND m.address = a.portfolio
       WHERE a.chain_id = $1 ORDER BY a.portfolio, a.owner`,
      [chainId],
    );
    for (const a of alerts) {
      if (this.stopped) return;
      await this.check(ch, a).catch((e: unknown) => this.log(`${a.portfolio}: ${(e as Error).message}`));
    }
  }

  private async setState(chainId: number, a: AlertRow, sets: string, params: unknown[]): Promise<void> {
    await this.opts.db.query(`UPDATE price_alerts SET ${sets} WHERE chain_id = $1 AND portfolio = $2 AND owner = $3`, [
      chainId,
      a.portfolio,
      a.owner,
      ...params,
    ]);
  }

  private async check(ch: ChainRuntime, a: AlertRow): Promise<void> {
    const chainId = ch.config.info.id;
    const label = `${a.name} (${a.symbol})`;
    if (a.value !== null) {
      const v = Number(a.value);
      if (a.up !== null) {
        const above = v >= Number(a.up);
        if (above && !a.up_crossed) {
          if (await this.post(a, `📈 ${label} is at ${usd(v)} per set, at or above your alert of $${a.up}.`))
            await this.setState(chainId, a, "up_crossed = true, last_error = NULL", []);
        } else if (!above && a.up_crossed) await this.setState(chainId, a, "up_crossed = false", []);
      }
      if (a.down !== null) {
        const below = v <= Number(a.down);
        if (below && !a.down_crossed) {
          if (await this.post(a, `📉 ${label} is at ${usd(v)} per set, at or below your alert of $${a.down}.`))
            await this.setState(chainId, a, "down_crossed = true, last_error = NULL", []);
        } else if (!below && a.down_crossed) await this.setState(chainId, a, "down_crossed = false", []);
      }
    }
    if (a.trade_alert) {
      const trades = await this.opts.db.query<{
        block: string;
        log: number;
        kind: string;
        account: string;
        tx: string;
      }>(
        `SELECT block_number::text AS block, log_index AS log, kind, account, tx_hash AS tx FROM portfolio_trades
         WHERE chain_id = $1 AND portfolio = $2 AND kind IN ('buy', 'sell')
           AND (block_number > $3 OR (block_number = $3 AND log_index > $4))
         ORDER BY block_number, log_index LIMIT ${TRADES_PER_ROUND}`,
        [chainId, a.portfolio, a.last_trade_block, a.last_trade_log],
      );
      for (const t of trades) {
        const verb = t.kind === "buy" ? "bought" : "sold";
        if (!(await this.post(a, `🔔 ${label}: ${t.account} ${verb} (tx ${t.tx}).`))) return;
        await this.setState(chainId, a, "last_trade_block = $4, last_trade_log = $5, last_error = NULL", [
          t.block,
          t.log,
        ]);
      }
    }
  }

  /** Posts `content` to the alert's webhook; true on a 2xx answer. */
  private async post(a: AlertRow, content: string): Promise<boolean> {
    if (!isDiscordWebhookUrl(a.discord)) {
      this.log(`${a.portfolio}: stored webhook URL is not a Discord webhook; not posting`);
      return false;
    }
    const u = new URL(a.discord);
    const target = this.opts.webhookOriginForTests ? `${this.opts.webhookOriginForTests}${u.pathname}` : u.href;
    try {
      const res = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ content, allowed_mentions: { parse: [] } }),
        redirect: "manual",
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
      });
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) return true;
      throw new Error(`webhook answered HTTP ${res.status}`);
    } catch (e) {
      // an error can carry what the webhook's host sent back: the one rule for outside text
      const msg = storableText(e, { max: 500 });
      this.log(`${a.portfolio}: post failed (${msg}); retrying next round`);
      await this.opts.db
        .query("UPDATE price_alerts SET last_error = $4 WHERE chain_id = $1 AND portfolio = $2 AND owner = $3", [
          a.chain_id,
          a.portfolio,
          a.owner,
          msg,
        ])
        .catch(() => undefined);
      return false;
    }
  }
}

export function startAlertsWorker(opts: AlertsWorkerOptions): AlertsWorker {
  return new AlertsWorker(opts).start();
}
