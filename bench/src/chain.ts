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
  parseAbi,
  parseEther,
  parseUnits,
} from "viem";
import { foundry } from "viem/chains";
import { deployAll } from "../../contracts/scripts/index.ts";
import { seed } from "../../contracts/scripts/seed.ts";
import { type Anvil, LOCAL_RECEIPT_POLL_MS, startAnvil } from "./anvil.ts";
import { benchArtifact } from "./artifacts.ts";
import { PAIR_EVENTS } from "./ceiling.ts";
import { CACHE_DIR } from "./paths.ts";
import { stripTraces } from "./strip-traces.ts";

/** Bump when the generated chain changes shape: cached chains under another version are ignored. */
export const CHAIN_VERSION = "bench-chain-v9";

/** anvil's first funded account, the deployer of deployAll (unlocked on anvil: no signing here). */
const DEPLOYER: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

export type BenchChainMeta = {
  version: string;
  /** Swaps added by SwapBatcher on top of the seeded history. */
  swaps: number;
  swapsPerTx: number;
  seedDays: number;
  /** Pair Swap events of the seeded history: the market's swaps and the hops of its aggregator trades. */
  seedSwaps: number;
  /** Blocks that hold the deployment, the seeded history and the batched swaps. */
  fromBlock: number;
  toBlock: number;
  /** Swap + Sync logs of the deployment's pairs in [fromBlock, toBlock] (counted after generating). */
  pairEvents: number;
  deployment: Deployment;
  generatedInMs: number;
};

export type BenchChain = BenchChainMeta & { anvil: Anvil; rpcUrl: string; cached: boolean };

const ERC20 = parseAbi([
  "function mint(address to, uint256 amount)",
  "function transfer(address to, uint256 amount) returns (bool)",
  "function deposit() payable",
]);
const PAIR = parseAbi(["function getReserves() view returns (uint112, uint112, uint32)"]);

function cachePaths(swaps: number, swapsPerTx: number, seedDays: number) {
  const key = `${CHAIN_VERSION}-${swaps}-${swapsPerTx}-${seedDays}d`;
  return { state: join(CACHE_DIR, `${key}.state.json`), meta: join(CACHE_DIR, `${key}.meta.json`) };
}

/**
 * The product's own local chain (contracts' deployAll + seed: every token, both DEXes, `seedDays`
 * of history) plus `swaps` more Uniswap V2 swaps done by SwapBatcher, `swapsPerTx` per
 * transaction, spread over every pair. Cached in bench/.cache (anvil state dump without call
 * traces) so reruns only load it.
 */
