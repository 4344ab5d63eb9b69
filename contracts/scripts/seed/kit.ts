/**
 * What every seed step shares: the seeding accounts, the batched transaction sender, the random
 * streams, the market (USD prices and an exact model of every pair's reserves) and the step and
 * block types the runner (seed.ts) drives.
 */
import type { Deployment, PairDeployment } from "@sofi/protocol";
import { type Address, type Hex, keccak256, numberToHex, type PublicClient, toHex } from "viem";
import { uniswapV2PairAbi } from "../../../packages/protocol/src/abis/index.ts";
import type { TokenSpec } from "../tokens.ts";

export const SECONDS_PER_YEAR = 365 * 86400;
export const DEADLINE = 2n ** 40n;
export const MAX_UINT = 2n ** 256n - 1n;
export const GAS = { mint: 1_500_000n, approve: 80_000n, deposit: 80_000n, addLiquidity: 4_000_000n, swap: 250_000n };

export function addressFromLabel(label: string): Address {
  return `0x${keccak256(toHex(label)).slice(26)}` as Address;
}

/** Seeding accounts: a liquidity provider and a few traders (impersonated, not real keys). */
export const LP = addressFromLabel("sofi-seed-liquidity");
export const TRADERS = [1, 2, 3, 4, 5, 6].map((i) => addressFromLabel(`sofi-seed-trader-${i}`));

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stream of its own for a step, from the seed and the step's name (FNV-1a). */
export function namedPrng(seed: number, name: string): () => number {
  let h = 0x811c9dc5;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return prng((seed ^ h) >>> 0);
}

export function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Human amount to base units, keeping 6 significant digits. */
export function units(amount: number, decimals: number): bigint {
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

export type Tx = { from: Address; to: Address; data: Hex; gas: bigint; value?: bigint };

/** Queues transactions and sends a block's worth in one batched request, then mines the block. */
export class Sender {
  private readonly nonces = new Map<Address, number>();
  private readonly pending: Tx[] = [];
  sent = 0;
  constructor(private readonly client: PublicClient) {}

  add(tx: Tx): void {
    this.pending.push(tx);
  }

  get queued(): number {
    return this.pending.length;
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

export type SeedToken = TokenSpec & { address: Address };

export type PairModel = {
  pair: PairDeployment;
  dexIndex: number;
  router: Address;
  token: SeedToken;
  quote: SeedToken;
  /** Reserves by role, in base units. */
  rToken: bigint;
  rQuote: bigint;
};

/** The model's output for `amountIn` of `tokenIn` through `m`; `apply` also moves its reserves. */
export function swapThrough(m: PairModel, tokenIn: Address, amountIn: bigint, apply: boolean): bigint {
  const tokenSide = tokenIn.toLowerCase() === m.token.address.toLowerCase();
  const [rIn, rOut] = tokenSide ? [m.rToken, m.rQuote] : [m.rQuote, m.rToken];
  const out = getAmountOut(amountIn, rIn, rOut);
  if (apply) {
    if (tokenSide) {
      m.rToken += amountIn;
      m.rQuote -= out;
    } else {
      m.rQuote += amountIn;
      m.rToken -= out;
    }
  }
  return out;
}

/** Throws when a pair's reserves on chain differ from the model. */
export async function verifyReserves(client: PublicClient, models: readonly PairModel[]): Promise<void> {
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

/** The state every step reads and the market steps keep up to date. */
export type SeedContext = {
  deployment: Deployment;
  client: PublicClient;
  rpc(method: string, params: unknown[]): Promise<unknown>;
  sender: Sender;
  log(msg: string): void;
  /** The market's random stream (the seed's own), in the order the market has always drawn it. */
  rand: () => number;
  /** A step's own stream: a step that draws from it leaves every other step's draws unchanged. */
  random(name: string): () => number;
  /** Every deployed token with its spec (WETH first). */
  tokens: readonly SeedToken[];
  weth: Address;
  usdt: SeedToken;
  lp: Address;
  traders: readonly Address[];
  /** Accounts that receive every token (anvil's dev accounts by default; the first is the dev wallet's). */
  fundAccounts: readonly Address[];
  /** USD per token symbol, walked by the market every history block. */
  priceUsd: Map<string, number>;
  /** Every pair's reserves, exact (filled in by the step that adds liquidity). */
  pairs: PairModel[];
  /** The model of a DEX's pair of two tokens. */
  pairOf(dexIndex: number, a: Address, b: Address): PairModel | undefined;
  /** Counters the result reports (swaps, aggregator trades, portfolio trades). */
  counts: { swaps: number; trades: number; portfolioTrades: number };
  /** The history's first and last timestamps and its block interval (a quarter of it in the last 24 hours). */
  history: { start: number; end: number; blockInterval: number };
  tradeProbability: number;
};

/** One history block being built. */
export type HistoryBlock = {
  /** 0 for the first history block. */
  index: number;
  /** The block's timestamp. */
  timestamp: number;
  /** Seconds of chain time it stands for. */
  interval: number;
  /**
   * Pairs (lower-case addresses) a transaction of this block already trades through: a step
   * touches only pairs not in here and adds the ones it touches, so the model stays exact whatever
   * order the block's transactions from different senders land in.
   */
  used: Set<string>;
};

/** What a step does in one seed run; every hook is optional. */
export type SeedHooks = {
  /** Before the history: queue this step's setup; the runner mines it in a block of its own. */
  setup?(): Promise<void>;
  /** Each history block: queue this block's transactions. */
  block?(block: HistoryBlock): Promise<void>;
  /** Checks the chain against the step's model (after setup, every 200 history blocks and at the end). */
  verify?(): Promise<void>;
  /**
   * Due work this step still has to send (deferred to a later block): after the history the runner
   * mines blocks a second apart, calling `block` on the steps with pending work, until none has.
   */
  pending?(): number;
  /** After the last block. */
  finish?(): Promise<void>;
};

/**
 * One feature's seeded state and history. `start` is called once per seed run, in list order, and
 * returns the run's hooks (its state lives in that closure); hooks run in list order too. They
 * queue transactions on `ctx.sender` (from the seeding accounts or the dev accounts) and keep
 * `ctx.pairs` exact when they trade.
 */
export type SeedStep = {
  name: string;
  start(ctx: SeedContext): SeedHooks;
};
