/**
 * Governance (issue 18): proposals over the history so the governance pages show every state on a
 * fresh chain. At the end of the history ("now") there is, by creation order (ids 1 to 8 on a 30-day
 * seed):
 * 1. a marketing campaign paid out of the timelock's SOFI treasury: executed and funded (8);
 * 2. an "edit portfolio list" proposal, `addTokens([NOVA])`: executed (7), so the factory's
 *    allow-list and the create wizard offer NOVA; its stake claimed;
 * 3. a proposal that missed the quorum: defeated (3), its stake claimed;
 * 4. a campaign passed and queued (5), its eta passed and within the grace period (executable);
 * 5. a passed proposal not queued yet (4);
 * 6. an active vote (1) with for and against votes from seed holders and anvil accounts 6-9, the
 *    last two by EIP-712 ballots the relayer submits (`castVoteBySig`);
 * 7. a proposal its proposer canceled (2), its stake refunded;
 * 8. a proposal in review (0), created less than the publicity period ago.
 * Times are fixed before the end (days), so a plan is made only when the history reaches back to
 * its creation: a 2-day seed has 7 and 8 only. Proposers and most voters are the seed's governance
 * holders (keys from labels, so they sign ballots); the dev wallet (anvil account 0) stays out of
 * governance, free to propose and vote. At the end every plan's status must be the expected one.
 */
import { type Address, encodeFunctionData, type Hex, keccak256, numberToHex, parseEther, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  portfolioFactoryAbi,
  sofiGovernorAbi,
  sofiTokenAbi,
  timelockControllerAbi,
} from "../../../packages/protocol/src/abis/index.ts";
import { ANVIL_ACCOUNTS } from "../../../packages/protocol/src/deployments/anvil-accounts.ts";
import { addressFromLabel, MAX_UINT, type SeedStep } from "./kit.ts";

const DAY = 86_400;
const HOUR = 3_600;
const GAS = {
  mint: 200_000n,
  approve: 100_000n,
  propose: 1_500_000n,
  vote: 300_000n,
  queue: 600_000n,
  execute: 1_000_000n,
  cancel: 400_000n,
  claim: 300_000n,
};

/** A seed governance holder: a key from a label (public, local chain only), so it can sign ballots. */
export type GovernanceHolder = { address: Address; privateKey: Hex; sofi: bigint };

/** The seed's governance holders with the SOFI they get (whole SOFI): 5.3M in all. */
export const GOVERNANCE_HOLDERS: readonly GovernanceHolder[] = [
  1_200_000, 1_000_000, 900_000, 800_000, 600_000, 400_000, 250_000, 150_000,
].map((whole, i) => {
  const privateKey = keccak256(toHex(`sofi-seed-governance-${i + 1}`));
  return { address: privateKeyToAccount(privateKey).address, privateKey, sofi: parseEther(String(whole)) };
});

/** Submits other holders' signed ballots and pays their gas: it holds no SOFI and gets no votes. */
export const GOVERNANCE_RELAYER = addressFromLabel("sofi-seed-governance-relayer");
/** Where the seeded marketing campaigns pay. */
export const CAMPAIGN_WALLET = addressFromLabel("sofi-seed-campaign");

/** A voter: a governance holder's index, or an anvil account's (`anvil`). */
type Voter = { holder: number } | { anvil: number };
type Vote = { voter: Voter; support: 0 | 1; at: number; bySig?: boolean };
type Action = "campaign" | "listNova" | "none";

/** One seeded proposal; times are days before the end of the history. */
export type GovernancePlan = {
  key: string;
  title: string;
  content: string;
  action: Action;
  /** Paid by campaigns (whole SOFI). */
  amount?: number;
  proposer: number;
  createAt: number;
  /** Voting days after the publicity period. */
  days: number;
  votes: Vote[];
  queueAt?: number;
  execute?: boolean;
  cancelAt?: number;
  claimAt?: number;
  /** The spec's status at the end. */
  expected: number;
};

