import {
  type ActionDraft,
  type ActionKind,
  ADDRESS_ARRAY,
  actionTemplate,
  canCancel,
  canClaim,
  canExecute,
  canQueue,
  canVote,
  isAddress,
  MAX_VOTING_DAYS,
  MIN_VOTING_DAYS,
  PROPOSAL_ERRORS,
  PROPOSAL_TAGS,
  type ProposalKind,
  type ProposalTag,
  parseActionValue,
  proposalEndTime,
  VOTES_PAGE_SIZE,
} from "@sofi/core";

/**
 * The governance screens' rules (spec 002 §2-§5, issue 18), small pure functions the state hooks
 * use and the tests pin: tags, the vote panel, the proposal's buttons, the create form's end time
 * and voting days, the action modal's per-field messages and its list edits, the executed
 * allow-list change's link to the create wizard.
 */

/** How often a shown proposal (and the list) is read again; the spec gives no rate (docs/decisions.md). */
export const PROPOSAL_POLL_MS = 10_000;
/** Proposals per page of the list; votes per page of the all-votes drawer (core's: the server reads it ahead). */
export const LIST_PAGE_SIZE = 10;
export { VOTES_PAGE_SIZE };
/** Created proposals on a profile (the newest). */
export const PROFILE_PROPOSALS_MAX = 50;
/** Added to the chain's time before the end time is computed: the wallet's prompt and the block take time. */
export const END_TIME_MARGIN_S = 600;
const DAY_S = 86_400;

// ------------------------------------------------------------------ tags (§4)

/** §4: the tag of a status, 0 to 8 (review, active, canceled, failed, passed). */
export const tagOf = (state: number): ProposalTag => PROPOSAL_TAGS[state] ?? "review";

/** The colour of a tag (Ant Design Tag colours): review soon, active running, passed green, failed red. */
export function tagColor(tag: ProposalTag): string {
  switch (tag) {
    case "review":
      return "gold";
    case "active":
      return "processing";
    case "passed":
      return "success";
    case "failed":
      return "error";
    default:
      return "default";
  }
}

/**
 * The create form's kind (§2): `?type=Edit Portfolio List`, or the navigation state's type Marketing
 * Campaign; a visit with neither (a bookmark) gets the free-form marketing campaign.
 */
export function kindFromRoute(query: string | null, state: unknown): ProposalKind {
  const norm = (v: unknown) => (typeof v === "string" ? v.replace(/[\s_-]/g, "").toLowerCase() : "");
  const stateType = norm((state as { type?: unknown } | null)?.type);
  if (norm(query) === "editportfoliolist") return "editPortfolioList";
  if (stateType === "marketingcampaign" || norm(query) === "marketingcampaign") return "marketingCampaign";
  if (stateType === "editportfoliolist") return "editPortfolioList";
  return "marketingCampaign";
}

// ------------------------------------------------------------------ the vote panel (§4)

/** What the vote panel shows. */
export type VotePanel =
  /** Not active (§4: voting only in state 1). */
  | { kind: "hidden" }
  /** §4 "Without a wallet the vote panel offers connect wallet." */
  | { kind: "connect" }
  /** The account's figures are not read yet. */
  | { kind: "loading" }
  /** §4 "A voted proposal shows the user's choice." */
  | { kind: "voted"; support: boolean; votes: bigint }
  /** A vote sent, not indexed yet. */
  | { kind: "sent"; support: boolean }
  /** No votes at the snapshot. */
  | { kind: "noVotes" }
  /** The chain could not be read for the account's votes just now (the next poll tries again). */
  | { kind: "votesUnreadable" }
  | { kind: "vote"; votes: bigint };

export function votePanelState(o: {
  state: number;
  connected: boolean;
  /** The proposal read with the account's address (null while it is not). */
  mine: {
    available_votes?: string | null | undefined;
    already_votes?: string | undefined;
    approve?: boolean | null;
  } | null;
  /** A vote this screen sent whose receipt or index is still awaited. */
  sent?: { support: boolean } | null;
}): VotePanel {
  if (o.state !== 1) return { kind: "hidden" };
  if (!o.connected) return { kind: "connect" };
  const m = o.mine;
  if (!m || m.available_votes === undefined) return { kind: "loading" };
  const already = BigInt(m.already_votes ?? "0");
  if (m.approve !== null && m.approve !== undefined) return { kind: "voted", support: m.approve, votes: already };
  if (o.sent) return { kind: "sent", support: o.sent.support };
  if (m.available_votes === null) return { kind: "votesUnreadable" };
  const available = BigInt(m.available_votes);
  if (!canVote(o.state, available, already > 0n)) return { kind: "noVotes" };
  return { kind: "vote", votes: available };
}

