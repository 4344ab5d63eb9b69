/**
 * Race reads (issue 20): running rounds, one round with its predictions and per-side counts, an
 * address's prediction history with points, the leader board from points_totals, and the points
 * ledger's writes (the `pointsLedger` service: awards are idempotent by source, ref and address).
 */
import type { Queryable } from "../../db/client.ts";

export type RoundRow = {
  roundId: number;
  contract: string;
  kind: number;
  name: string;
  token: string | null;
  teamA: string;
  teamB: string;
  startPredict: number;
  endPredict: number;
  startRound: number;
  endRound: number;
  totalRewards: string;
  result: number;
  startPrice: string;
  endPrice: string;
  heads: number;
  tails: number;
};

type RawRound = {
  round_id: string | number;
  contract: string;
  kind: number;
  name: string;
  token: string | null;
  team_a: string;
  team_b: string;
  start_predict: string | number;
  end_predict: string | number;
  start_round: string | number;
  end_round: string | number;
  total_rewards: string;
  result: number | null;
  start_price: string | null;
  end_price: string | null;
  heads: string | number | null;
  tails: string | number | null;
};

const ROUND_COLUMNS = `r.round_id, r.contract, r.kind, r.name, r.token, r.team_a, r.team_b, r.start_predict, r.end_predict,
  r.start_round, r.end_round, r.total_rewards::text AS total_rewards, res.result,
  res.start_price::text AS start_price, res.end_price::text AS end_price,
  (SELECT count(*) FROM race_predictions p WHERE p.chain_id = r.chain_id AND p.round_id = r.round_id AND p.side = 1) AS heads,
  (SELECT count(*) FROM race_predictions p WHERE p.chain_id = r.chain_id AND p.round_id = r.round_id AND p.side = 2) AS tails`;
const ROUND_FROM = `FROM race_rounds r LEFT JOIN LATERAL (
    SELECT result, start_price, end_price FROM race_results x WHERE x.chain_id = r.chain_id AND x.round_id = r.round_id
    ORDER BY x.block_number DESC, x.log_index DESC LIMIT 1) res ON true`;

const toRound = (r: RawRound): RoundRow => ({
  roundId: Number(r.round_id),
  contract: r.contract,
  kind: Number(r.kind),
  name: r.name,
  token: r.token,
  teamA: r.team_a,
  teamB: r.team_b,
  startPredict: Number(r.start_predict),
  endPredict: Number(r.end_predict),
  startRound: Number(r.start_round),
  endRound: Number(r.end_round),
  totalRewards: r.total_rewards,
  result: Number(r.result ?? 0),
  startPrice: r.start_price ?? "0",
  endPrice: r.end_price ?? "0",
  heads: Number(r.heads ?? 0),
  tails: Number(r.tails ?? 0),
});

export type PredictionRow = {
  id: string;
  txid: string;
  sender: string;
  side: number;
  roundId: number;
  timestamp: number;
  points: number;
  round: RoundRow;
};

export class RacesSql {
  constructor(
    private readonly db: Queryable,
    private readonly chainId: number,
  ) {}

  /**
   * Rounds without a result, the ones open for predictions first, then those not started, then
   * those in the game (each by their start), at most `limit`.
   */
  async running(limit: number, now: number): Promise<RoundRow[]> {
    const rows = await this.db.query<RawRound>(
      `SELECT ${ROUND_COLUMNS} ${ROUND_FROM}
       WHERE r.chain_id = $1 AND res.result IS NULL
       ORDER BY CASE WHEN r.start_predict <= $3 AND $3 < r.end_predict THEN 0 WHEN $3 < r.start_predict THEN 1 ELSE 2 END,
         r.start_predict, r.round_id
       LIMIT $2`,
      [this.chainId, limit, now],
    );
    return rows.map(toRound);
  }

  /** Rounds recently ended (settled), newest first: the home's banner shows them with the ended label. */
  async recentlySettled(limit: number): Promise<RoundRow[]> {
    const rows = await this.db.query<RawRound>(
      `SELECT ${ROUND_COLUMNS} ${ROUND_FROM}
       WHERE r.chain_id = $1 AND res.result IS NOT NULL
       ORDER BY r.end_round DESC, r.round_id DESC LIMIT $2`,
      [this.chainId, limit],
    );
    return rows.map(toRound);
  }

