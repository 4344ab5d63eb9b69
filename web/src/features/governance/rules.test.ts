import { createButtonState, PROPOSAL_ERRORS, PROPOSAL_THRESHOLD, proposalLabel } from "@sofi/core";
import { describe, expect, it } from "vitest";
import {
  actionFieldProblems,
  clampDays,
  dialogAfterFailure,
  kindFromRoute,
  listedTokens,
  newAction,
  proposalButtons,
  proposeEndTime,
  removeAction,
  saveAction,
  simulatesActions,
  tagColor,
  tagOf,
  votePanelState,
  votingDaysRange,
  wizardLink,
} from "./rules.ts";

const DAY = 86_400;
const FACTORY = "0xA4899D35897033b927acFCf422bc745916139776";
const NOVA = "0xCace1b78160AE76398F486c8a18044da0d66d86D";
const ME = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

describe("tags and labels (§2, §4)", () => {
  it("states 0-8 read review, active, canceled, failed, passed, passed, failed, passed, passed", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(tagOf)).toEqual([
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
    expect(tagColor("passed")).toBe("success");
    expect(tagColor("failed")).toBe("error");
    expect(tagColor("active")).toBe("processing");
  });

  it("SOFIP- and the 3-digit zero-padded index", () => {
    expect(proposalLabel(9)).toBe("SOFIP-009");
    expect(proposalLabel(123)).toBe("SOFIP-123");
  });

  it("the create form's kind: ?type=Edit Portfolio List, or the state's Marketing Campaign", () => {
    expect(kindFromRoute("Edit Portfolio List", null)).toBe("editPortfolioList");
    expect(kindFromRoute(null, { type: "Marketing Campaign" })).toBe("marketingCampaign");
    expect(kindFromRoute("Edit Portfolio List", { type: "Marketing Campaign" })).toBe("editPortfolioList");
    expect(kindFromRoute(null, null)).toBe("marketingCampaign");
  });
});

describe("the vote panel (§4: only in state 1, with votes and no earlier vote)", () => {
  const mine = (available: string, already = "0", approve: boolean | null = null) => ({
    available_votes: available,
    already_votes: already,
    approve,
  });
  it("is hidden in every state but 1", () => {
    for (const state of [0, 2, 3, 4, 5, 6, 7, 8])
      expect(votePanelState({ state, connected: true, mine: mine("10") }).kind, `state ${state}`).toBe("hidden");
    expect(votePanelState({ state: 1, connected: true, mine: mine("10") }).kind).toBe("vote");
  });
  it("offers connect wallet without one", () => {
    expect(votePanelState({ state: 1, connected: false, mine: null })).toEqual({ kind: "connect" });
  });
  it("waits for the account's figures", () => {
    expect(votePanelState({ state: 1, connected: true, mine: null }).kind).toBe("loading");
  });
  it("shows the user's choice after voting, and never offers a second vote", () => {
    expect(votePanelState({ state: 1, connected: true, mine: mine("5", "5", true) })).toEqual({
      kind: "voted",
      support: true,
      votes: 5n,
    });
    expect(votePanelState({ state: 1, connected: true, mine: mine("5", "5", false) })).toMatchObject({
      kind: "voted",
      support: false,
    });
  });
  it("no votes at the snapshot: nothing to vote with", () => {
    expect(votePanelState({ state: 1, connected: true, mine: mine("0") }).kind).toBe("noVotes");
  });
  it("votes the chain could not be read for are not 'no votes': the panel says so and votes nothing", () => {
    const unread = { available_votes: null, already_votes: "0", approve: null };
    expect(votePanelState({ state: 1, connected: true, mine: unread })).toEqual({ kind: "votesUnreadable" });
    // an earlier vote is still shown: it comes from the index, not the chain read
    expect(
      votePanelState({ state: 1, connected: true, mine: { ...unread, already_votes: "5", approve: true } }),
    ).toMatchObject({ kind: "voted", support: true });
  });
  it("a vote sent and not indexed yet shows as being recorded", () => {
    expect(votePanelState({ state: 1, connected: true, mine: mine("5"), sent: { support: false } })).toEqual({
      kind: "sent",
      support: false,
    });
  });
});