export const GOVERNANCE_PLANS: readonly GovernancePlan[] = [
  {
    key: "funded",
    title: "Launch campaign: 250,000 SOFI for trading competitions",
    content:
      "Fund four weekly trading competitions on the portfolio pages.\n\n- 250,000 SOFI from the treasury to the campaign wallet\n- Prizes for the best managers by 7-day return\n- Results posted every Monday",
    action: "campaign",
    amount: 250_000,
    proposer: 1,
    createAt: 26,
    days: 3,
    votes: [
      { voter: { holder: 0 }, support: 1, at: 20.5 },
      { voter: { holder: 2 }, support: 1, at: 20.4 },
      { voter: { holder: 4 }, support: 1, at: 20.2 },
      { voter: { holder: 5 }, support: 0, at: 19.8 },
    ],
    queueAt: 17.9,
    execute: true,
    expected: 8,
  },
  {
    key: "listNova",
    title: "Add NOVA to the portfolio token list",
    content:
      "Nova Network has deep WETH and USDT pools on both DEXes. Listing it lets managers build DeFi portfolios with it.\n\nAction: `addTokens([NOVA])` on the portfolio factory.",
    action: "listNova",
    proposer: 0,
    createAt: 22,
    days: 3,
    votes: [
      { voter: { holder: 1 }, support: 1, at: 16.6 },
      { voter: { holder: 2 }, support: 1, at: 16.3 },
      { voter: { holder: 3 }, support: 1, at: 15.9 },
      { voter: { holder: 6 }, support: 0, at: 15.5 },
    ],
    queueAt: 13.9,
    execute: true,
    claimAt: 12,
    expected: 7,
  },
  {
    key: "defeated",
    title: "Weekly buyback of SOFI from trading fees",
    content:
      "Use half of the trade fees to buy SOFI back every week.\n\nToo few holders voted: the quorum of 2,000,000 SOFI was not reached.",
    action: "none",
    proposer: 2,
    createAt: 15,
    days: 4,
    votes: [
      { voter: { holder: 6 }, support: 1, at: 9.5 },
      { voter: { holder: 7 }, support: 0, at: 8.7 },
    ],
    claimAt: 5.5,
    expected: 3,
  },
  {
    key: "queued",
    title: "Community translators: 100,000 SOFI",
    content:
      "Reward the volunteers who translate the app into Korean and keep it current.\n\n- 100,000 SOFI to the campaign wallet\n- Paid once the timelock's delay has passed",
    action: "campaign",
    amount: 100_000,
    proposer: 4,
    createAt: 13,
    days: 3,
    votes: [
      { voter: { holder: 0 }, support: 1, at: 7.6 },
      { voter: { holder: 1 }, support: 1, at: 7.4 },
      { voter: { holder: 2 }, support: 1, at: 7.1 },
      { voter: { holder: 6 }, support: 0, at: 6.5 },
    ],
    queueAt: 4.9,
    expected: 5,
  },
  {
    key: "succeeded",
    title: "Feature AI portfolios on the home page",
    content:
      "Show portfolios built with the AI builder in their own row on the home page.\n\nPassed; anyone can queue it.",
    action: "none",
    proposer: 5,
    createAt: 10,
    days: 3.5,
    votes: [
      { voter: { holder: 0 }, support: 1, at: 4.6 },
      { voter: { holder: 1 }, support: 1, at: 4.2 },
      { voter: { holder: 3 }, support: 1, at: 3.4 },
      { voter: { holder: 7 }, support: 0, at: 2.8 },
    ],
    expected: 4,
  },
  {
    key: "active",
    title: "Lower the proposal stake to 50,000 SOFI",
    content:
      "100,000 SOFI keeps smaller holders from proposing. Halve the stake; the quorum stays.\n\n| | now | proposed |\n|---|---|---|\n| stake | 100,000 | 50,000 |",
    action: "none",
    proposer: 3,
    createAt: 7,
    days: 8,
    votes: [
      { voter: { holder: 0 }, support: 1, at: 1.9 },
      { voter: { anvil: 6 }, support: 1, at: 1.5 },
      { voter: { anvil: 7 }, support: 0, at: 1.2 },
      { voter: { anvil: 8 }, support: 1, at: 0.8, bySig: true },
      { voter: { anvil: 9 }, support: 0, at: 0.5, bySig: true },
      { voter: { holder: 1 }, support: 1, at: 0.3, bySig: true },
    ],
    expected: 1,
  },
  {
    key: "canceled",
    title: "Move the treasury to a multisig",
    content: "Withdrawn by the proposer: a new version follows once the signers are chosen.",
    action: "none",
    proposer: 6,
    createAt: 1.5,
    days: 3,
    votes: [],
    cancelAt: 1.25,
    expected: 2,
  },
  {
    key: "review",
    title: "Add a 7-day return column to the managers list",
    content:
      "Managers are ranked by total return only. A 7-day column shows who is doing well now.\n\nVoting opens after the 5-day publicity period.",
    action: "none",
    proposer: 7,
    createAt: 0.75,
    days: 5,
    votes: [],
    expected: 0,
  },
];

type Step = { at: number; order: number; run: () => Promise<void> | void };

