/**
 * Seeds a deployed local chain (anvil only: it impersonates accounts and travels in time) by
 * running the seed steps of seed/index.ts:
 * - tokens: balances of every token (and some WETH) for the seeding accounts and anvil's dev accounts 0-9;
 * - dexes: liquidity for every token against WETH and USDT on both DEXes, with different depths and
 *   slightly different prices per DEX, so the routers quote differently, then the market's swaps;
 * - aggregator: trades through the SofiAggregator from seed traders and dev account 0;
 * - portfolios: a dozen portfolios from seed managers (and one from dev account 0) over the days,
 *   trading enabled on most, buys and sells by seed traders, rebalances by managers.
 * Each step's setup is mined in a block of its own; then `days` of history: the caller starts anvil
 * in the past (`timestamp` = now - days); the seeder mines a block every `blockInterval` seconds of
 * chain time (four times as often in the last 24 hours, so day charts are dense), each holding
 * what every step queued for it, and ends at the wall-clock time.
 * Deterministic for a given `seed`, `now` and chain start. Transactions of a block go in one
 * batched JSON-RPC request with automine off; a local model of every pair's reserves (exact
 * Uniswap V2 integer math) chooses the amounts and is checked against the chain.
 */
import type { Deployment } from "@sofi/protocol";
import { type Address, createPublicClient, http, numberToHex, type PublicClient } from "viem";
import { ANVIL_ACCOUNTS } from "../../packages/protocol/src/deployments/anvil-accounts.ts";
import { SEED_STEPS } from "./seed/index.ts";
import { LP, namedPrng, prng, type SeedContext, type SeedStep, Sender, TRADERS } from "./seed/kit.ts";
import { LISTING_CANDIDATE_SPECS, TOKEN_SPECS, type TokenSpec, WETH_SPEC } from "./tokens.ts";

export { SEED_STEPS } from "./seed/index.ts";
export { getAmountOut, type HistoryBlock, type SeedContext, type SeedHooks, type SeedStep } from "./seed/kit.ts";

export type SeedOptions = {
  rpcUrl: string;
  deployment: Deployment;
  /** Days of history to create, at most back to the chain's latest block; default 30. */
  days?: number;
  /** End of the history (unix seconds); default the wall-clock time. */
  now?: number;
  /** PRNG seed; default 1. */
  seed?: number;
  /** Seconds of chain time between history blocks; default 3600. */
  blockInterval?: number;
  /** Probability that a token trades in a given history block; default 0.4 (WETH/USDT: twice that). */
  tradeProbability?: number;
  /** Accounts that receive every token; default anvil's accounts 0-9 (the first also trades through the aggregator). */
  fundAccounts?: readonly Address[];
  /** The steps to run; default SEED_STEPS. */
  steps?: readonly SeedStep[];
  log?: boolean;
};

export type SeedResult = {
  blocks: number;
  /** DEX swaps of the market. */
  swaps: number;
  /** Trades through the aggregator. */
  trades: number;
  /** Portfolio buys and sells through the portfolio trading module. */
  portfolioTrades: number;
  ms: number;
  fromTimestamp: number;
  toTimestamp: number;
};

/** History blocks between two checks of the steps' models against the chain. */
const VERIFY_EVERY = 200;
// At most this many blocks after the history for steps with deferred work (see `pending`).
const DRAIN_BLOCKS = 50;

