/**
 * Governance (issue 18), the last step, in this order from the deployer:
 * - the listing candidates (LISTING_CANDIDATE_SPECS: NOVA), TestTokens appended to the record's
 *   tokens, and their WETH and USDT pairs on both DEXes appended to its pairs; they stay off the
 *   factory's allow-list for a proposal to add;
 * - `TimelockController(0, [deployer], [deployer], deployer)` (`contracts.timelock`): the deployer is
 *   its temporary proposer, executor and admin, with no delay, only for the hand-over below;
 * - `SofiGovernor(SOFI, timelock, admin = deployer, GOVERNANCE_SETTINGS...)` (`contracts.sofiGovernor`);
 * - `PortfolioFactory.transferOwnership(timelock)` (Ownable2Step: the timelock must accept);
 * - one batch scheduled and executed at once on the timelock: the factory's `acceptOwnership`, the
 *   governor's PROPOSER, CANCELLER and EXECUTOR roles, the deployer's roles (admin included)
 *   revoked, then `updateDelay` to the final delay (1 day on the local chain, 2 days elsewhere).
 *   Only the governor executes: an open executor would let anyone execute an expired proposal
 *   straight on the timelock;
 * - on the local chain, the SOFI treasury the timelock pays marketing campaigns from (minted: the
 *   deployer owns the test SOFI).
 * Idempotent: contracts with code at their recorded address are kept; the hand-over is sent only
 * while the deployer still holds the timelock's proposer role, the treasury only while it is empty.
 */
import {
  type Address,
  encodeFunctionData,
  getAddress,
  keccak256,
  parseEther,
  toHex,
  zeroAddress,
  zeroHash,
} from "viem";
import {
  portfolioFactoryAbi,
  sofiGovernorAbi,
  sofiTokenAbi,
  testTokenAbi,
  timelockControllerAbi,
  uniswapV2FactoryAbi,
} from "../../../packages/protocol/src/abis/index.ts";
import { sofiGovernorBytecode, testTokenBytecode, timelockControllerBytecode } from "../generated/bytecode.ts";
import { LISTING_CANDIDATE_SPECS } from "../tokens.ts";
import { type DeploymentDraft, type DeployStep, need, type StepContext } from "./kit.ts";

const DAY = 86_400n;

/** The governor's settings (spec 002 §9): votes and stakes in SOFI base units, times in seconds. */
export const GOVERNANCE_SETTINGS = {
  /** For-votes a proposal needs (the spec gives none: 20 × the stake). */
  quorumVoteCount: parseEther("2000000"),
  /** The stake (the spec's 100K SOFI). */
  proposalThresholdCount: parseEther("100000"),
  minDuration: 3n * DAY,
  maxDuration: 30n * DAY,
  /** The publicity period before voting. */
  globalPendingTime: 5n * DAY,
} as const;

/** The timelock's delay between queue and execute: 1 day on the local chain (31337), 2 days elsewhere. */
export function timelockDelay(chainId: number): bigint {
  return chainId === 31337 ? DAY : 2n * DAY;
}

/** Whole SOFI of the timelock's treasury on the local chain (marketing campaigns pay from it). */
export const TREASURY_SOFI = "5000000";

const ROLE = (name: string) => keccak256(toHex(name));
export const TIMELOCK_ROLES = {
  admin: zeroHash,
  proposer: ROLE("PROPOSER_ROLE"),
  executor: ROLE("EXECUTOR_ROLE"),
  canceller: ROLE("CANCELLER_ROLE"),
} as const;

export const governanceStep: DeployStep<"timelock" | "sofiGovernor"> = {
  name: "governance",
  contracts: ["timelock", "sofiGovernor"],
  async run(ctx, record) {
    await listingCandidates(ctx, record);
    const deployer = record.deployer;
    const sofi = need(record.tokens.find((t) => t.symbol === "SOFI")?.address, "tokens SOFI", "governance");
    const factory = need(record.contracts.portfolioFactory, "contracts.portfolioFactory", "governance");

    const timelock =
      (await ctx.live(record.contracts.timelock)) ??
      (
        await ctx.deploy("TimelockController", timelockControllerAbi, timelockControllerBytecode, [
          0n,
          [deployer],
          [deployer],
          deployer,
        ])
      ).address;
    const s = GOVERNANCE_SETTINGS;
    const sofiGovernor =
      (await ctx.live(record.contracts.sofiGovernor)) ??
      (
        await ctx.deploy("SofiGovernor", sofiGovernorAbi, sofiGovernorBytecode, [
          sofi,
          timelock,
          deployer,
          s.quorumVoteCount,
          s.proposalThresholdCount,
          s.minDuration,
          s.maxDuration,
          s.globalPendingTime,
        ])
      ).address;

    await handOver(ctx, { deployer, timelock, governor: sofiGovernor, factory });

    if (ctx.chain.id === 31337) {
      const treasury = await ctx.publicClient.readContract({
        address: sofi,
        abi: sofiTokenAbi,
        functionName: "balanceOf",
        args: [timelock],
      });
      if (treasury === 0n)
        await ctx.write("SOFI.mint (treasury)", {
          address: sofi,
          abi: sofiTokenAbi,
          functionName: "mint",
          args: [timelock, parseEther(TREASURY_SOFI)],
        });
    }
    ctx.log(`TimelockController ${timelock}, SofiGovernor ${sofiGovernor}`);
    return { timelock, sofiGovernor };
  },
};

