/**
 * What every deploy step shares: the connection, the record being built, and helpers that send a
 * deployment or a call, wait for it and count it (a step that finds its contracts already in the
 * record, with code on chain, sends nothing).
 */
import { createRequire } from "node:module";
import { padGas } from "@sofi/core";
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
import { ANVIL_ACCOUNTS } from "../../../packages/protocol/src/deployments/anvil-accounts.ts";

const require = createRequire(import.meta.url);

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

/**
 * The deployment record while the steps fill it in: what the first steps write (`weth`,
 * `multicall3`, `startBlock`) may still be missing. Every step reads what earlier steps wrote.
 */
export type DeploymentDraft = {
  chainId: number;
  deployer: Address;
  startBlock?: number;
  weth?: Address;
  multicall3?: Address;
  dexes: DexDeployment[];
  tokens: TokenDeployment[];
  pairs: PairDeployment[];
  contracts: Partial<Record<string, Address>>;
};

/** What a step gets: the connection, a logger and the transaction helpers. */
export type StepContext = DeployContext & {
  log(msg: string): void;
  /** Deploys a contract from the deployer and waits for it. */
  deploy(what: string, abi: Abi, bytecode: Hex, args: readonly unknown[]): Promise<Deployed>;
  /** Sends a contract call from the deployer and waits for it. */
  write(
    what: string,
    call: { address: Address; abi: Abi; functionName: string; args: readonly unknown[] },
  ): Promise<TransactionReceipt>;
  /** The address when it holds code on this chain (a record entry worth keeping), else undefined. */
  live(address: Address | undefined): Promise<Address | undefined>;
  /** Transactions the steps sent so far in this run. */
  readonly sent: number;
};

export type Deployed = { address: Address; receipt: TransactionReceipt };

/**
 * One feature's deployment. `contracts` lists the `deployment.contracts` keys the step writes: its
 * `run` returns exactly those, and `ContractName` (deploy/index.ts) is the union over the list.
 * Idempotent: `run` keeps what the record already holds (with code at that address) and deploys
 * only what is missing, so re-running after a partial run, or after a new step joined the list,
 * deploys only the rest. Steps run in list order, from one deployer: a fresh chain always yields
 * the same addresses, so append new steps at the end.
 */
export type DeployStep<C extends string = never> = {
  /** The feature, as in contracts/src/<feature>/. */
  name: string;
  contracts: readonly C[];
  run(ctx: StepContext, record: DeploymentDraft): Promise<Record<C, Address>>;
};

/** The `contracts` names of a list of steps. */
export type ContractsOf<S extends readonly DeployStep<string>[]> = ContractsOfStep<S[number]>;
type ContractsOfStep<T> = T extends DeployStep<infer C> ? C : never;

/** A required record field written by an earlier step. */
export function need<T>(value: T | undefined, what: string, step: string): T {
  if (value === undefined) throw new Error(`deploy step ${step}: ${what} missing (an earlier step writes it)`);
  return value;
}

export function stepContext(ctx: DeployContext, log: (msg: string) => void): StepContext {
  let sent = 0;
  const confirm = async (hash: Hex, what: string): Promise<TransactionReceipt> => {
    sent++;
    const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash, timeout: 300_000 });
    if (receipt.status !== "success") throw new Error(`${what} failed in transaction ${hash}`);
    return receipt;
  };
  return {
    ...ctx,
    log,
    get sent() {
      return sent;
    },
    async deploy(what, abi, bytecode, args) {
      const hash = await ctx.walletClient.deployContract({
        abi,
        bytecode,
        args,
        account: ctx.account,
        chain: ctx.chain,
      });
      const receipt = await confirm(hash, `Deploying ${what}`);
      if (!receipt.contractAddress) throw new Error(`Deploying ${what}: no contract address in ${hash}`);
      return { address: getAddress(receipt.contractAddress), receipt };
    },
    async write(what, call) {
      // The product's padding, not viem's bare estimate: a SOFI move estimated in the same second
      // as the deployer's last one runs out of gas when mined a second later (padGas says why).
      const estimate = await ctx.publicClient.estimateContractGas({ ...call, account: ctx.account });
      const hash = await ctx.walletClient.writeContract({
        ...call,
        account: ctx.account,
        chain: ctx.chain,
        gas: padGas(estimate),
      });
      return confirm(hash, what);
    },
    async live(address) {
      if (!address) return undefined;
      const code = await ctx.publicClient.getCode({ address });
      return code && code !== "0x" ? address : undefined;
    },
  };
}

type Artifact = { abi: Abi; bytecode: string };
/** A compiled artifact from an npm package (e.g. Uniswap's builds). */
export function artifact(path: string): { abi: Abi; bytecode: Hex } {
  const a = require(path) as Artifact;
  return { abi: a.abi, bytecode: (a.bytecode.startsWith("0x") ? a.bytecode : `0x${a.bytecode}`) as Hex };
}

/** The finished record, fields in the order of the committed JSON files. */
export function finish<C extends string>(draft: DeploymentDraft, names: readonly C[]): Deployment<C> {
  const contracts = {} as Record<C, Address>;
  for (const name of names) contracts[name] = need(draft.contracts[name], `contracts.${name}`, "finish");
  // Contracts of steps no longer in the list stay in the record.
  for (const [name, address] of Object.entries(draft.contracts))
    if (address && !(name in contracts)) (contracts as Record<string, Address>)[name] = address;
  return {
    chainId: draft.chainId,
    startBlock: need(draft.startBlock, "startBlock", "finish"),
    deployer: draft.deployer,
    weth: need(draft.weth, "weth", "finish"),
    multicall3: need(draft.multicall3, "multicall3", "finish"),
    dexes: draft.dexes,
    tokens: draft.tokens,
    pairs: draft.pairs,
    contracts,
  };
}
