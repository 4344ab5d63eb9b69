import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Deployment } from "@sofi/protocol";
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  http,
  parseUnits,
} from "viem";
import { foundry } from "viem/chains";
import { type Anvil, startAnvil } from "./anvil.ts";
import { type Artifact, benchArtifact, uniswapArtifact } from "./artifacts.ts";
import { CACHE_DIR } from "./paths.ts";
import { stripTraces } from "./strip-traces.ts";

/** Bump when the generated chain changes shape: cached chains under another version are ignored. */
export const CHAIN_VERSION = "bench-chain-v1";

/** anvil's first funded account (well-known test key; unlocked on anvil, so no signing needed here). */
const DEPLOYER: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

export type BenchChainMeta = {
  version: string;
  swaps: number;
  swapsPerTx: number;
  /** Blocks that hold the deployment and the swaps. */
  fromBlock: number;
  toBlock: number;
  /** Swap + Sync logs emitted by the pairs in [fromBlock, toBlock] (counted while generating). */
  pairEvents: number;
  deployment: Deployment;
  generatedInMs: number;
};

export type BenchChain = BenchChainMeta & { anvil: Anvil; rpcUrl: string; cached: boolean };

const TOKENS = [
  { symbol: "WETH", name: "Wrapped Ether (bench)", decimals: 18, tags: ["base"] },
  { symbol: "USDT", name: "Tether USD (bench)", decimals: 18, tags: ["stable"] },
  { symbol: "RAI", name: "RAI (bench)", decimals: 18, tags: ["defi"] },
  { symbol: "SOFI", name: "SOFI (bench)", decimals: 18, tags: ["governance"] },
] as const;
/** Pairs by token index, with initial reserves (whole tokens) giving sane prices: 1 WETH = 3000 USDT, RAI = 3 USDT, SOFI = 0.5 USDT. */
const PAIRS: [number, number, bigint, bigint][] = [
  [0, 1, 10_000n, 30_000_000n],
  [2, 1, 10_000_000n, 30_000_000n],
  [3, 0, 60_000_000n, 10_000n],
  [2, 0, 10_000_000n, 10_000n],
];

function cachePaths(swaps: number, swapsPerTx: number) {
  const key = `${CHAIN_VERSION}-${swaps}-${swapsPerTx}`;
  return { state: join(CACHE_DIR, `${key}.state.json`), meta: join(CACHE_DIR, `${key}.meta.json`) };
}

/**
 * A local anvil chain holding `swaps` Uniswap V2 swaps (each a Swap + Sync on a pair), built with
 * SwapBatcher (`swapsPerTx` swaps per transaction, one transaction per block) and cached in
 * bench/.cache so reruns only load it.
 */
export async function benchChain(opts: {
  swaps: number;
  swapsPerTx?: number;
  log?: (s: string) => void;
}): Promise<BenchChain> {
  const swapsPerTx = opts.swapsPerTx ?? 250;
  const log = opts.log ?? (() => {});
  const paths = cachePaths(opts.swaps, swapsPerTx);
  mkdirSync(CACHE_DIR, { recursive: true });
  if (existsSync(paths.state) && existsSync(paths.meta) && statSync(paths.state).size > 0) {
    const meta = JSON.parse(readFileSync(paths.meta, "utf8")) as BenchChainMeta;
    if (meta.version === CHAIN_VERSION) {
      log(`loading cached chain ${paths.state}`);
      const anvil = await startAnvil({ loadState: paths.state });
      return { ...meta, anvil, rpcUrl: anvil.rpcUrl, cached: true };
    }
  }
  log(`generating a chain with ${opts.swaps} swaps (${swapsPerTx} per tx); cached for the next run`);
  const tmpState = `${paths.state}.tmp`;
  rmSync(tmpState, { force: true });
  const started = performance.now();
  const gen = await startAnvil({ dumpState: tmpState });
  let meta: BenchChainMeta;
  try {
    meta = await generate(gen.rpcUrl, opts.swaps, swapsPerTx, log);
    meta.generatedInMs = performance.now() - started;
  } finally {
    await gen.stop();
  }
  if (!existsSync(tmpState)) throw new Error("anvil did not write its state dump");
  await stripTraces(tmpState, `${tmpState}.stripped`);
  rmSync(tmpState);
  renameSync(`${tmpState}.stripped`, paths.state);
  writeFileSync(paths.meta, JSON.stringify(meta, null, 2));
  const anvil = await startAnvil({ loadState: paths.state });
  return { ...meta, anvil, rpcUrl: anvil.rpcUrl, cached: false };
}

