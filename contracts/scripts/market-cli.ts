/**
 * `npm run market -- <command>`: the prediction market from the command line, on the local chain
 * (anvil's accounts sign; `--rpc` and `--key` reach another chain). Commands:
 *   list                                   every market: status, prices, resolution time
 *   show <market>                          one market's whole state (MarketLens.getMarketState)
 *   create --title T --resolution WHEN [--description D] [--photo URL] [--outcomes Yes,No]
 *          [--fee 2] [--funding 1000] [--hint 3,1]
 *                                          creates a market (the registry's owner: anvil account 0)
 *   answer <market> <yes|no|invalid> [--bond SOFI]
 *                                          posts an answer with a SOFI bond (default: the minimum,
 *                                          or double the current bond)
 *   dispute <market>                       requests arbitration (pays the dispute fee in SOFI)
 *   arbitrate <market> <yes|no|invalid>    the arbitrator's answer. Its owner is governance's timelock:
 *                                          on the local chain the timelock's call is sent by anvil
 *                                          impersonation (standing in for a passed proposal); `--print`
 *                                          prints the proposal's action (target and calldata) instead
 *   finalize <market> [--warp]             reports the final answer (MarketOracle.resolve); --warp first
 *                                          moves the local chain's time to the answer's finalize time
 *   redeem <market>                        redeems the account's positions once resolved
 * <market> is the market's (FPMM's) address or its index in the registry (0, 1, ...). Options:
 * --rpc URL (default http://127.0.0.1:8545), --from N (anvil account, default 0), --key 0x... (a key).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { padGas } from "@sofi/core";
import type { Deployment } from "@sofi/protocol";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  formatEther,
  type Hex,
  http,
  isAddress,
  maxUint256,
  numberToHex,
  parseAbiItem,
  parseEther,
  toHex,
  zeroHash,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  conditionalTokensAbi,
  marketArbitratorAbi,
  marketLensAbi,
  marketOracleAbi,
  marketRegistryAbi,
  realityEthAbi,
  sofiTokenAbi,
} from "../../packages/protocol/src/abis/index.ts";
import { ANVIL_ACCOUNTS } from "../../packages/protocol/src/deployments/anvil-accounts.ts";

const STATUS = ["open", "closed, awaiting an answer", "answered", "disputed", "final, not reported", "resolved"];
const DEPLOYMENTS = join(dirname(fileURLToPath(import.meta.url)), "../../packages/protocol/src/deployments");

export type CliArgs = { command: string; positional: string[]; options: Map<string, string | true> };

export function parseArgs(argv: readonly string[]): CliArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a.startsWith("--")) {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith("--")) options.set(a.slice(2), true);
      else {
        options.set(a.slice(2), next);
        i++;
      }
    } else positional.push(a);
  }
  return { command: positional.shift() ?? "help", positional, options };
}

/** yes → 0, no → 1, invalid → all ones (Reality.eth's answers for the single-select template). */
export function answerOf(word: string | undefined): Hex {
  const w = (word ?? "").toLowerCase();
  if (w === "yes" || w === "0") return toHex(0n, { size: 32 });
  if (w === "no" || w === "1") return toHex(1n, { size: 32 });
  if (w === "invalid") return toHex(maxUint256, { size: 32 });
  throw new Error(`answer must be yes, no or invalid, not '${word ?? ""}'`);
}

/** "+3d", "+12h", "+30m", an ISO date or unix seconds → unix seconds. */
export function timeOf(when: string, now: number): number {
  const rel = /^\+(\d+(?:\.\d+)?)([dhm])$/.exec(when);
  if (rel) return now + Math.round(Number(rel[1]) * { d: 86_400, h: 3_600, m: 60 }[rel[2] as "d" | "h" | "m"]);
  if (/^\d+$/.test(when)) return Number(when);
  const t = Date.parse(when);
  if (Number.isNaN(t)) throw new Error(`bad time '${when}' (use +3d, +12h, an ISO date or unix seconds)`);
  return Math.floor(t / 1000);
}

function option(args: CliArgs, name: string): string | undefined {
  const v = args.options.get(name);
  return typeof v === "string" ? v : undefined;
}

