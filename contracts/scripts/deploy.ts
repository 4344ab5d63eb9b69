/**
 * Deploys every feature's contracts by running the deploy steps of deploy/index.ts in order, from
 * one deployer (so a fresh anvil always yields the same addresses): WETH9 and Multicall3, two
 * independent Uniswap V2 deployments, the test tokens, every token/WETH and token/USDT pair on both
 * DEXes, then the SofiAggregator over both routers (`contracts.aggregator`). Writes
 * packages/protocol/src/deployments/{chainId}.json and regenerates that folder's index.ts.
 *
 * Idempotent: the steps continue from the chain's existing record (by default the {chainId}.json
 * being written, when the same deployer wrote it) and deploy only what it lacks or what has no code
 * on chain, so a second run sends nothing and a run after a new step joined the list deploys just
 * that step's contracts. A failed run still writes what it deployed, for the next run to continue.
 */
import type { Deployment } from "@sofi/protocol";
import type { Hex } from "viem";
import { DEPLOY_STEPS } from "./deploy/index.ts";
import { type ContractsOf, connect, type DeploymentDraft, type DeployStep, finish, stepContext } from "./deploy/kit.ts";
import { DEPLOYMENTS_DIR, readDeployment, writeDeployment } from "./deploy/record.ts";

export { AGGREGATOR_BASE_SYMBOLS } from "./deploy/aggregator.ts";
export { type ContractName, DEPLOY_STEPS } from "./deploy/index.ts";
export {
  type ContractsOf,
  connect,
  type DeployContext,
  type DeploymentDraft,
  type DeployStep,
  type StepContext,
} from "./deploy/kit.ts";
export { DEPLOYMENTS_DIR, readDeployment, writeDeployment } from "./deploy/record.ts";

export type DeployOptions = {
  rpcUrl: string;
  /** Deployer key; default anvil account 0. Pass a funded key for a real network. */
  privateKey?: Hex;
  /** Where to write {chainId}.json; default packages/protocol/src/deployments; false: do not write. */
  outDir?: string | false;
  /**
   * The record to continue from; default the {chainId}.json in `outDir` (none when `outDir` is
   * false). Ignored when another deployer wrote it. false: deploy everything anew.
   */
  existing?: Deployment | false;
  /** The steps to run; default DEPLOY_STEPS (a prefix of it deploys part of the chain). */
  steps?: readonly DeployStep<string>[];
  /** Log progress to the console. */
  log?: boolean;
};

/**
 * Runs `opts.steps` (default DEPLOY_STEPS) and returns the record, typed by the steps' contract
 * names. A partial list returns the record as far as it goes.
 */
export async function deployAll<S extends readonly DeployStep<string>[] = typeof DEPLOY_STEPS>(
  opts: DeployOptions & { steps?: S },
): Promise<Deployment<ContractsOf<S>>> {
  const ctx = await connect(opts.rpcUrl, opts.privateKey);
  const log = opts.log ? (msg: string) => console.log(`[deploy] ${msg}`) : () => {};
  const deployer = ctx.account.address;
  const chainId = ctx.chain.id;
  const outDir = opts.outDir ?? DEPLOYMENTS_DIR;
  const found =
    opts.existing === undefined ? (outDir === false ? undefined : readDeployment(chainId, outDir)) : opts.existing;
  const existing = found && found.chainId === chainId && found.deployer === deployer ? found : undefined;
  const draft: DeploymentDraft = {
    chainId,
    deployer,
    startBlock: existing?.startBlock,
    weth: existing?.weth,
    multicall3: existing?.multicall3,
    dexes: existing?.dexes ?? [],
    tokens: existing?.tokens ?? [],
    pairs: existing?.pairs ?? [],
    contracts: { ...existing?.contracts },
  };
  const steps: readonly DeployStep<string>[] = opts.steps ?? DEPLOY_STEPS;
  const sctx = stepContext(ctx, log);
  let done = 0;
  try {
    for (const step of steps) {
      const sentBefore = sctx.sent;
      Object.assign(draft.contracts, await step.run(sctx, draft));
      done++;
      log(`step ${step.name}: ${sctx.sent - sentBefore} transactions`);
    }
  } finally {
    // A failed run writes what it deployed (once the first step's contracts exist), so the next
    // run continues from there instead of deploying it again.
    if (done < steps.length && outDir !== false && sctx.sent > 0 && draft.weth && draft.multicall3) {
      const file = writeDeployment(finish(draft, []), outDir);
      log(`wrote the partial record ${file} (${done} of ${steps.length} steps)`);
    }
  }
  const deployment = finish(draft, steps.flatMap((s) => s.contracts) as ContractsOf<S>[]);
  if (outDir !== false) {
    const file = writeDeployment(deployment, outDir);
    log(`wrote ${file}`);
  }
  return deployment;
}
