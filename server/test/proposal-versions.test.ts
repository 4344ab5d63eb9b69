/**
 * Issue 21 §1 for governance: a proposal's cached replies live until a commit touches that proposal
 * (api/queries/proposal-versions.ts), the governance handler names what its rows touch, and the
 * chain's time for statuses is read at most once a second (api/queries/chain-time.ts ChainClock).
 * The flows on anvil (a vote moves the tally, a reorg takes it back) are in governance.test.ts.
 */
import { describe, expect, it } from "vitest";
import { API_WRITE, CommitSignal } from "../src/api/commit-signal.ts";
import { ChainClock } from "../src/api/queries/chain-time.ts";
import {
  GOVERNANCE_PROPOSAL_TOPIC,
  GOVERNANCE_QUORUM_TOPIC,
  PROPOSAL_VERSIONS_MAX,
  ProposalVersions,
} from "../src/api/queries/proposal-versions.ts";
import { ReplyCache } from "../src/api/reply-cache.ts";
import type { Queryable } from "../src/db/client.ts";
import type { HandlerRows } from "../src/indexer/handler.ts";
import { governanceHandler } from "../src/indexer/handlers/governance.ts";

const touching = (...ids: string[]) => ({ touched: { [GOVERNANCE_PROPOSAL_TOPIC]: ids } });

describe("governance reply versions", () => {
  it("a proposal's version moves only with a commit that names it, or one that cannot say", () => {
    const commits = new CommitSignal();
    const v = new ProposalVersions(commits);
    const [a, b, lists] = [v.of("1"), v.of("2"), v.lists()];
    // trades, another topic, a write through the API: governance replies read none of them
    commits.emit({ touched: { "trades.user": ["0xabc"] } });
    commits.emit(API_WRITE);
    expect([v.of("1"), v.of("2"), v.lists()]).toEqual([a, b, lists]);
    // a vote on proposal 2: its version and the lists' move, proposal 1's does not
    commits.emit(touching("2"));
    expect(v.of("1")).toBe(a);
    expect(v.of("2")).not.toBe(b);
    expect(v.lists()).not.toBe(lists);
    // a commit that cannot say (a reorg), then a quorum change: every version moves
    for (const change of [undefined, { touched: { [GOVERNANCE_QUORUM_TOPIC]: ["0xgov"] } }]) {
      const before = [v.of("1"), v.of("2"), v.of("3"), v.lists()];
      commits.emit(change);
      const after = [v.of("1"), v.of("2"), v.of("3"), v.lists()];
      for (let i = 0; i < before.length; i++) expect(after[i]).not.toBe(before[i]);
    }
  });

  it("past PROPOSAL_VERSIONS_MAX proposals every version moves at once (its memory is bounded)", () => {
    const v = new ProposalVersions(undefined);
    const ids = Array.from({ length: PROPOSAL_VERSIONS_MAX }, (_, i) => String(i + 1));
    v.changed(touching(...ids));
    const untouched = v.of("999999999");
    v.changed(touching("999999998"));
    expect(v.of("999999999")).not.toBe(untouched);
  });

  it("a reply cached under a proposal's version is served until that proposal is touched", async () => {
    const commits = new CommitSignal();
    const v = new ProposalVersions(commits);
    const cache = new ReplyCache<string>(60_000);
    let reads = 0;
    const read = (id: string) => cache.get(id, v.of(id), async () => `${id}#${++reads}`);
    expect(await read("7")).toBe("7#1");
    commits.emit(touching("8"));
    expect(await read("7")).toBe("7#1");
    commits.emit(touching("7"));
    expect(await read("7")).toBe("7#2");
    // a read that started before the commit is never served after it
    let release = () => {};
    const held = cache.get("9", v.of("9"), () => new Promise<string>((r) => (release = () => r("9#old"))));
    commits.emit(touching("9"));
    release();
    expect(await held).toBe("9#old");
    expect(await read("9")).toBe("9#3");
  });
});

describe("the governance handler's touches", () => {
  const cols = (args: Record<string, unknown[]>, address: string[] = ["0xgov"]) => ({
    address,
    args,
    block: address.map(() => 1),
  });
  it("names every proposal its rows are about, and the governor whose quorum changed", () => {
    const rows = {
      ProposalCreated: cols({ proposalId: ["11"] }),
      ProposalStaked: cols({ proposalId: ["12"] }),
      VoteCast: cols({ proposalId: ["13", "13"] }, ["0xgov", "0xgov"]),
      VoteCastWithParams: cols({ proposalId: ["14"] }),
      ProposalQueued: cols({ proposalId: ["15"] }),
      ProposalExecuted: cols({ proposalId: ["16"] }),
      ProposalFunded: cols({ proposalId: ["17"] }),
      ProposalCanceled: cols({ proposalId: ["18"] }),
      StakeClaimed: cols({ proposalId: ["19"] }),
      StakeRefunded: cols({ proposalId: ["20"] }),
      QuorumVoteCountSet: cols({ newQuorumVoteCount: ["1"] }, ["0xgov"]),
    } as unknown as HandlerRows;
    const t = governanceHandler.touches?.(rows);
    expect(Object.keys(t ?? {}).sort()).toEqual([GOVERNANCE_PROPOSAL_TOPIC, GOVERNANCE_QUORUM_TOPIC].sort());
    expect([...(t?.[GOVERNANCE_PROPOSAL_TOPIC] ?? [])].sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 10 }, (_, i) => String(11 + i)),
    );
    expect(t?.[GOVERNANCE_QUORUM_TOPIC]).toEqual(["0xgov"]);
  });

  it("names nothing for a range without governance events", () => {
    const t = governanceHandler.touches?.({} as HandlerRows);
    expect(t?.[GOVERNANCE_PROPOSAL_TOPIC]).toEqual([]);
    expect(t?.[GOVERNANCE_QUORUM_TOPIC]).toEqual([]);
  });
});

describe("the chain's clock for statuses", () => {
  function countingDb(ts: { value: number }) {
    const db = {
      reads: 0,
      async query<T>(): Promise<T[]> {
        db.reads++;
        return [{ ts: ts.value } as T];
      },
    };
    return db;
  }

  it("reads the latest indexed block's time at most once a second, and again after a commit", async () => {
    const ts = { value: 5_000 };
    const db = countingDb(ts);
    const commits = new CommitSignal();
    const clock = new ChainClock(db as unknown as Queryable, 1, commits, 1_000);
    expect(await clock.now(100)).toBe(5_000);
    ts.value = 6_000;
    expect(await clock.now(100)).toBe(5_000);
    expect(db.reads).toBe(1);
    // the wall clock moves every read
    expect(await clock.now(7_000)).toBe(7_000);
    commits.emit();
    expect(await clock.now(100)).toBe(6_000);
    expect(db.reads).toBe(2);
  });

  it("reads again once its second is past", async () => {
    const ts = { value: 5_000 };
    const db = countingDb(ts);
    const clock = new ChainClock(db as unknown as Queryable, 1, undefined, 20);
    await clock.now(0);
    ts.value = 5_100;
    await new Promise((r) => setTimeout(r, 30));
    expect(await clock.now(0)).toBe(5_100);
    expect(db.reads).toBe(2);
  });
});