export const governanceSeed: SeedStep = {
  name: "governance",
  start(ctx) {
    const c = ctx.deployment.contracts as Record<string, Address | undefined>;
    const governor = c.sofiGovernor;
    const factory = c.portfolioFactory;
    const sofi = ctx.deployment.tokens.find((t) => t.symbol === "SOFI")?.address;
    const nova = ctx.deployment.tokens.find((t) => t.symbol === "NOVA")?.address;
    const { end, start: historyStart } = ctx.history;
    const enabled = !!governor && !!c.timelock && !!factory && !!sofi;
    /** Plans whose creation the history reaches (two hours in, so a block is there), by creation. */
    const plans = GOVERNANCE_PLANS.filter((p) => end - p.createAt * DAY >= historyStart + 2 * HOUR).sort(
      (a, b) => b.createAt - a.createAt,
    );
    const ids = new Map<string, bigint>();
    const nonces = new Map<Address, bigint>();
    let steps: Step[] = [];
    let chainId = 0;
    let pendingTime = 5 * DAY;
    let timelockDelay = DAY;
    /** The timestamp of the history block being built. */
    let now = 0;

    const holder = (i: number) => GOVERNANCE_HOLDERS[i] as GovernanceHolder;
    const anvil = (i: number) => {
      const a = ANVIL_ACCOUNTS[i];
      if (!a || !ctx.fundAccounts.includes(a.address))
        throw new Error(`seed governance: anvil account ${i} holds no SOFI`);
      return a;
    };
    const voterOf = (v: Voter) => ("holder" in v ? holder(v.holder) : anvil(v.anvil));
    const send = (from: Address, data: Hex, gas: bigint, to: Address = governor as Address) =>
      ctx.sender.add({ from, to, data, gas });
    const call = (functionName: string, args: readonly unknown[]) =>
      encodeFunctionData({ abi: sofiGovernorAbi, functionName, args } as never);

    const actions = (p: GovernancePlan): { targets: Address[]; values: bigint[]; calldatas: Hex[] } => {
      if (p.action === "campaign")
        return {
          targets: [sofi as Address],
          values: [0n],
          calldatas: [
            encodeFunctionData({
              abi: sofiTokenAbi,
              functionName: "transfer",
              args: [CAMPAIGN_WALLET, parseEther(String(p.amount ?? 0))],
            }),
          ],
        };
      if (p.action === "listNova") {
        if (!nova) throw new Error("seed governance: NOVA is not deployed");
        return {
          targets: [factory as Address],
          values: [0n],
          calldatas: [encodeFunctionData({ abi: portfolioFactoryAbi, functionName: "addTokens", args: [[nova]] })],
        };
      }
      // A proposal without an on-chain effect still needs one action: a harmless read-only call.
      return {
        targets: [governor as Address],
        values: [0n],
        calldatas: [encodeFunctionData({ abi: sofiGovernorAbi, functionName: "quorumVoteCount" })],
      };
    };

    const ballot = async (id: bigint, support: number, key: Hex, voter: Address): Promise<Hex> => {
      const nonce = nonces.get(voter) ?? 0n;
      nonces.set(voter, nonce + 1n);
      return privateKeyToAccount(key).signTypedData({
        domain: { name: "SofiGovernor", version: "1", chainId, verifyingContract: governor as Address },
        types: {
          Ballot: [
            { name: "proposalId", type: "uint256" },
            { name: "support", type: "uint8" },
            { name: "voter", type: "address" },
            { name: "nonce", type: "uint256" },
          ],
        },
        primaryType: "Ballot",
        message: { proposalId: id, support, voter, nonce },
      });
    };

    return {
      async setup() {
        if (!enabled) {
          ctx.log("no governance contracts: no proposals");
          return;
        }
        chainId = await ctx.client.getChainId();
        const [latest, pending, delay] = await Promise.all([
          ctx.client.readContract({ address: governor, abi: sofiGovernorAbi, functionName: "latestProposalId" }),
          ctx.client.readContract({ address: governor, abi: sofiGovernorAbi, functionName: "globalPendingTime" }),
          ctx.client.readContract({
            address: c.timelock as Address,
            abi: timelockControllerAbi,
            functionName: "getMinDelay",
          }),
        ]);
        pendingTime = Number(pending);
        timelockDelay = Number(delay);
        plans.forEach((p, i) => {
          ids.set(p.key, latest + 1n + BigInt(i));
        });
        for (const h of [...GOVERNANCE_HOLDERS.map((x) => x.address), GOVERNANCE_RELAYER]) {
          await ctx.rpc("anvil_impersonateAccount", [h]);
          await ctx.rpc("anvil_setBalance", [h, numberToHex(10n ** 22n)]);
        }
        for (const a of [
          ...GOVERNANCE_HOLDERS.map((x) => x.address),
          ...[6, 7, 8, 9].map((i) => ANVIL_ACCOUNTS[i]?.address),
        ])
          if (a)
            nonces.set(
              a,
              await ctx.client.readContract({
                address: governor,
                abi: sofiGovernorAbi,
                functionName: "nonces",
                args: [a],
              }),
            );
        for (const h of GOVERNANCE_HOLDERS) {
          send(
            ctx.deployment.deployer,
            encodeFunctionData({ abi: sofiTokenAbi, functionName: "mint", args: [h.address, h.sofi] }),
            GAS.mint,
            sofi,
          );
          send(
            h.address,
            encodeFunctionData({ abi: sofiTokenAbi, functionName: "approve", args: [governor, MAX_UINT] }),
            GAS.approve,
            sofi,
          );
        }
        steps = buildSteps();
      },

      async block({ timestamp }) {
        if (!enabled) return;
        now = timestamp;
        const due = steps.filter((s) => s.at <= timestamp).sort((a, b) => a.at - b.at || a.order - b.order);
        steps = steps.filter((s) => s.at > timestamp);
        for (const s of due) await s.run();
      },

      async finish() {
        if (!enabled) return;
        await checkEnd();
        for (const h of [...GOVERNANCE_HOLDERS.map((x) => x.address), GOVERNANCE_RELAYER])
          await ctx.rpc("anvil_stopImpersonatingAccount", [h]);
      },
    };

    function buildSteps(): Step[] {
      const out: Step[] = [];
      const at = (days: number) => end - Math.round(days * DAY);
      for (const p of plans) {
        const id = ids.get(p.key) as bigint;
        const proposer = holder(p.proposer).address;
        const { targets, values, calldatas } = actions(p);
        out.push({
          at: at(p.createAt),
          order: 0,
          run: () => {
            // Voting starts the publicity period after this block; it lasts the plan's days.
            const endTime = BigInt(now + pendingTime + Math.round(p.days * DAY));
            send(
              proposer,
              call("propose", [targets, values, calldatas, `# ${p.title}\n\n${p.content}`, endTime]),
              GAS.propose,
            );
          },
        });
        for (const v of p.votes) {
          const who = voterOf(v.voter);
          out.push({
            at: at(v.at),
            order: 1,
            run: async () => {
              if (!v.bySig) {
                send(who.address, call("castVote", [id, v.support]), GAS.vote);
                return;
              }
              const signature = await ballot(id, v.support, who.privateKey, who.address);
              send(GOVERNANCE_RELAYER, call("castVoteBySig", [id, v.support, who.address, signature]), GAS.vote);
            },
          });
        }
        if (p.queueAt !== undefined)
          out.push({
            at: at(p.queueAt),
            order: 2,
            run: () => {
              send(GOVERNANCE_RELAYER, call("queue", [id]), GAS.queue);
              if (p.execute) {
                // eta = this block + the timelock's delay (1 day locally); execute an hour after.
                steps.push({
                  at: now + timelockDelay + HOUR,
                  order: 3,
                  run: () => send(GOVERNANCE_RELAYER, call("execute", [id]), GAS.execute),
                });
              }
            },
          });
        if (p.cancelAt !== undefined)
          out.push({ at: at(p.cancelAt), order: 4, run: () => send(proposer, call("cancel", [id]), GAS.cancel) });
        if (p.claimAt !== undefined)
          out.push({ at: at(p.claimAt), order: 5, run: () => send(proposer, call("claim", [id]), GAS.claim) });
      }
      return out;
    }

    async function checkEnd(): Promise<void> {
      for (const p of plans) {
        const id = ids.get(p.key) as bigint;
        const status = await ctx.client.readContract({
          address: governor as Address,
          abi: sofiGovernorAbi,
          functionName: "proposalStatus",
          args: [id],
        });
        if (status !== p.expected)
          throw new Error(`seed governance: proposal ${id} (${p.key}) is status ${status}, expected ${p.expected}`);
      }
      if (plans.some((p) => p.key === "listNova") && nova) {
        const listed = await ctx.client.readContract({
          address: factory as Address,
          abi: portfolioFactoryAbi,
          functionName: "isAllowedToken",
          args: [nova],
        });
        if (!listed) throw new Error("seed governance: the executed addTokens proposal did not list NOVA");
      }
      ctx.log(`governance: ${plans.length} proposals (${plans.map((p) => `${ids.get(p.key)} ${p.key}`).join(", ")})`);
    }
  },
};
