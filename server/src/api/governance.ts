/**
 * Governance area (issue 18, spec 002 §7): `GET /sofi/proposals` (also `?proposer=`),
 * `GET /sofi/proposal?proposalId&contract&address` (with the address's `available_votes`,
 * `already_votes` and `approve`), `GET /sofi/votes?proposalId`; beyond the spec, the gasless
 * relay `POST /sofi/vote` (an EIP-712 ballot the voter signed: simulated first and refused with its
 * revert reason, rate-limited per voter and per IP, queued for the relay job that sends it from the
 * relayer account on exactly one server) and `POST /sofi/simulate` (actions executed now from the
 * timelock with eth_call: "would succeed" or the decoded revert reason).
 */
import {
  type ApiProposal,
  ballotBodySchema,
  GOVERNANCE_ERRORS,
  GOVERNANCE_GRACE_PERIOD_S,
  type ProposalsCacheState,
  parseProposalDescription,
  proposalQuerySchema,
  proposalStatusAt,
  proposalsQuerySchema,
  simulateBodySchema,
  VOTES_PAGE_SIZE,
  votesQuerySchema,
} from "@sofi/core";
import { storableText } from "@sofi/core/storable-text";
import { sofiGovernorAbi, sofiTokenAbi } from "@sofi/protocol";
import { type Context, Hono } from "hono";
import { type Address, getAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { TokenBuckets, tooManyRequests } from "../auth/rate-limit.ts";
import type { ApiArea, ApiEnv, ChainRuntime } from "./area.ts";
import { checksum } from "./checksum.ts";
import { sendCompressedJson } from "./compressed-json.ts";
import { JsonBytes, ownBytes } from "./json-bytes.ts";
import { KeptReplies } from "./kept-replies.ts";
import { ChainClock } from "./queries/chain-time.ts";
import { GovernanceSql, type ProposalRecord } from "./queries/governance.ts";
import { decodeAction, revertReason } from "./queries/governance-calls.ts";
import { type BookEntry, ProposalBook } from "./queries/proposal-book.ts";
import { GOVERNANCE_PROPOSAL_TOPIC, ProposalVersions } from "./queries/proposal-versions.ts";
import { ReplyCache } from "./reply-cache.ts";
import { limitBody, validJson, validQuery } from "./validate.ts";

/** A ballot: an id, a boolean, an address and a 65-byte signature. */
export const BALLOT_BODY_MAX = 1024;
/** Up to 20 actions with their calldata. */
export const SIMULATE_BODY_MAX = 200 * 1024;
/** How long `POST /sofi/vote` waits for the relay job to send the ballot before answering "pending". */
export const RELAY_WAIT_MS = 20_000;
/** eth_calls of simulations per client IP per minute. */
export const SIMULATIONS_PER_IP_PER_MINUTE = 60;
/**
 * How long list replies are reused (and never past a commit that touched a proposal): their statuses
 * are read at the chain's time, so a list is at most this late on a status that time alone changed.
 */
export const GOVERNANCE_CACHE_MS = 2_000;
/**
 * Proposals whose records are kept (issue 21 §1: the bench reads 10,000 in turn). A record is the
 * proposal's row, tallies, events and decoded reply: about 7 KB held with a short description
 * (measured at 10,002 proposals: 73 MB of heap), so about 90 MB when full.
 */
export const PROPOSAL_RECORDS_MAX = 12_000;
/**
 * Bytes of votes pages kept (gzip-compressed from 1 KB: a page of 100 votes is about 15 KB of JSON
 * and 7 KB compressed, the addresses and hashes being random), and the page read ahead for the
 * newest proposals: the web's first page (VOTES_PAGE_SIZE, 50 from offset 0; the API's default is
 * 100), within VOTES_WARM_SHARE of the budget.
 */
export const VOTES_PAGES_BYTES = 128 * 1024 * 1024;
export const VOTES_WARM_LIMIT = VOTES_PAGE_SIZE;
export const VOTES_WARM_SHARE = 0.75;

type KeptProposal = BookEntry<ApiProposal> | null;

/** The chain's governor and timelock (null: governance is not deployed there). */
export function governanceOf(ch: ChainRuntime): { governor: Address; timelock: Address | null } | null {
  const c = ch.config.deployment?.contracts as Record<string, Address | undefined> | undefined;
  if (!c?.sofiGovernor) return null;
  return { governor: c.sofiGovernor, timelock: c.timelock ?? null };
}

/** The status, the time of each transition (with its transaction where one made it) and the facts. */
export function describeRecord(p: ProposalRecord, at: number) {
  const ev = (kind: string) => p.events.find((e) => e.kind === kind);
  const queued = ev("queued");
  const executed = ev("executed");
  const canceled = ev("canceled");
  const funded = Boolean(ev("funded"));
  const eta = queued?.eta ?? null;
  const state = proposalStatusAt(
    {
      voteStart: p.voteStart,
      voteEnd: p.voteEnd,
      forVotes: p.forVotes,
      againstVotes: p.againstVotes,
      quorum: p.quorum,
      canceled: Boolean(canceled),
      eta,
      executed: Boolean(executed),
      funded,
    },
    at,
  );
  const history: ApiProposal["state_history"] = [{ state: 0, start_time: p.timestamp, txid: p.txHash }];
  const endedBy = canceled?.ts ?? Number.POSITIVE_INFINITY;
  if (at > p.voteStart && p.voteStart < endedBy) history.push({ state: 1, start_time: p.voteStart, txid: null });
  if (canceled) history.push({ state: 2, start_time: canceled.ts, txid: canceled.tx });
  else if (at > p.voteEnd) {
    const passed = p.forVotes >= p.quorum && p.forVotes > p.againstVotes;
    history.push({ state: passed ? 4 : 3, start_time: p.voteEnd, txid: null });
  }
  if (queued) history.push({ state: 5, start_time: queued.ts, txid: queued.tx });
  if (executed) history.push({ state: funded ? 8 : 7, start_time: executed.ts, txid: executed.tx });
  else if (state === 6 && eta !== null)
    history.push({ state: 6, start_time: eta + GOVERNANCE_GRACE_PERIOD_S, txid: null });
  const withdrawn = p.events.some((e) => e.kind === "claimed" || e.kind === "refunded");
  return { state, eta, history, withdrawn };
}

/**
 * The last second through which the status and history read at `at` stay the same: the next of the
 * times they compare the clock with (`now > t`: the vote's start and end, the queued proposal's
 * expiry). The record itself changes only with a commit that touches the proposal.
 */
export function stableThrough(p: ProposalRecord, at: number): number {
  const eta = p.events.find((e) => e.kind === "queued")?.eta ?? null;
  const times = [p.voteStart, p.voteEnd, ...(eta === null ? [] : [eta + GOVERNANCE_GRACE_PERIOD_S])];
  return Math.min(...times.filter((t) => t >= at), Number.POSITIVE_INFINITY);
}

/** The parts of a proposal's reply that follow the chain's time (the rest holds until a commit touches it). */
export function timedParts(p: ProposalRecord, at: number) {
  const { state, eta, history, withdrawn } = describeRecord(p, at);
  return { state, eta, withdrawn, state_history: history };
}

/** A proposal as the API answers it (§3 "Proposal (display)"). */
export function toApiProposal(p: ProposalRecord, at: number): ApiProposal {
  const { state, eta, history, withdrawn } = describeRecord(p, at);
  const calls = p.targets.map((target, i) => decodeAction(target, p.values[i] ?? "0", (p.calldatas[i] ?? "0x") as Hex));
  const { content } = parseProposalDescription(p.description);
  const editsList = calls.length > 0 && calls.every((c) => /^(addTokens|removeTokens)\(/.test(c.signature));
  return {
    proposalId: p.proposalId,
    index: Number(p.proposalId),
    contract: checksum(p.governor),
    title: p.title,
    description: content,
    actions: calls
      .map((c) => `${checksum(c.target)}.${c.signature}${c.args.length ? ` ${c.args.join(" ")}` : ""}`)
      .join("\n"),
    calls: calls.map((c) => ({ ...c, target: checksum(c.target) })),
    kind: editsList ? "editPortfolioList" : "marketingCampaign",
    state,
    proposer: checksum(p.proposer),
    blockHeight: p.blockNumber,
    createTime: p.timestamp,
    startTime: p.voteStart,
    endTime: p.voteEnd,
    eta,
    forVotes: p.forVotes.toString(),
    againstVotes: p.againstVotes.toString(),
    quorum: p.quorum.toString(),
    stake: p.stake,
    withdrawn,
    txid: p.txHash,
    state_history: history,
  };
}

export const governanceArea: ApiArea = (deps) => {
  const cfg = deps.config.governance;
  const relayer = cfg.relayerKey ? privateKeyToAccount(cfg.relayerKey) : null;
  const perVoter = new TokenBuckets(cfg.relayPerAddressPerMinute);
  const perIp = new TokenBuckets(cfg.relayPerIpPerMinute);
  const simulations = new TokenBuckets(SIMULATIONS_PER_IP_PER_MINUTE);
  const sqlOf = (ch: ChainRuntime, governor: string) =>
    new GovernanceSql(deps.db, ch.config.info.id, governor.toLowerCase());
  const perChain = <T>(make: (ch: ChainRuntime) => T) => {
    const of = new WeakMap<ChainRuntime, T>();
    return (ch: ChainRuntime): T => {
      let v = of.get(ch);
      if (v === undefined) {
        v = make(ch);
        of.set(ch, v);
      }
      return v;
    };
  };
  /**
   * How long one proposal's record is kept while no commit touches that proposal (ProposalVersions;
   * its status is read at the chain's time on every request): the signal's keptMs. Without a commit
   * signal (never in the running product), GOVERNANCE_CACHE_MS.
   */
  const keepMs = (ch: ChainRuntime) => ch.commits?.keptMs ?? GOVERNANCE_CACHE_MS;
  const versionsOf = perChain((ch) => new ProposalVersions(ch.commits));
  const listsOf = perChain(() => new ReplyCache<string>(GOVERNANCE_CACHE_MS));
  const recordsOf = perChain((ch) => new ReplyCache<KeptProposal>(keepMs(ch), PROPOSAL_RECORDS_MAX));
  /** Votes pages by proposal, until a commit names the proposal (its votes and voters' count change only then). */
  const votesOf = perChain(
    (ch) =>
      new KeptReplies({
        commits: ch.commits,
        keysOf: (change) => change.touched[GOVERNANCE_PROPOSAL_TOPIC] ?? [],
        maxBytes: VOTES_PAGES_BYTES,
        gzipFrom: 1024,
      }),
  );
  const votesJson = (rows: Awaited<ReturnType<GovernanceSql["votes"]>>, voters: number) =>
    JSON.stringify({
      votes: rows.map((v) => ({
        voter: checksum(v.voter),
        support: v.support,
        votes: v.weight,
        txid: v.tx_hash,
        timestamp: Number(v.timestamp),
      })),
      total: voters,
    });
  /** Once the book is held: the first votes page of every proposal in it, newest first, within the share. */
  const warmVotes = (ch: ChainRuntime, book: ProposalBook<ApiProposal>, governor: string) =>
    votesOf(ch)
      .warm(
        async () => book.page(book.size, 0).items.map((e) => e.record.proposalId),
        `${VOTES_WARM_LIMIT}|0`,
        async (ids) => {
          const pages = await sqlOf(ch, governor).votesOfMany(ids, VOTES_WARM_LIMIT);
          return new Map(
            ids.map((id) => [
              id,
              { text: votesJson(pages.get(id) ?? [], book.get(id)?.record.voters ?? 0), meta: undefined },
            ]),
          );
        },
        { share: VOTES_WARM_SHARE, batch: 50, pauseMs: 20 },
      )
      .catch((e: Error) => console.error(`governance: reading votes ahead stopped: ${e.message}`));
  /**
   * Every proposal in memory (queries/proposal-book.ts), kept exact by the commits; null where
   * there is no governor or no commit signal to keep it exact (reads go to the database).
   */
  const bookOf = perChain((ch) => {
    const gov = governanceOf(ch);
    if (!gov || !ch.commits) return null;
    const sql = sqlOf(ch, gov.governor);
    return new ProposalBook<ApiProposal>(
      { list: (limit, offset) => sql.list(limit, offset), one: (id) => sql.one(id) },
      (r) => toApiProposal(r, 0),
      ch.commits,
    );
  });
  /** The book if it can answer now (it starts loading on first use). */
  const readyBook = async (ch: ChainRuntime) => {
    const book = bookOf(ch);
    if (!book || !(await book.ready())) return null;
    // once held, the newest proposals' first votes pages are read ahead (once per chain)
    const gov = governanceOf(ch);
    if (gov && votesOf(ch).warmth === "cold") void warmVotes(ch, book, gov.governor);
    return book;
  };
  const atTime = (e: BookEntry<ApiProposal>, at: number): ApiProposal => ({
    ...e.reply,
    ...timedParts(e.record, at),
  });
  /**
   * A proposal's JSON at the chain's time `at`, serialized again only once the time passes one its
   * status or history compares with (stableThrough): a list page of twenty is twenty kept texts
   * joined, not twenty objects described and serialized.
   * Keyed by the entry: a commit that touches the proposal replaces the entry, and the text with it.
   */
  const shown = new WeakMap<BookEntry<ApiProposal>, { from: number; through: number; bytes: Buffer<ArrayBuffer> }>();
  /** Kept as UTF-8 bytes (json-bytes.ts): a page is written from them and not encoded again on its way out. */
  const bytesAt = (e: BookEntry<ApiProposal>, at: number): Buffer<ArrayBuffer> => {
    const kept = shown.get(e);
    if (kept && at >= kept.from && at <= kept.through) return kept.bytes;
    const bytes = ownBytes(JSON.stringify({ ...e.reply, ...timedParts(e.record, at) }));
    shown.set(e, { from: at, through: stableThrough(e.record, at), bytes });
    return bytes;
  };
  /** Statuses are read at the chain's time (queries/chain-time.ts), its indexed part at most 1 s old. */
  const clockOf = perChain((ch) => new ChainClock(deps.db, ch.config.info.id, ch.commits));
  const json = (c: Context<ApiEnv>, body: string | Buffer<ArrayBuffer>) =>
    c.body(body, 200, { "Content-Type": "application/json" });

  return new Hono<ApiEnv>()
    .get("/sofi/proposals", validQuery(proposalsQuerySchema), async (c) => {
      const { proposer, limit, offset } = c.req.valid("query");
      const ch = c.var.chain;
      const gov = governanceOf(ch);
      if (!gov) return c.json({ proposals: [], total: 0 });
      const book = await readyBook(ch);
      if (book) {
        // made on every request from each proposal's kept text (a join): keeping the page too would
        // hold a 32 KB string per offset asked, for a hit only when the same offset comes back
        const at = await clockOf(ch).now();
        const { items, total } = book.page(limit, offset, proposer);
        const parts = items.map((e) => bytesAt(e, at));
        const out = new JsonBytes(parts.reduce((n, b) => n + b.length + 1, 40)).ascii('{"proposals":[');
        for (const [i, b] of parts.entries()) (i ? out.ascii(",") : out).bytes(b);
        return json(c, out.ascii(`],"total":${total}}`).done());
      }
      const key = `list|${proposer ?? ""}|${limit}|${offset}`;
      const text = await listsOf(ch).get(key, versionsOf(ch).lists(), async () => {
        const sql = sqlOf(ch, gov.governor);
        const rows = await sql.list(limit, offset, proposer);
        const total = rows[0]?.total ?? (await sql.count(proposer));
        const at = await clockOf(ch).now();
        return JSON.stringify({ proposals: rows.map((r) => toApiProposal(r, at)), total });
      });
      return json(c, text ?? "{}");
    })
    .get("/sofi/proposals/cache", async (c) => {
      const ch = c.var.chain;
      const book = bookOf(ch);
      const votes = votesOf(ch);
      // warm: the proposals held and their first votes pages read ahead
      const held = book?.state === "ready" && (await readyBook(ch)) !== null;
      const warmth: ProposalsCacheState["warmth"] =
        !book || book.state === "too-large"
          ? "off"
          : held
            ? votes.warmth === "warm" || !votes.keeping
              ? "warm"
              : "warming"
            : book.state === "loading"
              ? "warming"
              : "cold";
      return c.json({
        warmth,
        proposals: book?.size ?? 0,
        votePages: votes.heldKeys,
        bytes: votes.heldBytes,
      } satisfies ProposalsCacheState);
    })
    .get("/sofi/proposal", validQuery(proposalQuerySchema), async (c) => {
      const { proposalId, contract, address } = c.req.valid("query");
      const ch = c.var.chain;
      const gov = governanceOf(ch);
      if (!gov) return c.json({ error: GOVERNANCE_ERRORS.notFound }, 404);
      if (contract && contract.toLowerCase() !== gov.governor.toLowerCase())
        return c.json({ error: GOVERNANCE_ERRORS.contract }, 400);
      const sql = sqlOf(ch, gov.governor);
      const book = await readyBook(ch);
      const kept = book
        ? (book.get(proposalId) ?? null)
        : await recordsOf(ch).get(proposalId, versionsOf(ch).of(proposalId), async () => {
            const p = await sql.one(proposalId);
            return p ? { record: p, reply: toApiProposal(p, 0) } : null;
          });
      if (!kept) return c.json({ error: GOVERNANCE_ERRORS.notFound }, 404);
      const now = await clockOf(ch).now();
      if (!address) return json(c, bytesAt(kept, now));
      const proposal = atTime(kept, now);
      // the address's votes at the snapshot (its current votes while the snapshot is still ahead)
      const sofi = ch.config.deployment?.tokens.find((t) => t.symbol === "SOFI")?.address as Address | undefined;
      const [available, mine] = await Promise.all([
        sofi
          ? (proposal.startTime < now
              ? ch.client.readContract({
                  address: sofi,
                  abi: sofiTokenAbi,
                  functionName: "getPastVotes",
                  args: [getAddress(address), BigInt(proposal.startTime)],
                })
              : ch.client.readContract({
                  address: sofi,
                  abi: sofiTokenAbi,
                  functionName: "getVotes",
                  args: [getAddress(address)],
                })
            ).catch(() => null)
          : Promise.resolve(0n), // no SOFI on this chain: nobody has votes
        sql.voteOf(proposalId, address),
      ]);
      return c.json({
        ...proposal,
        // null, not "0", when the read failed: the voter is told to try again, not that they have no votes
        available_votes: available === null ? null : available.toString(),
        already_votes: mine?.weight ?? "0",
        approve: mine ? mine.support : null,
        signature: null,
      } satisfies ApiProposal);
    })
    .get("/sofi/votes", validQuery(votesQuerySchema), async (c) => {
      const { proposalId, limit, offset } = c.req.valid("query");
      const ch = c.var.chain;
      const gov = governanceOf(ch);
      if (!gov) return c.json({ votes: [], total: 0 });
      // the voters' count from the proposals held in memory when they are: one query per page, not two
      const book = await readyBook(ch);
      const page = await votesOf(ch).get(proposalId, `${limit}|${offset}`, async () => {
        const sql = sqlOf(ch, gov.governor);
        const [rows, p] = await Promise.all([
          sql.votes(proposalId, limit, offset),
          book ? (book.get(proposalId)?.record ?? null) : sql.one(proposalId),
        ]);
        return { text: votesJson(rows, p?.voters ?? 0), meta: undefined };
      });
      return sendCompressedJson(c, page);
    })
    .post("/sofi/simulate", limitBody(SIMULATE_BODY_MAX), validJson(simulateBodySchema), async (c) => {
      const ch = c.var.chain;
      const gov = governanceOf(ch);
      if (!gov?.timelock) return c.json({ error: GOVERNANCE_ERRORS.notFound }, 404);
      const { actions } = c.req.valid("json");
      const t = simulations.take(c.var.clientIp);
      if (!t.ok) return tooManyRequests(c, t.retryAfterS, `Too many simulations; retry in ${t.retryAfterS} s`);
      const timelock = gov.timelock;
      const results = await Promise.all(
        actions.map((a) =>
          ch.client
            .call({ account: timelock, to: a.target as Address, value: BigInt(a.value), data: a.calldata as Hex })
            .then(
              () => ({ ok: true, reason: null }),
              (e: unknown) => ({ ok: false, reason: storableText(revertReason(e), { max: 300 }) }),
            ),
        ),
      );
      return c.json({ results });
    })
    .post("/sofi/vote", limitBody(BALLOT_BODY_MAX), validJson(ballotBodySchema), async (c) => {
      const ch = c.var.chain;
      const gov = governanceOf(ch);
      if (!gov || !relayer) return c.json({ error: GOVERNANCE_ERRORS.relayUnavailable }, 404);
      const b = c.req.valid("json");
      const voter = b.voter.toLowerCase();
      if (deps.config.blockedAddresses.has(voter)) return c.json({ error: "Blocked address" }, 403);
      const ip = perIp.take(c.var.clientIp);
      if (!ip.ok) return tooManyRequests(c, ip.retryAfterS, GOVERNANCE_ERRORS.relayTooMany);
      // simulated first: a ballot that would revert is refused with its reason, and never queued
      try {
        await ch.client.simulateContract({
          account: relayer.address,
          address: gov.governor,
          abi: sofiGovernorAbi,
          functionName: "castVoteBySig",
          args: [BigInt(b.proposalId), b.support ? 1 : 0, getAddress(voter), b.signature as Hex],
        });
      } catch (e) {
        return c.json({ error: GOVERNANCE_ERRORS.relayRefused(storableText(revertReason(e), { max: 300 })) }, 400);
      }
      // the voter's allowance is spent by their own signed ballots only: taken before the signature
      // was checked, anyone could use it up with junk ballots naming them and lock them out
      const byVoter = perVoter.take(voter);
      if (!byVoter.ok) return tooManyRequests(c, byVoter.retryAfterS, GOVERNANCE_ERRORS.relayTooMany);
      const chainId = ch.config.info.id;
      const governor = gov.governor.toLowerCase();
      const t = Date.now();
      const taken = await deps.db.query(
        `INSERT INTO governance_ballots (chain_id, governor, proposal_id, voter, support, signature, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
         ON CONFLICT (chain_id, governor, proposal_id, voter) DO UPDATE
           SET support = EXCLUDED.support, signature = EXCLUDED.signature, status = 'pending', tx_hash = NULL,
               error = NULL, created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at
           WHERE governance_ballots.status = 'failed'
         RETURNING voter`,
        [chainId, governor, b.proposalId, voter, b.support, b.signature.toLowerCase(), t],
      );
      const read = async () =>
        (
          await deps.db.query<{ status: string; tx_hash: string | null; error: string | null }>(
            `SELECT status, tx_hash, error FROM governance_ballots
             WHERE chain_id = $1 AND governor = $2 AND proposal_id = $3 AND voter = $4`,
            [chainId, governor, b.proposalId, voter],
          )
        )[0];
      if (taken.length === 0) {
        // this voter's ballot is already queued or sent: answer with it (never sent twice)
        const row = await read();
        if (row?.tx_hash) return c.json({ txid: row.tx_hash, relayer: relayer.address });
      }
      const until = Date.now() + RELAY_WAIT_MS;
      for (;;) {
        const row = await read();
        if (row?.status === "sent" && row.tx_hash) return c.json({ txid: row.tx_hash, relayer: relayer.address });
        if (row?.status === "failed")
          return c.json(
            { error: GOVERNANCE_ERRORS.relayRefused(row.error ?? "the relayer's transaction failed") },
            502,
          );
        if (Date.now() > until) return c.json({ error: GOVERNANCE_ERRORS.relayFailed }, 503);
        await new Promise((r) => setTimeout(r, 200));
      }
    });
};
