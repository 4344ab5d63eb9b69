// Issue 20's seed: on a fresh chain, /headTail has races in every state (upcoming, open, in the game,
// settled with results, cancelled), real predictions from several accounts (the dev wallet's account
// 0 in the settled ones, not in the open ones), price rounds settled from the pools' TWAPs, and the
// keeper (anvil account 12) owning the contract.
import type { Deployment } from "@sofi/protocol";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  http,
  type PublicClient,
  parseEventLogs,
  zeroAddress,
} from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headTailRacesAbi } from "../../packages/protocol/src/abis/index.ts";
import { ANVIL_ACCOUNTS } from "../../packages/protocol/src/deployments/anvil-accounts.ts";
import { type AnvilHandle, getFreePort, startAnvil } from "./anvil.ts";
import type { ContractName } from "./deploy/index.ts";
import { raceKeeperAccount } from "./deploy/races.ts";
import { deployAll } from "./deploy.ts";
import { RACE_LIVE_WINDOW, RACE_PLANS, RACE_PLAYERS } from "./seed/races.ts";
import { seed } from "./seed.ts";

const DAY = 86400;
const HOUR = 3600;
/** Enough history for the last two days' plans and a week of daily rounds (one event among them). */
const DAYS = 8;

type Info = {
  roundId: bigint;
  kind: number;
  result: number;
  name: string;
  teamA: string;
  teamB: string;
  startPredict: bigint;
  endPredict: bigint;
  startRound: bigint;
  endRound: bigint;
  totalRewards: bigint;
  joined: bigint;
  headCount: bigint;
  tailCount: bigint;
  token: Address;
  pair: Address;
  window: number;
  observed: number;
  startPrice: bigint;
  endPrice: bigint;
};

