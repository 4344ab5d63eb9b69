/**
 * SofiGovernor (issue 18): proposals (`ProposalCreated` with `ProposalStaked`'s stake), votes
 * (`VoteCast`, `VoteCastWithParams`) folded into per-proposal tallies, lifecycle events (queued with
 * its eta, executed, funded, canceled, stake claimed or refunded) and the quorum's history. Fixed
 * source: the deployment's `sofiGovernor`. A proposal's status is derived when read (core's
 * proposalStatusAt: times, tallies, quorum at the snapshot, events), as the contract derives it.
 */
import { PROPOSAL_CONTENT_MAX, PROPOSAL_TITLE_MAX, parseProposalDescription } from "@sofi/core";
import { storableText, storableTextFromBytes } from "@sofi/core/storable-text";
import { sofiGovernorAbi } from "@sofi/protocol";
import type { Queryable } from "../../db/client.ts";
import { bulkInsert } from "../bulk.ts";
import { type ColumnsOf, defineHandler, type EventOf, eventOf, rawOf } from "../handler.ts";

export const GOVERNANCE_EVENTS = [
  eventOf(sofiGovernorAbi, "ProposalCreated"),
  eventOf(sofiGovernorAbi, "ProposalStaked"),
  eventOf(sofiGovernorAbi, "VoteCast"),
  eventOf(sofiGovernorAbi, "VoteCastWithParams"),
  eventOf(sofiGovernorAbi, "ProposalQueued"),
  eventOf(sofiGovernorAbi, "ProposalExecuted"),
  eventOf(sofiGovernorAbi, "ProposalFunded"),
  eventOf(sofiGovernorAbi, "ProposalCanceled"),
  eventOf(sofiGovernorAbi, "StakeClaimed"),
  eventOf(sofiGovernorAbi, "StakeRefunded"),
  eventOf(sofiGovernorAbi, "QuorumVoteCountSet"),
];

type Gov = typeof sofiGovernorAbi;
const jsonList = (v: string | undefined): string =>
  JSON.stringify((JSON.parse(v ?? "[]") as unknown[]).map((x) => String(x).toLowerCase()));

/** The description as written (multi-line, bounded), from its exact bytes when the decoder cut or cleaned it. */
function description(text: string, raw: string | null): string {
  const max = PROPOSAL_CONTENT_MAX + PROPOSAL_TITLE_MAX + 8;
  return raw ? storableTextFromBytes(raw, { max, multiline: true }).text : storableText(text, { max, multiline: true });
}

async function insertProposals(tx: Queryable, chainId: number, c: ColumnsOf<EventOf<Gov, "ProposalCreated">>) {
  const raws = rawOf(c, "description");
  const descriptions = c.args.description.map((d, i) => description(d, raws[i] ?? null));
  await bulkInsert(
    tx,
    "governance_proposals",
    chainId,
    [
      { name: "governor", type: "text", values: c.address },
      { name: "proposal_id", type: "numeric", values: c.args.proposalId },
      { name: "block_number", type: "int8", values: c.block },
      { name: "log_index", type: "int4", values: c.logIndex },
      { name: "tx_hash", type: "text", values: c.tx },
      { name: "timestamp", type: "int8", values: c.ts },
      { name: "proposer", type: "text", values: c.args.proposer },
      { name: "targets", type: "jsonb", values: c.args.targets.map(jsonList) },
      { name: "values", type: "jsonb", values: c.args.values.map(jsonList) },
      { name: "calldatas", type: "jsonb", values: c.args.calldatas.map(jsonList) },
      { name: "vote_start", type: "int8", values: c.args.voteStart },
      { name: "vote_end", type: "int8", values: c.args.voteEnd },
      { name: "description", type: "text", values: descriptions },
      {
        name: "title",
        type: "text",
        values: descriptions.map((d) => storableText(parseProposalDescription(d).title, { max: PROPOSAL_TITLE_MAX })),
      },
    ],
    "",
  );
}

