/**
 * The governor's proposals held in memory (api/queries/proposal-book.ts, issue 21 §1): what is
 * answered without a query, and how the commits keep it exact. The flows on anvil (a vote moves
 * the tally, a new proposal is listed first, a reorg takes votes back) are in governance.test.ts.
 */
import { GOVERNANCE_GRACE_PERIOD_S } from "@sofi/core";
import { describe, expect, it } from "vitest";
import { CommitSignal } from "../src/api/commit-signal.ts";
import { stableThrough, timedParts } from "../src/api/governance.ts";
import type { ProposalRecord } from "../src/api/queries/governance.ts";
import { ProposalBook, type ProposalSource } from "../src/api/queries/proposal-book.ts";
import { GOVERNANCE_PROPOSAL_TOPIC, GOVERNANCE_QUORUM_TOPIC } from "../src/api/queries/proposal-versions.ts";

const record = (id: number, proposer = "0xaa", forVotes = 0n): ProposalRecord => ({
  governor: "0xgov",
  proposalId: String(id),
  blockNumber: id * 10,
  txHash: `0x${id}`,
  timestamp: id,
  proposer,
  targets: [],
  values: [],
  calldatas: [],
  voteStart: 0,
  voteEnd: 0,
  description: `# P${id}`,
  title: `P${id}`,
  stake: "0",
  forVotes,
  againstVotes: 0n,
  voters: 0,
  quorum: 0n,
  events: [],
  total: 0,
});

/** A table of proposals read newest first, counting the queries; `hold` pauses the next list read. */
function table(n: number) {
  const t: {
    rows: ProposalRecord[];
    lists: number;
    ones: number;
    hold: Promise<void> | null;
    source: ProposalSource;
  } = {
    rows: Array.from({ length: n }, (_, i) => record(i + 1, i % 2 ? "0xBB" : "0xaa")),
    lists: 0,
    ones: 0,
    hold: null as Promise<void> | null,
    source: {
      async list(limit: number, offset: number): Promise<ProposalRecord[]> {
        t.lists++;
        const page = [...t.rows].reverse().slice(offset, offset + limit);
        const hold = t.hold;
        t.hold = null;
        if (hold) await hold; // the page was read before whatever happens meanwhile
        return page;
      },
      async one(id: string): Promise<ProposalRecord | null> {
        t.ones++;
        return t.rows.find((r) => r.proposalId === id) ?? null;
      },
    },
  };
  return t;
}

const touching = (...ids: string[]) => ({ touched: { [GOVERNANCE_PROPOSAL_TOPIC]: ids } });

async function loaded<R>(book: ProposalBook<R>) {
  expect(await book.ready()).toBe(false); // the first use starts the load and reads the database
  for (let i = 0; i < 200 && book.state !== "ready"; i++) await new Promise((r) => setTimeout(r, 5));
  expect(book.state).toBe("ready");
  expect(await book.ready()).toBe(true);
}

