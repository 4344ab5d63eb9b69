/**
 * Governance of spec 002 (issue 18): §3 proposal, vote and proposal-being-created entities, §4
 * proposal states and the creation flow, §5 the proposal form's rules, §7 `GET /sofi/proposals`,
 * `GET /sofi/proposal`, `GET /sofi/votes`, §8 the toasts, §9 the constants. The rules the server
 * and the web app share: status numbers and tags, the status of a proposal at a time (as the
 * SofiGovernor contract computes it), the title and content inside the description, action
 * encoding for the create form, and the API's schemas.
 */
import { z } from "zod";
import { addressSchema, isAddress, queryIntSchema, textProblem } from "./validation.ts";

// ------------------------------------------------------------------ constants

/** §9: the governance token's symbol and decimals. */
export const GOVERNANCE_TOKEN_SYMBOL = "SOFI";
export const GOVERNANCE_TOKEN_DECIMALS = 18;
/** §9 and the contract's initial settings (read from the contract where it matters). */
export const PROPOSAL_THRESHOLD = 100_000n * 10n ** 18n;
export const PUBLICITY_PERIOD_S = 5 * 86_400;
export const MIN_VOTING_DAYS = 3;
export const MAX_VOTING_DAYS = 30;
/** §9 "Proposal voting period displayed and used: 5 days": the form's default voting days. */
export const DEFAULT_VOTING_DAYS = 5;
/** SofiGovernor.GRACE_PERIOD: a queued proposal not executed within this after its eta expires. */
export const GOVERNANCE_GRACE_PERIOD_S = 14 * 86_400;

// ------------------------------------------------------------------ states (§4)

/** §4's status numbers, as SofiGovernor's `proposalStatus` returns them. */
export const PROPOSAL_STATUS = {
  review: 0,
  active: 1,
  canceled: 2,
  defeated: 3,
  succeeded: 4,
  queued: 5,
  expired: 6,
  executed: 7,
  funded: 8,
} as const;
export type ProposalStatus = (typeof PROPOSAL_STATUS)[keyof typeof PROPOSAL_STATUS];
export type ProposalStatusName = keyof typeof PROPOSAL_STATUS;

/** §4: the display tag of each status, 0 to 8. */
export const PROPOSAL_TAGS = [
  "review",
  "active",
  "canceled",
  "failed",
  "passed",
  "passed",
  "failed",
  "passed",
  "passed",
] as const;
export type ProposalTag = (typeof PROPOSAL_TAGS)[number];

export const statusName = (status: number): ProposalStatusName =>
  (Object.entries(PROPOSAL_STATUS).find(([, v]) => v === status)?.[0] ?? "review") as ProposalStatusName;

/** §4 "Active-looking tags cover 1, 4, 5, 7, 8; all others are closed." */
export const isActiveLooking = (status: number): boolean => [1, 4, 5, 7, 8].includes(status);

/** What the status of a proposal depends on (times in unix seconds, votes in base units). */
export type ProposalFacts = {
  /** Voting starts after this (the snapshot: OZ's Pending until the clock passes it). */
  voteStart: number;
  /** Voting ends at this (inclusive: OZ's Active while the clock is at most it). */
  voteEnd: number;
  forVotes: bigint;
  againstVotes: bigint;
  /** For-votes needed (`quorumVoteCount` at the snapshot). */
  quorum: bigint;
  canceled: boolean;
  /** The queue's eta (unix seconds), null when not queued. */
  eta: number | null;
  executed: boolean;
  /** Executed and its actions paid out (ProposalFunded). */
  funded: boolean;
};

/**
 * The status at `now` exactly as SofiGovernor computes it: canceled; executed (funded: 8);
 * queued, expired past eta + grace; review until the snapshot; active until the deadline;
 * then succeeded when the for-votes reach the quorum and beat the against-votes, else defeated.
 */
export function proposalStatusAt(p: ProposalFacts, now: number): ProposalStatus {
  if (p.executed) return p.funded ? 8 : 7;
  if (p.canceled) return 2;
  if (p.eta !== null) return now > p.eta + GOVERNANCE_GRACE_PERIOD_S ? 6 : 5;
  if (now <= p.voteStart) return 0;
  if (now <= p.voteEnd) return 1;
  return p.forVotes >= p.quorum && p.forVotes > p.againstVotes ? 4 : 3;
}

