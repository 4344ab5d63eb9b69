/**
 * Synthetic governance for the API section (issue 18): `proposals` SofiGovernor proposals and
 * `votes` votes through the product's own tables, written with `generate_series` SQL like fill.ts,
 * with the rows the indexer keeps for a real proposal, so the proposals, proposal and votes
 * endpoints do their real work: per proposal its `ProposalCreated` row (the bench chain's governor,
 * ids after the ones the seed made, an `addTokens([token])` action on the portfolio factory or a
 * SOFI `transfer` campaign paid by the treasury, a "# Title\n\nbody" description of a few hundred
 * characters, the 100,000 SOFI stake), its votes (voters distinct per proposal, weights in SOFI base
 * units with a whale or two per proposal, for and against mixed, `weight_order` the weight as a
 * double), its `governance_tallies` row summed from those votes in SQL, its lifecycle events
 * (canceled and refunded, queued, executed, funded, stake claimed) and a quorum row older than every
 * proposal. Votes are skewed: one popular proposal holds a tenth of them, the others share the rest
 * by a Zipf law over a shuffled order (a popular few, a long tail of a handful each); proposals whose
 * vote has not started, or that were canceled, have none.
 *
 * Creation times are spread over the year before the indexed chain's first block; most vote windows
 * follow their creation (5 days of publicity, 3 to 7 of voting), the last fiftieth are moved around
 * the chain's now (from ten days ago to three weeks ahead, 7 days each) so some proposals are
 * active and some pending: at the chain's now every status 0-8 appears. Statuses follow the facts
 * (core's proposalStatusAt), not the other way round: events are written only where the tallies let
 * a proposal pass. Everything sits at block numbers 0 … votes/1000 with log indexes from 4,000,000
 * (proposals), 4,100,000 (votes), 4,200,000 (events) and 4,300,000 (the quorum): no key of an indexed
 * log is taken (fill.ts uses 1,000,000 and 2,000,000, fill-portfolios.ts 3,000,000), and a reorg
 * (which deletes above the fork) never reaches them. Their ids follow the seed's: a live governor's
 * next proposal would take the first synthetic id, so the fill is for a chain that makes no more
 * proposals (the bench's, whose chain is fixed before the load).
 */
import { proposalStatusAt } from "@sofi/core";
import { type Deployment, portfolioFactoryAbi, sofiTokenAbi } from "@sofi/protocol";
import { type Address, encodeFunctionData, parseEther } from "viem";
import type { Db } from "../../server/src/db/client.ts";

const DAY = 86_400;
const HOUR = 3_600;
const YEAR_AND_A_DAY = 366 * DAY;
const PER_BLOCK = 1_000;
/** Votes per INSERT (one transaction each). */
const CHUNK = 200_000;
export const GOVERNANCE_LOG_BASE = 4_000_000;
const VOTE_LOG = GOVERNANCE_LOG_BASE + 100_000;
const EVENT_LOG = GOVERNANCE_LOG_BASE + 200_000;
const QUORUM_LOG = GOVERNANCE_LOG_BASE + 300_000;
/** The seed's governor settings: 5 days of publicity, the timelock's 1-day delay locally, a 2M SOFI quorum. */
const PUBLICITY_S = 5 * DAY;
const TIMELOCK_DELAY_S = DAY;
const DEFAULT_QUORUM = parseEther("2000000");
const STAKE = parseEther("100000");
/**
 * Distinct proposers (the `k`-th proposal's is `k % PROPOSERS`): at 10,000 proposals two each, and
 * more than the API's reply cache keeps (2,000 keys), so the row asking for each proposer's
 * proposals in turn reads the database every time.
 */
export const PROPOSERS = 5_000;
/** Where the synthetic campaigns pay. */
const CAMPAIGN_WALLET = `0xca${"0".repeat(37)}1`;
const CAMPAIGN_SOFI = [10_000, 25_000, 50_000, 100_000, 250_000];

/** The `k`-th synthetic proposer. */
export const benchProposer = (k: number) => `0x9a${(k % PROPOSERS).toString(16).padStart(38, "0")}`;
/** The synthetic proposal (its index among them) holding a tenth of the votes: voted on five months ago. */
export const popularIndex = (proposals: number) => Math.floor(proposals * 0.6);