/** Votes inserted and folded into the tallies, in one statement. */
async function insertVotes(tx: Queryable, chainId: number, rows: ColumnsOf<EventOf<Gov, "VoteCast">>[]) {
  const cols = {
    block: [] as number[],
    log: [] as number[],
    tx: [] as string[],
    ts: [] as number[],
    governor: [] as string[],
    proposal: [] as string[],
    voter: [] as string[],
    support: [] as string[],
    weight: [] as string[],
  };
  for (const c of rows)
    for (let i = 0; i < c.block.length; i++) {
      cols.block.push(c.block[i] as number);
      cols.log.push(c.logIndex[i] as number);
      cols.tx.push(c.tx[i] as string);
      cols.ts.push(c.ts[i] as number);
      cols.governor.push(c.address[i] as string);
      cols.proposal.push(c.args.proposalId[i] as string);
      cols.voter.push(c.args.voter[i] as string);
      // the governor counts 1 as for and 0 as against (it refuses any other value)
      cols.support.push(c.args.support[i] === "1" ? "true" : "false");
      cols.weight.push(c.args.weight[i] as string);
    }
  await bulkInsert(
    tx,
    "governance_votes",
    chainId,
    [
      { name: "block_number", type: "int8", values: cols.block },
      { name: "log_index", type: "int4", values: cols.log },
      { name: "tx_hash", type: "text", values: cols.tx },
      { name: "timestamp", type: "int8", values: cols.ts },
      { name: "governor", type: "text", values: cols.governor },
      { name: "proposal_id", type: "numeric", values: cols.proposal },
      { name: "voter", type: "text", values: cols.voter },
      { name: "support", type: "bool", values: cols.support },
      { name: "weight", type: "numeric", values: cols.weight },
      { name: "weight_order", type: "float8", values: cols.weight },
    ],
    "",
    (insert) => `WITH ins AS (${insert} RETURNING governor, proposal_id, support, weight) ${foldTallies("ins", 1)}`,
  );
}

/** The tail of a votes statement that moves the tallies by the votes in `moved` (sign -1: deleted). */
function foldTallies(moved: string, sign: 1 | -1): string {
  return `INSERT INTO governance_tallies AS t (chain_id, governor, proposal_id, for_votes, against_votes, voters)
    SELECT $1, governor, proposal_id,
      ${sign} * COALESCE(sum(weight) FILTER (WHERE support), 0),
      ${sign} * COALESCE(sum(weight) FILTER (WHERE NOT support), 0),
      ${sign} * count(*)
    FROM ${moved} GROUP BY governor, proposal_id
    ON CONFLICT (chain_id, governor, proposal_id) DO UPDATE SET
      for_votes = t.for_votes + EXCLUDED.for_votes,
      against_votes = t.against_votes + EXCLUDED.against_votes,
      voters = t.voters + EXCLUDED.voters`;
}

type Kind = "queued" | "executed" | "funded" | "canceled" | "claimed" | "refunded";

async function insertEvents(
  tx: Queryable,
  chainId: number,
  parts: { kind: Kind; c: ColumnsOf<EventOf<Gov, "ProposalExecuted">>; eta?: string[]; amount?: string[] }[],
) {
  const out = {
    block: [] as number[],
    log: [] as number[],
    tx: [] as string[],
    ts: [] as number[],
    governor: [] as string[],
    proposal: [] as string[],
    kind: [] as string[],
    eta: [] as (string | null)[],
    amount: [] as (string | null)[],
  };
  for (const { kind, c, eta, amount } of parts)
    for (let i = 0; i < c.block.length; i++) {
      out.block.push(c.block[i] as number);
      out.log.push(c.logIndex[i] as number);
      out.tx.push(c.tx[i] as string);
      out.ts.push(c.ts[i] as number);
      out.governor.push(c.address[i] as string);
      out.proposal.push(c.args.proposalId[i] as string);
      out.kind.push(kind);
      out.eta.push(eta?.[i] ?? null);
      out.amount.push(amount?.[i] ?? null);
    }
  await bulkInsert(
    tx,
    "governance_events",
    chainId,
    [
      { name: "block_number", type: "int8", values: out.block },
      { name: "log_index", type: "int4", values: out.log },
      { name: "tx_hash", type: "text", values: out.tx },
      { name: "timestamp", type: "int8", values: out.ts },
      { name: "governor", type: "text", values: out.governor },
      { name: "proposal_id", type: "numeric", values: out.proposal },
      { name: "kind", type: "text", values: out.kind },
      { name: "eta", type: "int8", values: out.eta },
      { name: "amount", type: "numeric", values: out.amount },
    ],
    "",
  );
}

