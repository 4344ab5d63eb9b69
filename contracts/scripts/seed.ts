/**
 * Seeds a deployed local chain (anvil only: it impersonates accounts and travels in time):
 * - liquidity for every token against WETH and USDT on both DEXes, with different depths and
 *   slightly different prices per DEX, so the routers quote differently;
 * - balances of every token (and some WETH) for anvil's dev accounts 0-9;
 * - `days` of trading history: the caller starts anvil in the past (`timestamp` = now - days); the
 *   seeder mines a block every `blockInterval` seconds of chain time (four times as often in the
 *   last 24 hours, so day charts are dense), each with a few swaps that
 *   follow a seeded random walk of every token's USD price, and ends at the wall-clock time.
 * Deterministic for a given `seed`, `now` and chain start. Transactions of a block go in one
 * batched JSON-RPC request with automine off; a local model of every pair's reserves (exact
 * Uniswap V2 integer math) chooses the amounts and is checked against the chain at the end.
 */
import type { Deployment, PairDeployment } from "@sofi/protocol";
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  numberToHex,
  type PublicClient,
  toHex,
} from "viem";
import {
  testTokenAbi,
  uniswapV2PairAbi,
  uniswapV2Router02Abi,
  weth9Abi,
} from "../../packages/protocol/src/abis/index.ts";
import { ANVIL_ACCOUNTS } from "../../packages/protocol/src/deployments/anvil-accounts.ts";
import { DEX_SPECS, TOKEN_SPECS, type TokenSpec, WETH_SPEC } from "./tokens.ts";

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
  /** Accounts that receive every token; default anvil's accounts 0-9. */
  fundAccounts?: readonly Address[];
  log?: boolean;
};

export type SeedResult = { blocks: number; swaps: number; ms: number; fromTimestamp: number; toTimestamp: number };

const SECONDS_PER_YEAR = 365 * 86400;
const DEADLINE = 2n ** 40n;
const MAX_UINT = 2n ** 256n - 1n;
const GAS = { mint: 1_500_000n, approve: 80_000n, deposit: 80_000n, addLiquidity: 4_000_000n, swap: 250_000n };
/** Seeding accounts: a liquidity provider and a few traders (impersonated, not real keys). */
const LP = addressFromLabel("sofi-seed-liquidity");
const TRADERS = [1, 2, 3, 4, 5, 6].map((i) => addressFromLabel(`sofi-seed-trader-${i}`));

function addressFromLabel(label: string): Address {
  return `0x${keccak256(toHex(label)).slice(26)}` as Address;
}

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Human amount to base units, keeping 6 significant digits. */
function units(amount: number, decimals: number): bigint {
  if (!(amount > 0) || !Number.isFinite(amount)) return 0n;
  const exp = Math.floor(Math.log10(amount));
  const scaleExp = 5 - exp;
  const mantissa = BigInt(Math.round(amount * 10 ** scaleExp));
  const shift = decimals - scaleExp;
  return shift >= 0 ? mantissa * 10n ** BigInt(shift) : mantissa / 10n ** BigInt(-shift);
}

/** Uniswap V2's getAmountOut (0.3 % fee), exact integer math. */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const withFee = amountIn * 997n;
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee);
}

type Tx = { from: Address; to: Address; data: Hex; gas: bigint; value?: bigint };

type PairModel = {
  pair: PairDeployment;
  dexIndex: number;
  router: Address;
  token: TokenSpec & { address: Address };
  quote: TokenSpec & { address: Address };
  /** Reserves by role, in base units. */
  rToken: bigint;
  rQuote: bigint;
};

class Sender {
  private readonly nonces = new Map<Address, number>();
  private readonly pending: Tx[] = [];
  sent = 0;
  constructor(private readonly client: PublicClient) {}

  add(tx: Tx): void {
    this.pending.push(tx);
  }

  private async nonce(from: Address): Promise<number> {
    let n = this.nonces.get(from);
    if (n === undefined) n = await this.client.getTransactionCount({ address: from, blockTag: "pending" });
    this.nonces.set(from, n + 1);
    return n;
  }

