/**
 * Prediction-market reads (issue 19), from the index alone (no chain call on the read path):
 * markets with their last pool balances, volume, answers and resolution; a market's outcome
 * history sampled at steps; a sender's holdings (sums of their outcome-token transfers), cost basis,
 * trades and redemptions.
 */
import type { Queryable } from "../../db/client.ts";

export type MarketRow = {
  market: string;
  timestamp: number;
  creator: string;
  conditionId: string;
  questionId: string;
  title: string;
  description: string;
  photo: string;
  outcomeNames: string[];
  resolutionTime: number;
  fee: string;
  answerTimeout: number;
  minBond: string;
  b0: string | null;
  b1: string | null;
  volume: string;
  /** The latest answer (bytes32 hex), its bond and time; arbitration requested after it; the arbitrated final answer. */
  answer: string | null;
  bond: string | null;
  answeredAt: number | null;
  arbitration: boolean;
  /** When an arbitration request after the latest answer was cancelled (the timeout runs again from then). */
  reopenedAt: number | null;
  finalAnswer: string | null;
  payouts: string[] | null;
};

type Raw = {
  market: string;
  timestamp: string | number;
  creator: string;
  condition_id: string;
  question_id: string;
  title: string;
  description: string;
  photo: string;
  outcome_names: string[];
  resolution_time: string | number;
  fee: string;
  answer_timeout: string | number;
  min_bond: string;
  b0: string | null;
  b1: string | null;
  volume: string | null;
  answer: string | null;
  bond: string | null;
  answered_at: string | number | null;
  arbitration: boolean | null;
  reopened_at: string | number | null;
  final_answer: string | null;
  payouts: string[] | null;
};

const COLUMNS = `m.market, m.timestamp, m.creator, m.condition_id, m.question_id, m.title, m.description, m.photo,
  m.outcome_names, m.resolution_time, m.fee::text AS fee, m.answer_timeout, m.min_bond::text AS min_bond,
  ev.b0, ev.b1, st.volume::text AS volume, an.answer, an.bond, an.answered_at,
  EXISTS (SELECT 1 FROM predict_answers x WHERE x.chain_id = m.chain_id AND x.question_id = m.question_id
          AND x.kind = 'arbitration' AND (an.block_number IS NULL OR (x.block_number, x.log_index) > (an.block_number, an.log_index))
          AND NOT EXISTS (SELECT 1 FROM predict_answers c WHERE c.chain_id = m.chain_id AND c.question_id = m.question_id
                          AND c.kind = 'cancel' AND (c.block_number, c.log_index) > (x.block_number, x.log_index))
          AND NOT EXISTS (SELECT 1 FROM predict_answers f WHERE f.chain_id = m.chain_id AND f.question_id = m.question_id
                          AND f.kind = 'finalize')) AS arbitration,
  (SELECT max(c.timestamp) FROM predict_answers c WHERE c.chain_id = m.chain_id AND c.question_id = m.question_id
   AND c.kind = 'cancel' AND (an.block_number IS NULL OR (c.block_number, c.log_index) > (an.block_number, an.log_index))) AS reopened_at,
  (SELECT f.answer FROM predict_answers f WHERE f.chain_id = m.chain_id AND f.question_id = m.question_id AND f.kind = 'finalize'
   ORDER BY f.block_number DESC LIMIT 1) AS final_answer,
  (SELECT s.payouts FROM predict_settlements s WHERE s.chain_id = m.chain_id AND s.condition_id = m.condition_id
   AND s.kind = 'resolution' ORDER BY s.block_number DESC LIMIT 1) AS payouts`;

const FROM = `FROM predict_markets m
  LEFT JOIN LATERAL (SELECT b0::text AS b0, b1::text AS b1 FROM predict_events e WHERE e.chain_id = m.chain_id AND e.market = m.market
                     ORDER BY e.block_number DESC, e.log_index DESC LIMIT 1) ev ON true
  LEFT JOIN predict_stats st ON st.chain_id = m.chain_id AND st.market = m.market
  LEFT JOIN LATERAL (SELECT a.answer, a.bond::text AS bond, a.timestamp AS answered_at, a.block_number, a.log_index
                     FROM predict_answers a WHERE a.chain_id = m.chain_id AND a.question_id = m.question_id AND a.kind = 'answer'
                     ORDER BY a.block_number DESC, a.log_index DESC LIMIT 1) an ON true`;

