/**
 * SofiAggregator `Trade` indexing and `GET /sofi/trades`, on the product's own deploy + seed scripts:
 * real trades through the aggregator from a dev account (token→token after approve, ETH→token,
 * token→ETH to another recipient), indexed through the worker thread and the main-thread path,
 * rolled back on a reorg, paginated and validated by the endpoint.
 */
import { deployAll, getFreePort, SEED_STEPS, seed, startAnvil } from "@sofi/contracts";
import { type ApiTrade, tradesCacheSchema, tradesPageSchema } from "@sofi/core";
import { ANVIL_ACCOUNTS, CHAINS, type Deployment, erc20Abi, sofiAggregatorAbi } from "@sofi/protocol";
import {
  type Address,
  createTestClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  maxUint256,
  publicActions,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/api/app.ts";
import { CommitSignal, changeOf } from "../src/api/commit-signal.ts";
import { Market } from "../src/api/market.ts";
import { CachedTrades, TradesReader } from "../src/api/trades.ts";
import { loadConfig } from "../src/config.ts";
import type { Db } from "../src/db/client.ts";
import { ChainIndexer, runBackfill } from "../src/indexer/engine.ts";
import { createRpcClient } from "../src/indexer/rpc.ts";
import { ALL_HANDLERS } from "../src/modules/fold.ts";
import { closeAllDbs, DB_KINDS, freshDb } from "./helpers/db.ts";

const local = CHAINS.find((c) => c.suffix === "local");
if (!local) throw new Error("no local chain");
const E18 = 10n ** 18n;
const trader = privateKeyToAccount(ANVIL_ACCOUNTS[1]?.privateKey as Hex);
const other = ANVIL_ACCOUNTS[2]?.address as Address;

let anvil: Awaited<ReturnType<typeof startAnvil>>;
let deployment: Deployment;
let aggregator: Address;
let wallet: ReturnType<typeof makeWallet>;
let test: ReturnType<typeof createTestClient>;
const sym = (s: string) => {
  const t = deployment.tokens.find((x) => x.symbol === s);
  if (!t) throw new Error(`no ${s}`);
  return t.address;
};
const router = (i: number) => deployment.dexes[i]?.router as Address;

function makeWallet(rpcUrl: string) {
  return createWalletClient({ account: trader, chain: foundry, transport: http(rpcUrl), cacheTime: 0 }).extend(
    publicActions,
  );
}

async function send(hash: Promise<Hex>) {
  const r = await wallet.waitForTransactionReceipt({ hash: await hash, pollingInterval: 20 });
  if (r.status !== "success") throw new Error(`reverted: ${r.transactionHash}`);
  return r;
}

/**
 * A fixed gas limit: an estimate made in one second can fall short when the transaction is mined
 * in the next (a Uniswap V2 pair writes its price accumulators only when time has passed), which
 * made trades revert out of gas on a loaded machine.
 */
const TRADE_GAS = 1_000_000n;

const deadline = async () => (await wallet.getBlock()).timestamp + 1200n;

/** RAI → USDT on DEX `i`, `amount` RAI (approved beforehand). */
async function tradeRaiForUsdt(i: number, amount: bigint) {
  return send(
    wallet.writeContract({
      gas: TRADE_GAS,
      address: aggregator,
      abi: sofiAggregatorAbi,
      functionName: "tradeTokenByExactToken",
      args: [router(i), [sym("RAI"), sym("USDT")], amount, 1n, trader.address, await deadline()],
    }),
  );
}

/** Every Trade log of the aggregator, as the chain reports it (oldest first). */
async function chainTrades() {
  return wallet.getContractEvents({
    address: aggregator,
    abi: sofiAggregatorAbi,
    eventName: "Trade",
    fromBlock: BigInt(deployment.startBlock),
  });
}

type Row = {
  block_number: unknown;
  log_index: number;
  tx_hash: string;
  timestamp: unknown;
  user: string;
  router: string;
  token_in: string;
  token_out: string;
  amount_in: string;
  amount_out: string;
  recipient: string;
};
const dbTrades = (db: Db) =>
  db.query<Row>(
    `SELECT block_number, log_index, tx_hash, timestamp, "user", router, token_in, token_out,
       amount_in::text AS amount_in, amount_out::text AS amount_out, recipient
     FROM aggregator_trades ORDER BY block_number, log_index`,
  );

/** The stored rows equal the chain's Trade logs field by field, with the blocks' own timestamps. */
async function expectTradesMatchChain(db: Db) {
  const want = await chainTrades();
  const times = new Map<bigint, bigint>();
  for (const l of want)
    if (!times.has(l.blockNumber))
      times.set(l.blockNumber, (await wallet.getBlock({ blockNumber: l.blockNumber })).timestamp);
  const got = await dbTrades(db);
  expect(
    got.map((r) =>
      [
        Number(r.block_number),
        r.log_index,
        r.tx_hash,
        Number(r.timestamp),
        r.user,
        r.router,
        r.token_in,
        r.token_out,
        r.amount_in,
        r.amount_out,
        r.recipient,
      ].join(":"),
    ),
  ).toEqual(
    want.map((l) =>
      [
        Number(l.blockNumber),
        l.logIndex,
        l.transactionHash.toLowerCase(),
        Number(times.get(l.blockNumber)),
        l.args.user?.toLowerCase(),
        l.args.router?.toLowerCase(),
        l.args.tokenIn?.toLowerCase(),
        l.args.tokenOut?.toLowerCase(),
        l.args.amountIn,
        l.args.amountOut,
        l.args.recipient?.toLowerCase(),
      ].join(":"),
    ),
  );
  return got;
}

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  anvil = await startAnvil({ port: await getFreePort(), timestamp: now - 2 * 86_400 });
  deployment = await deployAll({ rpcUrl: anvil.rpcUrl, outDir: false });
  aggregator = deployment.contracts.aggregator as Address;
  expect(aggregator).toBeTruthy();
  // Without the seed's own aggregator trades: this file counts exactly the trades it makes below.
  // Without the market step either: this file does not read markets, and it is the slowest step.
  await seed({
    rpcUrl: anvil.rpcUrl,
    deployment,
    days: 1,
    now,
    blockInterval: 4 * 3600,
    steps: SEED_STEPS.filter((s) => s.name !== "aggregator" && s.name !== "market"),
  });
  wallet = makeWallet(anvil.rpcUrl);
  test = createTestClient({ mode: "anvil", chain: foundry, transport: http(anvil.rpcUrl) });
  // A dev account's real trades through the aggregator.
  await send(
    wallet.writeContract({
      gas: TRADE_GAS,
      address: sym("RAI"),
      abi: erc20Abi,
      functionName: "approve",
      args: [aggregator, maxUint256],
    }),
  );
  await tradeRaiForUsdt(0, 10n * E18);
  await send(
    wallet.writeContract({
      gas: TRADE_GAS,
      address: aggregator,
      abi: sofiAggregatorAbi,
      functionName: "tradeTokenByExactETH",
      args: [router(1), [deployment.weth, sym("RAI")], 1n, trader.address, await deadline()],
      value: E18 / 10n,
    }),
  );
  await send(
    wallet.writeContract({
      gas: TRADE_GAS,
      address: aggregator,
      abi: sofiAggregatorAbi,
      functionName: "tradeETHByExactToken",
      args: [router(0), [sym("RAI"), deployment.weth], 2n * E18, 1n, other, await deadline()],
    }),
  );
  // More trades for pagination (3 + 4 = 7 trades by the trader).
  for (let i = 0; i < 4; i++) await tradeRaiForUsdt(i % 2, BigInt(i + 1) * E18);
}, 300_000);
afterAll(async () => {
  await closeAllDbs();
  await anvil?.stop();
});