/** §4: the proposer may cancel while the status is below 2. */
export const canCancel = (status: number): boolean => status < 2;
/** §4: the proposer may claim the stake when not withdrawn and the status is above 2. */
export const canClaim = (status: number, withdrawn: boolean): boolean => !withdrawn && status > 2;
/** §4: queue in state 4 (with on-chain actions: every proposal has some). */
export const canQueue = (status: number): boolean => status === 4;
/** §4: execute in state 5 once the eta has passed. */
export const canExecute = (status: number, eta: number | null, now: number): boolean =>
  status === 5 && eta !== null && now >= eta;
/** §4: voting only in state 1, with available votes above 0 and no earlier vote. */
export const canVote = (status: number, availableVotes: bigint, alreadyVoted: boolean): boolean =>
  status === 1 && availableVotes > 0n && !alreadyVoted;

/** §2: the list's label, SOFIP- and the zero-padded index. */
export const proposalLabel = (index: number | string): string => `SOFIP-${String(index).padStart(3, "0")}`;

/** §4 "Tally bar percent is for/(for+against)" (0 with no votes), in percent. */
export function tallyPercent(forVotes: bigint, againstVotes: bigint): number {
  const total = forVotes + againstVotes;
  if (total === 0n) return 0;
  return Number((forVotes * 10_000n) / total) / 100;
}

/** §4 "Vote amounts are divided by 10^18": whole votes for display. */
export const wholeVotes = (votes: bigint): number => Number(votes / 10n ** 14n) / 10_000;

// ------------------------------------------------------------------ the description

/** Tally's convention, which the governor's description follows: "# {title}\n\n{content}". */
export function proposalDescription(title: string, content: string): string {
  return `# ${title.trim()}\n\n${content}`;
}

/** Title and content from a description (a description without a "# " first line: its first line is the title). */
export function parseProposalDescription(description: string): { title: string; content: string } {
  const [first = "", ...rest] = description.split("\n");
  const title = first.replace(/^#\s*/, "").trim();
  return { title, content: rest.join("\n").replace(/^\n+/, "") };
}

// ------------------------------------------------------------------ the create form (§3, §5)

/** §5's texts. */
export const PROPOSAL_ERRORS = {
  content: "Please input content",
  actions: "Please add Governance Action",
  contract: "Please enter Contract address",
  functionName: "Please enter Function name",
  missingKey: "Missing key",
  missingValue: "Missing value",
  title: "Please input title",
  badValue: "Value does not match its type",
  badFunction: "Function name must be a Solidity identifier",
} as const;

/** §3: the two edit-portfolio-list action kinds and the free-form action of a marketing campaign. */
export const ACTION_KINDS = ["ADD_NEW_TOKEN_TO_PORTFOLIO_LIST", "DELETE_TOKEN_FROM_PORTFOLIO_LIST", "CUSTOM"] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** §3: the kinds of proposal the chooser offers. */
export const PROPOSAL_KINDS = ["editPortfolioList", "marketingCampaign"] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

/** One governance action as the form holds it: a contract, a function and its attributes (key = type). */
export type ActionDraft = {
  kind: ActionKind;
  contract: string;
  functionName: string;
  attributes: { key: string; value: string }[];
};

/** §3: the attribute key of the edit-portfolio-list actions (locked in the form). */
export const ADDRESS_ARRAY = "address[]";

/** The action an edit-portfolio-list kind starts from (the factory is the deployment's). */
export function actionTemplate(kind: ActionKind, factory: string): ActionDraft {
  if (kind === "ADD_NEW_TOKEN_TO_PORTFOLIO_LIST")
    return { kind, contract: factory, functionName: "addTokens", attributes: [{ key: ADDRESS_ARRAY, value: "" }] };
  if (kind === "DELETE_TOKEN_FROM_PORTFOLIO_LIST")
    return { kind, contract: factory, functionName: "removeTokens", attributes: [{ key: ADDRESS_ARRAY, value: "" }] };
  return { kind, contract: "", functionName: "", attributes: [{ key: "", value: "" }] };
}

/** §5 "Address-array values are written as a bracketed quoted list": `["0x…","0x…"]`, or null. */
export function parseAddressArray(value: string): `0x${string}`[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.trim());
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(isAddress)) return null;
  return parsed.map((a) => (a as string).toLowerCase() as `0x${string}`);
}

