/**
 * HeadTailRaces (issue 20): rounds (`RoundCreated`), predictions (`Predicted`) and results
 * (`RoundSettled` with `RoundCancelled`'s reason). Points are computed when a settlement is indexed,
 * in the same transaction (core's racePoints: contrarian weighting over the round's predictions),
 * into the shared points ledger and its totals; a reorg takes the settlement's points back with it.
 * Fixed source: the deployment's `headTailRaces`.
 */
import { RACE_BASE_POINTS } from "@sofi/core";
import { headTailRacesAbi } from "@sofi/protocol";
import type { Queryable } from "../../db/client.ts";
import { bulkInsert } from "../bulk.ts";
import { defineHandler, eventOf } from "../handler.ts";

export const RACE_EVENTS = [
  eventOf(headTailRacesAbi, "RoundCreated"),
  eventOf(headTailRacesAbi, "Predicted"),
  eventOf(headTailRacesAbi, "RoundSettled"),
  eventOf(headTailRacesAbi, "RoundCancelled"),
];

/**
 * Awards the points of the rounds settled in `rows` (round ids and results, with the settlement's
 * block and time): each prediction on the winning side of a head/tail or team result earns
 * floor(RACE_BASE_POINTS × joined / winners) — the same formula as core's racePoints, in SQL.
 */
async function awardRounds(tx: Queryable, chainId: number, settled: { ids: string[]; blocks: number[]; ts: number[] }) {
  if (settled.ids.length === 0) return;
  await tx.query(
    `WITH s AS (
       SELECT * FROM unnest($2::int8[], $3::int8[], $4::int8[]) AS x(round_id, block_number, at)
     ), r AS (
       SELECT s.round_id, s.block_number, s.at, res.result FROM s
       JOIN LATERAL (SELECT result FROM race_results rr WHERE rr.chain_id = $1 AND rr.round_id = s.round_id
                     ORDER BY rr.block_number DESC, rr.log_index DESC LIMIT 1) res ON true
       WHERE res.result IN (1, 2)
     ), counts AS (
       SELECT r.round_id, count(*) AS joined, count(*) FILTER (WHERE p.side = r.result) AS winners
       FROM r JOIN race_predictions p ON p.chain_id = $1 AND p.round_id = r.round_id GROUP BY r.round_id
     ), awards AS (
       INSERT INTO points_ledger AS l (chain_id, source, ref, address, points, at, block_number)
       SELECT $1, 'race', r.round_id::text, p.account, floor(${RACE_BASE_POINTS} * c.joined / c.winners)::int, r.at, r.block_number
       FROM r JOIN counts c ON c.round_id = r.round_id
       JOIN race_predictions p ON p.chain_id = $1 AND p.round_id = r.round_id AND p.side = r.result
       WHERE c.winners > 0
       ON CONFLICT (chain_id, source, ref, address) DO NOTHING
       RETURNING address, points
     )
     INSERT INTO points_totals AS t (chain_id, address, points)
     SELECT $1, address, sum(points) FROM awards GROUP BY address
     ON CONFLICT (chain_id, address) DO UPDATE SET points = t.points + EXCLUDED.points`,
    [chainId, `{${settled.ids.join(",")}}`, `{${settled.blocks.join(",")}}`, `{${settled.ts.join(",")}}`],
  );
}

