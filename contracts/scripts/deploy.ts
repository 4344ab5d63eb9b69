/**
 * Deploys WETH9, Multicall3, two independent Uniswap V2 deployments (factory + router 02, from the
 * npm artifacts), the test tokens and every token/WETH and token/USDT pair on both DEXes, then the
 * SofiAggregator over both routers (`contracts.aggregator`), from one deployer, in a fixed order
 * (so a fresh anvil always yields the same addresses). Writes
 * packages/protocol/src/deployments/{chainId}.json and regenerates that folder's index.ts.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Deployment, DexDeployment, PairDeployment, TokenDeployment } from "@sofi/protocol";
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import {
  multicall3Abi,
  sofiAggregatorAbi,
  sofiTokenAbi,
  testTokenAbi,
  uniswapV2FactoryAbi,
} from "../../packages/protocol/src/abis/index.ts";
import { ANVIL_ACCOUNTS } from "../../packages/protocol/src/deployments/anvil-accounts.ts";
import {
  multicall3Bytecode,
  sofiAggregatorBytecode,
  sofiTokenBytecode,
  testTokenBytecode,
} from "./generated/bytecode.ts";
import { DEX_SPECS, TOKEN_SPECS, WETH_SPEC } from "./tokens.ts";

const require = createRequire(import.meta.url);

/** The aggregator's common bases (its quotes route through at most two of them), in this order. */
export const AGGREGATOR_BASE_SYMBOLS = ["WETH", "USDT", "USDC", "DAI", "WBTC"] as const;
export const DEPLOYMENTS_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../packages/protocol/src/deployments",
);

type Artifact = { abi: Abi; bytecode: string };
function artifact(path: string): { abi: Abi; bytecode: Hex } {
  const a = require(path) as Artifact;
  return { abi: a.abi, bytecode: (a.bytecode.startsWith("0x") ? a.bytecode : `0x${a.bytecode}`) as Hex };
}

export type DeployOptions = {
  rpcUrl: string;
  /** Deployer key; default anvil account 0. Pass a funded key for a real network. */
  privateKey?: Hex;
  /** Where to write {chainId}.json; default packages/protocol/src/deployments; false: do not write. */
  outDir?: string | false;
  /** Log progress to the console. */
  log?: boolean;
};

export type DeployContext = {
  chain: Chain;
  account: PrivateKeyAccount;
  publicClient: PublicClient;
  walletClient: WalletClient;
};

