/**
 * The prediction market on the server (issue 19), on the product's deploy with a real anvil:
 * markets created through MarketRegistry, traded (buy, sell, funding) by three accounts; the API's
 * prices, liquidity and statuses agree with MarketLens on chain; volume sums the trades; a trader's
 * positions agree with their on-chain balances, with the average price they paid; a market goes
 * active → closed → answered → finalized → resolved (and a second through a dispute the timelock
 * arbitrates), and its winner redeems; the transaction list and balance history follow; bad input
 * gets the spec's texts; a reorg takes trades and their volume back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deployAll, getFreePort, startAnvil } from "@sofi/contracts";
import {
  type ApiMarket,
  marketSchema,
  marketsSchema,
  marketTxsSchema,
  PREDICT_ERRORS,
  positionsSchema,
  stakingSchema,
} from "@sofi/core";
import {
  ANVIL_ACCOUNTS,
  conditionalTokensAbi,
  type Deployment,
  fixedProductMarketMakerAbi,
  marketArbitratorAbi,
  marketLensAbi,
  marketOracleAbi,
  marketRegistryAbi,
  realityEthAbi,
  sofiTokenAbi,
} from "@sofi/protocol";
import {
  type Address,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  maxUint256,
  numberToHex,
  parseEther,
  publicActions,
  zeroHash,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETS_SNAPSHOT_MAX_MS } from "../src/api/predict.ts";
import { PredictSql } from "../src/api/queries/predict.ts";
import type { Db } from "../src/db/client.ts";
import { ChainIndexer } from "../src/indexer/engine.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { type RunningServer, startServer } from "../src/server.ts";
import { closeAllDbs, freshDb } from "./helpers/db.ts";

/** The unpaged reply: every position and the history (spec 002 §3). */
const unpagedSchema = positionsSchema.required({ history: true });

const key = (i: number) => ANVIL_ACCOUNTS[i]?.privateKey as Hex;
const creatorKey = key(0);
const yesKey = key(3);
const noKey = key(4);
const funderKey = key(5);
const DAY = 86_400;
const E18 = 10n ** 18n;

let anvil: Awaited<ReturnType<typeof startAnvil>>;
let deployment: Deployment;
let server: RunningServer;
let db: Db;
let dir: string;
let test: ReturnType<typeof makeTest>;
let c: Record<string, Address>;
let sofi: Address;
/** A: resolves in 30 days (trading); B: resolves in 2 hours (answered, resolved, redeemed); D: disputed. */
let A: Address;
let B: Address;
let D: Address;

const makeTest = (rpcUrl: string) =>
  createTestClient({ mode: "anvil", chain: foundry, transport: http(rpcUrl) }).extend(publicActions);
const wallet = (k: Hex) =>
  createWalletClient({ account: privateKeyToAccount(k), chain: foundry, transport: http(anvil.rpcUrl) }).extend(
    publicActions,
  );
const addr = (k: Hex) => privateKeyToAccount(k).address;

async function send(k: Hex, address: Address, abi: unknown, functionName: string, args: unknown[]) {
  const w = wallet(k);
  const { request } = await w.simulateContract({ address, abi: abi as never, functionName, args } as never);
  const hash = await w.writeContract({ ...(request as object), gas: 5_000_000n } as never);
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
async function get(path: string) {
  return fetch(`${server.url}/api/local${path}`);
}
async function api<T>(path: string): Promise<T> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}
/** Waits until the indexer has the chain's head block, then past the reply cache. */
async function indexed() {
  const head = Number(await test.getBlockNumber());
  await waitFor("indexed", async () => {
    const [r] = await db.query<{ b: string }>(
      "SELECT max(block_number)::text AS b FROM indexer_blocks WHERE chain_id = 31337",
    );
    return Number(r?.b ?? 0) >= head;
  });
  await new Promise((r) => setTimeout(r, 2_100));
}
/**
 * After a time travel with no event (no commit signal), the market rows are read again by their
 * bound at the latest: the spec's 5 s polling interval.
 */
