/**
 * Scores predictions on posts (issue 20, docs/decisions.md "Social feed"): every minute, each
 * prediction made 24 h or more before the chain's indexed time and not scored yet is compared with
 * the USD price of the post's first listed token 24 h after it was made (the price service's
 * `usdPricesAtTimes`, from indexed reserves) — up is right when the price rose, down when it fell —
 * and core's `postPredictionPoints` gives its points. The result is recorded on the prediction row,
 * then awarded on the points board races share (`pointsLedger`, idempotent by source "post", the post
 * id and the address) when that board exists; rows it has not taken are offered again on every run.
 * Exactly once per chain: it runs where the chain's indexer leads.
 */
import { POST_PREDICTION_WINDOW_S, postPredictionPoints } from "@sofi/core";
import type { RunningJob } from "../modules/module.ts";
import type { PointsLedger } from "../modules/services.ts";

/** Predictions scored per round at most (the rest follow next round). */
export const SCORES_PER_ROUND = 500;
export const SCORING_INTERVAL_MS = 60_000;

/** What the job reads and writes (the social queries give it; a job holds no SQL of its own). */
export type ScoringStore = {
  due(
    upToAt: number,
    limit: number,
  ): Promise<
    {
      postId: string;
      address: string;
      direction: "up" | "down";
      at: number;
      token: string | null;
      priceAt: number | null;
    }[]
  >;
  saveScores(
    scores: readonly { postId: string; address: string; priceAfter: number | null; points: number }[],
    scoredAt: number,
  ): Promise<void>;
  unawarded(limit: number): Promise<{ postId: string; address: string; points: number; scoredAt: number }[]>;
  markAwarded(rows: readonly { postId: string; address: string }[], at: number): Promise<void>;
};

export type ScoringOptions = {
  store: ScoringStore;
  /** USD prices of every token (by lower-case address) at each time (the `prices` service). */
  pricesAt(times: readonly number[]): Promise<Map<string, number>[]>;
  /** The time up to which prices are indexed (unix s), or null when nothing is. */
  indexedTime(): Promise<number | null>;
  /** The shared points board, when a module that is on provides it. */
  ledger(): PointsLedger | undefined;
  log?: (msg: string) => void;
};

/** One round: scores what is due, then awards what the board has not taken. */
export async function scorePostPredictions(o: ScoringOptions): Promise<{ scored: number; awarded: number }> {
  const upTo = await o.indexedTime();
  let scored = 0;
  if (upTo !== null) {
    const due = await o.store.due(upTo - POST_PREDICTION_WINDOW_S, SCORES_PER_ROUND);
    if (due.length > 0) {
      const times = [...new Set(due.map((d) => d.at + POST_PREDICTION_WINDOW_S))];
      const prices = await o.pricesAt(times);
      const byTime = new Map(times.map((t, i) => [t, prices[i] ?? new Map<string, number>()]));
      const scores = due.map((d) => {
        const after = d.token ? (byTime.get(d.at + POST_PREDICTION_WINDOW_S)?.get(d.token) ?? 0) : 0;
        const priceAfter = after > 0 ? after : null;
        return {
          postId: d.postId,
          address: d.address,
          priceAfter,
          points:
            d.priceAt !== null && priceAfter !== null ? postPredictionPoints(d.direction, d.priceAt, priceAfter) : 0,
        };
      });
      await o.store.saveScores(scores, upTo);
      scored = scores.length;
    }
  }
  let awarded = 0;
  const ledger = o.ledger();
  if (ledger) {
    const rows = await o.store.unawarded(SCORES_PER_ROUND);
    if (rows.length > 0) {
      await ledger.award(
        rows.map((r) => ({
          address: r.address,
          source: "post" as const,
          ref: r.postId,
          points: r.points,
          at: r.scoredAt,
        })),
      );
      await o.store.markAwarded(rows, Math.floor(Date.now() / 1000));
      awarded = rows.length;
    }
  }
  return { scored, awarded };
}

/** Runs a round now and every `intervalMs` (one at a time); failures are logged and retried next round. */
export function startPostScoring(o: ScoringOptions & { intervalMs?: number }): RunningJob {
  let running: Promise<void> | null = null;
  const round = () => {
    if (running) return;
    running = scorePostPredictions(o)
      .then((r) => {
        if (r.scored || r.awarded) o.log?.(`scored ${r.scored} post prediction(s), awarded ${r.awarded}`);
      })
      .catch((e) => o.log?.(`post predictions not scored: ${(e as Error).message.split("\n")[0]}`))
      .finally(() => {
        running = null;
      });
  };
  round();
  const timer = setInterval(round, o.intervalMs ?? SCORING_INTERVAL_MS);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
