/**
 * Races on the server (issue 20), on the product's deploy with a real anvil travelling in time:
 * the keeper (an exactly-once job) opens hourly price rounds, records their TWAP observations and
 * settles them; two accounts on opposite sides; the side the price took earns contrarian points,
 * on the leader board and in the history; a prediction outside the window is refused; a round
 * nobody joined is cancelled; an event round is settled by the operator; a reorg takes a
 * settlement's points back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deployAll, getFreePort, raceKeeperAccount, startAnvil } from "@sofi/contracts";
import { type PointsReply, type Race, racePoints, raceSchema, racesCacheSchema, racesSchema } from "@sofi/core";
import {
  ANVIL_ACCOUNTS,
  type Deployment,
  headTailRacesAbi,
  testTokenAbi,
  uniswapV2PairAbi,
  weth9Abi,
} from "@sofi/protocol";
import {
  type Address,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  publicActions,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { ChainIndexer } from "../src/indexer/engine.ts";
import { reasonOf, waitMined } from "../src/jobs/race-keeper.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { type RunningServer, startServer } from "../src/server.ts";
import { closeAllDbs, freshDb } from "./helpers/db.ts";

const key = (i: number) => ANVIL_ACCOUNTS[i]?.privateKey as Hex;
const headKey = key(3);
const tailKey = key(4);
const traderKey = key(5);
const I = 3600;
const W = 300;

let anvil: Awaited<ReturnType<typeof startAnvil>>;
let deployment: Deployment;
let server: RunningServer;
let db: Db;
let dir: string;
let test: ReturnType<typeof makeTest>;
let races: Address;
let weth: Address;
/** The server's log lines (the keeper's writes among them). */
const logs: string[] = [];

const makeTest = (rpcUrl: string) =>
  createTestClient({ mode: "anvil", chain: foundry, transport: http(rpcUrl) }).extend(publicActions);
const wallet = (k: Hex) =>
  createWalletClient({ account: privateKeyToAccount(k), chain: foundry, transport: http(anvil.rpcUrl) }).extend(
    publicActions,
  );
const addr = (k: Hex) => privateKeyToAccount(k).address;