  /** Sends every queued transaction (one batched HTTP request), then mines one block at `timestamp`. */
  async mine(timestamp: number): Promise<void> {
    const txs = this.pending.splice(0);
    const withNonces: (Tx & { nonce: number })[] = [];
    for (const tx of txs) withNonces.push({ ...tx, nonce: await this.nonce(tx.from) });
    const hashes = await Promise.all(
      withNonces.map((tx) =>
        this.client.request({
          method: "eth_sendTransaction" as never,
          params: [
            {
              from: tx.from,
              to: tx.to,
              data: tx.data,
              gas: numberToHex(tx.gas),
              nonce: numberToHex(tx.nonce),
              value: numberToHex(tx.value ?? 0n),
              maxFeePerGas: numberToHex(100_000_000_000n),
              maxPriorityFeePerGas: numberToHex(1_000_000_000n),
            },
          ] as never,
        }),
      ),
    );
    this.sent += hashes.length;
    await this.client.request({ method: "evm_mine" as never, params: [numberToHex(timestamp)] as never });
  }
}

export async function seed(opts: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const log = opts.log ? (msg: string) => console.log(`[seed] ${msg}`) : () => {};
  const { deployment } = opts;
  const days = opts.days ?? 30;
  const blockInterval = opts.blockInterval ?? 3600;
  const tradeProbability = opts.tradeProbability ?? 0.4;
  const rand = prng(opts.seed ?? 1);
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
    ...TOKEN_SPECS.map((s) => [s.symbol, s] as const),
  ]);
  const tokens = deployment.tokens.map((t) => {
    const spec = specs.get(t.symbol);
    if (!spec) throw new Error(`seed: no spec for token ${t.symbol}`);
    return { ...spec, address: t.address };
  });
  const byAddress = new Map(tokens.map((t) => [t.address.toLowerCase(), t]));
  const weth = deployment.weth;
  const usdt = tokens.find((t) => t.symbol === "USDT");
  if (!usdt) throw new Error("seed: USDT not deployed");
  const routers = new Map(deployment.dexes.map((d, i) => [d.name, { router: d.router, index: i }]));

  // Prices: USD per token, random-walked; each DEX gets its own fixed skew per token.
  const priceUsd = new Map(tokens.map((t) => [t.symbol, t.priceUsd]));
  const skew = new Map<string, number>();
  for (const t of tokens)
    for (let d = 0; d < deployment.dexes.length; d++)
      skew.set(`${d}:${t.symbol}`, d === 0 ? 0 : (rand() - 0.5) * (t.volatility < 0.05 ? 0.004 : 0.016));

  // Accounts.
  const sender = new Sender(client);
  const fundAccounts = opts.fundAccounts ?? ANVIL_ACCOUNTS.map((a) => a.address);
  for (const a of [deployment.deployer, LP, ...TRADERS]) await rpc("anvil_impersonateAccount", [a]);
  for (const a of [LP, ...TRADERS]) await rpc("anvil_setBalance", [a, numberToHex(10n ** 30n)]);
  await rpc("evm_setAutomine", [false]);
  try {
    // Block 1: faucet mints, WETH deposits, approvals.
    const seeders = [LP, ...TRADERS];
    for (const t of tokens) {
      if (t.address === weth) continue;
      sender.add({
        from: deployment.deployer,
        to: t.address,
        gas: GAS.mint,
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: "mintBatch",
          args: [seeders, units(2e9 / t.priceUsd, t.decimals)],
        }),
      });
      const devAmount = t.symbol === "SOFI" || t.symbol === "RAI" ? 1_000_000 : 50_000 / t.priceUsd;
      sender.add({
        from: deployment.deployer,
        to: t.address,
        gas: GAS.mint,
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: "mintBatch",
          args: [[...fundAccounts], units(devAmount, t.decimals)],
        }),
      });
    }
    const deposit = encodeFunctionData({ abi: weth9Abi, functionName: "deposit" });
    for (const a of seeders) sender.add({ from: a, to: weth, gas: GAS.deposit, data: deposit, value: 10n ** 27n });
    for (const a of fundAccounts) {
      await rpc("anvil_impersonateAccount", [a]);
      sender.add({ from: a, to: weth, gas: GAS.deposit, data: deposit, value: 10n ** 19n });
    }
    for (const a of seeders)
      for (const t of tokens)
        for (const d of deployment.dexes)
          sender.add({
            from: a,
            to: t.address,
            gas: GAS.approve,
            data: encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [d.router, MAX_UINT] }),
          });
    await sender.mine(++clock);
    log(`funded and approved (${sender.sent} txs)`);

    // Block 2: liquidity.
    const models: PairModel[] = [];
    for (const pair of deployment.pairs) {
      const a = byAddress.get(pair.token0.toLowerCase());
      const b = byAddress.get(pair.token1.toLowerCase());
      const dex = routers.get(pair.dex);
      if (!a || !b || !dex) throw new Error(`seed: unknown pair ${pair.address}`);
      // The quote is WETH, else USDT (the WETH/USDT pair quotes WETH in USDT).
      const isQuote = (t: { address: Address }) =>
        t.address === weth ? !(a.address === usdt.address || b.address === usdt.address) : t.address === usdt.address;
      const [token, quote] = isQuote(b) ? [a, b] : [b, a];
      const depth = DEX_SPECS[dex.index]?.depthUsd ?? 100_000;
      const sideUsd = quote.address === weth ? depth : token.address === weth ? depth * 4 : depth / 2;
      const pTok = (priceUsd.get(token.symbol) ?? 0) * (1 + (skew.get(`${dex.index}:${token.symbol}`) ?? 0));
      const pQuote = priceUsd.get(quote.symbol) ?? 0;
      const m: PairModel = {
        pair,
        dexIndex: dex.index,
        router: dex.router,
        token,
        quote,
        rToken: units(sideUsd / pTok, token.decimals),
        rQuote: units(sideUsd / pQuote, quote.decimals),
      };
      models.push(m);
      sender.add({
        from: LP,
        to: dex.router,
        gas: GAS.addLiquidity,
        data: encodeFunctionData({
          abi: uniswapV2Router02Abi,
          functionName: "addLiquidity",
          args: [token.address, quote.address, m.rToken, m.rQuote, 0n, 0n, LP, DEADLINE],
        }),
      });
    }
    await sender.mine(++clock);
    await verifyReserves(client, models);
    log(`liquidity on ${models.length} pairs`);

    // History.
    const pairsOf = new Map<string, PairModel[]>();
    for (const m of models) {
      const list = pairsOf.get(m.token.symbol) ?? [];
      list.push(m);
      pairsOf.set(m.token.symbol, list);
    }
    let swaps = 0;
    let blocks = 0;
    const step = (interval: number, probability: number) => {
      const dt = interval / SECONDS_PER_YEAR;
      for (const t of tokens) {
        if (t.symbol === "USDT") continue;
        const p = priceUsd.get(t.symbol) ?? t.priceUsd;
        const shock = gaussian(rand) * t.volatility * Math.sqrt(dt);
        // Pegged tokens revert to their starting price; others drift freely.
        const next =
          t.volatility < 0.05 ? t.priceUsd * (1 + shock * 20) : p * Math.exp(shock - (t.volatility ** 2 * dt) / 2);
        priceUsd.set(t.symbol, next);
      }
      const used = new Set<string>();
      for (const t of tokens) {
        if (t.symbol === "USDT") continue;
        const prob = t.symbol === "WETH" ? Math.min(1, 2 * probability) : probability;
        if (rand() >= prob) continue;
        const options =
          (t.symbol === "WETH" ? models.filter((m) => m.token.symbol === "WETH") : pairsOf.get(t.symbol)) ?? [];
        const m = options[Math.floor(rand() * options.length)];
        if (!m || used.has(m.pair.address)) continue;
        used.add(m.pair.address);
        const trader = TRADERS[Math.floor(rand() * TRADERS.length)] ?? LP;
        const swap = planSwap(m, priceUsd, skew, rand);
        if (!swap) continue;
        sender.add({
          from: trader,
          to: m.router,
          gas: GAS.swap,
          data: encodeFunctionData({
            abi: uniswapV2Router02Abi,
            functionName: "swapExactTokensForTokens",
            args: [swap.amountIn, swap.amountOut, swap.path, trader, DEADLINE],
          }),
        });
        swaps++;
      }
    };
    let ts = historyStart;
    while (ts < end) {
      const interval = end - ts <= 86400 ? Math.max(1, Math.floor(blockInterval / 4)) : blockInterval;
      const jitter = Math.floor((rand() - 0.5) * interval * 0.4);
      const at = Math.min(end - 1, Math.max(clock + 1, ts + jitter));
      step(interval, tradeProbability);
      await sender.mine(at);
      clock = at;
      blocks++;
      ts += interval;
      if (blocks % 200 === 0) {
        await verifyReserves(client, models);
        log(`${blocks} blocks, ${swaps} swaps`);
      }
    }
    // The last block lands on the wall-clock time, so "now" on chain is now.
    if (end > clock) {
      await sender.mine(end);
      clock = end;
      blocks++;
    }
    await verifyReserves(client, models);
    const result = { blocks, swaps, ms: Date.now() - started, fromTimestamp: historyStart, toTimestamp: clock };
    log(`${blocks} blocks, ${swaps} swaps in ${result.ms} ms`);
    return result;
  } finally {
    await rpc("evm_setAutomine", [true]);
    for (const a of [LP, ...TRADERS, ...fundAccounts, deployment.deployer]) {
      if (ANVIL_ACCOUNTS.some((x) => x.address === a)) continue;
      await rpc("anvil_stopImpersonatingAccount", [a]);
    }
  }
}

