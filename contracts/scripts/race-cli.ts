/**
 * `npm run race -- <command>`: the Head and Tail races (HeadTailRaces) from the command line. On the
 * local chain the race keeper (anvil mnemonic account 12, the contract's owner) signs; `--key 0x...`
 * (or RACE_OWNER_PRIVATE_KEY) signs elsewhere, `--from N` picks anvil account N. Commands:
 *   list [--all]                            rounds not yet settled (--all: every round), newest first
 *   show <roundId>                          one round: times, joined, prices, observations, result
 *   create-event --name N --team-a A --team-b B --start-predict WHEN --end-predict WHEN
 *                [--start-round WHEN] --end-round WHEN [--rewards 5000]
 *                                          an event round (team A against team B); the owner only
 *   create-price --token SYMBOL --start-predict WHEN --end-predict WHEN [--start-round WHEN]
 *                --end-round WHEN [--window 600] [--rewards 1000] [--name SYMBOL-price]
 *                                          a price round of SYMBOL against USDT; the owner only
 *   settle-event <roundId> <a|b|draw|cancel>
 *                                          the operator's result of an event round (a, b and draw from
 *                                          its end; cancel at any time); the owner only
 *   settle <roundId>                        settles a price round after its end (or cancels any round
 *                                          nobody joined once its predictions closed); anyone
 *   checkpoint <roundId>                    takes a price round's due TWAP observation; anyone
 *   predict <roundId> <head|tail|a|b>       predicts (default --from 0, the dev wallet's account)
 * WHEN is +3d, +12h, +30m (from the chain's time), an ISO date or unix seconds; --start-round defaults
 * to --end-predict. --rpc URL (default http://127.0.0.1:8545).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Deployment } from "@sofi/protocol";
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  formatUnits,
  type Hex,
  http,
  isAddress,
  toHex,
} from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { headTailRacesAbi } from "../../packages/protocol/src/abis/index.ts";
import { ANVIL_ACCOUNTS, ANVIL_MNEMONIC } from "../../packages/protocol/src/deployments/anvil-accounts.ts";
import { RACE_KEEPER_ACCOUNT_INDEX } from "./deploy/races.ts";

const DEPLOYMENTS = join(dirname(fileURLToPath(import.meta.url)), "../../packages/protocol/src/deployments");
const RESULTS = ["undecided", "head / team A", "tail / team B", "draw", "cancelled"] as const;

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

/** "+3d", "+12h", "+30m", an ISO date or unix seconds → unix seconds (relative to `now`). */
export function timeOf(when: string, now: number): number {
  const rel = /^\+(\d+(?:\.\d+)?)([dhm])$/.exec(when);
  if (rel) return now + Math.round(Number(rel[1]) * { d: 86_400, h: 3_600, m: 60 }[rel[2] as "d" | "h" | "m"]);
  if (/^\d+$/.test(when)) return Number(when);
  const t = Date.parse(when);
  if (Number.isNaN(t)) throw new Error(`bad time '${when}' (use +3d, +12h, +30m, an ISO date or unix seconds)`);
  return Math.floor(t / 1000);
}

/** An event round's result from the operator's word: a → 1, b → 2, draw → 3, cancel → 4. */
export function eventResultOf(word: string | undefined): 1 | 2 | 3 | 4 {
  const w = (word ?? "").toLowerCase();
  if (w === "a" || w === "1") return 1;
  if (w === "b" || w === "2") return 2;
  if (w === "draw" || w === "3") return 3;
  if (w === "cancel" || w === "4") return 4;
  throw new Error(`result must be a, b, draw or cancel, not '${word ?? ""}'`);
}

/** A side from a word: head or a → 1, tail or b → 2. */
export function sideOf(word: string | undefined): 1 | 2 {
  const w = (word ?? "").toLowerCase();
  if (w === "head" || w === "a" || w === "1") return 1;
  if (w === "tail" || w === "b" || w === "2") return 2;
  throw new Error(`side must be head, tail, a or b, not '${word ?? ""}'`);
}

/** The times of a new round from the options, checked the way the contract checks them. */
export function roundTimes(
  get: (name: string) => string | undefined,
  now: number,
): { startPredict: number; endPredict: number; startRound: number; endRound: number } {
  const required = (name: string) => {
    const v = get(name);
    if (!v) throw new Error(`--${name} is required`);
    return timeOf(v, now);
  };
  const startPredict = required("start-predict");
  const endPredict = required("end-predict");
  const startRound = get("start-round") ? timeOf(get("start-round") as string, now) : endPredict;
  const endRound = required("end-round");
  if (!(startPredict < endPredict && endPredict <= startRound && startRound < endRound))
    throw new Error("times must be start-predict < end-predict <= start-round < end-round");
  if (endPredict <= now) throw new Error("end-predict must be in the future");
  return { startPredict, endPredict, startRound, endRound };
}