export type GovernanceFillResult = {
  proposals: number;
  votes: number;
  /** The first synthetic proposal's id (they are consecutive: first … first + proposals - 1). */
  firstProposalId: number;
  /** Proposals in the table (the seed's and the synthetic ones). */
  totalProposals: number;
  /** Distinct synthetic proposers (benchProposer(0 … proposers - 1)). */
  proposers: number;
  /** The popular proposal: its id and votes. */
  popularProposalId: number;
  popularVotes: number;
  /** Synthetic proposals by status at the chain's now (the API's status, 0-8). */
  statuses: Record<string, number>;
  /** Rows in each table afterwards (synthetic + indexed). */
  tables: {
    governanceProposals: number;
    governanceVotes: number;
    governanceTallies: number;
    governanceEvents: number;
    governanceQuorums: number;
  };
  /** Time to insert and ANALYZE. */
  ms: number;
};

/**
 * Votes per synthetic proposal: `popular` gets a tenth, the other eligible ones share the rest by
 * 1/(rank + 1) over an order shuffled by a multiplicative hash (the next most voted about half the
 * popular one's; remainders to the first ranks).
 */
export function voteCounts(eligible: boolean[], popular: number, votes: number): number[] {
  const n = eligible.length;
  const counts = new Array<number>(n).fill(0);
  if (!eligible[popular]) throw new Error(`synthetic proposal ${popular} cannot hold votes`);
  const others = eligible
    .map((ok, k) => (ok && k !== popular ? k : -1))
    .filter((k) => k >= 0)
    .sort((a, b) => ((a * 7_919) % 10_007) - ((b * 7_919) % 10_007) || a - b);
  const top = others.length === 0 ? votes : Math.floor(votes / 10);
  counts[popular] = top;
  const rest = votes - top;
  const harmonic = others.reduce((s, _k, r) => s + 1 / (r + 2), 0);
  let given = 0;
  others.forEach((k, r) => {
    const c = Math.floor((rest * (1 / (r + 2))) / harmonic);
    counts[k] = c;
    given += c;
  });
  for (let r = 0; given < rest; r = (r + 1) % others.length, given++) {
    const k = others[r] as number;
    counts[k] = (counts[k] as number) + 1;
  }
  return counts;
}