export async function connect(rpcUrl: string, privateKey?: Hex): Promise<DeployContext> {
  const probe = createPublicClient({ transport: http(rpcUrl) });
  const chainId = await probe.getChainId();
  const local = rpcUrl.includes("127.0.0.1") || rpcUrl.includes("localhost");
  const chain = defineChain({
    id: chainId,
    name: `chain-${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { retryCount: 3 });
  const pollingInterval = local ? 50 : 2000;
  const account = privateKeyToAccount(privateKey ?? (ANVIL_ACCOUNTS[0]?.privateKey as Hex));
  const publicClient = createPublicClient({ chain, transport, pollingInterval }) as PublicClient;
  const walletClient = createWalletClient({ chain, transport, account, pollingInterval });
  return { chain, account, publicClient, walletClient };
}

async function confirm(ctx: DeployContext, hash: Hex, what: string): Promise<TransactionReceipt> {
  const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash, timeout: 300_000 });
  if (receipt.status !== "success") throw new Error(`${what} failed in transaction ${hash}`);
  return receipt;
}

async function deploy(
  ctx: DeployContext,
  what: string,
  abi: Abi,
  bytecode: Hex,
  args: readonly unknown[],
): Promise<{ address: Address; receipt: TransactionReceipt }> {
  const hash = await ctx.walletClient.deployContract({
    abi,
    bytecode,
    args,
    account: ctx.account,
    chain: ctx.chain,
  });
  const receipt = await confirm(ctx, hash, `Deploying ${what}`);
  if (!receipt.contractAddress) throw new Error(`Deploying ${what}: no contract address in ${hash}`);
  return { address: getAddress(receipt.contractAddress), receipt };
}

/** Atomic and lazy: unchanged files are left alone (no rebuilds, no half-written reads). */
function writeIfChanged(file: string, text: string): void {
  if (existsSync(file) && readFileSync(file, "utf8") === text) return;
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** Writes `{chainId}.json` and regenerates index.ts with one static import per file. */
export function writeDeployment(deployment: Deployment, dir: string = DEPLOYMENTS_DIR): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${deployment.chainId}.json`);
  writeIfChanged(file, `${JSON.stringify(deployment, null, 2)}\n`);
  const ids = readdirSync(dir)
    .filter((f) => /^\d+\.json$/.test(f))
    .map((f) => Number(f.slice(0, -5)))
    .sort((a, b) => a - b);
  const index = `// Generated by contracts/scripts/deploy.ts (one static import per deployments/{chainId}.json, so it
// works in Node and in the Vite build alike). Do not edit.
import type { Deployment } from "../deployment.ts";
${ids.map((id) => `import chain${id} from "./${id}.json" with { type: "json" };`).join("\n")}

const DEPLOYMENTS: Record<number, Deployment> = {
${ids.map((id) => `  ${id}: chain${id} as Deployment,`).join("\n")}
};

/** The deployment of a chain, or undefined when nothing is deployed there. */
export function loadDeployment(chainId: number): Deployment | undefined {
  return DEPLOYMENTS[chainId];
}

/** Chain ids that have a deployment file. */
export function deployedChainIds(): number[] {
  return Object.keys(DEPLOYMENTS).map(Number);
}

export { ANVIL_ACCOUNTS, ANVIL_MNEMONIC, type DevAccount } from "./anvil-accounts.ts";
`;
  writeIfChanged(join(dir, "index.ts"), index);
  return file;
}

export async function deployAll(opts: DeployOptions): Promise<Deployment> {
  const ctx = await connect(opts.rpcUrl, opts.privateKey);
  const log = opts.log ? (msg: string) => console.log(`[deploy] ${msg}`) : () => {};
  const deployer = ctx.account.address;
  const weth9 = artifact("@uniswap/v2-periphery/build/WETH9.json");
  const factoryArt = artifact("@uniswap/v2-core/build/UniswapV2Factory.json");
  const routerArt = artifact("@uniswap/v2-periphery/build/UniswapV2Router02.json");

  const weth = await deploy(ctx, "WETH9", weth9.abi, weth9.bytecode, []);
  const startBlock = Number(weth.receipt.blockNumber);
  log(`WETH9 ${weth.address}`);
  const multicall3 = await deploy(ctx, "Multicall3", multicall3Abi, multicall3Bytecode, []);
  log(`Multicall3 ${multicall3.address}`);

  const dexes: DexDeployment[] = [];
  for (const spec of DEX_SPECS) {
    const factory = await deploy(ctx, `${spec.name} factory`, factoryArt.abi, factoryArt.bytecode, [deployer]);
    const router = await deploy(ctx, `${spec.name} router`, routerArt.abi, routerArt.bytecode, [
      factory.address,
      weth.address,
    ]);
    dexes.push({ name: spec.name, factory: factory.address, router: router.address });
    log(`${spec.name} factory ${factory.address} router ${router.address}`);
  }

  const tokens: TokenDeployment[] = [
    { symbol: WETH_SPEC.symbol, name: WETH_SPEC.name, decimals: 18, address: weth.address, tags: WETH_SPEC.tags },
  ];
  for (const spec of TOKEN_SPECS) {
    const { address } =
      spec.symbol === "SOFI"
        ? await deploy(ctx, "SOFI", sofiTokenAbi, sofiTokenBytecode, [deployer])
        : await deploy(ctx, spec.symbol, testTokenAbi, testTokenBytecode, [
            spec.name,
            spec.symbol,
            spec.decimals,
            deployer,
          ]);
    tokens.push({ symbol: spec.symbol, name: spec.name, decimals: spec.decimals, address, tags: spec.tags });
    log(`${spec.symbol} ${address}`);
  }

  const bySymbol = new Map(tokens.map((t) => [t.symbol, t.address]));
  const wethAddr = weth.address;
  const usdt = bySymbol.get("USDT");
  if (!usdt) throw new Error("USDT missing from TOKEN_SPECS");
  const pairs: PairDeployment[] = [];
  for (const dex of dexes) {
    const wanted: [Address, Address][] = [[wethAddr, usdt]];
    for (const t of tokens) if (t.address !== wethAddr && t.address !== usdt) wanted.push([t.address, wethAddr]);
    for (const t of tokens) if (t.address !== wethAddr && t.address !== usdt) wanted.push([t.address, usdt]);
    for (const [a, b] of wanted) {
      const hash = await ctx.walletClient.writeContract({
        address: dex.factory,
        abi: uniswapV2FactoryAbi,
        functionName: "createPair",
        args: [a, b],
        account: ctx.account,
        chain: ctx.chain,
      });
      await confirm(ctx, hash, `createPair on ${dex.name}`);
      const pair = await ctx.publicClient.readContract({
        address: dex.factory,
        abi: uniswapV2FactoryAbi,
        functionName: "getPair",
        args: [a, b],
      });
      const [token0, token1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
      pairs.push({ address: getAddress(pair), dex: dex.name, token0, token1 });
    }
    log(`${dex.name}: ${wanted.length} pairs`);
  }

  // Appended after everything above, so the earlier addresses stay where they were. The
  // constructor registers both DEX routers and the common bases (one transaction).
  const bases = AGGREGATOR_BASE_SYMBOLS.map((symbol) => {
    const address = bySymbol.get(symbol);
    if (!address) throw new Error(`aggregator base ${symbol} missing from the tokens`);
    return address;
  });
  const aggregator = await deploy(ctx, "SofiAggregator", sofiAggregatorAbi, sofiAggregatorBytecode, [
    deployer,
    dexes.map((d) => d.router),
    bases,
  ]);
  log(`SofiAggregator ${aggregator.address}`);

  const deployment: Deployment = {
    chainId: ctx.chain.id,
    startBlock,
    deployer,
    weth: wethAddr,
    multicall3: multicall3.address,
    dexes,
    tokens,
    pairs,
    contracts: { aggregator: aggregator.address },
  };
  if (opts.outDir !== false) {
    const file = writeDeployment(deployment, opts.outDir ?? DEPLOYMENTS_DIR);
    log(`wrote ${file}`);
  }
  return deployment;
}