const toRow = (r: Raw): MarketRow => ({
  market: r.market,
  timestamp: Number(r.timestamp),
  creator: r.creator,
  conditionId: r.condition_id,
  questionId: r.question_id,
  title: r.title,
  description: r.description,
  photo: r.photo,
  outcomeNames: r.outcome_names,
  resolutionTime: Number(r.resolution_time),
  fee: r.fee,
  answerTimeout: Number(r.answer_timeout),
  minBond: r.min_bond,
  b0: r.b0,
  b1: r.b1,
  volume: r.volume ?? "0",
  answer: r.answer,
  bond: r.bond,
  answeredAt: r.answered_at === null ? null : Number(r.answered_at),
  arbitration: Boolean(r.arbitration),
  reopenedAt: r.reopened_at === null || r.reopened_at === undefined ? null : Number(r.reopened_at),
  finalAnswer: r.final_answer,
  payouts: r.payouts,
});

/** An outcome-token move of a sender: + received, - sent (base units, numeric text). */
export type Move = { market: string; outcome: number; ts: string; delta: string };
/** A sender's trades of one kind in one market and outcome, summed. */
export type Flow = { market: string; outcome: number | null; kind: string; collateral: string; tokens: string };
export type Redemption = { condition_id: string; payout: string; tx_hash: string; timestamp: string };

/** Rows that start with their sender, grouped by it (each group in the rows' order). */
function bySender<R extends { sender: string }>(rows: readonly R[]): Map<string, Omit<R, "sender">[]> {
  const out = new Map<string, Omit<R, "sender">[]>();
  for (const { sender, ...rest } of rows) {
    const list = out.get(sender);
    if (list) list.push(rest);
    else out.set(sender, [rest]);
  }
  return out;
}

export class PredictSql {
  constructor(
    private readonly db: Queryable,
    private readonly chainId: number,
  ) {}

  /** Every market, oldest first (the carousel shows them newest first). */
  async markets(): Promise<MarketRow[]> {
    const rows = await this.db.query<Raw>(
      `SELECT ${COLUMNS} ${FROM} WHERE m.chain_id = $1 ORDER BY m.block_number, m.log_index`,
      [this.chainId],
    );
    return rows.map(toRow);
  }

  async market(address: string): Promise<MarketRow | null> {
    const [r] = await this.db.query<Raw>(`SELECT ${COLUMNS} ${FROM} WHERE m.chain_id = $1 AND m.market = $2`, [
      this.chainId,
      address,
    ]);
    return r ? toRow(r) : null;
  }

  /** Outcome 0's price and the pool's value at each of `times` (the last event at or before it), oldest first. */
  async history(market: string, times: readonly number[]) {
    return (await this.histories([market], times)).get(market) ?? [];
  }

  /**
   * `history` of several markets in one query (a sender's balance history prices every market they
   * held: one round trip, not one per market; through PGlite each costs about 0.7 ms).
   */
  async histories(markets: readonly string[], times: readonly number[]) {
    const out = new Map<string, { t: number; price0: number | null; value: number | null }[]>();
    if (markets.length === 0 || times.length === 0) return out;
    const rows = await this.db.query<{
      market: string;
      t: string | number;
      price0: number | null;
      value: number | null;
    }>(
      `SELECT mk.market, t.at AS t, e.price0, e.pool_value AS value
       FROM unnest($2::text[]) AS mk(market) CROSS JOIN unnest($3::int8[]) AS t(at)
       LEFT JOIN LATERAL (SELECT price0, pool_value FROM predict_events
                          WHERE chain_id = $1 AND market = mk.market AND timestamp <= t.at
                          ORDER BY timestamp DESC, block_number DESC, log_index DESC LIMIT 1) e ON true
       ORDER BY mk.market, t.at`,
      [this.chainId, `{${markets.join(",")}}`, `{${times.join(",")}}`],
    );
    for (const r of rows) {
      let series = out.get(r.market);
      if (!series) {
        series = [];
        out.set(r.market, series);
      }
      series.push({ t: Number(r.t), price0: r.price0, value: r.value });
    }
    return out;
  }