export async function fillGovernance(
  db: Db,
  opts: { chainId: number; deployment: Deployment; proposals: number; votes: number; log?: (s: string) => void },
): Promise<GovernanceFillResult> {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const { chainId, deployment, proposals: n, votes } = opts;
  const governor = deployment.contracts.sofiGovernor?.toLowerCase();
  const factory = deployment.contracts.portfolioFactory?.toLowerCase();
  const sofi = deployment.tokens.find((t) => t.symbol === "SOFI")?.address.toLowerCase();
  if (!governor || !factory || !sofi) throw new Error("the deployment has no governor, portfolio factory or SOFI");
  if (n < 1) throw new Error("at least one synthetic proposal");
  const listable = deployment.tokens.filter((t) => t.symbol !== "SOFI");
  const arr = (xs: (string | number)[]) => `{${xs.join(",")}}`;
  // Actions: addTokens([token]) on the factory (kind editPortfolioList), or a campaign paid in SOFI.
  const listCalldatas = listable.map((t) =>
    encodeFunctionData({ abi: portfolioFactoryAbi, functionName: "addTokens", args: [[t.address as Address]] }),
  );
  const campaignCalldatas = CAMPAIGN_SOFI.map((whole) =>
    encodeFunctionData({
      abi: sofiTokenAbi,
      functionName: "transfer",
      args: [CAMPAIGN_WALLET as Address, parseEther(String(whole))],
    }),
  );

  // The chain's now (the API reads statuses at the later of the wall clock and the last indexed
  // block) and its first block (its deployment: the quorum's first row, else its first sync).
  const num = async (sql: string, params: unknown[]) =>
    Number((await db.query<{ v: unknown }>(sql, params))[0]?.v ?? 0);
  const lastBlockTs = await num("SELECT max(timestamp) AS v FROM indexer_blocks WHERE chain_id = $1", [chainId]);
  const now = Math.max(Math.floor(Date.now() / 1000), lastBlockTs);
  const firstTs = Math.min(
    ...(
      await db.query<{ v: unknown }>(
        `SELECT min(timestamp) AS v FROM pair_syncs WHERE chain_id = $1 AND log_index < 1000000
         UNION ALL SELECT min(timestamp) FROM governance_quorums WHERE chain_id = $1 AND log_index < ${GOVERNANCE_LOG_BASE}
         UNION ALL SELECT min(timestamp) FROM governance_proposals WHERE chain_id = $1 AND log_index < ${GOVERNANCE_LOG_BASE}`,
        [chainId],
      )
    )
      .map((r) => Number(r.v))
      .filter((v) => v > 0),
    now,
  );
  const end = firstTs - 1;
  const start = Math.min(now - YEAR_AND_A_DAY, end - 30 * DAY);
  const firstId =
    1 +
    (await num(
      `SELECT COALESCE(max(proposal_id), 0)::text AS v FROM governance_proposals WHERE chain_id = $1 AND governor = $2`,
      [chainId, governor],
    ));
  const quorum = BigInt(
    (
      await db.query<{ q: string }>(
        `SELECT quorum::text AS q FROM governance_quorums WHERE chain_id = $1 AND governor = $2
         ORDER BY timestamp, block_number, log_index LIMIT 1`,
        [chainId, governor],
      )
    )[0]?.q ?? DEFAULT_QUORUM,
  );
  // The last fiftieth: vote windows around now (from ten days ago to three weeks ahead).
  const late = Math.max(1, Math.floor(n / 50));

  // k: the proposal; created its creation time; campaign whether it pays (else it lists a token).
  const pk = `SELECT k, $4::int8 + k AS id, $5::int8 + (k * ($6::int8 - $5::int8)) / $2::int8 AS created,
                k % 3 <> 0 AS campaign, '0x9a' || lpad(to_hex(k % ${PROPOSERS}), 38, '0') AS proposer
              FROM generate_series(0, $2::int8 - 1) AS k`;
  const windows = `SELECT *, CASE WHEN k >= $2::int8 - $7::int8
                     THEN $3::int8 - 10 * ${DAY} + ((k - ($2::int8 - $7::int8)) * 30 * ${DAY}) / $7::int8
                     ELSE created + ${PUBLICITY_S} END AS vote_start,
                   CASE WHEN k >= $2::int8 - $7::int8 THEN 7 * ${DAY} ELSE (3 + k % 5) * ${DAY} END AS period
                 FROM (${pk}) pk`;
  const common = [chainId, n, now, firstId, start, end, late];
  log(`  ${n.toLocaleString("en-US")} synthetic proposals (ids ${firstId}-${firstId + n - 1})`);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO governance_quorums (chain_id, block_number, log_index, timestamp, governor, quorum)
       VALUES ($1, 0, ${QUORUM_LOG}, $2, $3, $4)`,
      [chainId, start - 1, governor, quorum.toString()],
    );
    await tx.query(
      `INSERT INTO governance_proposals (chain_id, governor, proposal_id, block_number, log_index, tx_hash, timestamp,
         proposer, targets, "values", calldatas, vote_start, vote_end, description, title, stake)
       SELECT $1, $8, id, k / ${PER_BLOCK}, ${GOVERNANCE_LOG_BASE} + (k % ${PER_BLOCK}) * 2,
         '0xa' || lpad(to_hex(k), 63, '0'), created, proposer,
         jsonb_build_array(CASE WHEN campaign THEN $9 ELSE $10 END), '["0"]'::jsonb,
         jsonb_build_array(CASE WHEN campaign THEN ($11::text[])[1 + k % $12::int4]
                           ELSE ($13::text[])[1 + k % $14::int4] END),
         vote_start, vote_start + period, '# ' || title || E'\\n\\n' || body, title, $15::numeric
       FROM (SELECT *,
               CASE WHEN campaign
                 THEN format('Campaign %s: %s SOFI for %s', id,
                   to_char((ARRAY[${CAMPAIGN_SOFI.join(",")}])[1 + k % ${CAMPAIGN_SOFI.length}], 'FM999,999,999'),
                   (ARRAY['trading competitions', 'translators', 'market makers', 'a hackathon'])[1 + k % 4])
                 ELSE format('List %s for portfolios (%s)', ($16::text[])[1 + k % $14::int4], id) END AS title,
               format(E'%s\\n\\n- Proposed by %s, %s days of voting after the publicity period\\n- Quorum: 2,000,000 SOFI at the snapshot; the stake of 100,000 SOFI comes back once it ends\\n\\nDiscussion: https://forum.example/t/%s. Voters who hold SOFI at the snapshot may vote for or against; the timelock executes it a day after it is queued.',
                 CASE WHEN campaign THEN 'Pay a marketing campaign out of the treasury: the timelock transfers the SOFI to the campaign wallet, which reports every week.'
                   ELSE 'Let managers build portfolios with this token: it has WETH and USDT pools on both DEXes and a price feed.' END,
                 proposer, period / ${DAY}, id) AS body
             FROM (${windows}) w) p`,
      [
        ...common,
        governor,
        sofi,
        factory,
        arr(campaignCalldatas),
        campaignCalldatas.length,
        arr(listCalldatas),
        listCalldatas.length,
        STAKE.toString(),
        arr(listable.map((t) => t.symbol)),
      ],
    );
    // a proposer withdraws one proposal in 37 an hour after creating it: canceled, the stake refunded
    await tx.query(
      `INSERT INTO governance_events (chain_id, block_number, log_index, tx_hash, timestamp, governor, proposal_id, kind, eta, amount)
       SELECT $1, k / ${PER_BLOCK}, ${EVENT_LOG} + (k % ${PER_BLOCK}) * 8 + e, '0xb' || lpad(to_hex(k * 8 + e), 63, '0'),
         created + ${HOUR} + e * 60, $8, id, (ARRAY['canceled', 'refunded'])[e + 1], NULL,
         CASE WHEN e = 1 THEN $9::numeric END
       FROM (${windows}) w CROSS JOIN generate_series(0, 1) AS e
       WHERE k % 37 = 5 AND created + ${HOUR} < vote_start`,
      [...common, governor, STAKE.toString()],
    );
  });

  // Which proposals hold votes: started before now, not canceled.
  const rows = await db.query<{ k: unknown; vote_start: unknown; vote_end: unknown; canceled: boolean }>(
    `SELECT (p.proposal_id - $3)::int8 AS k, p.vote_start, p.vote_end,
       EXISTS (SELECT 1 FROM governance_events e WHERE e.chain_id = p.chain_id AND e.governor = p.governor
               AND e.proposal_id = p.proposal_id AND e.kind = 'canceled') AS canceled
     FROM governance_proposals p WHERE p.chain_id = $1 AND p.governor = $2 AND p.proposal_id >= $3
     ORDER BY p.proposal_id`,
    [chainId, governor, firstId],
  );
  const props = rows.map((r) => ({
    k: Number(r.k),
    voteStart: Number(r.vote_start),
    voteEnd: Number(r.vote_end),
    canceled: r.canceled,
  }));
  const eligible = props.map((p) => !p.canceled && p.voteStart < now);
  let popular = popularIndex(n);
  while (popular < n - 1 && !eligible[popular]) popular++;
  const counts = voteCounts(eligible, popular, votes);
  const voterSpace = Math.max(200_000, ...counts);

  // Votes, a chunk of proposals at a time: v the vote's global number (its block and log index), j
  // its rank in its proposal (its weight: about 1,000,000 SOFI / (j + 1); its voter, distinct per
  // proposal). For votes are the proposal's share (35 % to 90 %; the popular one 80 %).
  let v0 = 0;
  for (let lo = 0; lo < n; ) {
    const ks: number[] = [];
    const offs: number[] = [];
    let inChunk = 0;
    let hi = lo;
    for (; hi < n && (inChunk === 0 || inChunk + (counts[hi] as number) <= CHUNK); hi++) {
      const c = counts[hi] as number;
      if (c === 0) continue;
      ks.push(hi);
      offs.push(v0 + inChunk);
      inChunk += c;
    }
    if (ks.length > 0) {
      log(
        `  synthetic votes ${v0.toLocaleString("en-US")}-${(v0 + inChunk).toLocaleString("en-US")} of ${votes.toLocaleString("en-US")}`,
      );
      await db.query(
        `INSERT INTO governance_votes (chain_id, block_number, log_index, tx_hash, timestamp, governor, proposal_id,
           voter, support, weight, weight_order)
         SELECT $1, v / ${PER_BLOCK}, ${VOTE_LOG} + v % ${PER_BLOCK}, '0xc' || lpad(to_hex(v), 63, '0'),
           vote_start + 1 + (j * 7919 + k) % greatest(1, least(vote_end, $3::int8) - vote_start - 1),
           $2, $4::int8 + k, '0x7e' || lpad(to_hex((k * 7919 + j) % $5::int8), 38, '0'),
           (j * 7919 + k * 104729) % 100 < CASE WHEN k = $6::int8 THEN 80 ELSE 35 + (k * 37) % 56 END,
           weight, weight::float8
         FROM (SELECT g.*, j, o + j AS v,
                 floor(1000000000000000000000000::numeric * (900 + (o + j) * 7919 % 201) / 1000 / (j + 1))::numeric(78, 0) AS weight
               FROM unnest($7::int8[], $8::int8[], $9::int8[], $10::int8[], $11::int8[])
                 AS g(k, n, o, vote_start, vote_end)
               CROSS JOIN LATERAL generate_series(0, g.n - 1) AS j) x`,
        [
          chainId,
          governor,
          now,
          firstId,
          voterSpace,
          popular,
          arr(ks),
          arr(ks.map((k) => counts[k] as number)),
          arr(offs),
          arr(ks.map((k) => props[k]?.voteStart ?? 0)),
          arr(ks.map((k) => props[k]?.voteEnd ?? 0)),
        ],
      );
    }
    v0 += inChunk;
    lo = hi;
  }
  log("  governance tallies (summed from the synthetic votes)");
  await db.query(
    `INSERT INTO governance_tallies AS t (chain_id, governor, proposal_id, for_votes, against_votes, voters)
     SELECT $1, governor, proposal_id, COALESCE(sum(weight) FILTER (WHERE support), 0),
       COALESCE(sum(weight) FILTER (WHERE NOT support), 0), count(*)
     FROM governance_votes WHERE chain_id = $1 AND governor = $2 AND log_index >= ${VOTE_LOG} AND log_index < ${EVENT_LOG}
     GROUP BY governor, proposal_id
     ON CONFLICT (chain_id, governor, proposal_id) DO UPDATE SET for_votes = t.for_votes + EXCLUDED.for_votes,
       against_votes = t.against_votes + EXCLUDED.against_votes, voters = t.voters + EXCLUDED.voters`,
    [chainId, governor],
  );
  // Ended proposals: passed ones (the quorum reached, more for than against) queued an hour after
  // the vote (eta a day later) four times in five, three in five executed an hour after their eta
  // (campaigns funded by it); every second executed one's stake claimed a day after, and every
  // second defeated one's a day after its vote. Nothing after now.
  log("  governance events (queued, executed, funded, claimed)");
  await db.query(
    `INSERT INTO governance_events (chain_id, block_number, log_index, tx_hash, timestamp, governor, proposal_id, kind, eta, amount)
     SELECT $1, k / ${PER_BLOCK}, ${EVENT_LOG} + (k % ${PER_BLOCK}) * 8 + x.e, '0xb' || lpad(to_hex(k * 8 + x.e), 63, '0'),
       x.ts, $2, proposal_id, x.kind, CASE WHEN x.kind = 'queued' THEN eta END,
       CASE WHEN x.kind = 'claimed' THEN $5::numeric END
     FROM (SELECT *, queued AND k % 5 >= 2 AND eta + ${HOUR} <= $4::int8 AS executed
           FROM (SELECT *, passed AND k % 5 <> 0 AND vote_end + ${HOUR} <= $4::int8 AS queued,
                   vote_end + ${HOUR} + ${TIMELOCK_DELAY_S} AS eta
                 FROM (SELECT (p.proposal_id - $3)::int8 AS k, p.proposal_id, p.vote_end, p.targets ->> 0 = $7 AS campaign,
                         COALESCE(t.for_votes >= $6::numeric AND t.for_votes > t.against_votes, false) AS passed
                       FROM governance_proposals p LEFT JOIN governance_tallies t ON t.chain_id = p.chain_id
                         AND t.governor = p.governor AND t.proposal_id = p.proposal_id
                       WHERE p.chain_id = $1 AND p.governor = $2 AND p.proposal_id >= $3 AND p.vote_end < $4::int8
                         AND NOT EXISTS (SELECT 1 FROM governance_events c WHERE c.chain_id = p.chain_id
                           AND c.governor = p.governor AND c.proposal_id = p.proposal_id AND c.kind = 'canceled')) p0) p1) p
     CROSS JOIN LATERAL (VALUES
       (2, 'queued', vote_end + ${HOUR}, queued),
       (3, 'executed', eta + ${HOUR}, executed),
       (4, 'funded', eta + ${HOUR}, executed AND campaign),
       (5, 'claimed', CASE WHEN executed THEN eta + ${HOUR} ELSE vote_end END + ${DAY},
         k % 2 = 0 AND (executed OR NOT passed))
     ) AS x(e, kind, ts, happens)
     WHERE x.happens AND x.ts <= $4::int8`,
    [chainId, governor, firstId, now, STAKE.toString(), quorum.toString(), sofi],
  );
  log("  ANALYZE");
  await db.query(
    "ANALYZE governance_proposals, governance_votes, governance_tallies, governance_events, governance_quorums",
  );

  // Statuses at the chain's now, as the API derives them.
  const facts = await db.query<{
    vote_start: unknown;
    vote_end: unknown;
    for_votes: string | null;
    against_votes: string | null;
    kinds: string[] | null;
    eta: unknown;
  }>(
    `SELECT p.vote_start, p.vote_end, t.for_votes::text AS for_votes, t.against_votes::text AS against_votes,
       (SELECT array_agg(e.kind) FROM governance_events e WHERE e.chain_id = p.chain_id AND e.governor = p.governor
          AND e.proposal_id = p.proposal_id) AS kinds,
       (SELECT max(e.eta) FROM governance_events e WHERE e.chain_id = p.chain_id AND e.governor = p.governor
          AND e.proposal_id = p.proposal_id AND e.kind = 'queued') AS eta
     FROM governance_proposals p LEFT JOIN governance_tallies t ON t.chain_id = p.chain_id AND t.governor = p.governor
       AND t.proposal_id = p.proposal_id
     WHERE p.chain_id = $1 AND p.governor = $2 AND p.proposal_id >= $3`,
    [chainId, governor, firstId],
  );
  const statuses: Record<string, number> = {};
  for (const f of facts) {
    const kinds = f.kinds ?? [];
    const s = proposalStatusAt(
      {
        voteStart: Number(f.vote_start),
        voteEnd: Number(f.vote_end),
        forVotes: BigInt(f.for_votes ?? "0"),
        againstVotes: BigInt(f.against_votes ?? "0"),
        quorum,
        canceled: kinds.includes("canceled"),
        eta: f.eta === null ? null : Number(f.eta),
        executed: kinds.includes("executed"),
        funded: kinds.includes("funded"),
      },
      now,
    );
    statuses[s] = (statuses[s] ?? 0) + 1;
  }
  const count = async (table: string) => num(`SELECT count(*) AS v FROM ${table}`, []);
  return {
    proposals: n,
    votes,
    firstProposalId: firstId,
    totalProposals: await num("SELECT count(*) AS v FROM governance_proposals WHERE chain_id = $1 AND governor = $2", [
      chainId,
      governor,
    ]),
    proposers: Math.min(n, PROPOSERS),
    popularProposalId: firstId + popular,
    popularVotes: await num(
      "SELECT count(*) AS v FROM governance_votes WHERE chain_id = $1 AND governor = $2 AND proposal_id = $3",
      [chainId, governor, firstId + popular],
    ),
    statuses,
    tables: {
      governanceProposals: await count("governance_proposals"),
      governanceVotes: await count("governance_votes"),
      governanceTallies: await count("governance_tallies"),
      governanceEvents: await count("governance_events"),
      governanceQuorums: await count("governance_quorums"),
    },
    ms: performance.now() - t0,
  };
}