/** The written form of an address array. */
export const formatAddressArray = (addresses: readonly string[]): string =>
  `[${addresses.map((a) => `"${a}"`).join(",")}]`;

const SOLIDITY_TYPE =
  /^(address|bool|string|bytes([1-9]|[12][0-9]|3[0-2])?|u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?)(\[\])?$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An attribute's value read for its type (key), or null when it does not fit. */
export function parseActionValue(type: string, value: string): unknown {
  const v = value.trim();
  if (type === ADDRESS_ARRAY) return parseAddressArray(v);
  if (type.endsWith("[]")) {
    let arr: unknown;
    try {
      arr = JSON.parse(v);
    } catch {
      return null;
    }
    if (!Array.isArray(arr)) return null;
    const inner = type.slice(0, -2);
    const out = arr.map((x) => parseActionValue(inner, typeof x === "string" ? x : JSON.stringify(x)));
    return out.some((x) => x === null) ? null : out;
  }
  if (type === "address") return isAddress(v) ? v.toLowerCase() : null;
  if (type === "bool") return v === "true" ? true : v === "false" ? false : null;
  if (type === "string") return v;
  if (type.startsWith("uint")) return /^\d+$/.test(v) ? BigInt(v) : null;
  if (type.startsWith("int")) return /^-?\d+$/.test(v) ? BigInt(v) : null;
  if (type.startsWith("bytes")) {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(v)) return null;
    const n = Number(type.slice(5));
    return n > 0 && v.length !== 2 + n * 2 ? null : v.toLowerCase();
  }
  return null;
}

/** §5: the first problem of an action (the action modal's messages), or null. */
export function actionProblem(a: ActionDraft): string | null {
  if (!a.contract.trim() || !isAddress(a.contract.trim())) return PROPOSAL_ERRORS.contract;
  if (!a.functionName.trim()) return PROPOSAL_ERRORS.functionName;
  if (!IDENTIFIER.test(a.functionName.trim())) return PROPOSAL_ERRORS.badFunction;
  for (const at of a.attributes) {
    if (!at.key.trim()) return PROPOSAL_ERRORS.missingKey;
    if (!at.value.trim()) return PROPOSAL_ERRORS.missingValue;
    if (!SOLIDITY_TYPE.test(at.key.trim()) || parseActionValue(at.key.trim(), at.value) === null)
      return PROPOSAL_ERRORS.badValue;
  }
  return null;
}

/** §5 "Before confirm": the content and at least one action (the title is not checked there). */
export function proposalFormProblem(content: string, actions: readonly ActionDraft[]): string | null {
  if (!content.trim()) return PROPOSAL_ERRORS.content;
  if (actions.length === 0) return PROPOSAL_ERRORS.actions;
  for (const a of actions) {
    const p = actionProblem(a);
    if (p) return p;
  }
  return null;
}

/** The function signature of an action: `addTokens(address[])`. */
export const actionSignature = (a: ActionDraft): string =>
  `${a.functionName.trim()}(${a.attributes.map((x) => x.key.trim()).join(",")})`;

/** An ABI item for an action's function (for viem's encodeFunctionData). */
export function actionAbiItem(a: ActionDraft) {
  return {
    type: "function" as const,
    name: a.functionName.trim(),
    stateMutability: "nonpayable" as const,
    inputs: a.attributes.map((x, i) => ({ name: `arg${i}`, type: x.key.trim() })),
    outputs: [],
  };
}

/** An action's arguments, read for their types (call actionProblem first). */
export const actionArgs = (a: ActionDraft): unknown[] =>
  a.attributes.map((x) => parseActionValue(x.key.trim(), x.value));

