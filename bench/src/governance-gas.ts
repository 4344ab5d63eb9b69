/**
 * Gas of governance (issue 18): SofiGovernor beside a plain OpenZeppelin 5 Governor (the contracts
 * wizard's composition: settings, simple counting, token votes, 4 % quorum fraction, timelock
 * control; `contracts/src/bench/PlainGovernor.sol`, bytecode in contracts/scripts/generated/bench.ts)
 * on the same SOFI token, measured the same way, like the portfolio gas rows: a fresh anvil (the
 * product's hardfork), the product's `deployAll` (SofiGovernor and its timelock, 1-day delay), then
 * the plain governor with a TimelockController of its own (same delay; the governor proposes and
 * executes). Each timelock holds 1,000,000 SOFI. Voters A and B (anvil accounts 2 and 3) hold
 * 2,000,000 SOFI each since before the proposals (self-delegated: SOFI's default); the proposer
 * (anvil account 1) has approved SofiGovernor's stake. Blocks are 12 s apart. For each governor, each
 * read from its transaction receipt's gasUsed:
 * - propose: one action, the timelock paying 1,000 SOFI to a campaign wallet (one each, both empty
 *   before, so both executions pay the same first-balance writes), 5 days of voting after
 *   5 days of publicity (SofiGovernor: `propose(..., endTime)`, which also takes the 100,000 SOFI stake;
 *   the plain one: `propose`, votingDelay 5 days, votingPeriod 5 days);
 * - castVote: A votes for, the proposal's first vote;
 * - castVoteBySig: B's EIP-712 ballot (for), sent by a relayer (anvil account 4): the second vote;
 * - queue and execute (by id for SofiGovernor, by the actions for the plain one; execute after the delay).
 * Target (issue 18): castVote and castVoteBySig at most 1.1 × the plain governor's.
 */
import type { Deployment } from "@sofi/protocol";
import { sofiGovernorAbi, sofiTokenAbi, timelockControllerAbi } from "@sofi/protocol";
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  numberToHex,
  type PublicClient,
  parseEther,
  parseEventLogs,
  toHex,
  zeroHash,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { plainGovernorAbi, plainGovernorBytecode } from "../../contracts/scripts/generated/bench.ts";
import { timelockControllerBytecode } from "../../contracts/scripts/generated/bytecode.ts";
import { ANVIL_ACCOUNTS, deployAll } from "../../contracts/scripts/index.ts";
import { LOCAL_RECEIPT_POLL_MS, startAnvil } from "./anvil.ts";

export const GOVERNANCE_GAS_CALLS = ["propose", "castVote", "castVoteBySig", "queue", "execute"] as const;
export type GovernanceGasCall = (typeof GOVERNANCE_GAS_CALLS)[number];
/** The calls held to the target, and the target: at most 1.1 × the plain governor's gas. */
export const GOVERNANCE_GAS_TARGETED: readonly GovernanceGasCall[] = ["castVote", "castVoteBySig"];
export const GOVERNANCE_GAS_MAX_RATIO = 1.1;

const DAY = 86_400;
const PENDING = 5 * DAY;
const VOTING = 5 * DAY;
const E18 = 10n ** 18n;

export type GovernanceGasRow = { sofi: number; plain: number; ratio: number; sofiTx: Hex; plainTx: Hex };

export type GovernanceGasResult = {
  hardfork: string;
  anvil: string;
  /** Timelock delay (seconds) of both timelocks. */
  delay: number;
  calls: Record<GovernanceGasCall, GovernanceGasRow>;
  ms: number;
};

type Account = (typeof ANVIL_ACCOUNTS)[number];

