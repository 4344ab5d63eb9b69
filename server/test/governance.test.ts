/**
 * Governance end to end on the server (issue 18): the product's deploy, then proposals driven on a
 * real anvil with time travel; the indexer and the API follow every state (review, active,
 * succeeded, queued, executed, canceled, defeated), the vote tallies, the address's available and
 * cast votes, the state history with its transactions; the gasless relay sends a voter's EIP-712
 * ballot from the relayer account (the voter pays nothing) and refuses one that would revert with
 * its reason; simulations decode what a call from the timelock would do; a reorg takes votes and
 * their tallies back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deployAll, getFreePort, startAnvil } from "@sofi/contracts";
import {
  type ApiProposal,
  proposalDescription,
  proposalListSchema,
  proposalSchema,
  proposalsCacheSchema,
  votesSchema,
} from "@sofi/core";
import { ANVIL_ACCOUNTS, type Deployment, portfolioFactoryAbi, sofiGovernorAbi, sofiTokenAbi } from "@sofi/protocol";
import {
  type Address,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
  publicActions,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toApiProposal } from "../src/api/governance.ts";
import { chainNow as indexedNow } from "../src/api/queries/chain-time.ts";
import { GovernanceSql } from "../src/api/queries/governance.ts";
import type { Db } from "../src/db/client.ts";
import { ChainIndexer } from "../src/indexer/engine.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { type RunningServer, startServer } from "../src/server.ts";
import { closeAllDbs, freshDb } from "./helpers/db.ts";

const key = (i: number) => ANVIL_ACCOUNTS[i]?.privateKey as Hex;
const deployerKey = key(0);
const proposerKey = key(1);
const whaleKey = key(2);
const smallKey = key(3);
const relayerKey = key(8);
const DAY = 86_400;

let anvil: Awaited<ReturnType<typeof startAnvil>>;
let deployment: Deployment;
let server: RunningServer;
let db: Db;
let dir: string;
let test: ReturnType<typeof makeTest>;
let governor: Address;
let factory: Address;
let sofi: Address;
let nova: Address;

const makeTest = (rpcUrl: string) =>
  createTestClient({ mode: "anvil", chain: foundry, transport: http(rpcUrl) }).extend(publicActions);
const wallet = (k: Hex) =>
  createWalletClient({ account: privateKeyToAccount(k), chain: foundry, transport: http(anvil.rpcUrl) }).extend(
    publicActions,
  );
const addr = (k: Hex) => privateKeyToAccount(k).address;

async function send(k: Hex, address: Address, abi: unknown, functionName: string, args: unknown[]) {
  const w = wallet(k);
  const hash = await w.writeContract({ address, abi: abi as never, functionName, args, gas: 3_000_000n } as never);
  const r = await w.waitForTransactionReceipt({ hash });
  expect(r.status, functionName).toBe("success");
  return r;
}

async function chainNow(): Promise<number> {
  return Number((await test.getBlock()).timestamp);
}
async function travelTo(t: number) {
  await test.setNextBlockTimestamp({ timestamp: BigInt(t) });
  await test.mine({ blocks: 1 });
}

async function api<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/api/local${path}`, init);
  return { status: res.status, body: (await res.json()) as T };
}
/** Waits until the index has every block the chain has. */
async function indexed() {
  const head = Number(await test.getBlockNumber());
  const end = Date.now() + 30_000;
  for (;;) {
    const h = (await (await fetch(`${server.url}/api/health`)).json()) as { chains: { indexedBlock: number }[] };
    if ((h.chains[0]?.indexedBlock ?? 0) >= head) return;
    if (Date.now() > end) throw new Error("index did not catch up");
    await new Promise((r) => setTimeout(r, 100));
  }
}
const proposal = async (id: string, address?: string) => {
  await new Promise((r) => setTimeout(r, 2_100)); // past the reply cache's 2 s
  const r = await api<ApiProposal>(`/sofi/proposal?proposalId=${id}${address ? `&address=${address}` : ""}`);
  expect(r.status).toBe(200);
  return proposalSchema.parse(r.body);
};