/** The round's phase at `now` (spec 002 §4's race timeline). */
export function phaseOf(
  r: { startPredict: bigint; endPredict: bigint; endRound: bigint; result: number },
  now: number,
): string {
  if (r.result !== 0) return RESULTS[r.result] ?? `result ${r.result}`;
  const t = BigInt(now);
  if (t < r.startPredict) return "not started";
  if (t < r.endPredict) return "open";
  if (t < r.endRound) return "in the game";
  return "ended, awaiting the result";
}

function option(args: CliArgs, name: string): string | undefined {
  const v = args.options.get(name);
  return typeof v === "string" ? v : undefined;
}

function keyOf(args: CliArgs, fallbackIndex: number): Hex {
  const key = option(args, "key") ?? process.env.RACE_OWNER_PRIVATE_KEY;
  if (key) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error("the key must be 0x and 64 hex digits");
    return key as Hex;
  }
  const from = option(args, "from");
  const index = from === undefined ? fallbackIndex : Number(from);
  if (!Number.isInteger(index) || index < 0) throw new Error(`--from must be an anvil account index, not '${from}'`);
  const dev = ANVIL_ACCOUNTS[index];
  if (dev) return dev.privateKey;
  const hd = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!hd) throw new Error(`no key for anvil account ${index}`);
  return toHex(hd);
}

type Info = {
  roundId: bigint;
  kind: number;
  result: number;
  name: string;
  teamA: string;
  teamB: string;
  startPredict: bigint;
  endPredict: bigint;
  startRound: bigint;
  endRound: bigint;
  totalRewards: bigint;
  joined: bigint;
  headCount: bigint;
  tailCount: bigint;
  token: Address;
  pair: Address;
  window: number;
  observed: number;
  observedAt: readonly bigint[];
  startPrice: bigint;
  endPrice: bigint;
};

const when = (t: bigint, now: number) => {
  const d = Number(t) - now;
  const abs = Math.abs(d);
  const span =
    abs >= 86_400
      ? `${(abs / 86_400).toFixed(1)}d`
      : abs >= 3_600
        ? `${(abs / 3_600).toFixed(1)}h`
        : `${Math.round(abs / 60)}m`;
  return `${new Date(Number(t) * 1000).toISOString().replace(".000Z", "Z")} (${d >= 0 ? "in " : ""}${span}${d < 0 ? " ago" : ""})`;
};
const label = (r: Info) => (r.kind === 1 ? r.name : `${r.name}: ${r.teamA} vs ${r.teamB}`);
const price = (p: bigint) => (p === 0n ? "-" : formatUnits(p, 18));