describe("a failed vote (§8)", () => {
  const text = { cancelled: "User cancelled the transaction.", relayUnavailable: "no relay", failed: "failed" };
  it("4001 stops the dialog's loading and shows the cancelled text", () => {
    const r = dialogAfterFailure({ support: true, method: "gasless" }, { kind: "cancelled" }, text);
    expect(r.dialog).toEqual({
      open: true,
      support: true,
      method: "gasless",
      sending: false,
      error: "User cancelled the transaction.",
    });
    expect(r.toast).toBe("User cancelled the transaction.");
  });
  it("another failure keeps its message and stops the loading", () => {
    const r = dialogAfterFailure({ support: false, method: "wallet" }, { kind: "message", message: "boom" }, text);
    expect(r.dialog).toMatchObject({ sending: false, error: "boom", method: "wallet" });
  });
  it("the relay's 404 leaves only the wallet's vote", () => {
    const r = dialogAfterFailure({ support: true, method: "gasless" }, { kind: "relayUnavailable" }, text);
    expect(r.relayOff).toBe(true);
    expect(r.dialog).toMatchObject({ method: "wallet", sending: false, error: "no relay" });
    expect(r.toast).toBeNull();
  });
});

describe("the proposal's buttons (§4)", () => {
  const p = (state: number, o: Partial<{ eta: number | null; calls: unknown[]; withdrawn: boolean }> = {}) => ({
    state,
    eta: null,
    calls: [{}],
    proposer: ME,
    withdrawn: false,
    ...o,
  });
  it("Queue in state 4 with on-chain actions", () => {
    expect(proposalButtons(p(4), undefined, 0).queue).toBe(true);
    expect(proposalButtons(p(4, { calls: [] }), undefined, 0).queue).toBe(false);
    expect(proposalButtons(p(5), undefined, 0).queue).toBe(false);
  });
  it("Execute in state 5, disabled until the eta has passed", () => {
    expect(proposalButtons(p(5, { eta: 1000 }), undefined, 999).execute).toBe("waiting");
    expect(proposalButtons(p(5, { eta: 1000 }), undefined, 1000).execute).toBe("ready");
    expect(proposalButtons(p(4, { eta: 1000 }), undefined, 2000).execute).toBe("hidden");
  });
  it("the proposer cancels below state 2 and claims above 2 while not withdrawn", () => {
    expect(proposalButtons(p(0), ME, 0).cancel).toBe(true);
    expect(proposalButtons(p(1), ME.toLowerCase(), 0).cancel).toBe(true);
    expect(proposalButtons(p(2), ME, 0).cancel).toBe(false);
    expect(proposalButtons(p(0), OTHER, 0).cancel).toBe(false);
    expect(proposalButtons(p(3), ME, 0).claim).toBe(true);
    expect(proposalButtons(p(7), ME, 0).claim).toBe(true);
    expect(proposalButtons(p(2), ME, 0).claim).toBe(false);
    expect(proposalButtons(p(7, { withdrawn: true }), ME, 0).claim).toBe(false);
    expect(proposalButtons(p(7), OTHER, 0).claim).toBe(false);
    expect(proposalButtons(p(7), undefined, 0).claim).toBe(false);
  });
  it("simulations show while the actions may still run", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter(simulatesActions)).toEqual([0, 1, 4, 5]);
  });
});