export async function benchChain(opts: {
  swaps: number;
  swapsPerTx?: number;
  seedDays?: number;
  log?: (s: string) => void;
}): Promise<BenchChain> {
  const swapsPerTx = opts.swapsPerTx ?? 250;
  const seedDays = opts.seedDays ?? 30;
  const log = opts.log ?? (() => {});
  const paths = cachePaths(opts.swaps, swapsPerTx, seedDays);
  mkdirSync(CACHE_DIR, { recursive: true });
  if (existsSync(paths.state) && existsSync(paths.meta) && statSync(paths.state).size > 0) {
    const meta = JSON.parse(readFileSync(paths.meta, "utf8")) as BenchChainMeta;
    if (meta.version === CHAIN_VERSION) {
      log(`loading cached chain ${paths.state}`);
      const anvil = await startAnvil({ loadState: paths.state });
      return { ...meta, anvil, rpcUrl: anvil.rpcUrl, cached: true };
    }
  }
  log(
    `generating the bench chain: deploy, ${seedDays} days of seeded history, then ${opts.swaps} swaps (${swapsPerTx} per tx); cached for the next run`,
  );
  const tmpState = `${paths.state}.tmp`;
  rmSync(tmpState, { force: true });
  const started = performance.now();
  const nowSec = Math.floor(Date.now() / 1000);
  const gen = await startAnvil({ dumpState: tmpState, timestamp: nowSec - seedDays * 86400 });
  let meta: BenchChainMeta;
  try {
    meta = await generate(gen.rpcUrl, opts.swaps, swapsPerTx, seedDays, log);
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
  seedDays: number,
  log: (s: string) => void,
): Promise<BenchChainMeta> {
  const transport = http(rpcUrl, { timeout: 120_000 });
  const pub = createPublicClient({ chain: foundry, transport, cacheTime: 0, pollingInterval: LOCAL_RECEIPT_POLL_MS });
  const wallet = createWalletClient({ chain: foundry, transport, account: DEPLOYER });

  const deployment = await deployAll({ rpcUrl, outDir: false });
  if (seedDays > 0) {
    const s = await seed({ rpcUrl, deployment, days: seedDays });
    log(`  seeded ${s.swaps} swaps and ${s.trades} aggregator trades over ${s.blocks} blocks`);
  }
  await pub.request({ method: "evm_setAutomine" as never, params: [true] as never });

  let nonce = await pub.getTransactionCount({ address: DEPLOYER, blockTag: "pending" });
  const pending: Hex[] = [];
  const send = async (to: Address | null, data: Hex, gas: bigint, value?: bigint): Promise<Hex> => {
    const hash = await wallet.sendTransaction({ to, data, gas, nonce, gasPrice: 50_000_000_000n, value });
    nonce++;
    pending.push(hash);
    return hash;
  };
  const settle = async () => {
    for (const hash of pending.splice(0)) {
      const r = await pub.waitForTransactionReceipt({ hash });
      if (r.status !== "success") throw new Error(`bench chain tx ${hash} reverted`);
    }
  };

  const batcherArt = benchArtifact("SwapBatcher");
  const batcher = getContractAddress({ from: DEPLOYER, nonce: BigInt(nonce) });
  await send(null, encodeDeployData({ abi: batcherArt.abi, bytecode: batcherArt.bytecode }), 3_000_000n);

  // Fund the batcher: every test token minted by its owner (the deployer), WETH wrapped from ETH.
  await pub.request({
    method: "anvil_setBalance" as never,
    params: [DEPLOYER, `0x${parseEther("1000000000").toString(16)}`] as never,
  });
  for (const t of deployment.tokens) {
    if (t.address.toLowerCase() === deployment.weth.toLowerCase()) {
      await send(
        t.address,
        encodeFunctionData({ abi: ERC20, functionName: "deposit" }),
        100_000n,
        parseEther("100000000"),
      );
      await send(
        t.address,
        encodeFunctionData({ abi: ERC20, functionName: "transfer", args: [batcher, parseEther("100000000")] }),
        100_000n,
      );
    } else {
      const amount = parseUnits("1000000000000", t.decimals);
      await send(
        t.address,
        encodeFunctionData({ abi: ERC20, functionName: "mint", args: [batcher, amount] }),
        300_000n,
      );
    }
  }
  await settle();

  // Each pair trades 1/100,000 of its reserves per swap in either direction: prices move, never drain.
  const plans: { pair: Address; a0: bigint; a1: bigint }[] = [];
  for (const p of deployment.pairs) {
    const [r0, r1] = (await pub.readContract({ address: p.address, abi: PAIR, functionName: "getReserves" })) as [
      bigint,
      bigint,
      number,
    ];
    if (r0 < 10n ** 8n || r1 < 10n ** 8n) continue;
    plans.push({ pair: p.address, a0: r0 / 100_000n, a1: r1 / 100_000n });
  }
  if (plans.length === 0) throw new Error("no pair of the deployment has liquidity to swap against");
  const runData = (plan: (typeof plans)[number], count: number) =>
    encodeFunctionData({
      abi: batcherArt.abi as Abi,
      functionName: "run",
      args: [plan.pair, BigInt(count), plan.a0, plan.a1],
    });
  const txs = Math.ceil(swaps / swapsPerTx);
  let left = swaps;
  let lastLog = performance.now();
  for (let i = 0; i < txs; i++) {
    const count = Math.min(swapsPerTx, left);
    left -= count;
    const plan = plans[i % plans.length] as (typeof plans)[number];
    // A swap costs 40-120k gas (SOFI's vote checkpoints are the dearest); anvil's block limit here is 1e9.
    await send(batcher, runData(plan, count), BigInt(count) * 250_000n + 1_000_000n);
    if (pending.length >= 25) await settle();
    if (performance.now() - lastLog > 5000) {
      log(`  ${i + 1}/${txs} swap batches`);
      lastLog = performance.now();
    }
  }
  await settle();
  const fromBlock = deployment.startBlock;
  const toBlock = Number(await pub.getBlockNumber());
  const { events: pairEvents, swaps: swapEvents } = await countPairEvents(
    rpcUrl,
    deployment.pairs.map((p) => p.address),
    fromBlock,
    toBlock,
  );
  log(
    `  ${swaps} batched swaps over ${plans.length} pairs; blocks ${fromBlock}-${toBlock}, ${pairEvents} Swap+Sync events`,
  );
  // Counted on chain: the seed's aggregator trades swap on the pairs too (one Swap per hop).
  const seedSwaps = swapEvents - swaps;
  return {
    version: CHAIN_VERSION,
    swaps,
    swapsPerTx,
    seedDays,
    seedSwaps,
    fromBlock,
    toBlock,
    pairEvents,
    deployment: { ...deployment, contracts: { ...deployment.contracts, SwapBatcher: batcher } },
    generatedInMs: 0,
  };
}

async function countPairEvents(rpcUrl: string, addresses: Address[], fromBlock: number, toBlock: number) {
  const pub = createPublicClient({
    chain: foundry,
    transport: http(rpcUrl, { timeout: 120_000, maxResponseBodySize: false }),
  });
  let n = 0;
  let swaps = 0;
  for (let b = fromBlock; b <= toBlock; b += 50) {
    const logs = await pub.getLogs({
      address: addresses,
      events: PAIR_EVENTS,
      fromBlock: BigInt(b),
      toBlock: BigInt(Math.min(toBlock, b + 49)),
    });
    n += logs.length;
    swaps += logs.filter((l) => l.eventName === "Swap").length;
  }
  return { events: n, swaps };
}