/**
 * The swap that moves a pair toward its token's walked price on that DEX, plus a little noise;
 * when the pair is already there, a small random trade for volume. Updates the model.
 */
function planSwap(
  m: PairModel,
  priceUsd: Map<string, number>,
  skew: Map<string, number>,
  rand: () => number,
): { amountIn: bigint; amountOut: bigint; path: [Address, Address] } | undefined {
  const pToken = (priceUsd.get(m.token.symbol) ?? 0) * (1 + (skew.get(`${m.dexIndex}:${m.token.symbol}`) ?? 0));
  const pQuote = m.quote.symbol === "USDT" ? 1 : (priceUsd.get(m.quote.symbol) ?? 0);
  const target = (pToken / pQuote) * (1 + gaussian(rand) * 0.002);
  const scale = 10 ** (m.quote.decimals - m.token.decimals);
  const rT = Number(m.rToken);
  const rQ = Number(m.rQuote);
  const current = rQ / rT / scale;
  let buyToken: boolean;
  let amountIn: bigint;
  if (Math.abs(target / current - 1) > 0.0005) {
    const k = rT * rQ;
    buyToken = target > current;
    amountIn = buyToken
      ? BigInt(Math.floor((Math.sqrt(k * target * scale) - rQ) / 0.997))
      : BigInt(Math.floor((Math.sqrt(k / (target * scale)) - rT) / 0.997));
  } else {
    buyToken = rand() < 0.5;
    // 0.02 % to 0.4 % of the pool's quote side: volume without moving the price much.
    const sideUsd = (rQ / 10 ** m.quote.decimals) * pQuote;
    const usd = sideUsd * 0.0002 * Math.exp(rand() * 3);
    amountIn = buyToken ? units(usd / pQuote, m.quote.decimals) : units(usd / pToken, m.token.decimals);
  }
  if (amountIn <= 0n) return undefined;
  const [rIn, rOut] = buyToken ? [m.rQuote, m.rToken] : [m.rToken, m.rQuote];
  const amountOut = getAmountOut(amountIn, rIn, rOut);
  if (amountOut <= 0n || amountOut >= rOut) return undefined;
  if (buyToken) {
    m.rQuote += amountIn;
    m.rToken -= amountOut;
  } else {
    m.rToken += amountIn;
    m.rQuote -= amountOut;
  }
  const path: [Address, Address] = buyToken ? [m.quote.address, m.token.address] : [m.token.address, m.quote.address];
  return { amountIn, amountOut, path };
}

async function verifyReserves(client: PublicClient, models: PairModel[]): Promise<void> {
  const reserves = await Promise.all(
    models.map((m) =>
      client.readContract({ address: m.pair.address, abi: uniswapV2PairAbi, functionName: "getReserves" }),
    ),
  );
  models.forEach((m, i) => {
    const r = reserves[i];
    if (!r) return;
    const tokenIs0 = m.token.address.toLowerCase() === m.pair.token0.toLowerCase();
    const [r0, r1] = tokenIs0 ? [m.rToken, m.rQuote] : [m.rQuote, m.rToken];
    if (r[0] !== r0 || r[1] !== r1) {
      throw new Error(`seed: reserves of ${m.token.symbol}/${m.quote.symbol} on ${m.pair.dex} drifted from the model`);
    }
  });
}