/** Deploys the listing candidates and their pairs when missing; appends them to the record. */
async function listingCandidates(ctx: StepContext, record: DeploymentDraft): Promise<void> {
  const weth = need(record.weth, "weth", "governance");
  const usdt = need(record.tokens.find((t) => t.symbol === "USDT")?.address, "USDT", "governance");
  for (const spec of LISTING_CANDIDATE_SPECS) {
    const recorded = record.tokens.find((t) => t.symbol === spec.symbol);
    let address = await ctx.live(recorded?.address);
    if (!address) {
      address = (
        await ctx.deploy(spec.symbol, testTokenAbi, testTokenBytecode, [
          spec.name,
          spec.symbol,
          spec.decimals,
          record.deployer,
        ])
      ).address;
    }
    const entry = { symbol: spec.symbol, name: spec.name, decimals: spec.decimals, address, tags: spec.tags };
    record.tokens = [...record.tokens.filter((t) => t.symbol !== spec.symbol), entry];
  }
  for (const dex of record.dexes) {
    for (const spec of LISTING_CANDIDATE_SPECS) {
      const token = need(record.tokens.find((t) => t.symbol === spec.symbol)?.address, spec.symbol, "governance");
      for (const quote of [weth, usdt]) {
        const getPair = () =>
          ctx.publicClient.readContract({
            address: dex.factory,
            abi: uniswapV2FactoryAbi,
            functionName: "getPair",
            args: [token, quote],
          });
        let pair = await getPair();
        if (pair === zeroAddress) {
          await ctx.write(`createPair ${spec.symbol} on ${dex.name}`, {
            address: dex.factory,
            abi: uniswapV2FactoryAbi,
            functionName: "createPair",
            args: [token, quote],
          });
          pair = await getPair();
        }
        const address = getAddress(pair);
        const [token0, token1] = token.toLowerCase() < quote.toLowerCase() ? [token, quote] : [quote, token];
        record.pairs = [
          ...record.pairs.filter((p) => p.address.toLowerCase() !== address.toLowerCase()),
          { address, dex: dex.name, token0, token1 },
        ];
      }
    }
  }
}

/**
 * The timelock takes the factory and the governor takes the timelock: sent only while the deployer
 * still holds the proposer role (the batch revokes it).
 */
async function handOver(
  ctx: StepContext,
  a: { deployer: Address; timelock: Address; governor: Address; factory: Address },
): Promise<void> {
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    ctx.publicClient.readContract({
      address: a.timelock,
      abi: timelockControllerAbi,
      functionName,
      args,
    } as never) as Promise<T>;
  if (!(await read<boolean>("hasRole", [TIMELOCK_ROLES.proposer, a.deployer]))) return;

  const [owner, pending] = await Promise.all([
    ctx.publicClient.readContract({ address: a.factory, abi: portfolioFactoryAbi, functionName: "owner" }),
    ctx.publicClient.readContract({ address: a.factory, abi: portfolioFactoryAbi, functionName: "pendingOwner" }),
  ]);
  const same = (x: Address, y: Address) => x.toLowerCase() === y.toLowerCase();
  if (same(owner, a.deployer) && !same(pending, a.timelock))
    await ctx.write("PortfolioFactory.transferOwnership(timelock)", {
      address: a.factory,
      abi: portfolioFactoryAbi,
      functionName: "transferOwnership",
      args: [a.timelock],
    });

  const calls: { target: Address; data: `0x${string}` }[] = [];
  if (!same(owner, a.timelock))
    calls.push({
      target: a.factory,
      data: encodeFunctionData({ abi: portfolioFactoryAbi, functionName: "acceptOwnership" }),
    });
  const role = (fn: "grantRole" | "revokeRole", r: `0x${string}`, who: Address) =>
    calls.push({
      target: a.timelock,
      data: encodeFunctionData({ abi: timelockControllerAbi, functionName: fn, args: [r, who] }),
    });
  role("grantRole", TIMELOCK_ROLES.proposer, a.governor);
  role("grantRole", TIMELOCK_ROLES.canceller, a.governor);
  role("grantRole", TIMELOCK_ROLES.executor, a.governor);
  role("revokeRole", TIMELOCK_ROLES.proposer, a.deployer);
  role("revokeRole", TIMELOCK_ROLES.canceller, a.deployer);
  role("revokeRole", TIMELOCK_ROLES.executor, a.deployer);
  role("revokeRole", TIMELOCK_ROLES.admin, a.deployer);
  calls.push({
    target: a.timelock,
    data: encodeFunctionData({
      abi: timelockControllerAbi,
      functionName: "updateDelay",
      args: [timelockDelay(ctx.chain.id)],
    }),
  });
  const batch = [
    calls.map((c) => c.target),
    calls.map(() => 0n),
    calls.map((c) => c.data),
    zeroHash,
    zeroHash,
  ] as const;
  // A delay of 0 until the batch's last call: schedule and execute right away (a run that stopped
  // in between finds it scheduled).
  const id = await read<`0x${string}`>("hashOperationBatch", batch);
  if (!(await read<boolean>("isOperation", [id])))
    await ctx.write("TimelockController.scheduleBatch (hand-over)", {
      address: a.timelock,
      abi: timelockControllerAbi,
      functionName: "scheduleBatch",
      args: [...batch, await read<bigint>("getMinDelay")],
    });
  await ctx.write("TimelockController.executeBatch (hand-over)", {
    address: a.timelock,
    abi: timelockControllerAbi,
    functionName: "executeBatch",
    args: batch,
  });
}