describe(`races seed over ${DAYS} days`, () => {
  let anvil: AnvilHandle;
  let deployment: Deployment<ContractName>;
  let client: PublicClient;
  let races: Address;
  let rounds: Info[];
  const now = Math.floor(Date.now() / 1000);
  const dev = ANVIL_ACCOUNTS[0]?.address as Address;

  beforeAll(async () => {
    anvil = await startAnvil({ port: await getFreePort(), timestamp: now - DAYS * DAY - HOUR });
    deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
    races = deployment.contracts.headTailRaces;
    await seed({ rpcUrl: anvil.rpcUrl, deployment, days: DAYS, now });
    client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) }) as PublicClient;
    const count = await client.readContract({ address: races, abi: headTailRacesAbi, functionName: "currentRoundId" });
    rounds = (await Promise.all(
      Array.from({ length: Number(count) }, (_, i) =>
        client.readContract({
          address: races,
          abi: headTailRacesAbi,
          functionName: "roundInfo",
          args: [BigInt(i + 1)],
        }),
      ),
    )) as unknown as Info[];
  }, 180_000);

  afterAll(async () => {
    await anvil?.stop();
  });

  const state = (r: Info) =>
    now < r.startPredict
      ? "upcoming"
      : now < r.endPredict
        ? "open"
        : r.result !== 0
          ? r.result === 4
            ? "cancelled"
            : "settled"
          : "inGame";
  const logs = async <E extends "Predicted" | "RoundCancelled" | "RoundCreated">(eventName: E) =>
    parseEventLogs({
      abi: headTailRacesAbi,
      eventName,
      logs: await client.getLogs({ address: races, fromBlock: BigInt(deployment.startBlock) }),
    });

  it("is owned by the keeper, anvil account 12", async () => {
    expect(await client.readContract({ address: races, abi: headTailRacesAbi, functionName: "owner" })).toBe(
      raceKeeperAccount().address,
    );
    expect(await client.readContract({ address: races, abi: headTailRacesAbi, functionName: "pendingOwner" })).toBe(
      zeroAddress,
    );
    expect(await client.readContract({ address: races, abi: headTailRacesAbi, functionName: "pairFactory" })).toBe(
      deployment.dexes[0]?.factory,
    );
    expect(await client.readContract({ address: races, abi: headTailRacesAbi, functionName: "quoteToken" })).toBe(
      deployment.tokens.find((t) => t.symbol === "USDT")?.address,
    );
    // Deploying again sends nothing: the hand-over is done.
    const deployerNonce = await client.getTransactionCount({ address: deployment.deployer });
    const keeperNonce = await client.getTransactionCount({ address: raceKeeperAccount().address });
    expect(keeperNonce).toBeGreaterThan(0);
    expect(await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false, existing: deployment })).toEqual(deployment);
    expect(await client.getTransactionCount({ address: deployment.deployer })).toBe(deployerNonce);
  });

  it("leaves rounds in every state, the last two days' plans last", () => {
    const states = rounds.map(state);
    for (const s of ["upcoming", "open", "inGame", "settled", "cancelled"]) expect(states, s).toContain(s);
    // The last two days' plans are the newest rounds.
    const fixed = rounds.slice(-RACE_PLANS.length);
    for (const p of RACE_PLANS) {
      const r = fixed.find(
        (x) =>
          Number(x.startPredict) === now + Math.round(p.startPredict * HOUR) &&
          (p.kind === "price" ? x.name === `${p.symbol}-price` : x.teamA === p.teamA),
      );
      expect(r, p.key).toBeDefined();
      if (!r) continue;
      expect(state(r), p.key).toBe(p.expected);
      expect(Number(r.endRound), p.key).toBe(now + Math.round(p.endRound * HOUR));
      if (p.result !== undefined) expect(r.result, p.key).toBe(p.result);
    }
    // Settled price rounds: head or tail (or a draw) from two real averages.
    const settledPrice = rounds.filter((r) => r.kind === 1 && state(r) === "settled");
    expect(settledPrice.length).toBeGreaterThanOrEqual(5);
    for (const r of settledPrice) {
      expect(r.observed).toBe(15);
      expect(r.startPrice).toBeGreaterThan(0n);
      expect(r.result).toBe(r.endPrice > r.startPrice ? 1 : r.endPrice < r.startPrice ? 2 : 3);
    }
    expect(new Set(settledPrice.map((r) => r.result)).size).toBeGreaterThan(1);
  });

  it("prices rounds against USDT on the first DEX, with the keeper's window for rounds observed later", () => {
    const usdt = deployment.tokens.find((t) => t.symbol === "USDT")?.address;
    for (const r of rounds.filter((x) => x.kind === 1)) {
      const symbol = r.name.replace(/-price$/, "");
      const token = deployment.tokens.find((t) => t.symbol === symbol)?.address;
      expect(r.token, r.name).toBe(token);
      const pair = deployment.pairs.find(
        (p) =>
          p.dex === deployment.dexes[0]?.name &&
          [p.token0, p.token1].includes(token as Address) &&
          [p.token0, p.token1].includes(usdt as Address),
      );
      expect(r.pair, r.name).toBe(pair?.address);
      if (r.startRound - BigInt(RACE_LIVE_WINDOW) >= BigInt(now)) expect(r.window).toBe(RACE_LIVE_WINDOW);
    }
    // In the game: the start is observed (slots 0 and 1), the end is the keeper's.
    const inGame = rounds.find((r) => r.kind === 1 && state(r) === "inGame");
    expect(inGame?.observed).toBe(3);
    expect(inGame?.startPrice).toBeGreaterThan(0n);
  });

  it("has predictions from several accounts: the dev wallet in settled rounds, not in open ones", async () => {
    const predicted = await logs("Predicted");
    const joined = rounds.reduce((n, r) => n + Number(r.joined), 0);
    expect(predicted.length).toBe(joined);
    const by = (id: bigint) => predicted.filter((l) => l.args.roundId === id).map((l) => l.args.account);
    for (const r of rounds) {
      expect(Number(r.headCount + r.tailCount)).toBe(Number(r.joined));
      if (state(r) === "open") expect(by(r.roundId)).not.toContain(dev);
    }
    const settled = rounds.filter((r) => state(r) === "settled");
    expect(settled.some((r) => by(r.roundId).includes(dev))).toBe(true);
    const senders = new Set(predicted.map((l) => l.args.account));
    expect(senders.size).toBeGreaterThanOrEqual(15);
    expect(RACE_PLAYERS.some((p) => senders.has(p))).toBe(true);
    expect(rounds.filter((r) => state(r) === "open").every((r) => r.joined > 0n)).toBe(true);
  });

  it("cancels a round nobody joined and an event the operator called off", async () => {
    const reasons = (await logs("RoundCancelled")).map((l) => l.args.reason);
    expect(reasons).toContain(1);
    expect(reasons).toContain(4);
  });

  it("announces every round once, ids in creation order", async () => {
    const created = await logs("RoundCreated");
    expect(created.map((l) => l.args.roundId)).toEqual(rounds.map((r) => r.roundId));
    const blocks = created.map((l) => l.blockNumber);
    expect([...blocks].sort((a, b) => Number(a - b))).toEqual(blocks);
  });

  it("lets the dev wallet predict in an open round, once", async () => {
    const open = rounds.find((r) => r.kind === 1 && state(r) === "open");
    if (!open) throw new Error("no open price round");
    const wallet = createWalletClient({
      chain: foundry,
      transport: http(anvil.rpcUrl),
      account: ANVIL_ACCOUNTS[0]?.address as Address,
    });
    const hash = await wallet.writeContract({
      address: races,
      abi: headTailRacesAbi,
      functionName: "predict",
      args: [open.roundId, 1],
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
    expect(
      await client.readContract({
        address: races,
        abi: headTailRacesAbi,
        functionName: "predicts",
        args: [open.roundId, dev],
      }),
    ).toBe(1);
    await expect(
      client.simulateContract({
        address: races,
        abi: headTailRacesAbi,
        functionName: "predict",
        args: [open.roundId, 2],
        account: dev,
      }),
    ).rejects.toThrow(/Already predicted/);
    const upcoming = rounds.find((r) => state(r) === "upcoming");
    await expect(
      client.simulateContract({
        address: races,
        abi: headTailRacesAbi,
        functionName: "predict",
        args: [upcoming?.roundId ?? 0n, 2],
        account: dev,
      }),
    ).rejects.toThrow(/Round not predictable/);
  });
});