  /** Unsettled rounds that may need the keeper (ended, or their observations due), since `since`. */
  async open(since: number): Promise<RoundRow[]> {
    const rows = await this.db.query<RawRound>(
      `SELECT ${ROUND_COLUMNS} ${ROUND_FROM}
       WHERE r.chain_id = $1 AND res.result IS NULL AND r.end_round >= $2 ORDER BY r.round_id`,
      [this.chainId, since],
    );
    return rows.map(toRound);
  }

  /** Whether a price round of `token` starting its predictions at `startPredict` exists. */
  async hasPriceRound(token: string, startPredict: number): Promise<boolean> {
    const rows = await this.db.query(
      "SELECT 1 FROM race_rounds WHERE chain_id = $1 AND kind = 1 AND token = $2 AND start_predict = $3 LIMIT 1",
      [this.chainId, token, startPredict],
    );
    return rows.length > 0;
  }

  /** The newest rounds' ids, newest first (what reading ahead keeps first). */
  async recentRoundIds(limit: number): Promise<number[]> {
    const rows = await this.db.query<{ round_id: string | number }>(
      "SELECT round_id FROM race_rounds WHERE chain_id = $1 ORDER BY round_id DESC LIMIT $2",
      [this.chainId, limit],
    );
    return rows.map((r) => Number(r.round_id));
  }

  /** Rounds by id, with their results and per-side counts. */
  async roundsByIds(ids: readonly number[]): Promise<RoundRow[]> {
    const rows = await this.db.query<RawRound>(
      `SELECT ${ROUND_COLUMNS} ${ROUND_FROM} WHERE r.chain_id = $1 AND r.round_id = ANY($2::int8[])`,
      [this.chainId, `{${ids.join(",")}}`],
    );
    return rows.map(toRound);
  }

  /** Each round's newest predictions with the points each earned, `limit` per round, in one query. */
  async predictionsOfRounds(ids: readonly number[], limit: number) {
    return this.db.query<{
      round_id: string;
      tx_hash: string;
      block_number: string;
      log_index: number;
      account: string;
      side: number;
      timestamp: string;
      points: number | null;
    }>(
      `SELECT x.round_id, p.tx_hash, p.block_number, p.log_index, p.account, p.side, p.timestamp, l.points
       FROM unnest($2::int8[]) AS x(round_id)
       CROSS JOIN LATERAL (
         SELECT * FROM race_predictions q WHERE q.chain_id = $1 AND q.round_id = x.round_id
         ORDER BY q.block_number DESC, q.log_index DESC LIMIT $3) p
       LEFT JOIN points_ledger l ON l.chain_id = p.chain_id AND l.source = 'race' AND l.ref = p.round_id::text AND l.address = p.account
       ORDER BY x.round_id, p.block_number DESC, p.log_index DESC`,
      [this.chainId, `{${ids.join(",")}}`, limit],
    );
  }

  /** The addresses that predicted most recently, newest first (what reading ahead keeps first). */
  async recentPredictors(limit: number): Promise<string[]> {
    const rows = await this.db.query<{ account: string }>(
      `SELECT account FROM race_predictions WHERE chain_id = $1
       GROUP BY account ORDER BY max(block_number) DESC, account LIMIT $2`,
      [this.chainId, limit],
    );
    return rows.map((r) => r.account.toLowerCase());
  }

  /** Several addresses' points at once (lowercased; absent: none). */
  async pointsOfMany(addresses: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.db.query<{ address: string; points: string | number }>(
      "SELECT address, points FROM points_totals WHERE chain_id = $1 AND address = ANY($2::text[])",
      [this.chainId, `{${addresses.join(",")}}`],
    );
    return new Map(rows.map((r) => [r.address.toLowerCase(), Number(r.points)]));
  }

  /** An address's side in a round (0: none). */
  async sideOf(roundId: number, account: string): Promise<number> {
    const [r] = await this.db.query<{ side: number }>(
      "SELECT side FROM race_predictions WHERE chain_id = $1 AND round_id = $2 AND account = $3 LIMIT 1",
      [this.chainId, roundId, account],
    );
    return Number(r?.side ?? 0);
  }