async function main(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  if (args.command === "help" || args.options.has("help")) {
    console.log(
      readFileSync(fileURLToPath(import.meta.url), "utf8")
        .split("*/")[0]
        ?.replace(/^\/\*\*|^ \* ?/gm, ""),
    );
    return;
  }
  const rpcUrl = option(args, "rpc") ?? "http://127.0.0.1:8545";
  const probe = createPublicClient({ transport: http(rpcUrl) });
  const chainId = await probe.getChainId();
  const deployment = JSON.parse(readFileSync(join(DEPLOYMENTS, `${chainId}.json`), "utf8")) as Deployment;
  const c = deployment.contracts as Record<string, Address | undefined>;
  const need = (name: string): Address => {
    const a = c[name];
    if (!a) throw new Error(`no contracts.${name} in the deployment of chain ${chainId} (deploy first)`);
    return a;
  };
  const registry = need("marketRegistry");
  const lens = need("marketLens");
  const sofi = deployment.tokens.find((t) => t.symbol === "SOFI")?.address as Address;
  const chain = defineChain({
    id: chainId,
    name: `chain-${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 100 });
  const key = (option(args, "key") ??
    ANVIL_ACCOUNTS[Number(option(args, "from") ?? 0)]?.privateKey ??
    ANVIL_ACCOUNTS[0]?.privateKey) as Hex;
  const account = privateKeyToAccount(key);
  const wallet = createWalletClient({ chain, transport: http(rpcUrl), account });
  const rpc = (method: string, params: unknown[]) =>
    client.request({ method: method as never, params: params as never });

  const send = async (what: string, to: Address, data: Hex, from: Address = account.address) => {
    // Answers and bonds move SOFI: padded like every product write (padGas says why).
    const gas = padGas(await client.estimateGas({ to, data, account: from }));
    const hash =
      from === account.address
        ? await wallet.sendTransaction({ to, data, account, chain, gas })
        : ((await rpc("eth_sendTransaction", [{ from, to, data, gas: toHex(gas) }])) as Hex);
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${what} reverted in ${hash}`);
    console.log(`${what}: ${hash} (gas ${receipt.gasUsed})`);
    return receipt;
  };
  const approve = async (spender: Address, amount: bigint) => {
    const allowance = await client.readContract({
      address: sofi,
      abi: sofiTokenAbi,
      functionName: "allowance",
      args: [account.address, spender],
    });
    if (allowance < amount)
      await send(
        "approve SOFI",
        sofi,
        encodeFunctionData({ abi: sofiTokenAbi, functionName: "approve", args: [spender, maxUint256] }),
      );
  };
  const marketOf = async (ref: string | undefined): Promise<Address> => {
    if (!ref) throw new Error("name a market: its address or its index (npm run market -- list)");
    if (isAddress(ref)) return ref;
    if (/^\d+$/.test(ref))
      return client.readContract({
        address: registry,
        abi: marketRegistryAbi,
        functionName: "marketAt",
        args: [BigInt(ref)],
      });
    throw new Error(`'${ref}' is neither an address nor an index`);
  };
  const stateOf = (market: Address) =>
    client.readContract({ address: lens, abi: marketLensAbi, functionName: "getMarketState", args: [market] });

  switch (args.command) {
    case "list": {
      const n = await client.readContract({ address: registry, abi: marketRegistryAbi, functionName: "marketCount" });
      const logs = await client.getLogs({
        address: registry,
        event: marketRegistryAbi.find((x) => x.type === "event" && x.name === "MarketCreated") as never,
        fromBlock: BigInt(deployment.startBlock),
      });
      const titles = new Map(
        logs.map((l) => {
          const a = (l as unknown as { args: { market: Address; title: string } }).args;
          return [a.market.toLowerCase(), a.title];
        }),
      );
      for (let i = 0n; i < n; i++) {
        const m = await client.readContract({
          address: registry,
          abi: marketRegistryAbi,
          functionName: "marketAt",
          args: [i],
        });
        const s = await stateOf(m);
        console.log(
          `${i} ${m} ${STATUS[s.status]} yes ${Number(formatEther(s.prices[0])).toFixed(3)} no ${Number(formatEther(s.prices[1])).toFixed(3)} ` +
            `resolves ${new Date(Number(s.resolutionTime) * 1000).toISOString()} ${titles.get(m.toLowerCase()) ?? ""}`,
        );
      }
      return;
    }
    case "show": {
      const m = await marketOf(args.positional[0]);
      const s = await stateOf(m);
      console.log({ ...s, statusName: STATUS[s.status] });
      return;
    }
    case "create": {
      const title = option(args, "title");
      const when = option(args, "resolution");
      if (!title || !when) throw new Error("create needs --title and --resolution");
      const now = Number((await client.getBlock()).timestamp);
      const funding = parseEther(option(args, "funding") ?? "1000");
      const hint =
        option(args, "hint")
          ?.split(",")
          .map((x) => BigInt(x.trim())) ?? [];
      await approve(registry, funding);
      const receipt = await send(
        "createMarket",
        registry,
        encodeFunctionData({
          abi: marketRegistryAbi,
          functionName: "createMarket",
          args: [
            {
              title,
              description: option(args, "description") ?? "",
              photo: option(args, "photo") ?? "",
              outcomeNames: (option(args, "outcomes") ?? "Yes,No").split(",").map((x) => x.trim()),
              resolutionTime: BigInt(timeOf(when, now)),
              fee: parseEther(String(Number(option(args, "fee") ?? "2") / 100)),
              initialFunding: funding,
              distributionHint: hint,
            },
          ],
        }),
      );
      const n = await client.readContract({ address: registry, abi: marketRegistryAbi, functionName: "marketCount" });
      const m = await client.readContract({
        address: registry,
        abi: marketRegistryAbi,
        functionName: "marketAt",
        args: [n - 1n],
      });
      console.log(`market ${n - 1n}: ${m} (block ${receipt.blockNumber})`);
      return;
    }
    case "answer": {
      const m = await marketOf(args.positional[0]);
      const answer = answerOf(args.positional[1]);
      const s = await stateOf(m);
      const bondOption = option(args, "bond");
      const bond = bondOption ? parseEther(bondOption) : s.bond === 0n ? s.minBond : s.bond * 2n;
      const realityEth = need("realityEth");
      await approve(realityEth, bond);
      await send(
        `answer ${args.positional[1]} with a ${formatEther(bond)} SOFI bond`,
        realityEth,
        encodeFunctionData({
          abi: realityEthAbi,
          functionName: "submitAnswerERC20",
          args: [s.questionId, answer, s.bond, bond],
        }),
      );
      return;
    }
    case "dispute": {
      const m = await marketOf(args.positional[0]);
      const s = await stateOf(m);
      const arbitrator = need("marketArbitrator");
      const fee = await client.readContract({
        address: arbitrator,
        abi: marketArbitratorAbi,
        functionName: "disputeFee",
      });
      await approve(arbitrator, fee);
      await send(
        `requestArbitration (fee ${formatEther(fee)} SOFI)`,
        arbitrator,
        encodeFunctionData({
          abi: marketArbitratorAbi,
          functionName: "requestArbitration",
          args: [s.questionId, s.bond],
        }),
      );
      return;
    }
    case "arbitrate": {
      const m = await marketOf(args.positional[0]);
      const answer = answerOf(args.positional[1]);
      const s = await stateOf(m);
      const arbitrator = need("marketArbitrator");
      const logs = await client.getLogs({
        address: need("realityEth"),
        event: parseAbiItem(
          "event LogNewAnswer(bytes32 answer, bytes32 indexed question_id, bytes32 history_hash, address indexed user, uint256 bond, uint256 ts, bool is_commitment)",
        ),
        args: { question_id: s.questionId },
        fromBlock: BigInt(deployment.startBlock),
      });
      const last = logs.at(-1);
      if (!last) throw new Error("the question has no answer to arbitrate");
      const before = logs.at(-2)?.args.history_hash ?? zeroHash;
      const data = encodeFunctionData({
        abi: marketArbitratorAbi,
        functionName: "submitAnswer",
        args: [s.questionId, answer, before, last.args.answer as Hex, last.args.user as Address],
      });
      if (args.options.has("print") || chainId !== 31337) {
        console.log(JSON.stringify({ target: arbitrator, value: "0", calldata: data }, null, 2));
        return;
      }
      const owner = await client.readContract({ address: arbitrator, abi: marketArbitratorAbi, functionName: "owner" });
      await rpc("anvil_impersonateAccount", [owner]);
      await rpc("anvil_setBalance", [owner, numberToHex(10n ** 18n)]);
      try {
        await send(`arbitrate ${args.positional[1]} as the timelock (impersonated)`, arbitrator, data, owner);
      } finally {
        await rpc("anvil_stopImpersonatingAccount", [owner]);
      }
      return;
    }
    case "finalize": {
      const m = await marketOf(args.positional[0]);
      const s = await stateOf(m);
      if (args.options.has("warp")) {
        if (chainId !== 31337) throw new Error("--warp moves time on the local chain only");
        const now = Number((await client.getBlock()).timestamp);
        if (s.finalizeTime > BigInt(now)) {
          await rpc("evm_setNextBlockTimestamp", [numberToHex(s.finalizeTime)]);
          await rpc("evm_mine", []);
        }
      }
      await send(
        "MarketOracle.resolve",
        need("marketOracle"),
        encodeFunctionData({ abi: marketOracleAbi, functionName: "resolve", args: [s.questionId] }),
      );
      return;
    }
    case "redeem": {
      const m = await marketOf(args.positional[0]);
      const s = await stateOf(m);
      await send(
        "redeemPositions",
        need("conditionalTokens"),
        encodeFunctionData({
          abi: conditionalTokensAbi,
          functionName: "redeemPositions",
          args: [sofi, zeroHash, s.conditionId, [1n, 2n]],
        }),
      );
      return;
    }
    default:
      throw new Error(`unknown command '${args.command}' (npm run market -- help)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