/** How a vote is sent: the voter's signed ballot through the server's relay, or the wallet's own transaction. */
export type VoteMethod = "gasless" | "wallet";

/** The vote dialog: its choice, method, whether it is sending and why the last try failed. */
export type VoteDialog =
  | { open: false }
  | { open: true; support: boolean; method: VoteMethod; sending: boolean; error: string | null };

/** What a failed write says (§8): the cancelled text for 4001, the relay's absence, else its message. */
export type Failure = { kind: "cancelled" } | { kind: "relayUnavailable" } | { kind: "message"; message: string };

/**
 * §8 "Vote failure is logged and the confirm dialog stops loading": the dialog stays open with the
 * reason (4001: "User cancelled the transaction."); a relay that answered 404 leaves only the
 * wallet's vote (the dialog switches to it, nothing is toasted).
 */
export function dialogAfterFailure(
  d: { support: boolean; method: VoteMethod },
  f: Failure,
  text: { cancelled: string; relayUnavailable: string; failed: string },
): { dialog: VoteDialog; relayOff: boolean; toast: string | null } {
  if (f.kind === "relayUnavailable")
    return {
      dialog: { open: true, support: d.support, method: "wallet", sending: false, error: text.relayUnavailable },
      relayOff: true,
      toast: null,
    };
  const message = f.kind === "cancelled" ? text.cancelled : f.message || text.failed;
  return {
    dialog: { open: true, support: d.support, method: d.method, sending: false, error: message },
    relayOff: false,
    toast: message,
  };
}

// ------------------------------------------------------------------ the proposal's buttons (§4)

export type ExecuteButton = "hidden" | "waiting" | "ready";
export type ProposalButtons = { queue: boolean; execute: ExecuteButton; cancel: boolean; claim: boolean };

/**
 * §4: Queue in state 4 with on-chain actions; Execute in state 5, disabled until the eta has passed;
 * the proposer may cancel below state 2 and claim the stake above 2 when not withdrawn.
 */
export function proposalButtons(
  p: { state: number; eta: number | null; calls: readonly unknown[]; proposer: string; withdrawn: boolean },
  account: string | undefined,
  nowS: number,
): ProposalButtons {
  const proposer = !!account && account.toLowerCase() === p.proposer.toLowerCase();
  return {
    queue: canQueue(p.state) && p.calls.length > 0,
    execute: p.state !== 5 ? "hidden" : canExecute(p.state, p.eta, nowS) ? "ready" : "waiting",
    cancel: proposer && canCancel(p.state),
    claim: proposer && canClaim(p.state, p.withdrawn),
  };
}

/** Simulations are shown while the actions may still run: review, active, succeeded, queued. */
export const simulatesActions = (state: number): boolean => [0, 1, 4, 5].includes(state);

// ------------------------------------------------------------------ the create form (§3, §4, §5)

/** Whole voting days within the contract's durations (§9: 3 and 30 until the contract says). */
export function votingDaysRange(minDurationS?: bigint | number, maxDurationS?: bigint | number) {
  const min = minDurationS === undefined ? MIN_VOTING_DAYS : Math.max(1, Math.ceil(Number(minDurationS) / DAY_S));
  const max = maxDurationS === undefined ? MAX_VOTING_DAYS : Math.max(min, Math.floor(Number(maxDurationS) / DAY_S));
  return { min, max };
}

export const clampDays = (days: number, r: { min: number; max: number }): number =>
  Math.min(r.max, Math.max(r.min, Math.round(Number.isFinite(days) ? days : r.min)));

/**
 * The `endTime` to propose with: core's `proposalEndTime` from the chain's time (its pending block)
 * plus a margin for the wallet's prompt, kept inside the contract's bounds for any block time from
 * `chainNowS` to `chainNowS + marginS` (voting starts at the block's time + the publicity period and
 * must last between the minimum and maximum durations).
 */
export function proposeEndTime(
  chainNowS: number,
  days: number,
  c: { pendingS: number; minDurationS: number; maxDurationS: number },
  marginS = END_TIME_MARGIN_S,
): number {
  const wanted = proposalEndTime(chainNowS + marginS, days, c.pendingS);
  const lowest = chainNowS + marginS + c.pendingS + c.minDurationS;
  const highest = chainNowS + c.pendingS + c.maxDurationS;
  return Math.min(highest, Math.max(lowest, wanted));
}