/** Simulates (a revert throws with its reason), sends and waits; a reverted receipt throws too. */
async function send(k: Hex, address: Address, abi: unknown, functionName: string, args: unknown[], value?: bigint) {
  const w = wallet(k);
  const { request } = await w.simulateContract({ address, abi: abi as never, functionName, args, value } as never);
  const hash = await w.writeContract({ ...(request as object), gas: 2_000_000n } as never);
  const r = await w.waitForTransactionReceipt({ hash });
  if (r.status !== "success") throw new Error(`${functionName} reverted`);
  return r;
}
const chainNow = async () => Number((await test.getBlock()).timestamp);
async function travelTo(t: number) {
  if (t <= (await chainNow())) return;
  await test.setNextBlockTimestamp({ timestamp: BigInt(t) });
  await test.mine({ blocks: 1 });
}
async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false | null>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/local${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}
/** A round as the API tells it, once the reply cache has moved on. */
const roundOf = async (id: number, address?: string) => {
  await new Promise((r) => setTimeout(r, 2_100));
  return raceSchema.parse(await api<Race>(`/sofi/rounds/${id}${address ? `?address=${address}` : ""}`));
};
/** An event round the operator opens now: predictions for 10 min, then the game for 10 min. */
async function newEventRound(name: string, teamA: string, teamB: string) {
  const now = await chainNow();
  await send(raceKeeperAccount().privateKey, races, headTailRacesAbi, "newRound", [
    name,
    teamA,
    teamB,
    BigInt(now),
    BigInt(now + 600),
    BigInt(now + 600),
    BigInt(now + 1200),
    0n,
  ]);
  const id = Number(await test.readContract({ address: races, abi: headTailRacesAbi, functionName: "currentRoundId" }));
  return { id, now };
}
/** The slot the keeper must observe next (4: none left). */
const nextSlot = async (id: number) =>
  test
    .readContract({ address: races, abi: headTailRacesAbi, functionName: "nextObservation", args: [BigInt(id)] })
    .then(
      (r) => Number((r as readonly [number, bigint, bigint])[0]),
      () => 4,
    );

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
  test = makeTest(anvil.rpcUrl);
  deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
  races = (deployment.contracts as Record<string, Address>).headTailRaces as Address;
  weth = deployment.weth;
  // liquidity in the races' WETH/USDT pool (the deploy alone leaves pools empty; the seed fills them)
  const usdt = deployment.tokens.find((t) => t.symbol === "USDT")?.address as Address;
  const pool = deployment.pairs.find(
    (p) =>
      p.dex === deployment.dexes[0]?.name &&
      [p.token0, p.token1]
        .map((a) => a.toLowerCase())
        .sort()
        .join() ===
        [weth, usdt]
          .map((a) => a.toLowerCase())
          .sort()
          .join(),
  )?.address as Address;
  await send(key(0), weth, weth9Abi, "deposit", [], parseEther("100"));
  await send(key(0), weth, weth9Abi, "transfer", [pool, parseEther("100")]);
  await send(key(0), usdt, testTokenAbi, "mint", [pool, parseEther("300000")]);
  await send(key(0), pool, uniswapV2PairAbi, "mint", [addr(key(0))]);
  await send(key(0), usdt, testTokenAbi, "mint", [addr(key(0)), parseEther("1000000")]);
  // start right after an hour boundary, so the keeper's round of this hour takes predictions
  const now = await chainNow();
  await travelTo(Math.floor(now / I) * I + I + 10);
  db = await freshDb("pglite");
  dir = mkdtempSync(join(tmpdir(), "sofi-races-"));
  server = await startServer({
    env: {
      CHAINS: "local",
      POLL_INTERVAL_MS_LOCAL: "200",
      RACE_KEEPER_PRIVATE_KEY: raceKeeperAccount().privateKey,
      RACE_TOKENS: "WETH",
      RACE_INTERVAL_S: String(I),
      RACE_WINDOW_S: String(W),
      RACE_KEEPER_TICK_S: "1",
    },
    port: 0,
    db,
    dataDir: dir,
    webDist: join(dir, "none"),
    deployments: { local: deployment },
    rpcUrls: { local: anvil.rpcUrl },
    log: (m) => {
      logs.push(m);
      if (process.env.RACES_TEST_LOG) console.log(m);
    },
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await closeAllDbs();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a price round, kept by the keeper", () => {
  let round: Race;

  it("the keeper opens this hour's round and the next one; the API lists the open one first", async () => {
    const list = await waitFor("rounds opened", async () => {
      const r = racesSchema.parse(await api<Race[]>("/sofi/rounds?limit=10"));
      return r.filter((x) => x.token === "WETH").length >= 2 ? r : null;
    });
    const now = await chainNow();
    round = list[0] as Race;
    expect(round).toMatchObject({ kind: "price", token: "WETH", result: 0, joined: 0 });
    expect(round.start_predict).toBeLessThanOrEqual(now);
    expect(round.end_predict).toBeGreaterThan(now);
    expect(round.start_round).toBe(round.end_predict);
    expect(round.end_round - round.start_round).toBe(I);
    // the next hour's round is coming
    expect(list.some((r) => r.start_predict === round.start_predict + I)).toBe(true);
  });

  it("two accounts on opposite sides; the price rises between the windows; the keeper settles: head wins", async () => {
    const id = round.roundId;
    await send(headKey, races, headTailRacesAbi, "predict", [BigInt(id), 1]);
    await send(tailKey, races, headTailRacesAbi, "predict", [BigInt(id), 2]);
    expect(
      (await send(headKey, races, headTailRacesAbi, "predict", [BigInt(id), 1]).catch((e: Error) => e)) instanceof
        Error,
    ).toBe(true); // once per wallet
    // the observations, each inside its half-window allowance after its moment
    for (const [at, slot] of [
      [round.start_round - W + 5, 1],
      [round.start_round + 5, 2],
    ] as const) {
      await travelTo(at);
      await waitFor(`observation ${slot - 1}`, async () => (await nextSlot(id)) >= slot);
    }
    // the token's price rises: the trader buys WETH from the round's pool
    const [pair] = await db.query<{ pair: string }>("SELECT pair FROM race_rounds WHERE round_id = $1", [id]);
    const pool = pair?.pair as Address;
    const [r0, r1] = (await test.readContract({
      address: pool,
      abi: uniswapV2PairAbi,
      functionName: "getReserves",
    })) as readonly [bigint, bigint, number];
    const token0 = (await test.readContract({
      address: pool,
      abi: uniswapV2PairAbi,
      functionName: "token0",
    })) as Address;
    const wethIs0 = token0.toLowerCase() === weth.toLowerCase();
    const usdt = deployment.tokens.find((t) => t.symbol === "USDT")?.address as Address;
    const [rWeth, rUsdt] = wethIs0 ? [r0, r1] : [r1, r0];
    const usdtIn = rUsdt / 5n;
    const wethOut = (usdtIn * 997n * rWeth) / (rUsdt * 1000n + usdtIn * 997n) - 1n;
    await send(key(0), usdt, erc20Abi, "transfer", [pool, usdtIn]);
    await send(key(0), pool, uniswapV2PairAbi, "swap", [
      wethIs0 ? wethOut : 0n,
      wethIs0 ? 0n : wethOut,
      addr(traderKey),
      "0x",
    ]);
    for (const [at, slot] of [
      [round.end_round - W + 5, 3],
      [round.end_round + 5, 4],
    ] as const) {
      await travelTo(at);
      await waitFor(`observation ${slot - 1}`, async () => (await nextSlot(id)) >= slot || (await roundOf(id)).result);
    }
    const settled = await waitFor("settled", async () => {
      const r = await roundOf(id);
      return r.result !== 0 ? r : null;
    });
    expect(settled.result).toBe(1);
    expect(settled.end_price).toBeGreaterThan(settled.start_price);
    expect(settled).toMatchObject({ joined: 2, info_1_percent: 50, info_2_percent: 50 });
    expect((await roundOf(id, addr(headKey))).my_predict).toBe(1);
  });

  it("points: the head side earns 100 × 2 joined / 1 winner; the leader board and the histories say so", async () => {
    const head = await api<PointsReply>(`/sofi/points?address=${addr(headKey)}`);
    // the indexer's SQL and core's racePoints agree (one formula, two homes: SQL for the bulk award)
    expect(head.mypoints).toBe(racePoints(1, 1, 2, 1));
    expect(head.mypoints).toBe(200);
    expect(head.leaderborad[0]).toMatchObject({ points: 200 });
    expect(head.leaderborad[0]?.sender.toLowerCase()).toBe(addr(headKey).toLowerCase());
    const item = head.history.find((h) => h.round_id === round.roundId);
    expect(item).toMatchObject({ info: 1, round_status: "SUCCESS", points: 200, name: "WETH-price" });
    expect(item?.my_predict).toBeGreaterThan(0);
    const tail = await api<PointsReply>(`/sofi/points?address=${addr(tailKey)}`);
    expect(tail.mypoints).toBe(0);
    expect(tail.history.find((h) => h.round_id === round.roundId)).toMatchObject({ round_status: "FAIL", points: 0 });
  });

  it("a prediction outside the window is refused: Round not predictable", async () => {
    const err = await send(traderKey, races, headTailRacesAbi, "predict", [BigInt(round.roundId), 1]).catch(
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toContain("Round not predictable");
  });

  it("a round nobody joined is cancelled by the keeper once its predictions closed", async () => {
    const empty = await waitFor("an empty round cancelled", async () => {
      const rows = await db.query<{ round_id: string }>(
        "SELECT round_id FROM race_results WHERE result = 4 AND cancel_reason = 1 LIMIT 1",
      );
      return rows[0];
    });
    expect((await roundOf(Number(empty.round_id))).result).toBe(4);
  });
});

describe("an event round", () => {
  it("the operator creates and settles it; team A's side earns the points", async () => {
    const keeper = raceKeeperAccount().privateKey;
    const { id, now } = await newEventRound("Final", "Lions", "Tigers");
    await send(traderKey, races, headTailRacesAbi, "predict", [BigInt(id), 1]);
    await send(tailKey, races, headTailRacesAbi, "predict", [BigInt(id), 2]);
    await send(key(6), races, headTailRacesAbi, "predict", [BigInt(id), 2]);
    await travelTo(now + 1300);
    await send(keeper, races, headTailRacesAbi, "settleEvent", [BigInt(id), 1]);
    const r = await waitFor("event settled", async () => {
      const x = await roundOf(id);
      return x.result ? x : null;
    });
    expect(r).toMatchObject({ kind: "event", team_a: "Lions", team_b: "Tigers", result: 1, joined: 3 });
    const trader = await api<PointsReply>(`/sofi/points?address=${addr(traderKey)}`);
    expect(trader.mypoints).toBe(racePoints(1, 1, 3, 1));
    expect(trader.mypoints).toBe(300); // 100 × 3 joined / 1 winner
  });
});

describe("kept replies (issue 21 §1): a round's page and a predictor's points show the next commit at once", () => {
  /** Read straight after the indexer committed the transaction's block: no wait for a cache to expire. */
  const indexed = (table: string, tx: Hex) =>
    waitFor(`${table} ${tx} indexed`, async () =>
      (await db.query(`SELECT 1 FROM ${table} WHERE tx_hash = $1`, [tx.toLowerCase()])).length > 0 ? true : null,
    );
  const points = (k: Hex) => api<PointsReply>(`/sofi/points?address=${addr(k)}`);
  const page = async (id: number) => raceSchema.parse(await api<Race>(`/sofi/rounds/${id}`));

  it("a prediction shows on its round's page and the predictor's history; a settlement moves points and the board", async () => {
    const keeper = raceKeeperAccount().privateKey;
    const { id, now } = await newEventRound("Derby", "Reds", "Blues");
    const who = key(7);
    await waitFor("the round indexed", async () => (await page(id).catch(() => null))?.name === "Derby");
    // kept now: the empty page, and the predictor's points without this round
    expect((await page(id)).joined).toBe(0);
    const before = await points(who);
    expect(before.history.some((h) => h.round_id === id)).toBe(false);
    const predicted = await send(who, races, headTailRacesAbi, "predict", [BigInt(id), 2]);
    await indexed("race_predictions", predicted.transactionHash);
    expect((await page(id)).joined).toBe(1);
    expect((await points(who)).history.find((h) => h.round_id === id)).toMatchObject({ info: 2, points: 0 });
    // the board as kept in a reply, then a settlement that puts this predictor on it
    const board = (await points(traderKey)).leaderborad;
    await travelTo(now + 1300);
    const settled = await send(keeper, races, headTailRacesAbi, "settleEvent", [BigInt(id), 2]);
    await indexed("race_results", settled.transactionHash);
    expect((await page(id)).result).toBe(2);
    const after = await points(who);
    expect(after.mypoints).toBe(before.mypoints + racePoints(2, 2, 1, 1));
    expect(after.history.find((h) => h.round_id === id)).toMatchObject({ round_status: "SUCCESS" });
    const moved = (await points(traderKey)).leaderborad;
    expect(moved).not.toEqual(board);
    expect(moved.some((l) => l.sender.toLowerCase() === addr(who).toLowerCase())).toBe(true);
  });

  it("tells what it keeps: GET /sofi/races/cache", async () => {
    const c = racesCacheSchema.parse(await api<unknown>("/sofi/races/cache"));
    expect(c.warmth).toBe("warm");
    expect(c.rounds).toBeGreaterThan(0);
    expect(c.predictors).toBeGreaterThan(0);
    expect(c.bytes).toBeGreaterThan(0);
  });
});

describe("a keeper write the chain forgets (a reorg, or a local chain reverted to a snapshot)", () => {
  it("is noticed as dropped within a poll, not after the receipt timeout", async () => {
    const snap = await test.snapshot();
    const w = wallet(key(6));
    const hash = await w.sendTransaction({ to: addr(key(7)), value: 1n });
    await w.waitForTransactionReceipt({ hash });
    await test.revert({ id: snap });
    const t0 = Date.now();
    expect(await waitMined(test as never, hash, { timeoutMs: 30_000, pollMs: 200 })).toEqual({ state: "dropped" });
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it("a refused write is logged with the contract's error by name", async () => {
    const e = await test
      .simulateContract({
        account: addr(key(0)),
        address: races,
        abi: headTailRacesAbi,
        functionName: "checkpoint",
        args: [999_999n],
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(e).not.toBeNull();
    expect(reasonOf(e)).toContain("UnknownRound(999999)");
  });

  it("a round whose opening the chain reverted is opened again", async () => {
    const snap = await test.snapshot();
    const current = Math.floor((await chainNow()) / I) * I;
    const later = current + 2 * I;
    const opening = `open WETH round ${new Date(later * 1000).toISOString()}: 0x`;
    const openings = () => logs.filter((l) => l.includes(opening)).length;
    // one period on, the keeper opens the round of the period after
    await travelTo(current + I + 10);
    await waitFor("the next period's round opened", async () => openings() === 1);
    await test.revert({ id: snap });
    // the same hour again (another block: a second later): the round is gone from the chain, so it is opened anew
    await travelTo(current + I + 11);
    await waitFor("the round opened again", async () => openings() === 2, 20_000);
    await waitFor("the API lists it", async () => {
      const r = racesSchema.parse(await api<Race[]>("/sofi/rounds?limit=20"));
      return r.some((x) => x.token === "WETH" && x.start_predict === later);
    });
  });
});

describe("a reorg", () => {
  it("takes a settlement's points back from the ledger and the totals", async () => {
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
    const total = async () =>
      Number(
        (await own.query<{ p: string }>("SELECT COALESCE(sum(points), 0)::text AS p FROM points_totals"))[0]?.p ?? 0,
      );
    // what the server indexed of the same chain: 200 + 300 + 100 from the rounds above
    const [served] = await db.query<{ p: string }>(
      "SELECT COALESCE(sum(points), 0)::text AS p FROM points_ledger WHERE source = 'race'",
    );
    expect(Number(served?.p)).toBe(600);
    expect(await total()).toBe(600);
    const [settled] = await own.query<{ b: string }>(
      "SELECT min(block_number)::text AS b FROM race_results WHERE result IN (1, 2)",
    );
    await indexer.rollback(Number(settled?.b) - 1);
    expect(await total()).toBe(0);
    expect((await own.query("SELECT 1 FROM points_ledger WHERE source = 'race'")).length).toBe(0);
    await indexer.close();
  });
});