/** Proposes `calldatas` on `targets` from the proposer, voting `days` after the publicity period. */
async function propose(title: string, targets: Address[], calldatas: Hex[], days = 3) {
  const end = (await chainNow()) + 5 * DAY + days * DAY + 60;
  const r = await send(proposerKey, governor, sofiGovernorAbi, "propose", [
    targets,
    targets.map(() => 0n),
    calldatas,
    proposalDescription(title, `Why:\n\n- ${title}`),
    BigInt(end),
  ]);
  const id = (await test.readContract({
    address: governor,
    abi: sofiGovernorAbi,
    functionName: "latestProposalId",
  })) as bigint;
  return { id: id.toString(), receipt: r };
}

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
  test = makeTest(anvil.rpcUrl);
  deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
  const c = deployment.contracts as Record<string, Address>;
  governor = c.sofiGovernor as Address;
  factory = c.portfolioFactory as Address;
  sofi = deployment.tokens.find((t) => t.symbol === "SOFI")?.address as Address;
  nova = deployment.tokens.find((t) => t.symbol === "NOVA")?.address as Address;
  expect(governor && factory && sofi && nova).toBeTruthy();
  for (const [k, amount] of [
    [proposerKey, "300000"],
    [whaleKey, "2500000"],
    [smallKey, "50000"],
  ] as const)
    await send(deployerKey, sofi, sofiTokenAbi, "mint", [addr(k), parseEther(amount)]);
  await send(proposerKey, sofi, sofiTokenAbi, "approve", [governor, parseEther("300000")]);
  await test.mine({ blocks: 1 });
  db = await freshDb("pglite");
  dir = mkdtempSync(join(tmpdir(), "sofi-gov-"));
  server = await startServer({
    env: { CHAINS: "local", POLL_INTERVAL_MS_LOCAL: "200", RELAYER_PRIVATE_KEY: relayerKey },
    port: 0,
    db,
    dataDir: dir,
    webDist: join(dir, "none"),
    deployments: { local: deployment },
    rpcUrls: { local: anvil.rpcUrl },
    log: () => {},
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await closeAllDbs();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a proposal's life, as the API tells it", () => {
  let id: string;

  it("review: listed as SOFIP- with its title, content, decoded actions and stake", async () => {
    const calldata = encodeFunctionData({ abi: portfolioFactoryAbi, functionName: "addTokens", args: [[nova]] });
    // not ASCII: the list is written as bytes from each proposal's kept UTF-8 (json-bytes.ts)
    ({ id } = await propose("List NOVA · 노바 상장", [factory], [calldata]));
    await indexed();
    await new Promise((r) => setTimeout(r, 2_100));
    const list = await api<unknown>("/sofi/proposals");
    const parsed = proposalListSchema.parse(list.body);
    expect(parsed.total).toBe(1);
    const p = parsed.proposals[0] as ApiProposal;
    expect(p).toMatchObject({
      proposalId: id,
      index: 1,
      title: "List NOVA · 노바 상장",
      description: "Why:\n\n- List NOVA · 노바 상장",
      state: 0,
      kind: "editPortfolioList",
      stake: parseEther("100000").toString(),
      quorum: parseEther("2000000").toString(),
      withdrawn: false,
    });
    expect(p.proposer.toLowerCase()).toBe(addr(proposerKey).toLowerCase());
    expect(p.calls[0]?.signature).toBe("addTokens(address[])");
    expect(p.calls[0]?.args[0]?.toLowerCase()).toContain(nova.toLowerCase());
    expect(p.actions).toContain("addTokens(address[])");
    expect(p.state_history).toEqual([{ state: 0, start_time: p.createTime, txid: p.txid }]);
    // ?proposer= filters in SQL
    expect((await api<{ total: number }>(`/sofi/proposals?proposer=${addr(whaleKey)}`)).body.total).toBe(0);
  });

  it("simulation from the timelock: the action would succeed; a failing call gives its decoded reason", async () => {
    const ok = encodeFunctionData({ abi: portfolioFactoryAbi, functionName: "addTokens", args: [[nova]] });
    const tooMuch = encodeFunctionData({
      abi: sofiTokenAbi,
      functionName: "transfer",
      args: [addr(smallKey), parseEther("999999999")],
    });
    const r = await api<{ results: { ok: boolean; reason: string | null }[] }>("/sofi/simulate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        actions: [
          { target: factory, value: "0", calldata: ok },
          { target: sofi, value: "0", calldata: tooMuch },
        ],
      }),
    });
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toEqual({ ok: true, reason: null });
    expect(r.body.results[1]?.ok).toBe(false);
    expect(r.body.results[1]?.reason).toMatch(/^ERC20InsufficientBalance\(/);
  });

  it("active: a vote by wallet and one relayed for free; the address's votes; the votes list", async () => {
    const p0 = await proposal(id);
    await travelTo(p0.startTime + 1);
    await send(whaleKey, governor, sofiGovernorAbi, "castVote", [BigInt(id), 1]);
    // the small holder signs a ballot; the relayer pays
    const voter = privateKeyToAccount(smallKey);
    const nonce = (await test.readContract({
      address: governor,
      abi: sofiGovernorAbi,
      functionName: "nonces",
      args: [voter.address],
    })) as bigint;
    const signature = await voter.signTypedData({
      domain: { name: "SofiGovernor", version: "1", chainId: 31337, verifyingContract: governor },
      types: {
        Ballot: [
          { name: "proposalId", type: "uint256" },
          { name: "support", type: "uint8" },
          { name: "voter", type: "address" },
          { name: "nonce", type: "uint256" },
        ],
      },
      primaryType: "Ballot",
      message: { proposalId: BigInt(id), support: 0, voter: voter.address, nonce },
    });
    // read (and kept) before the relayed ballot: the page read after it is indexed must show it (issue 21 §1)
    const early = votesSchema.parse((await api<unknown>(`/sofi/votes?proposalId=${id}`)).body);
    expect(early.votes.some((v) => v.voter.toLowerCase() === voter.address.toLowerCase())).toBe(false);
    const ethBefore = await test.getBalance({ address: voter.address });
    const relayed = await api<{ txid: Hex; relayer: string }>("/sofi/vote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ proposalId: id, support: false, voter: voter.address, signature }),
    });
    expect(relayed.body).toMatchObject({ relayer: addr(relayerKey) });
    expect(relayed.status).toBe(200);
    expect(relayed.body.relayer).toBe(addr(relayerKey));
    const receipt = await test.waitForTransactionReceipt({ hash: relayed.body.txid });
    expect(receipt.status).toBe("success");
    expect(receipt.from.toLowerCase()).toBe(addr(relayerKey).toLowerCase());
    expect(await test.getBalance({ address: voter.address })).toBe(ethBefore);
    // the same ballot again: refused with the governor's reason, nothing queued
    const again = await api<{ error: string }>("/sofi/vote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ proposalId: id, support: false, voter: voter.address, signature }),
    });
    expect(again.status).toBe(400); // simulated first: the governor refuses a replay, nothing is queued
    // the ballot's nonce is spent: a replay is an invalid signature
    expect(again.body.error).toMatch(/^The vote would fail: GovernorInvalidSignature\(/);
    // a ballot signed by someone else for this voter: refused, with the governor's reason
    const forged = await api<{ error: string }>("/sofi/vote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ proposalId: id, support: true, voter: addr(whaleKey), signature }),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatch(/^The vote would fail: /);
    // forged ballots naming a voter do not spend that voter's allowance (5 a minute): still refused
    // for their signature, never 429, so nobody can lock the voter out of the relay
    for (let i = 0; i < 6; i++) {
      const junk = await api<{ error: string }>("/sofi/vote", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ proposalId: id, support: true, voter: addr(whaleKey), signature }),
      });
      expect(junk.status).toBe(400);
    }

    await indexed();
    const p = await proposal(id, voter.address);
    expect(p.state).toBe(1);
    expect(p.forVotes).toBe(parseEther("2500000").toString());
    expect(p.againstVotes).toBe(parseEther("50000").toString());
    expect(p).toMatchObject({
      available_votes: parseEther("50000").toString(),
      already_votes: parseEther("50000").toString(),
      approve: false,
    });
    const none = await proposal(id, addr(key(5)));
    expect(none).toMatchObject({ available_votes: "0", already_votes: "0", approve: null });
    // a chain read that fails (here: no code at the token for a moment) is null, never "0" votes
    const code = await test.getCode({ address: sofi });
    await test.setCode({ address: sofi, bytecode: "0x" });
    try {
      const unread = await proposal(id, voter.address);
      expect(unread).toMatchObject({ available_votes: null, already_votes: parseEther("50000").toString() });
    } finally {
      await test.setCode({ address: sofi, bytecode: code ?? "0x" });
    }
    const votes = votesSchema.parse((await api<unknown>(`/sofi/votes?proposalId=${id}`)).body);
    expect(votes.total).toBe(2);
    expect(votes.votes.map((v) => [v.voter.toLowerCase(), v.support])).toEqual([
      [addr(whaleKey).toLowerCase(), true],
      [voter.address.toLowerCase(), false],
    ]);
  });

  it("succeeded, queued, executed: the token is on the allow-list; the history has every transition; the stake comes back", async () => {
    const p1 = await proposal(id);
    await travelTo(p1.endTime + 1);
    await indexed();
    expect((await proposal(id)).state).toBe(4);
    const queued = await send(deployerKey, governor, sofiGovernorAbi, "queue", [BigInt(id)]);
    await indexed();
    const p5 = await proposal(id);
    expect(p5.state).toBe(5);
    expect(p5.eta).toBeGreaterThan(p1.endTime);
    await travelTo((p5.eta as number) + 1);
    const executed = await send(deployerKey, governor, sofiGovernorAbi, "execute", [BigInt(id)]);
    const allowed = (await test.readContract({
      address: factory,
      abi: portfolioFactoryAbi,
      functionName: "getAllowedTokens",
    })) as string[];
    expect(allowed.map((a) => a.toLowerCase())).toContain(nova.toLowerCase());
    await send(proposerKey, governor, sofiGovernorAbi, "claim", [BigInt(id)]);
    await indexed();
    const p7 = await proposal(id);
    expect(p7.state).toBe(7);
    expect(p7.withdrawn).toBe(true);
    expect(p7.state_history.map((h) => h.state)).toEqual([0, 1, 4, 5, 7]);
    expect(p7.state_history.find((h) => h.state === 5)?.txid).toBe(queued.transactionHash);
    expect(p7.state_history.find((h) => h.state === 7)?.txid).toBe(executed.transactionHash);
    expect(p7.state_history.find((h) => h.state === 1)).toEqual({ state: 1, start_time: p1.startTime, txid: null });
  });

  it("canceled by its proposer while in review (stake refunded); defeated without quorum", async () => {
    const data = encodeFunctionData({ abi: portfolioFactoryAbi, functionName: "removeTokens", args: [[nova]] });
    const canceled = await propose("Drop NOVA", [factory], [data]);
    await send(proposerKey, governor, sofiGovernorAbi, "cancel", [BigInt(canceled.id)]);
    const defeated = await propose("Drop NOVA again", [factory], [data]);
    const pd = await proposal(defeated.id).catch(async () => {
      await indexed();
      return proposal(defeated.id);
    });
    await travelTo(pd.startTime + 1);
    await send(smallKey, governor, sofiGovernorAbi, "castVote", [BigInt(defeated.id), 1]);
    await travelTo(pd.endTime + 1);
    await indexed();
    const c = await proposal(canceled.id);
    expect(c.state).toBe(2);
    expect(c.withdrawn).toBe(true);
    expect(c.state_history.map((h) => h.state)).toEqual([0, 2]);
    const d = await proposal(defeated.id);
    expect(d.state).toBe(3); // 50K for, quorum 2M
    expect(d.state_history.map((h) => h.state)).toEqual([0, 1, 3]);
    // the list, newest first
    const list = proposalListSchema.parse((await api<unknown>("/sofi/proposals")).body);
    expect(list.proposals.map((x) => [x.index, x.state])).toEqual([
      [Number(defeated.id), 3],
      [Number(canceled.id), 2],
      [Number(id), 7],
    ]);
  });

  it("bad input gets the API's texts; an unknown proposal is 404", async () => {
    expect((await api<{ error: string }>("/sofi/proposal?proposalId=0")).body.error).toBe(
      "proposalId must be a proposal number",
    );
    expect((await api<{ error: string }>("/sofi/proposal?proposalId=999")).status).toBe(404);
    expect((await api<{ error: string }>(`/sofi/proposal?proposalId=1&contract=${factory}`)).status).toBe(400);
    const bad = await api<{ error: string }>("/sofi/vote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ proposalId: "1", support: "yes", voter: addr(smallKey), signature: "0x12" }),
    });
    expect(bad).toEqual({ status: 400, body: { error: "support must be true or false" } });
  });

  it("every proposal is held in memory (issue 21 §1), and the list read from it equals the database's", async () => {
    const state = proposalsCacheSchema.parse((await api("/sofi/proposals/cache")).body);
    const list = proposalListSchema.parse((await api("/sofi/proposals?limit=100")).body);
    expect(state).toMatchObject({ warmth: "warm", proposals: list.total });
    // votes pages are kept per proposal until a commit names it (gzip-compressed, within a byte budget)
    for (const p of list.proposals) await api(`/sofi/votes?proposalId=${p.proposalId}`);
    const kept = proposalsCacheSchema.parse((await api("/sofi/proposals/cache")).body);
    expect(kept.votePages).toBeGreaterThanOrEqual(list.total);
    expect(kept.bytes).toBeGreaterThan(0);
    expect(list.total).toBeGreaterThanOrEqual(3);
    // the same page straight from the database, at the chain's time
    const rows = await new GovernanceSql(db, 31337, governor.toLowerCase()).list(100, 0);
    const at = await indexedNow(db, 31337);
    expect(list.proposals).toEqual(rows.map((r) => toApiProposal(r, at)));
    const one = proposalSchema.parse((await api(`/sofi/proposal?proposalId=${rows[1]?.proposalId}`)).body);
    expect(one).toEqual(toApiProposal(rows[1] as NonNullable<(typeof rows)[1]>, at));
  });
});

describe("a reorg", () => {
  it("takes votes above the fork out, and their tallies with them", async () => {
    const own = await freshDb("pglite");
    const indexer = new ChainIndexer({
      db: own,
      chainId: 31337,
      deployment,
      rpcUrl: anvil.rpcUrl,
      handlers: ALL_HANDLERS,
      useWorker: false,
    });
    await indexer.sync();
    const tally = async () =>
      (
        await own.query<{ f: string; v: number }>(
          "SELECT for_votes::text AS f, voters AS v FROM governance_tallies WHERE proposal_id = 1",
        )
      )[0];
    expect(await tally()).toEqual({ f: parseEther("2500000").toString(), v: 2 });
    const [firstVote] = await own.query<{ b: string }>(
      "SELECT min(block_number)::text AS b FROM governance_votes WHERE proposal_id = 1",
    );
    await indexer.rollback(Number(firstVote?.b) - 1);
    expect(await tally()).toEqual({ f: "0", v: 0 });
    expect((await own.query("SELECT 1 FROM governance_votes WHERE proposal_id = 1")).length).toBe(0);
    await indexer.close();
  });
});
