// Issue 18's seed: on a fresh chain with a month of history, the governance pages have a proposal in
// every state the spec shows, with real votes (some by signature through a relayer), a claimed
// stake, and an executed "edit portfolio list" proposal whose token the factory now allows.
import type { Deployment } from "@sofi/protocol";
import { type Address, createPublicClient, http, type PublicClient, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portfolioFactoryAbi, sofiGovernorAbi, sofiTokenAbi } from "../../packages/protocol/src/abis/index.ts";
import { ANVIL_ACCOUNTS } from "../../packages/protocol/src/deployments/anvil-accounts.ts";
import { type AnvilHandle, getFreePort, startAnvil } from "./anvil.ts";
import type { ContractName } from "./deploy/index.ts";
import { deployAll } from "./deploy.ts";
import { CAMPAIGN_WALLET, GOVERNANCE_HOLDERS, GOVERNANCE_PLANS, GOVERNANCE_RELAYER } from "./seed/governance.ts";
import { seed } from "./seed.ts";

const DAY = 86400;
const DAYS = 27;

describe("governance seed over 27 days", () => {
  let anvil: AnvilHandle;
  let deployment: Deployment<ContractName>;
  let client: PublicClient;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    anvil = await startAnvil({ port: await getFreePort(), timestamp: now - DAYS * DAY });
    deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
    await seed({ rpcUrl: anvil.rpcUrl, deployment, days: DAYS, now });
    client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  }, 180_000);

  afterAll(async () => {
    await anvil?.stop();
  });

  const gov = <T>(functionName: string, args: readonly unknown[] = []) =>
    client.readContract({
      address: deployment.contracts.sofiGovernor,
      abi: sofiGovernorAbi,
      functionName,
      args,
    } as never) as Promise<T>;
  type Info = { proposer: Address; forVotes: bigint; againstVotes: bigint; withdrawn: boolean; eta: bigint };

  it("leaves a proposal in every state, ids in creation order", async () => {
    expect(await gov("latestProposalId")).toBe(BigInt(GOVERNANCE_PLANS.length));
    const statuses = await Promise.all(GOVERNANCE_PLANS.map((_, i) => gov<number>("proposalStatus", [BigInt(i + 1)])));
    // funded, executed, defeated, queued, succeeded, active, canceled, review
    expect(statuses).toEqual([8, 7, 3, 5, 4, 1, 2, 0]);
    expect(new Set(statuses)).toEqual(new Set([0, 1, 2, 3, 4, 5, 7, 8]));
  });

  it("the executed edit-portfolio-list proposal listed NOVA on the factory", async () => {
    const nova = deployment.tokens.find((t) => t.symbol === "NOVA")?.address as Address;
    const allowed = await client.readContract({
      address: deployment.contracts.portfolioFactory,
      abi: portfolioFactoryAbi,
      functionName: "getAllowedTokens",
    });
    expect(allowed).toContain(nova);
    const listed = await client.getContractEvents({
      address: deployment.contracts.portfolioFactory,
      abi: portfolioFactoryAbi,
      eventName: "TokenAllowed",
      args: { token: nova },
      fromBlock: 0n,
    });
    expect(listed).toHaveLength(1);
    // Sent by the timelock, in the governor's ProposalExecuted transaction of proposal 2.
    const executed = await client.getContractEvents({
      address: deployment.contracts.sofiGovernor,
      abi: sofiGovernorAbi,
      eventName: "ProposalExecuted",
      fromBlock: 0n,
    });
    const tx = executed.find((e) => e.args.proposalId === 2n)?.transactionHash;
    expect(listed[0]?.transactionHash).toBe(tx);
  });

  it("the funded campaign paid the campaign wallet from the treasury", async () => {
    const sofi = deployment.tokens.find((t) => t.symbol === "SOFI")?.address as Address;
    const bal = (a: Address) =>
      client.readContract({ address: sofi, abi: sofiTokenAbi, functionName: "balanceOf", args: [a] });
    expect(await bal(CAMPAIGN_WALLET)).toBe(parseEther("250000"));
    // the treasury's only payment is the campaign's; what it holds is what came in (its 5,000,000
    // SOFI, and the market seed's dispute fee) minus that payment
    const timelock = deployment.contracts.timelock;
    const moves = (args: { from?: Address; to?: Address }) =>
      client.getContractEvents({ address: sofi, abi: sofiTokenAbi, eventName: "Transfer", args, fromBlock: 0n });
    const out = await moves({ from: timelock });
    expect(out.map((e) => [e.args.to?.toLowerCase(), e.args.value])).toEqual([
      [CAMPAIGN_WALLET.toLowerCase(), parseEther("250000")],
    ]);
    const received = (await moves({ to: timelock })).reduce((s, e) => s + (e.args.value ?? 0n), 0n);
    expect(received).toBeGreaterThanOrEqual(parseEther("5000000"));
    expect(await bal(timelock)).toBe(received - parseEther("250000"));
    const funded = await client.getContractEvents({
      address: deployment.contracts.sofiGovernor,
      abi: sofiGovernorAbi,
      eventName: "ProposalFunded",
      fromBlock: 0n,
    });
    expect(funded.map((e) => e.args.proposalId)).toEqual([1n]);
  });

  it("the active vote has for and against votes from several accounts, some by ballots the relayer sent", async () => {
    const p = await gov<Info>("proposals", [6n]);
    expect(p.forVotes).toBeGreaterThan(0n);
    expect(p.againstVotes).toBeGreaterThan(0n);
    const votes = await client.getContractEvents({
      address: deployment.contracts.sofiGovernor,
      abi: sofiGovernorAbi,
      eventName: "VoteCast",
      fromBlock: 0n,
    });
    const onActive = votes.filter((v) => v.args.proposalId === 6n);
    expect(onActive.length).toBeGreaterThanOrEqual(5);
    const voters = onActive.map((v) => v.args.voter);
    for (const i of [6, 7, 8, 9]) expect(voters).toContain(ANVIL_ACCOUNTS[i]?.address);
    expect(new Set(onActive.map((v) => v.args.support))).toEqual(new Set([0, 1]));
    // Ballots: the transaction came from the relayer, the vote is the signer's.
    const bySig = [];
    for (const v of onActive) {
      const tx = await client.getTransaction({ hash: v.transactionHash });
      if (tx.from.toLowerCase() === GOVERNANCE_RELAYER.toLowerCase()) bySig.push(v.args.voter);
    }
    expect(bySig).toEqual([ANVIL_ACCOUNTS[8]?.address, ANVIL_ACCOUNTS[9]?.address, GOVERNANCE_HOLDERS[1]?.address]);
    const relayer = await gov<{ hasVoted: boolean }>("receipts", [6n, GOVERNANCE_RELAYER]);
    expect(relayer.hasVoted).toBe(false);
    // The dev wallet is free to vote.
    const dev = await gov<{ hasVoted: boolean }>("receipts", [6n, ANVIL_ACCOUNTS[0]?.address]);
    expect(dev.hasVoted).toBe(false);
  });

  it("stakes: claimed after the executed and the defeated proposals, refunded at the cancel, held by the rest", async () => {
    const infos = await Promise.all(GOVERNANCE_PLANS.map((_, i) => gov<Info>("proposals", [BigInt(i + 1)])));
    expect(infos.map((p) => p.withdrawn)).toEqual([false, true, true, false, false, false, true, false]);
    const claimed = await client.getContractEvents({
      address: deployment.contracts.sofiGovernor,
      abi: sofiGovernorAbi,
      eventName: "StakeClaimed",
      fromBlock: 0n,
    });
    expect(claimed.map((e) => e.args.proposalId)).toEqual([2n, 3n]);
    const sofi = deployment.tokens.find((t) => t.symbol === "SOFI")?.address as Address;
    const held = await client.readContract({
      address: sofi,
      abi: sofiTokenAbi,
      functionName: "balanceOf",
      args: [deployment.contracts.sofiGovernor],
    });
    expect(held).toBe(parseEther("100000") * 5n);
  });

  it("the queued proposal is executable now: its eta has passed, its grace period has not", async () => {
    const p = await gov<Info>("proposals", [4n]);
    const head = await client.getBlock({ blockTag: "latest" });
    expect(p.eta).toBeGreaterThan(0n);
    expect(p.eta).toBeLessThan(head.timestamp);
    expect(p.eta + 14n * BigInt(DAY)).toBeGreaterThan(head.timestamp);
  });
});