/** §3 "end time (fixed at now plus 5 days)" read with the publicity period (docs/decisions.md). */
export function proposalEndTime(nowS: number, votingDays: number, publicityS = PUBLICITY_PERIOD_S): number {
  return nowS + publicityS + votingDays * 86_400;
}

/** §4 creation flow: the button's state. */
export type CreateButton = "connectWallet" | "insufficientBalance" | "approve" | "create";
export function createButtonState(o: {
  connected: boolean;
  balance: bigint | null;
  allowance: bigint | null;
  threshold: bigint;
}): CreateButton {
  if (!o.connected) return "connectWallet";
  if (o.balance === null || o.balance === 0n || o.balance < o.threshold) return "insufficientBalance";
  if (o.allowance === null || o.allowance < o.threshold) return "approve";
  return "create";
}

// ------------------------------------------------------------------ the API (§7)

export const GOVERNANCE_ERRORS = {
  proposalId: "proposalId must be a proposal number",
  notFound: "Proposal not found",
  contract: "contract must be the governor's address",
  support: "support must be true or false",
  signature: "signature must be 0x followed by 130 hex characters",
  relayUnavailable: "Gasless voting is not available on this server",
  relayRefused: (reason: string) => `The vote would fail: ${reason}`,
  relayTooMany: "Too many gasless votes; please retry later or vote with your wallet",
  relayFailed: "The relayer could not send the vote; please try again or vote with your wallet",
  actions: "actions must be 1 to 20 calls of target, value and calldata",
} as const;

/** A proposal id: decimal digits (ids are sequential from 1). */
export const proposalIdSchema = z
  .string({ message: GOVERNANCE_ERRORS.proposalId })
  .regex(/^[1-9]\d{0,77}$/, GOVERNANCE_ERRORS.proposalId);

/** `GET /sofi/proposals` (§7, also `?proposer=`), paged. */
export const proposalsQuerySchema = z.object({
  proposer: addressSchema.optional(),
  limit: queryIntSchema(1, 100, "limit must be an integer from 1 to 100").optional().default(20),
  offset: queryIntSchema(0, 1_000_000, "offset must be an integer from 0 to 1000000").optional().default(0),
});

/** `GET /sofi/proposal?proposalId&contract&address` (§7). */
export const proposalQuerySchema = z.object({
  proposalId: proposalIdSchema,
  contract: addressSchema.optional(),
  address: addressSchema.optional(),
});

/**
 * Votes per page of the web's all-votes drawer: the page the server reads ahead for the newest
 * proposals, so a voter who opens the drawer finds it kept.
 */
export const VOTES_PAGE_SIZE = 50;

/** `GET /sofi/votes?proposalId` (§7), paged. */
export const votesQuerySchema = z.object({
  proposalId: proposalIdSchema,
  limit: queryIntSchema(1, 500, "limit must be an integer from 1 to 500").optional().default(100),
  offset: queryIntSchema(0, 1_000_000, "offset must be an integer from 0 to 1000000").optional().default(0),
});

/** `POST /sofi/vote`: an EIP-712 ballot the voter signed, for the relayer to send (gasless voting). */
export const ballotBodySchema = z.object({
  proposalId: proposalIdSchema,
  support: z.boolean({ message: GOVERNANCE_ERRORS.support }),
  voter: addressSchema,
  signature: z
    .string({ message: GOVERNANCE_ERRORS.signature })
    .regex(/^0x[0-9a-fA-F]{130}$/, GOVERNANCE_ERRORS.signature),
});
export type BallotBody = z.infer<typeof ballotBodySchema>;

/** `POST /sofi/simulate`: actions executed now from the timelock (eth_call), before voting or staking. */
export const simulateBodySchema = z.object({
  actions: z
    .array(
      z.object({
        target: addressSchema,
        value: z.string().regex(/^\d{1,78}$/, GOVERNANCE_ERRORS.actions),
        calldata: z.string().regex(/^0x([0-9a-fA-F]{2}){0,4096}$/, GOVERNANCE_ERRORS.actions),
      }),
      { message: GOVERNANCE_ERRORS.actions },
    )
    .min(1, GOVERNANCE_ERRORS.actions)
    .max(20, GOVERNANCE_ERRORS.actions),
});