/** The events of one proposal (every governance event but the governor-wide quorum change). */
const PROPOSAL_EVENTS = GOVERNANCE_EVENTS.map((e) => e.name).filter((n) => n !== "QuorumVoteCountSet");

export const governanceHandler = defineHandler({
  name: "governance",
  events: GOVERNANCE_EVENTS,
  sources: [{ kind: "fixed", addresses: (d) => (d.contracts?.sofiGovernor ? [d.contracts.sofiGovernor] : []) }],
  tables: ["governance_proposals", "governance_events", "governance_quorums"],
  async insert(tx, chainId, rows) {
    await insertProposals(tx, chainId, rows.ProposalCreated);
    const staked = rows.ProposalStaked;
    if (staked.block.length > 0)
      await tx.query(
        `UPDATE governance_proposals p SET stake = s.stake
         FROM unnest($2::text[], $3::numeric[], $4::numeric[]) AS s(governor, proposal_id, stake)
         WHERE p.chain_id = $1 AND p.governor = s.governor AND p.proposal_id = s.proposal_id`,
        [
          chainId,
          `{${staked.address.join(",")}}`,
          `{${staked.args.proposalId.join(",")}}`,
          `{${staked.args.stake.join(",")}}`,
        ],
      );
    // VoteCastWithParams has VoteCast's fields and `params` (unused here)
    await insertVotes(tx, chainId, [rows.VoteCast, rows.VoteCastWithParams as ColumnsOf<EventOf<Gov, "VoteCast">>]);
    await insertEvents(tx, chainId, [
      { kind: "queued", c: rows.ProposalQueued, eta: rows.ProposalQueued.args.etaSeconds },
      { kind: "executed", c: rows.ProposalExecuted },
      { kind: "funded", c: rows.ProposalFunded },
      { kind: "canceled", c: rows.ProposalCanceled },
      { kind: "claimed", c: rows.StakeClaimed, amount: rows.StakeClaimed.args.amount },
      { kind: "refunded", c: rows.StakeRefunded, amount: rows.StakeRefunded.args.amount },
    ]);
    const q = rows.QuorumVoteCountSet;
    await bulkInsert(
      tx,
      "governance_quorums",
      chainId,
      [
        { name: "block_number", type: "int8", values: q.block },
        { name: "log_index", type: "int4", values: q.logIndex },
        { name: "timestamp", type: "int8", values: q.ts },
        { name: "governor", type: "text", values: q.address },
        { name: "quorum", type: "numeric", values: q.args.newQuorumVoteCount },
      ],
      "",
    );
  },
  // the topics governance replies are cached under (api/queries/proposal-versions.ts, issue 21 §1): a
  // proposal's reply and votes read only that proposal's rows, keyed by its id; a quorum change may
  // move the quorum of any proposal whose vote starts after it, keyed by the governor
  touches(rows) {
    const ids = new Set<string>();
    for (const name of PROPOSAL_EVENTS) for (const id of rows[name]?.args.proposalId ?? []) ids.add(String(id));
    return {
      "governance.proposal": [...ids],
      "governance.quorum": [...new Set(rows.QuorumVoteCountSet?.address ?? [])],
    };
  },
  // votes above the fork go, and the tallies with them, in one statement
  async rollback(tx, chainId, fork) {
    await tx.query(
      `WITH del AS (
         DELETE FROM governance_votes WHERE chain_id = $1 AND block_number > $2
         RETURNING governor, proposal_id, support, weight
       ) ${foldTallies("del", -1)}`,
      [chainId, fork],
    );
  },
});