/** The action modal's messages, one per field (§5), for the fields it shows. */
export type ActionFieldProblems = {
  contract: string | null;
  functionName: string | null;
  attributes: { key: string | null; value: string | null }[];
};

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Each field's first problem (core's `actionProblem` gives the form's first one). */
export function actionFieldProblems(a: ActionDraft): ActionFieldProblems {
  const contract = a.contract.trim();
  const fn = a.functionName.trim();
  return {
    contract: !contract || !isAddress(contract) ? PROPOSAL_ERRORS.contract : null,
    functionName: !fn ? PROPOSAL_ERRORS.functionName : !IDENTIFIER.test(fn) ? PROPOSAL_ERRORS.badFunction : null,
    attributes: a.attributes.map((at) => {
      const key = at.key.trim();
      const value = at.value.trim();
      const keyProblem = !key ? PROPOSAL_ERRORS.missingKey : null;
      let valueProblem: string | null = !value ? PROPOSAL_ERRORS.missingValue : null;
      if (!keyProblem && !valueProblem && parseActionValue(key, value) === null)
        valueProblem = PROPOSAL_ERRORS.badValue;
      return { key: keyProblem, value: valueProblem };
    }),
  };
}

export const hasFieldProblem = (p: ActionFieldProblems): boolean =>
  !!p.contract || !!p.functionName || p.attributes.some((x) => !!x.key || !!x.value);

/** The action kinds a proposal kind offers in the modal (§3). */
export const actionKindsOf = (kind: ProposalKind): ActionKind[] =>
  kind === "editPortfolioList" ? ["ADD_NEW_TOKEN_TO_PORTFOLIO_LIST", "DELETE_TOKEN_FROM_PORTFOLIO_LIST"] : ["CUSTOM"];

/** A new action of `kind` (the edit-portfolio-list ones target the factory, keys locked). */
export const newAction = (kind: ActionKind, factory: string): ActionDraft => actionTemplate(kind, factory);

/** §3: keys are locked unless the action is free-form. */
export const keysLocked = (a: ActionDraft): boolean => a.kind !== "CUSTOM";

/** §4 "save replaces or appends": index -1 appends, another index replaces. */
export function saveAction(list: readonly ActionDraft[], index: number, a: ActionDraft): ActionDraft[] {
  if (index < 0 || index >= list.length) return [...list, a];
  return list.map((x, i) => (i === index ? a : x));
}

/** §4 "remove deletes the edited action". */
export const removeAction = (list: readonly ActionDraft[], index: number): ActionDraft[] =>
  list.filter((_, i) => i !== index);

/** Whether an attribute value is an address array (the picker fills it). */
export const isAddressArray = (key: string): boolean => key.trim() === ADDRESS_ARRAY;

// ------------------------------------------------------------------ a proposal's effect

/** Addresses in a decoded argument (`["0x…","0x…"]`, or one address). */
export function addressesOf(arg: string): string[] {
  return [...arg.matchAll(/0x[0-9a-fA-F]{40}/g)].map((m) => m[0].toLowerCase());
}

/**
 * The tokens an executed proposal added to the portfolio list (state 7 or 8, `addTokens` calls), by
 * symbol where the chain's token list knows them: the page links to the create wizard with them.
 */
export function listedTokens(
  p: { state: number; calls: readonly { signature: string; args: readonly string[] }[] },
  tokens: readonly { address: string; symbol: string }[],
): string[] {
  if (p.state !== 7 && p.state !== 8) return [];
  const bySymbol = new Map(tokens.map((t) => [t.address.toLowerCase(), t.symbol]));
  const out: string[] = [];
  for (const c of p.calls) {
    if (!c.signature.startsWith("addTokens(")) continue;
    for (const a of c.args.flatMap(addressesOf)) {
      const s = bySymbol.get(a);
      if (s && !out.includes(s)) out.push(s);
    }
  }
  return out;
}

/** `/sts/create?search=NOVA` (portfolio-create preselects the tokens a search names). */
export const wizardLink = (symbols: readonly string[]): string =>
  `/sts/create?search=${encodeURIComponent(symbols.join(" "))}`;

/** How an action's target reads: a known contract's name, a token's symbol, else the short address. */
export function targetName(
  address: string,
  names: ReadonlyMap<string, string>,
  tokens: readonly { address: string; symbol: string }[],
  t: (key: string) => string,
): string {
  const n = names.get(address.toLowerCase());
  if (n) return t(`contracts.${n}`);
  return symbolOf(address, tokens) ?? `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** The token symbol of an address, else null (for the actions' arguments). */
export function symbolOf(address: string, tokens: readonly { address: string; symbol: string }[]): string | null {
  const a = address.toLowerCase();
  return tokens.find((t) => t.address.toLowerCase() === a)?.symbol ?? null;
}