  /** Addresses' predictions (keyed lowercased), newest first, `limit` each, with their rounds and points, in one query. */
  async historiesOf(accounts: readonly string[], limit: number): Promise<Map<string, PredictionRow[]>> {
    const rows = await this.db.query<
      RawRound & {
        who: string;
        tx_hash: string;
        block_number: string;
        log_index: number;
        side: number;
        ts: string;
        points: number | null;
      }
    >(
      `SELECT a.who, ${ROUND_COLUMNS}, p.tx_hash, p.block_number, p.log_index, p.side, p.timestamp AS ts, l.points
       FROM unnest($2::text[]) AS a(who)
       CROSS JOIN LATERAL (
         SELECT * FROM race_predictions q WHERE q.chain_id = $1 AND q.account = a.who
         ORDER BY q.block_number DESC, q.log_index DESC LIMIT $3) p
       JOIN race_rounds r ON r.chain_id = p.chain_id AND r.round_id = p.round_id
       LEFT JOIN LATERAL (
         SELECT result, start_price, end_price FROM race_results x WHERE x.chain_id = r.chain_id AND x.round_id = r.round_id
         ORDER BY x.block_number DESC, x.log_index DESC LIMIT 1) res ON true
       LEFT JOIN points_ledger l ON l.chain_id = p.chain_id AND l.source = 'race' AND l.ref = p.round_id::text AND l.address = p.account
       ORDER BY a.who, p.block_number DESC, p.log_index DESC`,
      [this.chainId, `{${accounts.join(",")}}`, limit],
    );
    const out = new Map<string, PredictionRow[]>();
    for (const r of rows) {
      const who = r.who.toLowerCase();
      const list = out.get(who) ?? [];
      out.set(who, list);
      list.push({
        id: `${r.block_number}-${r.log_index}`,
        txid: r.tx_hash,
        sender: r.who,
        side: Number(r.side),
        roundId: Number(r.round_id),
        timestamp: Number(r.ts),
        points: Number(r.points ?? 0),
        round: toRound(r),
      });
    }
    return out;
  }

  /** The leader board: the addresses with the most points. */
  leaders(limit: number) {
    return this.db.query<{ address: string; points: string | number }>(
      "SELECT address, points FROM points_totals WHERE chain_id = $1 AND points > 0 ORDER BY points DESC, address LIMIT $2",
      [this.chainId, limit],
    );
  }

  async pointsOf(address: string): Promise<number> {
    const [r] = await this.db.query<{ points: string | number }>(
      "SELECT points FROM points_totals WHERE chain_id = $1 AND address = $2",
      [this.chainId, address],
    );
    return Number(r?.points ?? 0);
  }

  /** Awards points once per (source, ref, address), the totals with them, in one statement. */
  async award(entries: readonly { address: string; source: string; ref: string; points: number; at: number }[]) {
    if (entries.length === 0) return;
    await this.db.query(
      `WITH awards AS (
         INSERT INTO points_ledger (chain_id, source, ref, address, points, at)
         SELECT $1, s, r, a, p, t FROM unnest($2::text[], $3::text[], $4::text[], $5::int4[], $6::int8[]) AS x(s, r, a, p, t)
         ON CONFLICT (chain_id, source, ref, address) DO NOTHING RETURNING address, points
       )
       INSERT INTO points_totals AS t (chain_id, address, points)
       SELECT $1, address, sum(points) FROM awards GROUP BY address
       ON CONFLICT (chain_id, address) DO UPDATE SET points = t.points + EXCLUDED.points`,
      [
        this.chainId,
        `{${entries.map((e) => e.source).join(",")}}`,
        `{${entries.map((e) => `"${e.ref.replace(/"/g, "")}"`).join(",")}}`,
        `{${entries.map((e) => e.address.toLowerCase()).join(",")}}`,
        `{${entries.map((e) => Math.floor(e.points)).join(",")}}`,
        `{${entries.map((e) => Math.floor(e.at)).join(",")}}`,
      ],
    );
  }
}