async function generate(
  rpcUrl: string,
  swaps: number,
  swapsPerTx: number,
  log: (s: string) => void,
): Promise<BenchChainMeta> {
  const transport = http(rpcUrl, { timeout: 120_000 });
  const pub = createPublicClient({ chain: foundry, transport, cacheTime: 0 });
  const wallet = createWalletClient({ chain: foundry, transport, account: DEPLOYER });
  let nonce = await pub.getTransactionCount({ address: DEPLOYER });
  const fromBlock = Number(await pub.getBlockNumber()) + 1;

  const pending: Hex[] = [];
  const send = async (to: Address | undefined, data: Hex, gas = 8_000_000n): Promise<Hex> => {
    const hash = await wallet.sendTransaction({ to: to ?? null, data, gas, nonce, gasPrice: 2_000_000_000n });
    nonce++;
    pending.push(hash);
    return hash;
  };
  const deploy = async (art: Artifact, args: unknown[] = []): Promise<Address> => {
    const address = getContractAddress({ from: DEPLOYER, nonce: BigInt(nonce) });
    await send(undefined, encodeDeployData({ abi: art.abi, bytecode: art.bytecode, args }), 15_000_000n);
    return address;
  };
  const call = (to: Address, abi: Abi, functionName: string, args: unknown[], gas?: bigint) =>
    send(to, encodeFunctionData({ abi, functionName, args }), gas);
  const settle = async () => {
    for (const hash of pending.splice(0)) {
      const r = await pub.waitForTransactionReceipt({ hash });
      if (r.status !== "success") throw new Error(`bench chain tx ${hash} reverted`);
    }
  };

  const token = benchArtifact("BenchToken");
  const batcherArt = benchArtifact("SwapBatcher");
  const factoryArt = uniswapArtifact("UniswapV2Factory");
  const pairArt = uniswapArtifact("UniswapV2Pair");

  const tokenAddrs: Address[] = [];
  for (const t of TOKENS) tokenAddrs.push(await deploy(token, [t.name, t.symbol, t.decimals]));
  const factory = await deploy(factoryArt, [DEPLOYER]);
  const batcher = await deploy(batcherArt);
  await settle();

  const pairs: { address: Address; token0: Address; token1: Address }[] = [];
  for (const [a, b, ra, rb] of PAIRS) {
    const ta = tokenAddrs[a] as Address;
    const tb = tokenAddrs[b] as Address;
    await call(factory, factoryArt.abi, "createPair", [ta, tb], 5_000_000n);
    await settle();
    const pair = (await pub.readContract({
      address: factory,
      abi: factoryArt.abi,
      functionName: "getPair",
      args: [ta, tb],
    })) as Address;
    await call(ta, token.abi, "mint", [pair, parseUnits(ra.toString(), 18)], 200_000n);
    await call(tb, token.abi, "mint", [pair, parseUnits(rb.toString(), 18)], 200_000n);
    await call(pair, pairArt.abi, "mint", [DEPLOYER], 500_000n);
    const [token0, token1] = ta.toLowerCase() < tb.toLowerCase() ? [ta, tb] : [tb, ta];
    pairs.push({ address: pair, token0, token1 });
  }
  for (const t of tokenAddrs) await call(t, token.abi, "mint", [batcher, parseUnits("1000000000000", 18)], 200_000n);
  await settle();

  // Swap sizes: 1/100,000 of the smaller side's reserve keeps prices moving but never draining a pair.
  const amountIn = (p: number) => {
    const [, , ra, rb] = PAIRS[p] as [number, number, bigint, bigint];
    return parseUnits((ra < rb ? ra : rb).toString(), 18) / 100_000n;
  };
  const runData = (p: number, count: number) =>
    encodeFunctionData({
      abi: batcherArt.abi,
      functionName: "run",
      args: [(pairs[p] as { address: Address }).address, BigInt(count), amountIn(p)],
    });
  const gasPerBatch = await pub.estimateGas({ account: DEPLOYER, to: batcher, data: runData(0, swapsPerTx) });
  const gas = (gasPerBatch * 13n) / 10n + 200_000n;
  const txs = Math.ceil(swaps / swapsPerTx);
  let left = swaps;
  let lastLog = performance.now();
  for (let i = 0; i < txs; i++) {
    const count = Math.min(swapsPerTx, left);
    left -= count;
    await send(batcher, runData(i % pairs.length, count), gas);
    if (pending.length >= 25) await settle();
    if (performance.now() - lastLog > 5000) {
      log(`  ${i + 1}/${txs} batches`);
      lastLog = performance.now();
    }
  }
  await settle();
  const toBlock = Number(await pub.getBlockNumber());

  // Count what the indexer will see (Swap + Sync per swap, plus the liquidity mints' Sync/Mint).
  const logs = await countPairLogs(
    rpcUrl,
    pairs.map((p) => p.address),
    fromBlock,
    toBlock,
  );
  log(`  generated ${swaps} swaps in blocks ${fromBlock}..${toBlock} (${logs} pair logs)`);

  const deployment: Deployment = {
    chainId: 31337,
    startBlock: fromBlock,
    deployer: DEPLOYER,
    weth: tokenAddrs[0] as Address,
    multicall3: "0x0000000000000000000000000000000000000000",
    dexes: [{ name: "Bench V2", factory, router: "0x0000000000000000000000000000000000000000" }],
    tokens: TOKENS.map((t, i) => ({ ...t, tags: [...t.tags], address: tokenAddrs[i] as Address })),
    pairs: pairs.map((p) => ({ ...p, dex: "Bench V2" })),
    contracts: { SwapBatcher: batcher },
  };
  return {
    version: CHAIN_VERSION,
    swaps,
    swapsPerTx,
    fromBlock,
    toBlock,
    pairEvents: logs,
    deployment,
    generatedInMs: 0,
  };
}

async function countPairLogs(rpcUrl: string, addresses: Address[], fromBlock: number, toBlock: number) {
  const pub = createPublicClient({
    chain: foundry,
    transport: http(rpcUrl, { timeout: 120_000, maxResponseBodySize: false }),
  });
  let n = 0;
  for (let b = fromBlock; b <= toBlock; b += 50) {
    const logs = await pub.request({
      method: "eth_getLogs",
      params: [
        {
          address: addresses,
          fromBlock: `0x${b.toString(16)}`,
          toBlock: `0x${Math.min(toBlock, b + 49).toString(16)}`,
        },
      ],
    });
    n += logs.length;
  }
  return n;
}