describe("proposals held in memory", () => {
  it("loads every proposal in pages, then answers pages, one proposer's pages and one proposal with no query", async () => {
    const t = table(1_203);
    const book = new ProposalBook(t.source, (r) => r.title, new CommitSignal(), 12_000, 0);
    await loaded(book);
    expect(t.lists).toBe(3); // 500 + 500 + 203
    const queries = t.lists + t.ones;
    expect(book.page(3, 0).items.map((e) => e.reply)).toEqual(["P1203", "P1202", "P1201"]);
    expect(book.page(2, 1_201).items.map((e) => e.reply)).toEqual(["P2", "P1"]);
    expect(book.page(20, 1_203).items).toEqual([]);
    expect(book.page(1, 0).total).toBe(1_203);
    // the proposer is matched lowercased, newest first
    const bb = book.page(2, 0, "0xbb");
    expect([bb.items.map((e) => e.reply), bb.total]).toEqual([["P1202", "P1200"], 601]);
    expect(book.page(2, 0, "0xcc")).toEqual({ items: [], total: 0 });
    expect(book.get("7")?.record.proposalId).toBe("7");
    expect(book.get("99999")).toBeUndefined();
    expect(t.lists + t.ones).toBe(queries);
  });

  it("re-reads exactly the proposals a commit names before the next answer; a new one goes first", async () => {
    const t = table(10);
    const commits = new CommitSignal();
    const book = new ProposalBook(t.source, (r) => `${r.title}:${r.forVotes}`, commits, 12_000, 0);
    await loaded(book);
    t.rows[4] = record(5, "0xaa", 42n); // a vote on proposal 5
    commits.emit({ touched: { "trades.user": ["0xabc"] } }); // another topic: nothing re-read
    expect(await book.ready()).toBe(true);
    expect(t.ones).toBe(0);
    commits.emit(touching("5"));
    expect(await book.ready()).toBe(true);
    expect(t.ones).toBe(1);
    expect(book.get("5")?.reply).toBe("P5:42");
    t.rows.push(record(11, "0xbb"), record(12, "0xaa"));
    commits.emit(touching("12", "11"));
    expect(await book.ready()).toBe(true);
    expect(book.page(3, 0).items.map((e) => e.record.proposalId)).toEqual(["12", "11", "10"]);
    expect(book.page(1, 0).total).toBe(12);
    expect(book.page(1, 0, "0xbb").items[0]?.record.proposalId).toBe("11");
  });

  it("a commit during the load is re-read after it: nothing older than a commit is answered", async () => {
    const t = table(600);
    const commits = new CommitSignal();
    const book = new ProposalBook(t.source, (r) => String(r.forVotes), commits, 12_000, 0);
    let release = () => {};
    t.hold = new Promise<void>((r) => (release = r));
    expect(await book.ready()).toBe(false);
    // while the first page is read: a vote on proposal 600 (in that page), and a new proposal 601,
    // which shifts the second page by one (proposal 100 is read twice)
    t.rows[599] = record(600, "0xaa", 7n);
    t.rows.push(record(601));
    commits.emit(touching("600", "601"));
    release();
    for (let i = 0; i < 200 && book.state !== "ready"; i++) await new Promise((r) => setTimeout(r, 5));
    expect(await book.ready()).toBe(true);
    expect(book.get("600")?.reply).toBe("7");
    const all = book.page(1_000, 0).items.map((e) => e.record.proposalId);
    expect(all.length).toBe(601);
    expect(new Set(all).size).toBe(601);
    expect(all.slice(0, 2)).toEqual(["601", "600"]);
  });

  it("a commit that cannot say, or a quorum change, empties the book and it loads again", async () => {
    for (const change of [undefined, { touched: { [GOVERNANCE_QUORUM_TOPIC]: ["0xgov"] } }]) {
      const t = table(5);
      const commits = new CommitSignal();
      const book = new ProposalBook(t.source, (r) => r.title, commits, 12_000, 0);
      await loaded(book);
      t.rows.pop();
      commits.emit(change);
      expect(book.state).toBe("cold");
      expect(book.size).toBe(0);
      await loaded(book);
      expect(book.page(10, 0).total).toBe(4);
    }
  });

  it("more proposals than it may hold: it holds none, and reads go to the database", async () => {
    const t = table(1_001);
    const book = new ProposalBook(t.source, (r) => r.title, new CommitSignal(), 1_000, 0);
    expect(await book.ready()).toBe(false);
    for (let i = 0; i < 200 && book.state === "loading"; i++) await new Promise((r) => setTimeout(r, 5));
    expect(book.state).toBe("too-large");
    expect(book.size).toBe(0);
    expect(await book.ready()).toBe(false);
  });

  it("a load that fails leaves it cold, and the next use tries again", async () => {
    const t = table(3);
    let fail = true;
    const source: ProposalSource = {
      list: async (l, o) => {
        if (fail) throw new Error("database down");
        return t.source.list(l, o);
      },
      one: t.source.one,
    };
    const book = new ProposalBook(source, (r) => r.title, new CommitSignal(), 12_000, 0);
    expect(await book.ready()).toBe(false);
    await new Promise((r) => setTimeout(r, 10));
    expect(book.state).toBe("cold");
    fail = false;
    await loaded(book);
    expect(book.size).toBe(3);
  });
});

describe("a proposal's text kept between the times its status compares with", () => {
  it("the status and history read anywhere from `at` through stableThrough(at) are those read at `at`", () => {
    const base = record(1);
    const queued = { kind: "queued" as const, eta: 5_000, tx: "0xq", ts: 4_000, amount: null };
    const canceled = { kind: "canceled" as const, eta: null, tx: "0xc", ts: 1_500, amount: null };
    const cases: ProposalRecord[] = [
      { ...base, timestamp: 100, voteStart: 1_000, voteEnd: 2_000, forVotes: 10n, quorum: 5n },
      { ...base, timestamp: 100, voteStart: 1_000, voteEnd: 2_000, forVotes: 1n, quorum: 5n },
      { ...base, timestamp: 100, voteStart: 1_000, voteEnd: 2_000, forVotes: 10n, quorum: 5n, events: [queued] },
      { ...base, timestamp: 100, voteStart: 1_000, voteEnd: 2_000, events: [canceled] },
    ];
    const grace = 5_000 + GOVERNANCE_GRACE_PERIOD_S;
    const probes = [0, 999, 1_000, 1_001, 1_999, 2_000, 2_001, 4_999, 5_000, grace - 1, grace, grace + 1, grace + 99];
    let changes = 0;
    for (const p of cases)
      for (const at of probes) {
        const through = stableThrough(p, at);
        expect(through).toBeGreaterThanOrEqual(at);
        const seen = JSON.stringify(timedParts(p, at));
        for (const later of probes.filter((t) => t >= at && t <= through))
          expect(JSON.stringify(timedParts(p, later)), `${at} → ${later}`).toBe(seen);
        // one second past it, something it compares with has moved (or nothing is left to move)
        if (Number.isFinite(through) && JSON.stringify(timedParts(p, through + 1)) !== seen) changes++;
      }
    expect(changes).toBeGreaterThan(10);
  });
});