export async function seed(opts: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const log = opts.log ? (msg: string) => console.log(`[seed] ${msg}`) : () => {};
  const { deployment } = opts;
  const days = opts.days ?? 30;
  const blockInterval = opts.blockInterval ?? 3600;
  const seedValue = opts.seed ?? 1;
  const client = createPublicClient({
    transport: http(opts.rpcUrl, { batch: { batchSize: 2000, wait: 0 }, timeout: 120_000 }),
  }) as PublicClient;
  const rpc = (method: string, params: unknown[]) =>
    client.request({ method: method as never, params: params as never });

  const chainId = await client.getChainId();
  if (chainId !== deployment.chainId)
    throw new Error(`seed: RPC is chain ${chainId}, deployment is ${deployment.chainId}`);
  const head = await client.getBlock({ blockTag: "latest" });
  const end = Math.floor(opts.now ?? Date.now() / 1000);
  let clock = Number(head.timestamp);
  const historyStart = Math.max(clock + 1, end - days * 86400);

  // Token specs joined with deployed addresses.
  const specs = new Map<string, TokenSpec>([
    [WETH_SPEC.symbol, WETH_SPEC],
    ...[...TOKEN_SPECS, ...LISTING_CANDIDATE_SPECS].map((s) => [s.symbol, s] as const),
  ]);
  const tokens = deployment.tokens.map((t) => {
    const spec = specs.get(t.symbol);
    if (!spec) throw new Error(`seed: no spec for token ${t.symbol}`);
    return { ...spec, address: t.address };
  });
  const usdt = tokens.find((t) => t.symbol === "USDT");
  if (!usdt) throw new Error("seed: USDT not deployed");
  const fundAccounts = opts.fundAccounts ?? ANVIL_ACCOUNTS.map((a) => a.address);
  const sender = new Sender(client);
  const ctx: SeedContext = {
    deployment,
    client,
    rpc,
    sender,
    log,
    rand: prng(seedValue),
    random: (name) => namedPrng(seedValue, name),
    tokens,
    weth: deployment.weth,
    usdt,
    lp: LP,
    traders: TRADERS,
    fundAccounts,
    priceUsd: new Map(tokens.map((t) => [t.symbol, t.priceUsd])),
    pairs: [],
    pairOf(dexIndex, a, b) {
      const [x, y] = [a.toLowerCase(), b.toLowerCase()];
      return ctx.pairs.find((m) => {
        if (m.dexIndex !== dexIndex) return false;
        const [t0, t1] = [m.pair.token0.toLowerCase(), m.pair.token1.toLowerCase()];
        return (t0 === x && t1 === y) || (t0 === y && t1 === x);
      });
    },
    counts: { swaps: 0, trades: 0, portfolioTrades: 0 },
    history: { start: historyStart, end, blockInterval },
    tradeProbability: opts.tradeProbability ?? 0.4,
  };
  const steps = opts.steps ?? SEED_STEPS;
  const hooks = steps.map((s) => s.start(ctx));
  const verify = async () => {
    for (const h of hooks) await h.verify?.();
  };

  const impersonated = [deployment.deployer, LP, ...TRADERS, ...fundAccounts];
  for (const a of impersonated) await rpc("anvil_impersonateAccount", [a]);
  for (const a of [LP, ...TRADERS]) await rpc("anvil_setBalance", [a, numberToHex(10n ** 30n)]);
  await rpc("evm_setAutomine", [false]);
  try {
    // Setup: a block per step that queued anything.
    for (const [i, h] of hooks.entries()) {
      await h.setup?.();
      if (sender.queued === 0) continue;
      await sender.mine(++clock);
      log(`${steps[i]?.name}: set up (${sender.sent} txs so far)`);
    }
    await verify();

    // History.
    let blocks = 0;
    let ts = historyStart;
    while (ts < end) {
      const interval = end - ts <= 86400 ? Math.max(1, Math.floor(blockInterval / 4)) : blockInterval;
      const jitter = Math.floor((ctx.rand() - 0.5) * interval * 0.4);
      const at = Math.min(end - 1, Math.max(clock + 1, ts + jitter));
      const block = { index: blocks, timestamp: at, interval, used: new Set<string>() };
      for (const h of hooks) await h.block?.(block);
      await sender.mine(at);
      clock = at;
      blocks++;
      ts += interval;
      if (blocks % VERIFY_EVERY === 0) {
        await verify();
        log(`${blocks} blocks, ${ctx.counts.swaps} swaps, ${ctx.counts.trades} aggregator trades`);
      }
    }
    // Steps that deferred due work (the market step runs one transaction per market per block, so
    // a sparse history can leave some due at the last block) get blocks of their own: the first on
    // the wall-clock time, then a second apart, until nothing is pending.
    for (let extra = 0; extra < DRAIN_BLOCKS && hooks.some((h) => (h.pending?.() ?? 0) > 0); extra++) {
      const at = Math.max(clock + 1, end);
      const block = { index: blocks, timestamp: at, interval: 1, used: new Set<string>() };
      for (const h of hooks) if ((h.pending?.() ?? 0) > 0) await h.block?.(block);
      await sender.mine(at);
      clock = at;
      blocks++;
    }
    // The last block lands on the wall-clock time, so "now" on chain is now.
    if (end > clock) {
      await sender.mine(end);
      clock = end;
      blocks++;
    }
    await verify();
    for (const h of hooks) await h.finish?.();
    const result: SeedResult = {
      blocks,
      swaps: ctx.counts.swaps,
      trades: ctx.counts.trades,
      portfolioTrades: ctx.counts.portfolioTrades,
      ms: Date.now() - started,
      fromTimestamp: historyStart,
      toTimestamp: clock,
    };
    log(`${blocks} blocks, ${result.swaps} swaps, ${result.trades} aggregator trades in ${result.ms} ms`);
    return result;
  } finally {
    await rpc("evm_setAutomine", [true]);
    for (const a of impersonated) {
      if (ANVIL_ACCOUNTS.some((x) => x.address === a)) continue;
      await rpc("anvil_stopImpersonatingAccount", [a]);
    }
  }
}