describe("the create form (§4, §5, §9)", () => {
  it("the button sequence: connect wallet, insufficient balance, approve, create", () => {
    const t = PROPOSAL_THRESHOLD;
    expect(createButtonState({ connected: false, balance: null, allowance: null, threshold: t })).toBe("connectWallet");
    expect(createButtonState({ connected: true, balance: 0n, allowance: null, threshold: t })).toBe(
      "insufficientBalance",
    );
    expect(createButtonState({ connected: true, balance: t - 1n, allowance: t, threshold: t })).toBe(
      "insufficientBalance",
    );
    expect(createButtonState({ connected: true, balance: t, allowance: 0n, threshold: t })).toBe("approve");
    expect(createButtonState({ connected: true, balance: t, allowance: t, threshold: t })).toBe("create");
  });

  it("voting days: 3 to 30 until the contract says, whole days inside its durations", () => {
    expect(votingDaysRange()).toEqual({ min: 3, max: 30 });
    expect(votingDaysRange(3n * BigInt(DAY), 30n * BigInt(DAY))).toEqual({ min: 3, max: 30 });
    expect(votingDaysRange(60, 2 * DAY + 5)).toEqual({ min: 1, max: 2 });
    expect(clampDays(99, { min: 3, max: 30 })).toBe(30);
    expect(clampDays(1, { min: 3, max: 30 })).toBe(3);
    expect(clampDays(Number.NaN, { min: 3, max: 30 })).toBe(3);
  });

  it("the end time: chain time + margin + publicity + days, kept inside the contract's bounds for any block in the margin", () => {
    const c = { pendingS: 5 * DAY, minDurationS: 3 * DAY, maxDurationS: 30 * DAY };
    const now = 1_800_000_000;
    const margin = 600;
    const end5 = proposeEndTime(now, 5, c, margin);
    expect(end5).toBe(now + margin + 5 * DAY + 5 * DAY);
    for (const days of [3, 5, 30]) {
      const end = proposeEndTime(now, days, c, margin);
      for (const blockTime of [now, now + margin]) {
        const start = blockTime + c.pendingS;
        expect(end - start, `${days} days, block at +${blockTime - now}`).toBeGreaterThanOrEqual(c.minDurationS);
        expect(end - start, `${days} days, block at +${blockTime - now}`).toBeLessThanOrEqual(c.maxDurationS);
      }
    }
  });

  it("the action modal's messages, one per field", () => {
    const empty = newAction("CUSTOM", FACTORY);
    expect(actionFieldProblems(empty)).toEqual({
      contract: PROPOSAL_ERRORS.contract,
      functionName: PROPOSAL_ERRORS.functionName,
      attributes: [{ key: PROPOSAL_ERRORS.missingKey, value: PROPOSAL_ERRORS.missingValue }],
    });
    expect(PROPOSAL_ERRORS).toMatchObject({
      contract: "Please enter Contract address",
      functionName: "Please enter Function name",
      missingKey: "Missing key",
      missingValue: "Missing value",
    });
    const add = newAction("ADD_NEW_TOKEN_TO_PORTFOLIO_LIST", FACTORY);
    expect(add).toMatchObject({ contract: FACTORY, functionName: "addTokens", attributes: [{ key: "address[]" }] });
    expect(actionFieldProblems(add).attributes[0]?.value).toBe(PROPOSAL_ERRORS.missingValue);
    const bad = { ...add, attributes: [{ key: "address[]", value: "0x1234" }] };
    expect(actionFieldProblems(bad).attributes[0]?.value).toBe(PROPOSAL_ERRORS.badValue);
    const good = { ...add, attributes: [{ key: "address[]", value: `["${NOVA}"]` }] };
    expect(actionFieldProblems(good)).toEqual({
      contract: null,
      functionName: null,
      attributes: [{ key: null, value: null }],
    });
  });

  it("save appends at index -1 and replaces at an index; remove deletes the edited one", () => {
    const a = newAction("ADD_NEW_TOKEN_TO_PORTFOLIO_LIST", FACTORY);
    const b = newAction("DELETE_TOKEN_FROM_PORTFOLIO_LIST", FACTORY);
    const one = saveAction([], -1, a);
    expect(one).toEqual([a]);
    const two = saveAction(one, -1, b);
    expect(two).toEqual([a, b]);
    expect(saveAction(two, 0, b)).toEqual([b, b]);
    expect(removeAction(two, 0)).toEqual([b]);
    expect(removeAction(two, 1)).toEqual([a]);
  });
});

describe("a proposal's effect", () => {
  const tokens = [{ address: NOVA, symbol: "NOVA" }];
  const call = { signature: "addTokens(address[])", args: [`["${NOVA}"]`] };
  it("an executed allow-list change names the tokens it added, linked to the create wizard", () => {
    expect(listedTokens({ state: 7, calls: [call] }, tokens)).toEqual(["NOVA"]);
    expect(listedTokens({ state: 8, calls: [call] }, tokens)).toEqual(["NOVA"]);
    expect(listedTokens({ state: 5, calls: [call] }, tokens)).toEqual([]);
    expect(listedTokens({ state: 7, calls: [{ ...call, signature: "removeTokens(address[])" }] }, tokens)).toEqual([]);
    expect(wizardLink(["NOVA"])).toBe("/sts/create?search=NOVA");
    expect(wizardLink(["NOVA", "ABC"])).toBe("/sts/create?search=NOVA%20ABC");
  });
});
