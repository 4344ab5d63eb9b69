import { describe, expect, it } from "vitest";
import {
  ACTION_KINDS,
  actionArgs,
  actionProblem,
  actionSignature,
  actionTemplate,
  ballotBodySchema,
  canCancel,
  canClaim,
  canExecute,
  canQueue,
  canVote,
  createButtonState,
  formatAddressArray,
  GOVERNANCE_GRACE_PERIOD_S,
  isActiveLooking,
  PROPOSAL_ERRORS,
  PROPOSAL_TAGS,
  type ProposalFacts,
  parseAddressArray,
  parseProposalDescription,
  proposalDescription,
  proposalEndTime,
  proposalFormProblem,
  proposalLabel,
  proposalQuerySchema,
  proposalStatusAt,
  proposalsQuerySchema,
  simulateBodySchema,
  tallyPercent,
  wholeVotes,
} from "../src/governance.ts";

const E18 = 10n ** 18n;
const A = "0x00000000000000000000000000000000000000a1";
const B = "0x00000000000000000000000000000000000000B2";
const base: ProposalFacts = {
  voteStart: 1_000,
  voteEnd: 2_000,
  forVotes: 0n,
  againstVotes: 0n,
  quorum: 100n * E18,
  canceled: false,
  eta: null,
  executed: false,
  funded: false,
};

describe("proposal status at a time (as SofiGovernor computes it)", () => {
  it("review until the snapshot (inclusive), active until the deadline (inclusive)", () => {
    expect(proposalStatusAt(base, 999)).toBe(0);
    expect(proposalStatusAt(base, 1_000)).toBe(0);
    expect(proposalStatusAt(base, 1_001)).toBe(1);
    expect(proposalStatusAt(base, 2_000)).toBe(1);
  });
  it("after the deadline: succeeded with quorum and more for than against, else defeated", () => {
    const passed = { ...base, forVotes: 100n * E18, againstVotes: 99n * E18 };
    expect(proposalStatusAt(passed, 2_001)).toBe(4);
    expect(proposalStatusAt({ ...passed, forVotes: 99n * E18, againstVotes: 0n }, 2_001)).toBe(3); // quorum missed
    expect(proposalStatusAt({ ...passed, againstVotes: 100n * E18 }, 2_001)).toBe(3); // a tie fails
  });
  it("queued until eta + grace, then expired; executed 7, or 8 when it paid out; canceled 2", () => {
    const queued = { ...base, forVotes: 200n * E18, eta: 3_000 };
    expect(proposalStatusAt(queued, 3_000 + GOVERNANCE_GRACE_PERIOD_S)).toBe(5);
    expect(proposalStatusAt(queued, 3_001 + GOVERNANCE_GRACE_PERIOD_S)).toBe(6);
    expect(proposalStatusAt({ ...queued, executed: true }, 9e9)).toBe(7);
    expect(proposalStatusAt({ ...queued, executed: true, funded: true }, 9e9)).toBe(8);
    expect(proposalStatusAt({ ...base, canceled: true }, 1_500)).toBe(2);
  });
  it("tags 0-8 and the active-looking ones (§4)", () => {
    expect(PROPOSAL_TAGS).toEqual([
      "review",
      "active",
      "canceled",
      "failed",
      "passed",
      "passed",
      "failed",
      "passed",
      "passed",
    ]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter(isActiveLooking)).toEqual([1, 4, 5, 7, 8]);
  });
  it("who may do what in which state (§4)", () => {
    expect([0, 1, 2, 3].map(canCancel)).toEqual([true, true, false, false]);
    expect(canClaim(3, false)).toBe(true);
    expect(canClaim(3, true)).toBe(false);
    expect(canClaim(2, false)).toBe(false);
    expect(canClaim(1, false)).toBe(false);
    expect([3, 4, 5].map(canQueue)).toEqual([false, true, false]);
    expect(canExecute(5, 100, 99)).toBe(false);
    expect(canExecute(5, 100, 100)).toBe(true);
    expect(canExecute(4, 100, 200)).toBe(false);
    expect(canVote(1, 1n, false)).toBe(true);
    expect(canVote(1, 0n, false)).toBe(false);
    expect(canVote(1, 5n, true)).toBe(false);
    expect(canVote(0, 5n, false)).toBe(false);
  });
});

describe("display", () => {
  it("SOFIP- and the 3-digit zero-padded index", () => {
    expect(proposalLabel(1)).toBe("SOFIP-001");
    expect(proposalLabel(42)).toBe("SOFIP-042");
    expect(proposalLabel(1234)).toBe("SOFIP-1234");
  });
  it("tally percent for/(for+against); votes divided by 10^18", () => {
    expect(tallyPercent(0n, 0n)).toBe(0);
    expect(tallyPercent(3n * E18, E18)).toBe(75);
    expect(tallyPercent(E18, 2n * E18)).toBe(33.33);
    expect(wholeVotes(123_456n * E18 + E18 / 2n)).toBe(123_456.5);
  });
  it("title and content round-trip through the description (Tally's convention)", () => {
    const d = proposalDescription("  List RAI ", "Line one\n\n## More\ntext");
    expect(d).toBe("# List RAI\n\nLine one\n\n## More\ntext");
    expect(parseProposalDescription(d)).toEqual({ title: "List RAI", content: "Line one\n\n## More\ntext" });
    expect(parseProposalDescription("Plain first line\nbody")).toEqual({ title: "Plain first line", content: "body" });
  });
});