export async function measureGovernanceGas(
  opts: { log?: (s: string) => void; hardfork?: string } = {},
): Promise<GovernanceGasResult> {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const anvil = await startAnvil(opts.hardfork ? { extraArgs: ["--hardfork", opts.hardfork] } : {});
  try {
    const rpcUrl = anvil.rpcUrl;
    const transport = http(rpcUrl, { timeout: 120_000 });
    const pub = createPublicClient({
      chain: foundry,
      transport,
      cacheTime: 0,
      pollingInterval: LOCAL_RECEIPT_POLL_MS,
    }) as PublicClient;
    const info = (await pub.request({ method: "anvil_nodeInfo" as never })) as { hardFork?: string; hardfork?: string };
    const version = (await pub.request({ method: "web3_clientVersion" as never })) as string;
    log("gas: deployAll (SofiGovernor and its timelock), then a plain OZ Governor on the same SOFI");
    const deployment = (await deployAll({ rpcUrl, outDir: false })) as Deployment;
    await pub.request({ method: "anvil_setBlockTimestampInterval" as never, params: [12] as never });
    const c = deployment.contracts as Record<string, Address | undefined>;
    const sofiGovernor = c.sofiGovernor;
    const sofiTimelock = c.timelock;
    const sofi = deployment.tokens.find((t) => t.symbol === "SOFI")?.address;
    if (!sofiGovernor || !sofiTimelock || !sofi) throw new Error("the deployment has no governance contracts");
    const [deployer, proposer, voterA, voterB, relayer] = [0, 1, 2, 3, 4].map((i) => ANVIL_ACCOUNTS[i] as Account) as [
      Account,
      Account,
      Account,
      Account,
      Account,
    ];
    const wallet = (a: Address) => createWalletClient({ chain: foundry, transport, account: a });
    const send = async (from: Address, req: { to?: Address; data: Hex }) => {
      const hash = await wallet(from).sendTransaction({ ...req, to: req.to ?? null, gas: 15_000_000n } as never);
      const r = await pub.waitForTransactionReceipt({ hash });
      if (r.status !== "success") throw new Error(`tx ${hash} reverted`);
      return r;
    };
    const fn = (abi: Abi | readonly unknown[], functionName: string, args: readonly unknown[] = []) =>
      encodeFunctionData({ abi, functionName, args } as never) as Hex;
    const deploy = async (abi: Abi | readonly unknown[], bytecode: Hex, args: readonly unknown[]) => {
      const r = await send(deployer.address, { data: encodeDeployData({ abi, bytecode, args } as never) });
      if (!r.contractAddress) throw new Error("no contract address");
      return r.contractAddress;
    };
    /** Mines a block `seconds` after the last one (the 12 s interval then goes on from there). */
    const increase = async (seconds: number) => {
      const last = await pub.getBlock({ blockTag: "latest" });
      await pub.request({
        method: "evm_mine" as never,
        params: [numberToHex(last.timestamp + BigInt(seconds))] as never,
      });
    };

    // The plain governor's timelock: its governor proposes, cancels and executes; self-administered.
    const delay = Number(
      await pub.readContract({ address: sofiTimelock, abi: timelockControllerAbi, functionName: "getMinDelay" }),
    );
    const plainTimelock = await deploy(timelockControllerAbi, timelockControllerBytecode, [
      BigInt(delay),
      [],
      [],
      deployer.address,
    ]);
    const plainGovernor = await deploy(plainGovernorAbi, plainGovernorBytecode, [sofi, plainTimelock, PENDING, VOTING]);
    const role = (name: string) => keccak256(toHex(name));
    for (const r of ["PROPOSER_ROLE", "CANCELLER_ROLE", "EXECUTOR_ROLE"])
      await send(deployer.address, {
        to: plainTimelock,
        data: fn(timelockControllerAbi, "grantRole", [role(r), plainGovernor]),
      });
    await send(deployer.address, {
      to: plainTimelock,
      data: fn(timelockControllerAbi, "renounceRole", [zeroHash, deployer.address]),
    });

    // Balances: both treasuries, the voters, the proposer (the stake); then the stake's approval.
    const mint = (to: Address, whole: string) =>
      send(deployer.address, { to: sofi, data: fn(sofiTokenAbi, "mint", [to, parseEther(whole)]) });
    await mint(plainTimelock, "1000000");
    if ((await balance(pub, sofi, sofiTimelock)) < parseEther("1000000")) await mint(sofiTimelock, "1000000");
    await mint(voterA.address, "2000000");
    await mint(voterB.address, "2000000");
    await mint(proposer.address, "200000");
    await send(proposer.address, {
      to: sofi,
      data: fn(sofiTokenAbi, "approve", [sofiGovernor, parseEther("100000")]),
    });
    await increase(60);

    const campaigns = {
      sofi: "0x00000000000000000000000000000000000ca3a1" as Address,
      plain: "0x00000000000000000000000000000000000ca3a2" as Address,
    };
    const targets = [sofi];
    const values = [0n];
    const actions = (who: "sofi" | "plain") => [fn(sofiTokenAbi, "transfer", [campaigns[who], 1_000n * E18])];
    const description = "# Bench campaign\n\nPay 1,000 SOFI to the campaign wallet.";
    const descriptionHash = keccak256(toHex(description));
    const gas: Partial<Record<GovernanceGasCall, { sofi?: [number, Hex]; plain?: [number, Hex] }>> = {};
    const record = (call: GovernanceGasCall, who: "sofi" | "plain", r: { gasUsed: bigint; transactionHash: Hex }) => {
      gas[call] = { ...gas[call], [who]: [Number(r.gasUsed), r.transactionHash] };
    };

    // propose
    const head = await pub.getBlock({ blockTag: "latest" });
    const endTime = head.timestamp + 12n + BigInt(PENDING + VOTING);
    let r = await send(proposer.address, {
      to: sofiGovernor,
      data: fn(sofiGovernorAbi, "propose", [targets, values, actions("sofi"), description, endTime]),
    });
    record("propose", "sofi", r);
    const sofiId = parseEventLogs({ abi: sofiGovernorAbi, logs: r.logs, eventName: "ProposalCreated" })[0]?.args
      .proposalId as bigint;
    r = await send(proposer.address, {
      to: plainGovernor,
      data: fn(plainGovernorAbi, "propose", [targets, values, actions("plain"), description]),
    });
    record("propose", "plain", r);
    const plainId = parseEventLogs({ abi: plainGovernorAbi as Abi, logs: r.logs, eventName: "ProposalCreated" })[0]
      ?.args as unknown as { proposalId: bigint };
    await increase(PENDING + 60);

    // castVote (A), then castVoteBySig (B's ballot, sent by the relayer)
    for (const [who, governor, id] of [
      ["sofi", sofiGovernor, sofiId],
      ["plain", plainGovernor, plainId.proposalId],
    ] as const) {
      record(
        "castVote",
        who,
        await send(voterA.address, { to: governor, data: fn(sofiGovernorAbi, "castVote", [id, 1]) }),
      );
      const name = who === "sofi" ? "SofiGovernor" : "PlainGovernor";
      const signature = await privateKeyToAccount(voterB.privateKey).signTypedData({
        domain: { name, version: "1", chainId: 31337, verifyingContract: governor },
        types: {
          Ballot: [
            { name: "proposalId", type: "uint256" },
            { name: "support", type: "uint8" },
            { name: "voter", type: "address" },
            { name: "nonce", type: "uint256" },
          ],
        },
        primaryType: "Ballot",
        message: { proposalId: id, support: 1, voter: voterB.address, nonce: 0n },
      });
      record(
        "castVoteBySig",
        who,
        await send(relayer.address, {
          to: governor,
          data: fn(sofiGovernorAbi, "castVoteBySig", [id, 1, voterB.address, signature]),
        }),
      );
    }
    await increase(VOTING + 60);

    // queue, then execute after the delay
    const byActions = [targets, values, actions("plain"), descriptionHash] as const;
    record(
      "queue",
      "sofi",
      await send(relayer.address, { to: sofiGovernor, data: fn(sofiGovernorAbi, "queue", [sofiId]) }),
    );
    record(
      "queue",
      "plain",
      await send(relayer.address, { to: plainGovernor, data: fn(plainGovernorAbi, "queue", byActions) }),
    );
    await increase(delay + 60);
    record(
      "execute",
      "sofi",
      await send(relayer.address, { to: sofiGovernor, data: fn(sofiGovernorAbi, "execute", [sofiId]) }),
    );
    record(
      "execute",
      "plain",
      await send(relayer.address, { to: plainGovernor, data: fn(plainGovernorAbi, "execute", byActions) }),
    );
    for (const wallet of Object.values(campaigns))
      if ((await balance(pub, sofi, wallet)) !== 1_000n * E18) throw new Error("both campaigns should have paid");

    const calls = {} as Record<GovernanceGasCall, GovernanceGasRow>;
    for (const call of GOVERNANCE_GAS_CALLS) {
      const g = gas[call];
      if (!g?.sofi || !g.plain) throw new Error(`no ${call} figure`);
      calls[call] = {
        sofi: g.sofi[0],
        plain: g.plain[0],
        ratio: g.sofi[0] / g.plain[0],
        sofiTx: g.sofi[1],
        plainTx: g.plain[1],
      };
    }
    log(
      `  governance: ${GOVERNANCE_GAS_CALLS.map((k) => `${k} ${calls[k].sofi.toLocaleString("en-US")} vs ${calls[k].plain.toLocaleString("en-US")} (${calls[k].ratio.toFixed(2)} ×)`).join(", ")}`,
    );
    return {
      hardfork: info.hardFork ?? info.hardfork ?? "?",
      anvil: version,
      delay,
      calls,
      ms: performance.now() - t0,
    };
  } finally {
    await anvil.stop();
  }
}

async function balance(pub: PublicClient, token: Address, who: Address): Promise<bigint> {
  return pub.readContract({ address: token, abi: sofiTokenAbi, functionName: "balanceOf", args: [who] });
}