describe.each(DB_KINDS)("aggregator trades on %s", (kind) => {
  it("indexes every Trade through the worker thread with the right fields", async () => {
    const db = await freshDb(kind);
    const stats = await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment, rpcUrl: anvil.rpcUrl });
    expect(stats.counts.Trade ?? 0).toBe(7);
    expect(stats.counts.Swap ?? 0).toBeGreaterThan(7);
    const rows = await expectTradesMatchChain(db);
    expect(rows).toHaveLength(7);
    const [tokenTrade, ethIn, ethOut] = rows;
    const me = trader.address.toLowerCase();
    // token → token on the first DEX.
    expect(tokenTrade).toMatchObject({
      user: me,
      router: router(0).toLowerCase(),
      token_in: sym("RAI").toLowerCase(),
      token_out: sym("USDT").toLowerCase(),
      amount_in: (10n * E18).toString(),
      recipient: me,
    });
    expect(BigInt(tokenTrade?.amount_out ?? 0)).toBeGreaterThan(0n);
    // ETH → token: native ETH is the zero address.
    expect(ethIn).toMatchObject({
      router: router(1).toLowerCase(),
      token_in: zeroAddress,
      token_out: sym("RAI").toLowerCase(),
      amount_in: (E18 / 10n).toString(),
    });
    // token → ETH to another recipient.
    expect(ethOut).toMatchObject({ token_out: zeroAddress, recipient: other.toLowerCase(), user: me });
    // Idempotent: a second run adds nothing.
    const again = await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment, rpcUrl: anvil.rpcUrl });
    expect(again.counts.Trade ?? 0).toBe(0);
    expect(await dbTrades(db)).toHaveLength(7);
  });

  it("decodes the same trades on the main thread (client-only mode)", async () => {
    const db = await freshDb(kind);
    const indexer = new ChainIndexer({
      handlers: ALL_HANDLERS,
      db,
      chainId: 31337,
      deployment,
      client: createRpcClient(anvil.rpcUrl),
      useWorker: false,
    });
    const stats = await indexer.sync();
    expect(stats.counts.Trade ?? 0).toBe(7);
    await expectTradesMatchChain(db);
  });

  it("ignores Trade-shaped logs when the deployment has no aggregator", async () => {
    const db = await freshDb(kind);
    const stats = await runBackfill({
      handlers: ALL_HANDLERS,
      db,
      chain: 31337,
      deployment: { ...deployment, contracts: {} },
      rpcUrl: anvil.rpcUrl,
    });
    expect(stats.counts.Trade ?? 0).toBe(0);
    expect(stats.counts.Swap ?? 0).toBeGreaterThan(0);
    expect(await dbTrades(db)).toHaveLength(0);
  });

  it("the trades cache drops the pages of the traders a commit touched, and every page on a reorg (issue 21 §1)", async () => {
    const db = await freshDb(kind);
    // wired as server.ts wires a chain's indexer to its commit signal
    const commits = new CommitSignal();
    const indexer = new ChainIndexer({
      handlers: ALL_HANDLERS,
      db,
      chainId: 31337,
      deployment,
      rpcUrl: anvil.rpcUrl,
      onCommit: (r) => {
        if (r.events > 0) commits.emit(changeOf(r));
      },
      onRollback: () => commits.emit(),
    });
    const real = new TradesReader(db, local, deployment);
    const reads: string[] = [];
    const cache = new CachedTrades(
      {
        page: (user, limit, cursor) => {
          reads.push(user.toLowerCase());
          return real.page(user, limit, cursor);
        },
      },
      commits,
    );
    const page = async (user: string) => tradesPageSchema.parse(JSON.parse(await cache.pageJson(user, 20)));
    const me = trader.address.toLowerCase();
    const them = other.toLowerCase();
    try {
      await indexer.sync();
      const snapshot = await test.snapshot();
      expect((await page(trader.address)).trades).toHaveLength(7);
      expect((await page(other)).trades).toHaveLength(0);
      await page(trader.address);
      await page(other);
      expect(reads).toEqual([me, them]); // the second asks were served from memory

      // the trader trades: the next read of the trader's page has it; the other's page is not read again
      const r = await tradeRaiForUsdt(1, 3n * E18);
      await indexer.sync();
      const after = await page(trader.address);
      expect(after.trades).toHaveLength(8);
      expect(after.trades[0]?.txHash).toBe(r.transactionHash.toLowerCase());
      expect((await page(other)).trades).toHaveLength(0);
      expect(reads).toEqual([me, them, me]);

      // a reorg drops that trade: every page is read again
      await test.revert({ id: snapshot });
      await test.mine({ blocks: 3 });
      expect((await indexer.sync()).reorgs).toBe(1);
      expect((await page(trader.address)).trades).toHaveLength(7);
      await page(other);
      expect(reads).toEqual([me, them, me, me, them]);
    } finally {
      await indexer.close();
    }
  });

  it("reading ahead: many users' first pages in one query equal each user's own page, and serve the next read", async () => {
    const db = await freshDb(kind);
    await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment, rpcUrl: anvil.rpcUrl });
    const real = new TradesReader(db, local, deployment);
    const me = trader.address.toLowerCase();
    const them = other.toLowerCase();
    const active = await real.recentTraders(100);
    expect(active).toContain(me);
    expect(active).not.toContain(them);
    for (const limit of [3, 20]) {
      const ahead = await real.firstPages([me, them], limit);
      expect(ahead.get(me)).toEqual(await real.page(me, limit));
      expect(ahead.get(them)).toEqual(await real.page(them, limit));
    }
    expect((await real.firstPages([me], 3)).get(me)?.nextCursor).not.toBeNull();
    const reads: string[] = [];
    const cache = new CachedTrades(
      {
        page: (user, limit, cursor) => {
          reads.push(user.toLowerCase());
          return real.page(user, limit, cursor);
        },
        firstPages: (users, limit) => real.firstPages(users, limit),
        recentTraders: (limit) => real.recentTraders(limit),
      },
      new CommitSignal(),
    );
    await cache.warm();
    expect(JSON.parse(await cache.pageJson(trader.address, 20))).toEqual(await real.page(me, 20));
    expect(reads).toEqual([]);
  });

  it("a reorg removes the trades of the dropped branch", async () => {
    const db = await freshDb(kind);
    const indexer = new ChainIndexer({ handlers: ALL_HANDLERS, db, chainId: 31337, deployment, rpcUrl: anvil.rpcUrl });
    try {
      await indexer.sync();
      const snapshot = await test.snapshot();
      const fork = Number(await wallet.getBlockNumber());
      const r = await tradeRaiForUsdt(1, 3n * E18);
      await indexer.sync();
      const a = await dbTrades(db);
      expect(a.map((x) => x.tx_hash)).toContain(r.transactionHash.toLowerCase());
      expect(a).toHaveLength(8);
      // The other branch: no trade, and longer.
      await test.revert({ id: snapshot });
      await test.mine({ blocks: 3 });
      const stats = await indexer.sync();
      expect(stats.reorgs).toBe(1);
      const b = await expectTradesMatchChain(db);
      expect(b).toHaveLength(7);
      expect(b.every((x) => Number(x.block_number) <= fork)).toBe(true);
      expect(b.map((x) => x.tx_hash)).not.toContain(r.transactionHash.toLowerCase());
    } finally {
      await indexer.close();
    }
  });

  describe("GET /api/local/sofi/trades", () => {
    let app: ReturnType<typeof createApp>;
    const get = async (path: string) => {
      const res = await app.request(`http://127.0.0.1:8080${path}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    beforeAll(async () => {
      const db = await freshDb(kind);
      await runBackfill({ handlers: ALL_HANDLERS, db, chain: 31337, deployment, rpcUrl: anvil.rpcUrl });
      const config = loadConfig(
        { CHAINS: "local" },
        { deployments: { local: deployment }, rpcUrls: { local: anvil.rpcUrl } },
      );
      const cc = config.chains[0];
      if (!cc) throw new Error("no chain config");
      app = createApp({
        db,
        config,
        chains: [{ config: cc, client: createRpcClient(anvil.rpcUrl), market: new Market(db, local, deployment) }],
      });
    });

    it("pages through a user's trades newest first with token symbols and decimals", async () => {
      const want = (await chainTrades())
        .filter((l) => l.args.user?.toLowerCase() === trader.address.toLowerCase())
        .reverse();
      expect(want).toHaveLength(7);
      const got: ApiTrade[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = `/api/local/sofi/trades?user=${trader.address}&limit=3${cursor ? `&cursor=${cursor}` : ""}`;
        const res = await get(q);
        expect(res.status).toBe(200);
        const page = tradesPageSchema.parse(res.body);
        expect(page.trades.length).toBeLessThanOrEqual(3);
        got.push(...page.trades);
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(got.map((t) => `${t.blockNumber}:${t.logIndex}:${t.txHash}`)).toEqual(
        want.map((l) => `${l.blockNumber}:${l.logIndex}:${l.transactionHash.toLowerCase()}`),
      );
      expect(got.map((t) => [t.amountIn, t.amountOut])).toEqual(
        want.map((l) => [String(l.args.amountIn), String(l.args.amountOut)]),
      );
      const ethIn = got.find((t) => t.tokenIn.native);
      expect(ethIn?.tokenIn).toEqual({ address: zeroAddress, symbol: "ETH", decimals: 18, native: true });
      expect(ethIn?.tokenOut).toEqual({ address: getAddress(sym("RAI")), symbol: "RAI", decimals: 18, native: false });
      expect(ethIn?.dex).toBe(deployment.dexes[1]?.name);
      const ethOut = got.find((t) => t.tokenOut.native);
      expect(ethOut?.recipient).toBe(getAddress(other));
      expect(got.every((t) => t.user === trader.address)).toBe(true);
      expect(got.find((t) => t.tokenOut.symbol === "USDT")?.tokenOut.decimals).toBe(18);
      // Lowercase user, default limit: one page with all 7.
      const all = tradesPageSchema.parse(
        (await get(`/api/local/sofi/trades?user=${trader.address.toLowerCase()}`)).body,
      );
      expect(all.trades).toHaveLength(7);
      expect(all.nextCursor).toBeNull();
      // Someone without trades.
      const none = tradesPageSchema.parse((await get(`/api/local/sofi/trades?user=${other}`)).body);
      expect(none).toEqual({ trades: [], nextCursor: null });
      // without a commit signal (no indexer, no bus) nothing is kept or read ahead
      const cache = await get("/api/local/sofi/trades/cache");
      expect(cache.status).toBe(200);
      expect(tradesCacheSchema.parse(cache.body)).toEqual({ warmth: "warm", users: 0, bytes: 0 });
    });

    it("refuses bad input with a 400 and a clear message", async () => {
      const cases: [string, string][] = [
        ["user=0x12", "Invalid address: 0x12"],
        [
          "user=0xZZ39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
          "Invalid address: 0xZZ39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
        ],
        ["", "Missing user"],
        [`user=${trader.address}&limit=0`, "limit must be an integer from 1 to 100"],
        [`user=${trader.address}&limit=101`, "limit must be an integer from 1 to 100"],
        [`user=${trader.address}&limit=abc`, "limit must be an integer from 1 to 100"],
        [`user=${trader.address}&limit=2.5`, "limit must be an integer from 1 to 100"],
        [`user=${trader.address}&cursor=abc`, "Invalid cursor"],
        [`user=${trader.address}&cursor=1-2-3`, "Invalid cursor"],
      ];
      for (const [q, error] of cases) {
        const res = await get(`/api/local/sofi/trades?${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body, q).toEqual({ error });
      }
      expect((await get(`/api/nope/sofi/trades?user=${trader.address}`)).status).toBe(404);
    });
  });
});