export async function main(argv: readonly string[]): Promise<void> {
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
  const chain = defineChain({
    id: chainId,
    name: `chain-${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 100 });
  const deployment = JSON.parse(readFileSync(join(DEPLOYMENTS, `${chainId}.json`), "utf8")) as Deployment;
  const races = (deployment.contracts as Record<string, Address | undefined>).headTailRaces;
  if (!races) throw new Error(`no contracts.headTailRaces in the deployment of chain ${chainId} (deploy first)`);
  const now = Number((await client.getBlock({ blockTag: "latest" })).timestamp);
  const read = <T>(functionName: string, fnArgs: readonly unknown[] = []) =>
    client.readContract({ address: races, abi: headTailRacesAbi, functionName, args: fnArgs } as never) as Promise<T>;
  const info = (id: bigint) => read<Info>("roundInfo", [id]);
  const roundId = () => {
    const id = args.positional[0];
    if (!id || !/^\d+$/.test(id)) throw new Error("a round id is required");
    return BigInt(id);
  };

  /** Simulates first (so a revert prints its reason and sends nothing), then sends and waits. */
  const send = async (functionName: string, fnArgs: readonly unknown[], fallbackIndex: number) => {
    const account = privateKeyToAccount(keyOf(args, fallbackIndex));
    const wallet = createWalletClient({ chain, transport: http(rpcUrl), account });
    const { request, result } = await client.simulateContract({
      address: races,
      abi: headTailRacesAbi,
      functionName,
      args: fnArgs,
      account,
    } as never);
    const hash = await wallet.writeContract(request as never);
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted in ${hash}`);
    console.log(`${functionName} by ${account.address}: ${hash} (block ${receipt.blockNumber})`);
    return result as unknown;
  };

  switch (args.command) {
    case "list": {
      const count = await read<bigint>("currentRoundId");
      const all = args.options.has("all");
      for (let id = count; id >= 1n; id--) {
        const r = await info(id);
        if (!all && r.result !== 0) continue;
        console.log(
          `#${id} ${r.kind === 1 ? "price" : "event"} ${label(r)} · ${phaseOf(r, now)} · joined ${r.joined} (${r.headCount}/${r.tailCount}) · ends ${when(r.endRound, now)}`,
        );
      }
      return;
    }
    case "show": {
      const id = roundId();
      const r = await info(id);
      if (r.kind === 0) throw new Error(`no round ${id}`);
      const [next, settleable] = await Promise.all([
        read<readonly [number, bigint, bigint]>("nextObservation", [id]),
        read<boolean>("settleable", [id]),
      ]);
      const lines = [
        `round ${id}: ${r.kind === 1 ? "price" : "event"} · ${label(r)} · ${phaseOf(r, now)}`,
        `  predictions ${when(r.startPredict, now)} to ${when(r.endPredict, now)}`,
        `  round       ${when(r.startRound, now)} to ${when(r.endRound, now)}`,
        `  joined ${r.joined}: ${r.headCount} ${r.kind === 1 ? "head" : "team A"}, ${r.tailCount} ${r.kind === 1 ? "tail" : "team B"} · points pool ${r.totalRewards}`,
      ];
      if (r.kind === 1) {
        const spot = await read<bigint>("spotPrice", [id]);
        lines.push(
          `  ${r.token} on pair ${r.pair}, TWAP window ${r.window} s`,
          `  start ${price(r.startPrice)} · end ${price(r.endPrice)} · spot now ${price(spot)} (USDT per token)`,
          `  observations ${[0, 1, 2, 3].map((s) => ((r.observed >> s) & 1 ? `${s}@${r.observedAt[s]}` : `${s}:-`)).join(" ")}`,
          next[0] < 4
            ? `  next observation: slot ${next[0]} from ${when(next[1], now)} until ${when(next[2], now)}`
            : "  next observation: none",
        );
      }
      lines.push(`  settleable by anyone now: ${settleable ? "yes" : "no"}`);
      console.log(lines.join("\n"));
      return;
    }
    case "create-event": {
      const t = roundTimes((n) => option(args, n), now);
      const name = option(args, "name");
      const teamA = option(args, "team-a");
      const teamB = option(args, "team-b");
      if (!name || !teamA || !teamB) throw new Error("--name, --team-a and --team-b are required");
      const id = await send(
        "newRound",
        [
          name,
          teamA,
          teamB,
          BigInt(t.startPredict),
          BigInt(t.endPredict),
          BigInt(t.startRound),
          BigInt(t.endRound),
          BigInt(option(args, "rewards") ?? "5000"),
        ],
        RACE_KEEPER_ACCOUNT_INDEX,
      );
      console.log(`created event round ${id}: ${teamA} vs ${teamB}`);
      return;
    }
    case "create-price": {
      const t = roundTimes((n) => option(args, n), now);
      const symbol = option(args, "token");
      if (!symbol) throw new Error("--token is required (a symbol or an address)");
      const token = isAddress(symbol)
        ? symbol
        : deployment.tokens.find((x) => x.symbol.toLowerCase() === symbol.toLowerCase())?.address;
      if (!token) throw new Error(`unknown token ${symbol}`);
      const tokenSymbol = deployment.tokens.find((x) => x.address.toLowerCase() === token.toLowerCase())?.symbol;
      const id = await send(
        "newPriceRound",
        [
          option(args, "name") ?? `${tokenSymbol ?? symbol}-price`,
          token,
          BigInt(t.startPredict),
          BigInt(t.endPredict),
          BigInt(t.startRound),
          BigInt(t.endRound),
          Number(option(args, "window") ?? "600"),
          BigInt(option(args, "rewards") ?? "1000"),
        ],
        RACE_KEEPER_ACCOUNT_INDEX,
      );
      console.log(`created price round ${id}: ${tokenSymbol ?? token} against USDT`);
      return;
    }
    case "settle-event": {
      const id = roundId();
      const result = eventResultOf(args.positional[1]);
      await send("settleEvent", [id, result], RACE_KEEPER_ACCOUNT_INDEX);
      console.log(`round ${id}: ${RESULTS[(await info(id)).result]}`);
      return;
    }
    case "settle": {
      const id = roundId();
      await send("settle", [id], RACE_KEEPER_ACCOUNT_INDEX);
      const r = await info(id);
      console.log(`round ${id}: ${RESULTS[r.result]} (start ${price(r.startPrice)}, end ${price(r.endPrice)})`);
      return;
    }
    case "checkpoint": {
      const id = roundId();
      await send("checkpoint", [id], RACE_KEEPER_ACCOUNT_INDEX);
      return;
    }
    case "predict": {
      const id = roundId();
      await send("predict", [id, sideOf(args.positional[1])], 0);
      return;
    }
    default:
      throw new Error(`unknown command '${args.command}' (npm run race -- help)`);
  }
}

/** The revert's reason or custom error, else the error's short message. */
export function failureOf(e: unknown): string {
  if (e instanceof BaseError) {
    const revert = e.walk((x) => x instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError) {
      const reason = revert.data?.errorName === "Error" ? String(revert.data.args?.[0]) : revert.data?.errorName;
      if (reason)
        return `reverted: ${reason}${revert.data?.args?.length && revert.data.errorName !== "Error" ? ` (${revert.data.args.join(", ")})` : ""}`;
      if (revert.reason) return `reverted: ${revert.reason}`;
    }
    return e.shortMessage;
  }
  return e instanceof Error ? e.message : String(e);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(failureOf(e));
    process.exit(1);
  });
}