describe("the create form (§5)", () => {
  it("address arrays are a bracketed quoted list", () => {
    expect(parseAddressArray(`["${A}", "${B}"]`)).toEqual([A, B.toLowerCase()]);
    expect(parseAddressArray(formatAddressArray([A]))).toEqual([A]);
    for (const bad of ["", "[]", A, `[${A}]`, `["0x12"]`, `{"a":1}`]) expect(parseAddressArray(bad)).toBeNull();
  });
  it("the action modal's messages, in order", () => {
    const add = actionTemplate("ADD_NEW_TOKEN_TO_PORTFOLIO_LIST", A);
    expect(add.functionName).toBe("addTokens");
    expect(actionTemplate("DELETE_TOKEN_FROM_PORTFOLIO_LIST", A).functionName).toBe("removeTokens");
    expect(actionProblem({ ...add, contract: "" })).toBe(PROPOSAL_ERRORS.contract);
    expect(actionProblem({ ...add, contract: "0x12" })).toBe(PROPOSAL_ERRORS.contract);
    expect(actionProblem({ ...add, functionName: " " })).toBe(PROPOSAL_ERRORS.functionName);
    expect(actionProblem({ ...add, attributes: [{ key: "", value: "x" }] })).toBe(PROPOSAL_ERRORS.missingKey);
    expect(actionProblem(add)).toBe(PROPOSAL_ERRORS.missingValue);
    expect(actionProblem({ ...add, attributes: [{ key: "address[]", value: "[1]" }] })).toBe(PROPOSAL_ERRORS.badValue);
    const ok = { ...add, attributes: [{ key: "address[]", value: `["${B}"]` }] };
    expect(actionProblem(ok)).toBeNull();
    expect(actionSignature(ok)).toBe("addTokens(address[])");
    expect(actionArgs(ok)).toEqual([[B.toLowerCase()]]);
  });
  it("a marketing campaign's free-form action: typed values", () => {
    const transfer = {
      kind: "CUSTOM" as const,
      contract: A,
      functionName: "transfer",
      attributes: [
        { key: "address", value: B },
        { key: "uint256", value: "1000" },
      ],
    };
    expect(actionProblem(transfer)).toBeNull();
    expect(actionArgs(transfer)).toEqual([B.toLowerCase(), 1000n]);
    expect(actionProblem({ ...transfer, attributes: [{ key: "uint256", value: "-1" }] })).toBe(
      PROPOSAL_ERRORS.badValue,
    );
    expect(actionProblem({ ...transfer, attributes: [{ key: "uint7", value: "1" }] })).toBe(PROPOSAL_ERRORS.badValue);
    expect(actionProblem({ ...transfer, functionName: "1bad" })).toBe(PROPOSAL_ERRORS.badFunction);
    expect(ACTION_KINDS).toContain("CUSTOM");
  });
  it("before confirm: content, then at least one action (the title is not checked there)", () => {
    const ok = {
      ...actionTemplate("ADD_NEW_TOKEN_TO_PORTFOLIO_LIST", A),
      attributes: [{ key: "address[]", value: `["${B}"]` }],
    };
    expect(proposalFormProblem(" ", [ok])).toBe("Please input content");
    expect(proposalFormProblem("text", [])).toBe("Please add Governance Action");
    expect(proposalFormProblem("text", [ok])).toBeNull();
  });
  it("the button sequence: connect wallet, insufficient balance, approve, create", () => {
    const t = 100_000n * E18;
    expect(createButtonState({ connected: false, balance: null, allowance: null, threshold: t })).toBe("connectWallet");
    expect(createButtonState({ connected: true, balance: 0n, allowance: 0n, threshold: t })).toBe(
      "insufficientBalance",
    );
    expect(createButtonState({ connected: true, balance: t - 1n, allowance: t, threshold: t })).toBe(
      "insufficientBalance",
    );
    expect(createButtonState({ connected: true, balance: t, allowance: t - 1n, threshold: t })).toBe("approve");
    expect(createButtonState({ connected: true, balance: t, allowance: t, threshold: t })).toBe("create");
  });
  it("end time: now + the publicity period + the voting days", () => {
    expect(proposalEndTime(1_000, 5)).toBe(1_000 + 5 * 86_400 + 5 * 86_400);
  });
});

describe("API schemas", () => {
  it("proposal ids are decimal numbers; addresses are checked; pages are bounded", () => {
    expect(proposalQuerySchema.safeParse({ proposalId: "12" }).success).toBe(true);
    for (const bad of ["0", "-1", "1e3", "0x10", "", "1".repeat(79)])
      expect(proposalQuerySchema.safeParse({ proposalId: bad }).success, bad).toBe(false);
    expect(proposalQuerySchema.safeParse({ proposalId: "1", address: "0x12" }).success).toBe(false);
    expect(proposalsQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(proposalsQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
  });
  it("a ballot: id, boolean support, voter, a 65-byte signature", () => {
    const ok = { proposalId: "3", support: true, voter: A, signature: `0x${"ab".repeat(65)}` };
    expect(ballotBodySchema.safeParse(ok).success).toBe(true);
    expect(ballotBodySchema.safeParse({ ...ok, support: 1 }).success).toBe(false);
    expect(ballotBodySchema.safeParse({ ...ok, signature: "0x12" }).success).toBe(false);
  });
  it("simulation: 1 to 20 calls", () => {
    const call = { target: A, value: "0", calldata: "0x1234" };
    expect(simulateBodySchema.safeParse({ actions: [call] }).success).toBe(true);
    expect(simulateBodySchema.safeParse({ actions: [] }).success).toBe(false);
    expect(simulateBodySchema.safeParse({ actions: Array(21).fill(call) }).success).toBe(false);
    expect(simulateBodySchema.safeParse({ actions: [{ ...call, calldata: "0x123" }] }).success).toBe(false);
  });
});