/** One action's simulation: it would succeed, or its decoded revert reason. */
export const simulationSchema = z.object({ ok: z.boolean(), reason: z.string().nullable() });
export const simulateReplySchema = z.object({ results: z.array(simulationSchema) });

/** §3 "state_history[] (state, start_time, txid)": a transition and when; txid for on-chain ones. */
export const stateHistoryItemSchema = z.object({
  state: z.number().int().min(0).max(8),
  start_time: z.number().int(),
  txid: z.string().nullable(),
});

/** An on-chain action of a proposal, decoded where the target's ABI is known. */
export const proposalActionSchema = z.object({
  target: z.string(),
  value: z.string(),
  calldata: z.string(),
  /** `addTokens(address[])`, or the bare selector when unknown. */
  signature: z.string(),
  /** The decoded arguments as text (empty when unknown). */
  args: z.array(z.string()),
});

/** §3 "Proposal (display)", with what the screens need beside it. */
export const proposalSchema = z.object({
  proposalId: z.string(),
  /** The SOFIP- index (proposal ids are sequential). */
  index: z.number().int(),
  contract: z.string(),
  title: z.string(),
  description: z.string(),
  /** §3: newline-separated, one `target.signature(args)` per line; present means on-chain. */
  actions: z.string(),
  calls: z.array(proposalActionSchema),
  kind: z.enum(PROPOSAL_KINDS),
  state: z.number().int().min(0).max(8),
  proposer: z.string(),
  blockHeight: z.number().int(),
  createTime: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  eta: z.number().int().nullable(),
  forVotes: z.string(),
  againstVotes: z.string(),
  quorum: z.string(),
  stake: z.string(),
  withdrawn: z.boolean(),
  txid: z.string(),
  state_history: z.array(stateHistoryItemSchema),
  /**
   * The address's votes at the snapshot (only with `address`); null when the chain could not be
   * read just now (not "0": a voter must not be told they have no votes because a node failed).
   */
  available_votes: z.string().nullable().optional(),
  /** The votes the address cast ("0" when it has not voted; only with `address`). */
  already_votes: z.string().optional(),
  /** The address's choice: true for, false against, null when it has not voted (only with `address`). */
  approve: z.boolean().nullable().optional(),
  signature: z.string().nullable().optional(),
});
export type ApiProposal = z.infer<typeof proposalSchema>;

export const proposalListSchema = z.object({ proposals: z.array(proposalSchema), total: z.number().int() });

/**
 * `GET /sofi/proposals/cache` (issue 21 §1): whether the governor's proposals are held in memory
 * and their first votes pages read ahead ("warm"), being read ("warming"), not yet asked for
 * ("cold"), or too many to hold ("off": reads go to the database). A rollout waits for anything but "warming" before sending a new replica traffic.
 */
export const proposalsCacheSchema = z.object({
  warmth: z.enum(["cold", "warming", "warm", "off"]),
  proposals: z.number().int().nonnegative(),
  /** Proposals whose votes pages are kept (the first page of each is read ahead once they are held), and their bytes. */
  votePages: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type ProposalsCacheState = z.infer<typeof proposalsCacheSchema>;

/** §3 "Vote: voter, support, votes" (votes in base units as text), with its transaction. */
export const voteSchema = z.object({
  voter: z.string(),
  support: z.boolean(),
  votes: z.string(),
  txid: z.string(),
  timestamp: z.number().int(),
});
export const votesSchema = z.object({ votes: z.array(voteSchema), total: z.number().int() });

/** `POST /sofi/vote`'s answer: the relayed transaction. */
export const ballotReplySchema = z.object({ txid: z.string(), relayer: z.string() });

/** Longest title and content a proposal's form takes (characters). */
export const PROPOSAL_TITLE_MAX = 120;
export const PROPOSAL_CONTENT_MAX = 20_000;

/** The title field's problem (text rules), or null. */
export const proposalTitleProblem = (title: string): string | null =>
  !title.trim() ? PROPOSAL_ERRORS.title : textProblem(title, PROPOSAL_TITLE_MAX);