export const racesHandler = defineHandler({
  name: "races",
  events: RACE_EVENTS,
  sources: [{ kind: "fixed", addresses: (d) => (d.contracts?.headTailRaces ? [d.contracts.headTailRaces] : []) }],
  tables: ["race_rounds", "race_predictions", "race_results"],
  async insert(tx, chainId, rows) {
    const c = rows.RoundCreated;
    await bulkInsert(
      tx,
      "race_rounds",
      chainId,
      [
        { name: "round_id", type: "int8", values: c.args.roundId },
        { name: "block_number", type: "int8", values: c.block },
        { name: "log_index", type: "int4", values: c.logIndex },
        { name: "tx_hash", type: "text", values: c.tx },
        { name: "timestamp", type: "int8", values: c.ts },
        { name: "contract", type: "text", values: c.address },
        { name: "kind", type: "int4", values: c.args.kind },
        { name: "name", type: "text", values: c.args.name },
        {
          name: "token",
          type: "text",
          values: c.args.token.map((t) => (t === "0x0000000000000000000000000000000000000000" ? null : t)),
        },
        {
          name: "pair",
          type: "text",
          values: c.args.pair.map((t) => (t === "0x0000000000000000000000000000000000000000" ? null : t)),
        },
        { name: "team_a", type: "text", values: c.args.teamA },
        { name: "team_b", type: "text", values: c.args.teamB },
        { name: "start_predict", type: "int8", values: c.args.startPredict },
        { name: "end_predict", type: "int8", values: c.args.endPredict },
        { name: "start_round", type: "int8", values: c.args.startRound },
        { name: "end_round", type: "int8", values: c.args.endRound },
        { name: "window", type: "int4", values: c.args.window },
        { name: "total_rewards", type: "numeric", values: c.args.totalRewards },
      ],
      "",
    );
    const p = rows.Predicted;
    await bulkInsert(
      tx,
      "race_predictions",
      chainId,
      [
        { name: "block_number", type: "int8", values: p.block },
        { name: "log_index", type: "int4", values: p.logIndex },
        { name: "tx_hash", type: "text", values: p.tx },
        { name: "timestamp", type: "int8", values: p.ts },
        { name: "round_id", type: "int8", values: p.args.roundId },
        { name: "account", type: "text", values: p.args.account },
        { name: "side", type: "int4", values: p.args.side },
      ],
      "",
    );
    const s = rows.RoundSettled;
    const reasons = new Map<string, string>();
    const k = rows.RoundCancelled;
    for (let i = 0; i < k.block.length; i++) reasons.set(k.args.roundId[i] as string, k.args.reason[i] as string);
    await bulkInsert(
      tx,
      "race_results",
      chainId,
      [
        { name: "block_number", type: "int8", values: s.block },
        { name: "log_index", type: "int4", values: s.logIndex },
        { name: "tx_hash", type: "text", values: s.tx },
        { name: "timestamp", type: "int8", values: s.ts },
        { name: "round_id", type: "int8", values: s.args.roundId },
        { name: "result", type: "int4", values: s.args.result },
        { name: "start_price", type: "numeric", values: s.args.startPrice },
        { name: "end_price", type: "numeric", values: s.args.endPrice },
        { name: "cancel_reason", type: "int4", values: s.args.roundId.map((id) => reasons.get(id) ?? null) },
      ],
      "",
    );
    // A cancellation whose settlement was written before it (the engine writes a refused range
    // log by log; the contract emits RoundSettled first): its reason goes onto the row written.
    const settledHere = new Set(s.args.roundId);
    for (let i = 0; i < k.block.length; i++) {
      const id = k.args.roundId[i] as string;
      if (!settledHere.has(id))
        await tx.query(
          "UPDATE race_results SET cancel_reason = $3 WHERE chain_id = $1 AND round_id = $2 AND result = 4",
          [chainId, id, k.args.reason[i]],
        );
    }
    await awardRounds(tx, chainId, { ids: s.args.roundId, blocks: s.block, ts: s.ts });
  },
  // the topics race replies are kept under (api/races.ts, issue 21 §1): a round's page reads only
  // that round's rows; a predictor's points and history change when they predict, and when any
  // round settles (its points may be theirs, and the leader board moves)
  touches(rows) {
    const ids = (name: (typeof RACE_EVENTS)[number]["name"]) => (rows[name]?.args.roundId ?? []).map(String);
    const settled = [...ids("RoundSettled"), ...ids("RoundCancelled")];
    return {
      "races.round": [...new Set([...ids("RoundCreated"), ...ids("Predicted"), ...settled])],
      "races.account": [...new Set(rows.Predicted?.args.account ?? [])],
      "races.settled": [...new Set(settled)],
    };
  },
  // a settlement above the fork takes its points back (the rounds, predictions and results go by table)
  async rollback(tx, chainId, fork) {
    await tx.query(
      `WITH del AS (
         DELETE FROM points_ledger WHERE chain_id = $1 AND source = 'race' AND block_number > $2 RETURNING address, points
       )
       UPDATE points_totals t SET points = t.points - d.points
       FROM (SELECT address, sum(points) AS points FROM del GROUP BY address) d
       WHERE t.chain_id = $1 AND t.address = d.address`,
      [chainId, fork],
    );
  },
});