  /**
   * Each sender's outcome-token moves, oldest first (their holdings over time; a transfer between
   * two of them is a move of each). Senders lowercased; one with no moves is absent.
   */
  async movesOf(senders: readonly string[]): Promise<Map<string, Move[]>> {
    const rows = await this.db.query<Move & { sender: string }>(
      `SELECT s.sender, t.market, t.outcome, t.timestamp AS ts,
         (CASE WHEN t."to" = s.sender THEN t.value ELSE 0 END - CASE WHEN t."from" = s.sender THEN t.value ELSE 0 END)::text AS delta
       FROM unnest($2::text[]) AS s(sender)
       JOIN predict_transfers t ON t.chain_id = $1 AND (t."to" = s.sender OR t."from" = s.sender)
       ORDER BY s.sender, t.block_number, t.log_index, t.item`,
      [this.chainId, `{${senders.join(",")}}`],
    );
    return bySender(rows);
  }

  /** A sender's outcome-token moves, oldest first. */
  async moves(sender: string): Promise<Move[]> {
    return (await this.movesOf([sender])).get(sender) ?? [];
  }

  /** Each sender's trades summed per market, outcome and kind: what buys cost and bought, what sells returned. */
  async flowsOf(senders: readonly string[]): Promise<Map<string, Flow[]>> {
    const rows = await this.db.query<Flow & { sender: string }>(
      `SELECT account AS sender, market, outcome, kind, sum(collateral)::text AS collateral, sum(tokens)::text AS tokens
       FROM predict_events WHERE chain_id = $1 AND account = ANY($2::text[]) GROUP BY account, market, outcome, kind`,
      [this.chainId, `{${senders.join(",")}}`],
    );
    return bySender(rows);
  }

  /** What each sender redeemed, per condition, newest first. */
  async redemptionsOf(senders: readonly string[]): Promise<Map<string, Redemption[]>> {
    const rows = await this.db.query<Redemption & { sender: string }>(
      `SELECT account AS sender, condition_id, payout::text AS payout, tx_hash, timestamp FROM predict_settlements
       WHERE chain_id = $1 AND kind = 'redemption' AND account = ANY($2::text[])
       ORDER BY account, block_number DESC, log_index DESC`,
      [this.chainId, `{${senders.join(",")}}`],
    );
    return bySender(rows);
  }

  /** What a sender redeemed, per condition, newest first. */
  async redemptions(sender: string): Promise<Redemption[]> {
    return (await this.redemptionsOf([sender])).get(sender) ?? [];
  }

  /** Accounts by how many trades and funding events they made, most first (the positions read-ahead's order). */
  async activeSenders(limit: number): Promise<string[]> {
    const rows = await this.db.query<{ account: string }>(
      `SELECT account FROM predict_events WHERE chain_id = $1 GROUP BY account ORDER BY count(*) DESC, account LIMIT $2`,
      [this.chainId, limit],
    );
    return rows.map((r) => r.account);
  }

  /** A sender's trades and funding, newest first. */
  transactions(sender: string, limit: number) {
    return this.db.query<{
      market: string;
      kind: string;
      outcome: number | null;
      collateral: string;
      tokens: string;
      tx_hash: string;
      timestamp: string;
    }>(
      `SELECT market, kind, outcome, collateral::text AS collateral, tokens::text AS tokens, tx_hash, timestamp
       FROM predict_events WHERE chain_id = $1 AND account = $2 ORDER BY block_number DESC, log_index DESC LIMIT $3`,
      [this.chainId, sender, limit],
    );
  }
}