const pastMarketsBound = () => new Promise((r) => setTimeout(r, MARKETS_SNAPSHOT_MAX_MS + 100));
const marketsNow = async () => marketsSchema.parse(await api<ApiMarket[]>("/sofi/markets"));
const marketOf = async (m: Address) =>
  (await marketsNow()).find((x) => x.market.toLowerCase() === m.toLowerCase()) as ApiMarket;
const lens = (m: Address) =>
  test.readContract({
    address: c.marketLens as Address,
    abi: marketLensAbi,
    functionName: "getMarketState",
    args: [m],
  });
const userState = (m: Address, u: Address) =>
  test.readContract({
    address: c.marketLens as Address,
    abi: marketLensAbi,
    functionName: "getUserState",
    args: [m, u],
  });

/** A's description and photo: longer than the decoder's 256-character text, and over several lines. */
const LONG_DESCRIPTION = `Resolves Yes if A happens.\n\n${"Criteria: a named source reports it. ".repeat(40)}\nOtherwise No.`;
const LONG_PHOTO = `https://example.com/markets/${"a".repeat(300)}.png`;

async function create(title: string, resolutionTime: number, long = false): Promise<Address> {
  await send(creatorKey, c.marketRegistry as Address, marketRegistryAbi, "createMarket", [
    {
      title,
      description: long ? LONG_DESCRIPTION : `${title} (test)`,
      photo: long ? LONG_PHOTO : "",
      outcomeNames: ["Yes", "No"],
      resolutionTime: BigInt(resolutionTime),
      fee: parseEther("0.02"),
      initialFunding: parseEther("1000"),
      distributionHint: [],
    },
  ]);
  const n = await test.readContract({
    address: c.marketRegistry as Address,
    abi: marketRegistryAbi,
    functionName: "marketCount",
  });
  return test.readContract({
    address: c.marketRegistry as Address,
    abi: marketRegistryAbi,
    functionName: "marketAt",
    args: [n - 1n],
  });
}
const buy = async (k: Hex, m: Address, sofiAmount: string, outcome: number) =>
  send(k, m, fixedProductMarketMakerAbi, "buy", [parseEther(sofiAmount), BigInt(outcome), 1n]);

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort() });
  test = makeTest(anvil.rpcUrl);
  deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
  c = deployment.contracts as Record<string, Address>;
  sofi = deployment.tokens.find((t) => t.symbol === "SOFI")?.address as Address;
  for (const k of [creatorKey, yesKey, noKey, funderKey]) {
    await send(creatorKey, sofi, sofiTokenAbi, "mint", [addr(k), parseEther("100000")]);
    for (const spender of [c.marketRegistry, c.realityEth, c.marketArbitrator] as Address[])
      await send(k, sofi, sofiTokenAbi, "approve", [spender, maxUint256]);
  }
  const now = await chainNow();
  A = await create("Will A happen?", now + 30 * DAY, true);
  B = await create("Will B happen?", now + 2 * 3600);
  D = await create("Will D happen?", now + 2 * 3600);
  for (const m of [A, B, D])
    for (const k of [yesKey, noKey, funderKey]) {
      await send(k, sofi, sofiTokenAbi, "approve", [m, maxUint256]);
      await send(k, c.conditionalTokens as Address, conditionalTokensAbi, "setApprovalForAll", [m, true]);
    }
  db = await freshDb("pglite");
  dir = mkdtempSync(join(tmpdir(), "sofi-predict-"));
  server = await startServer({
    env: { CHAINS: "local", POLL_INTERVAL_MS_LOCAL: "200" },
    port: 0,
    db,
    dataDir: dir,
    webDist: join(dir, "none"),
    deployments: { local: deployment },
    rpcUrls: { local: anvil.rpcUrl },
    log: (m) => (process.env.PREDICT_TEST_LOG ? console.log(m) : undefined),
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await closeAllDbs();
  await anvil?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("markets and trades", () => {
  it("lists the new markets at even odds, active, with the funding as liquidity", async () => {
    await indexed();
    const list = await marketsNow();
    expect(list.map((m) => m.market)).toEqual([A, B, D]);
    const a = list[0] as ApiMarket;
    expect(a).toMatchObject({ title: "Will A happen?", status: "active", volume: 0, redeem: false, payouts: null });
    // whole, lines kept: not the decoder's one-line text cut at 256 characters
    expect(a.description).toBe(LONG_DESCRIPTION);
    expect(a.photo).toBe(LONG_PHOTO);
    expect(a.outcomePrice).toEqual([0.5, 0.5]);
    expect(a.liquidity).toBeCloseTo(1000, 6);
    expect(a.fee).toBeCloseTo(0.02, 12);
    expect(a.question).toMatchObject({ answer: null, bond: 0, finalizeTime: null, arbitrationPending: false });
  });

  it("after buys, a sell and funding: prices and liquidity agree with MarketLens, volume sums the trades", async () => {
    await buy(yesKey, A, "300", 0);
    await buy(noKey, A, "100", 1);
    const held = (await userState(A, addr(yesKey))).balances[0];
    // sell back a third of the yes tokens for the SOFI they are worth now (the exact inverse)
    const returnAmount = parseEther("90");
    await send(yesKey, A, fixedProductMarketMakerAbi, "sell", [returnAmount, 0n, held / 2n]);
    await send(funderKey, A, fixedProductMarketMakerAbi, "addFunding", [parseEther("500"), []]);
    await indexed();
    const a = await marketOf(A);
    const s = await lens(A);
    expect(a.outcomePrice[0]).toBeCloseTo(Number(s.prices[0]) / 1e18, 9);
    expect(a.outcomePrice[1]).toBeCloseTo(Number(s.prices[1]) / 1e18, 9);
    expect(a.outcomePrice[0]).toBeGreaterThan(0.5); // more was bought of yes
    const [b0, b1] = s.poolBalances;
    const p0 = Number(s.prices[0]) / 1e18;
    expect(a.liquidity).toBeCloseTo((Number(b0) / 1e18) * p0 + (Number(b1) / 1e18) * (1 - p0), 6);
    expect(a.volume).toBeCloseTo(300 + 100 + 90, 9);
    // the detail's history ends at the current prices
    const detail = marketSchema.parse(await api(`/sofi/markets/${A}?type=24hr`));
    const last = detail.outcomeHistory?.at(-1);
    expect(last?.yes).toBeCloseTo(p0, 9);
    expect(last?.no).toBeCloseTo(1 - p0, 9);
    expect(last?.liquidity).toBeCloseTo(a.liquidity, 6);
    expect(detail.outcomeHistory?.length).toBeGreaterThanOrEqual(1);
  });

  it("a trader's positions are their balances, at the price they paid on average", async () => {
    const p = unpagedSchema.parse(await api(`/sofi/markets_positions?sender=${addr(yesKey)}`));
    const u = await userState(A, addr(yesKey));
    expect(p.positions).toHaveLength(1);
    const pos = p.positions[0];
    expect(pos).toMatchObject({ market: A, outcome: "Yes", outcome_index: 0, status: "active", redeem: false });
    expect(pos?.quantity).toBeCloseTo(Number(u.balances[0]) / 1e18, 9);
    // average price: the buy's 300 SOFI over the tokens that buy gave (the sell does not move it)
    const [bought] = await db.query<{ t: string }>(
      "SELECT tokens::text AS t FROM predict_events WHERE kind = 'buy' AND account = $1",
      [addr(yesKey).toLowerCase()],
    );
    expect(pos?.price_avg).toBeCloseTo(300 / (Number(bought?.t) / 1e18), 9);
    const a = await marketOf(A);
    expect(pos?.price_cur).toBeCloseTo(a.outcomePrice[0] as number, 12);
    expect(pos?.value_cur).toBeCloseTo((pos?.quantity ?? 0) * (a.outcomePrice[0] as number), 9);
    expect(pos?.max_payout).toBeCloseTo(pos?.quantity ?? 0, 12);
    expect(p.balance).toBeCloseTo(pos?.value_cur ?? 0, 9);
    // all-time change: (value now + 90 back − 300 spent) / 300
    expect(Number(p.balance_changed)).toBeCloseTo(((p.balance + 90 - 300) / 300) * 100, 1);
    expect(p.history.at(-1)?.value).toBeCloseTo(p.balance, 9);
    // someone with nothing: no positions, zero balance
    const none = positionsSchema.parse(await api(`/sofi/markets_positions?sender=${addr(key(9))}`));
    expect(none).toMatchObject({ balance: 0, balance_changed: "0.00", positions: [] });
  });

  it("the transaction list has the trades and funding, newest first", async () => {
    const yes = marketTxsSchema.parse(await api(`/sofi/markets_txs?sender=${addr(yesKey)}`));
    expect(yes.map((t) => t.action)).toEqual(["sell", "buy"]);
    expect(yes[0]).toMatchObject({ market: A, market_title: "Will A happen?", outcome: "Yes", volume: 90 });
    expect(yes[1]?.volume).toBe(300);
    const funder = marketTxsSchema.parse(await api(`/sofi/markets_txs?sender=${addr(funderKey)}`));
    expect(funder).toHaveLength(1);
    expect(funder[0]).toMatchObject({ action: "addFunding", outcome: null, volume: 500 });
  });
});

describe("the market list's reads", () => {
  it("an unchanged chain is not read again past the 5 s bound; a committed trade is read and shows at once", async () => {
    await indexed();
    let rowReads = 0;
    const query = db.query.bind(db);
    db.query = ((sql: string, params?: unknown[]) => {
      if (sql.includes("FROM predict_markets m")) rowReads++;
      return query(sql, params);
    }) as typeof db.query;
    try {
      const before = await marketOf(B);
      const afterFirst = rowReads;
      await pastMarketsBound();
      expect((await marketOf(B)).volume).toBe(before.volume);
      expect(rowReads).toBe(afterFirst); // only the mark was read: nothing was committed
      await buy(funderKey, B, "7", 0);
      await indexed();
      const after = await marketOf(B);
      expect(rowReads).toBeGreaterThan(afterFirst);
      expect(after.volume).toBeCloseTo(before.volume + 7, 9);
    } finally {
      db.query = query;
    }
  });
});

describe("a market's life", () => {
  it("active → closed → answered → finalized → resolved, then its winner redeems", async () => {
    await buy(yesKey, B, "200", 0);
    await buy(noKey, B, "50", 1);
    await indexed();
    expect((await marketOf(B)).status).toBe("active");
    const { resolutionTime } = await marketOf(B);
    await travelTo(resolutionTime + 1);
    await indexed();
    await pastMarketsBound();
    expect((await marketOf(B)).status).toBe("closed");
    expect((await lens(B)).status).toBe(1);
    const q = await lens(B);
    await send(funderKey, c.realityEth as Address, realityEthAbi, "submitAnswerERC20", [
      q.questionId,
      zeroHash,
      0n,
      q.minBond,
    ]);
    await indexed();
    const answered = await marketOf(B);
    expect(answered.status).toBe("answered");
    expect(answered.question.answer).toBe(0);
    expect(answered.question.bond).toBeCloseTo(Number(q.minBond) / 1e18, 9);
    expect(answered.question.finalizeTime).toBe(Number((await lens(B)).finalizeTime));
    await travelTo(Number((await lens(B)).finalizeTime) + 1);
    await indexed();
    await pastMarketsBound();
    expect((await marketOf(B)).status).toBe("finalized");
    expect((await lens(B)).status).toBe(4);
    await send(funderKey, c.marketOracle as Address, marketOracleAbi, "resolve", [q.questionId]);
    await indexed();
    const resolved = await marketOf(B);
    expect(resolved).toMatchObject({ status: "resolved", redeem: true, payouts: [1, 0], outcomePrice: [1, 0] });
    const before = positionsSchema.parse(await api(`/sofi/markets_positions?sender=${addr(yesKey)}`));
    const won = before.positions.find((p) => p.market === B);
    expect(won).toMatchObject({ outcome_index: 0, status: "resolved", redeem: true, redeemed: false, price_cur: 1 });
    expect(won?.value_cur).toBeCloseTo(won?.quantity ?? 0, 9);
    await send(yesKey, c.conditionalTokens as Address, conditionalTokensAbi, "redeemPositions", [
      sofi,
      zeroHash,
      q.conditionId,
      [1n, 2n],
    ]);
    await indexed();
    const after = positionsSchema.parse(await api(`/sofi/markets_positions?sender=${addr(yesKey)}`));
    expect(after.positions.find((p) => p.market === B)).toBeUndefined(); // the tokens were burnt
    const txs = marketTxsSchema.parse(await api(`/sofi/markets_txs?sender=${addr(yesKey)}`));
    expect(txs[0]).toMatchObject({ action: "redeem", market: B });
    expect(txs[0]?.volume).toBeCloseTo(won?.quantity ?? 0, 9);
    // the loser's position is worth nothing and stays until redeemed
    const lost = positionsSchema.parse(await api(`/sofi/markets_positions?sender=${addr(noKey)}`));
    expect(lost.positions.find((p) => p.market === B)).toMatchObject({ price_cur: 0, value_cur: 0 });
  });

  it("a disputed answer is 'disputed' until the timelock arbitrates (a cancelled request reopens it); then finalized", async () => {
    const q = await lens(D);
    await travelTo(Number(q.resolutionTime) + 1);
    await send(yesKey, c.realityEth as Address, realityEthAbi, "submitAnswerERC20", [
      q.questionId,
      zeroHash,
      0n,
      q.minBond,
    ]);
    const dispute = () =>
      send(noKey, c.marketArbitrator as Address, marketArbitratorAbi, "requestArbitration", [q.questionId, q.minBond]);
    await dispute();
    await indexed();
    expect((await marketOf(D)).status).toBe("disputed");
    expect((await marketOf(D)).question.arbitrationPending).toBe(true);
    expect((await lens(D)).status).toBe(3);
    const owner = await test.readContract({
      address: c.marketArbitrator as Address,
      abi: marketArbitratorAbi,
      functionName: "owner",
    });
    await test.impersonateAccount({ address: owner });
    await test.setBalance({ address: owner, value: E18 });
    const asOwner = async (functionName: string, args: readonly unknown[]) => {
      const hash = await wallet(creatorKey).writeContract({
        account: owner,
        address: c.marketArbitrator as Address,
        abi: marketArbitratorAbi,
        functionName,
        args,
        chain: foundry,
        // an impersonated sender's estimate came out short for the cancellation (it reverted)
        gas: 500_000n,
      } as never);
      return test.waitForTransactionReceipt({ hash });
    };
    // the timelock declines: the answer stands again, with a new timeout from the cancellation
    const declined = await asOwner("cancelArbitration", [q.questionId]);
    const declinedAt = Number((await test.getBlock({ blockNumber: declined.blockNumber })).timestamp);
    await indexed();
    const reopened = await marketOf(D);
    expect(reopened.status).toBe("answered");
    expect(reopened.question).toMatchObject({ arbitrationPending: false, answer: 0 });
    // as the chain says: Reality.eth restarts the timeout at the cancellation
    const onChain = Number((await lens(D)).finalizeTime);
    expect(onChain).toBeGreaterThanOrEqual(declinedAt);
    expect(reopened.question.finalizeTime).toBe(onChain);
    // disputed again; this time the timelock (the arbitrator's owner) answers 1
    await dispute();
    await indexed();
    expect((await marketOf(D)).status).toBe("disputed");
    const one = numberToHex(1n, { size: 32 });
    await asOwner("submitAnswer", [q.questionId, one, zeroHash, zeroHash, addr(yesKey)]);
    await test.stopImpersonatingAccount({ address: owner });
    await indexed();
    const d = await marketOf(D);
    expect(d.status).toBe("finalized");
    expect(d.question).toMatchObject({ answer: 1, arbitrationPending: false });
    expect((await lens(D)).status).toBe(4);
  });

  it("balance history: points over the range, ending at the balance now", async () => {
    const b = await api<{ balance: number; history: { value: number; ts: number }[] }>(
      `/sofi/markets_balances?sender=${addr(noKey)}&type=1w`,
    );
    expect(b.history.length).toBeGreaterThan(1);
    expect(b.history.at(-1)?.value).toBeCloseTo(b.balance, 9);
    const ts = b.history.map((p) => p.ts);
    expect([...ts].sort((x, y) => x - y)).toEqual(ts);
    // the markets' prices come from one query: the same series as one query per market
    const sql = new PredictSql(db, 31337);
    const markets = [A, B, D].map((m) => m.toLowerCase());
    const times = [...ts.slice(0, -1), ts[0] ? ts[0] - 86_400 : 0];
    const together = await sql.histories(markets, times);
    for (const m of markets)
      expect(together.get(m), m).toEqual(
        await sql.history(
          m,
          [...times].sort((x, y) => x - y),
        ),
      );
  });
});

describe("bad input and the staking reader", () => {
  it("answers bad input with the spec's texts", async () => {
    const notFound = await get(`/sofi/markets/${addr(key(9))}`);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ error: PREDICT_ERRORS.notFound });
    const badType = await get(`/sofi/markets/${A}?type=2d`);
    expect(badType.status).toBe(400);
    expect(JSON.stringify(await badType.json())).toContain(PREDICT_ERRORS.type);
    for (const path of ["/sofi/markets_positions", "/sofi/markets_txs?sender=0x12", "/sofi/markets_balances"]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(await res.json()), path).toContain(PREDICT_ERRORS.sender);
    }
    const badMarket = await get("/sofi/markets/0x12");
    expect(badMarket.status).toBe(400);
    expect(JSON.stringify(await badMarket.json())).toContain(PREDICT_ERRORS.market);
    const badPool = await get("/apr?addr=pool");
    expect(badPool.status).toBe(400);
    expect(JSON.stringify(await badPool.json())).toContain(PREDICT_ERRORS.addr);
    const badRange = await get(`/sofi/markets_balances?sender=${addr(noKey)}&type=2d`);
    expect(badRange.status).toBe(400);
    expect(JSON.stringify(await badRange.json())).toContain(PREDICT_ERRORS.balanceType);
    const unknownPool = await get(`/apr?addr=${addr(key(9))}`);
    expect(unknownPool.status).toBe(404);
    expect(await unknownPool.json()).toEqual({ error: PREDICT_ERRORS.unknownPool });
  });

  it("reads the staking pool (no rewards yet: APR 0)", async () => {
    const s = stakingSchema.parse(await api(`/sofi/staking?sender=${addr(yesKey)}`));
    expect(s.pool).toBe(c.stakingRewards);
    expect(s).toMatchObject({ apr: 0, balanceOf: "0", earned: "0", totalSupply: "0" });
    const apr = await api<{ apr: number }>(`/apr?addr=${c.stakingRewards}`);
    expect(apr.apr).toBe(0);
  });
});

describe("a reorg", () => {
  it("takes trades and their volume back", async () => {
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
    const volume = async () =>
      Number(
        (
          await own.query<{ v: string }>("SELECT volume::text AS v FROM predict_stats WHERE market = $1", [
            A.toLowerCase(),
          ])
        )[0]?.v ?? 0,
      ) / 1e18;
    expect(await volume()).toBeCloseTo(490, 9);
    const [sell] = await own.query<{ b: string }>(
      "SELECT block_number::text AS b FROM predict_events WHERE kind = 'sell' AND market = $1",
      [A.toLowerCase()],
    );
    await indexer.rollback(Number(sell?.b) - 1);
    expect(await volume()).toBeCloseTo(400, 9);
    expect((await own.query("SELECT 1 FROM predict_events WHERE kind = 'sell'")).length).toBe(0);
    // the funder's addFunding came after the sell; the markets' initial funding stays
    expect((await own.query("SELECT 1 FROM predict_events WHERE kind = 'addFunding'")).length).toBe(3);
    expect(
      (await own.query("SELECT 1 FROM predict_events WHERE account = $1", [addr(funderKey).toLowerCase()])).length,
    ).toBe(0);
    await indexer.close();
  });
});
