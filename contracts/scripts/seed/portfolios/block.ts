/**
 * A history block's portfolio trading: the due rebalance (on a random portfolio with holders),
 * then two draws for a trade each, on portfolios picked by popularity, a sale (35 %) when it has
 * holders or else a buy. A portfolio trades at most once per block.
 */

import type { Portfolio } from "./plans.ts";
import { rebalance } from "./rebalance.ts";
import type { PortfolioRun } from "./run.ts";
import { buy, sell } from "./trade.ts";

export async function tradeInBlock(run: PortfolioRun, timestamp: number, used: Set<string>): Promise<void> {
  const { rand, pick } = run;
  const tradable = run.portfolios.filter((p) => p.tradableFrom !== undefined && p.tradableFrom <= timestamp);
  if (tradable.length === 0) return;
  const busy = new Set<Portfolio>();
  const due = run.rebalanceAt[0];
  if (due !== undefined && timestamp >= due) {
    const withHolders = tradable.filter((p) => p.supply > 0n);
    const p = withHolders.length ? pick(withHolders) : undefined;
    if (p && (await rebalance(run, p, used))) {
      run.rebalanceAt.shift();
      busy.add(p);
    }
  }
  for (let k = 0; k < 2; k++) {
    if (rand() >= run.tradeProbability / 2) continue;
    const candidates = tradable.filter((p) => !busy.has(p));
    const total = candidates.reduce((a, p) => a + p.plan.weight, 0);
    const r = rand() * total;
    let acc = 0;
    const p = candidates.find((x) => {
      acc += x.plan.weight;
      return r < acc;
    });
    if (!p) continue;
    const holders = [...p.holders].filter(([, q]) => q > 0n).map(([a]) => a);
    const ok =
      holders.length > 0 && rand() < 0.35
        ? await sell(run, p, pick(holders), timestamp, used)
        : await buy(run, p, pick(run.ctx.traders), timestamp, used);
    if (ok) {
      busy.add(p);
      run.ctx.counts.portfolioTrades++;
    }
  }
}
