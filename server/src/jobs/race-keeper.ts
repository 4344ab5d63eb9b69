/**
 * The race keeper (issue 20): an exactly-once job (the chain's indexer leader) that, every tick,
 * at the chain's time:
 * - opens hourly (RACE_INTERVAL_S) price rounds for each configured token against USDT: the round
 *   of the current period (predictions from its start to the next boundary, then the game for one
 *   more period) and the next period's in advance, so one is open, one is coming and one is playing;
 * - records each price round's due observation (`checkpoint`) inside its half-window allowance;
 * - settles every round the contract says is settleable (price rounds after their end; rounds
 *   nobody joined once their prediction window closed; event rounds are the operator's).
 * Each write is simulated first and sent from the keeper account (the contract's owner), one at a
 * time, waiting for its receipt. Observations go first: their allowance is half a window, while a
 * settlement or an opening can wait a tick. The rounds it opened are remembered until the index has
 * them, so none is opened twice, and forgotten when the chain no longer knows their transaction (a
 * reorg, or a local chain reverted to a snapshot): such a round is opened again. A transaction the
 * chain dropped is noticed within a poll, not after the receipt timeout, so it never holds up the
 * observations behind it.
 */

import { storableText } from "@sofi/core/storable-text";
import { headTailRacesAbi } from "@sofi/protocol";
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ChainRuntime } from "../api/area.ts";
import type { Db } from "../db/client.ts";
import type { Services } from "../modules/services.ts";
import { receiptOf, txKnown } from "./chain-tx.ts";

export type RaceKeeperConfig = {
  /** The keeper account (the contract's owner); null: no keeper on this server. */
  keeperKey: `0x${string}` | null;
  /** Token symbols with price rounds against USDT. */
  tokens: readonly string[];
  /** A round's prediction period and game period (seconds). */
  intervalS: number;
  /** The TWAP window before the start and the end (seconds). */
  windowS: number;
  /** How often the keeper looks (ms). */
  tickMs: number;
  /** The points pool shown on a round (`totalRewards`). */
  totalRewards: bigint;
};

type OpenRound = { roundId: number; kind: number; token: string | null; endPredict: number; endRound: number };

export type RaceKeeperOptions = {
  db: Db;
  chain: ChainRuntime;
  contract: Address;
  config: RaceKeeperConfig;
  prices: Services["prices"];
  /** The chain's time (the later of the wall clock and the latest indexed block). */
  now: () => Promise<number>;
  /** Unsettled rounds ending after `since` (from the index). */
  openRounds: (since: number) => Promise<OpenRound[]>;
  hasPriceRound: (token: string, startPredict: number) => Promise<boolean>;
  log: (msg: string) => void;
};

/** A failed write's reason for the log: the contract's error by name when it reverted with one. */
export function reasonOf(e: unknown): string {
  const first = (e as Error).message.split("\n")[0] ?? "";
  const reverted = e instanceof BaseError ? e.walk((x) => x instanceof ContractFunctionRevertedError) : null;
  if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName)
    return `${first} ${reverted.data.errorName}(${(reverted.data.args ?? []).map(String).join(", ")})`;
  return first;
}

/** How long a sent transaction is waited for before the keeper moves on (it stays remembered). */
const RECEIPT_TIMEOUT_MS = 60_000;

/**
 * Waits for a sent transaction: "mined" with its status, "dropped" as soon as the node no longer
 * knows it (a reorg took it out and it is not pending), or "pending" after `timeoutMs`.
 */
export async function waitMined(
  client: PublicClient,
  hash: Hex,
  opts: { timeoutMs: number; pollMs: number; stopped?: () => boolean },
): Promise<{ state: "mined"; success: boolean } | { state: "dropped" | "pending" }> {
  const until = Date.now() + opts.timeoutMs;
  for (;;) {
    const receipt = await receiptOf(client, hash);
    if (receipt) return { state: "mined", success: receipt.status === "success" };
    if ((await txKnown(client, hash)) === false) return { state: "dropped" };
    if (Date.now() >= until || opts.stopped?.()) return { state: "pending" };
    await new Promise((r) => setTimeout(r, opts.pollMs));
  }
}

export function startRaceKeeper(o: RaceKeeperOptions): { stop(): Promise<void> } {
  const key = o.config.keeperKey as Hex;
  const account = privateKeyToAccount(key);
  const info = o.chain.config.info;
  const wallet = createWalletClient({
    account,
    chain: defineChain({
      id: info.id,
      name: info.name,
      nativeCurrency: { name: info.nativeSymbol, symbol: info.nativeSymbol, decimals: 18 },
      rpcUrls: { default: { http: [o.chain.config.rpcUrl] } },
    }),
    transport: http(o.chain.config.rpcUrl, { timeout: 30_000 }),
  });
  const client = o.chain.client;
  /** Openings sent and not yet in the index: key → transaction. */
  const opened = new Map<string, Hex>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const pollMs = Math.min(1_000, o.config.tickMs);

  /**
   * Simulates, sends and waits for one keeper transaction. The hash when it was mined successfully
   * or is still pending; null when it would revert, reverted or was dropped.
   */
  const write = async (what: string, functionName: string, args: readonly unknown[]): Promise<Hex | null> => {
    try {
      const { request } = await client.simulateContract({
        account,
        address: o.contract,
        abi: headTailRacesAbi,
        functionName: functionName as never,
        args: args as never,
      });
      const hash = await wallet.writeContract(request as never);
      const r = await waitMined(client as PublicClient, hash, {
        timeoutMs: RECEIPT_TIMEOUT_MS,
        pollMs,
        stopped: () => stopped,
      });
      if (r.state === "mined" && !r.success) throw new Error(`reverted in ${hash}`);
      if (r.state === "dropped") throw new Error(`dropped by the chain: ${hash}`);
      o.log(`${what}: ${hash}${r.state === "pending" ? " (not mined yet)" : ""}`);
      return hash;
    } catch (e) {
      o.log(`${what} not sent: ${storableText(reasonOf(e), { max: 300 })}`);
      return null;
    }
  };

  const openPriceRounds = async (now: number) => {
    const { intervalS: I, windowS: W } = o.config;
    const current = Math.floor(now / I) * I;
    for (const symbol of o.config.tokens) {
      // a keeper told to stop (it lost the lead) sends nothing more: the new leader opens
      if (stopped) return;
      const token = o.prices.tokenBySymbol(symbol);
      if (!token) continue;
      for (const start of [current, current + I]) {
        const startRound = start + I;
        // the start window must not have begun (the contract's rule), with a margin for the send
        if (startRound - W < now + 30) continue;
        const k = `${token.address}|${start}`;
        if (await o.hasPriceRound(token.address, start)) {
          opened.delete(k);
          continue;
        }
        const sent = opened.get(k);
        // sent again only when the node says it no longer knows the first one
        if (sent && (await txKnown(client as PublicClient, sent)) !== false) continue;
        if (stopped) return;
        const hash = await write(`open ${symbol} round ${new Date(start * 1000).toISOString()}`, "newPriceRound", [
          `${symbol}-price`,
          token.address,
          BigInt(start),
          BigInt(startRound),
          BigInt(startRound),
          BigInt(startRound + I),
          W,
          o.config.totalRewards,
        ]);
        if (hash) opened.set(k, hash);
        else opened.delete(k);
      }
    }
  };

  const tendRounds = async (now: number) => {
    const rounds = await o.openRounds(now - 7 * 86_400);
    if (rounds.length === 0) return;
    const reads = await client.multicall({
      allowFailure: true,
      multicallAddress: o.chain.config.deployment?.multicall3,
      contracts: rounds.flatMap((r) => [
        { address: o.contract, abi: headTailRacesAbi, functionName: "settleable", args: [BigInt(r.roundId)] } as const,
        {
          address: o.contract,
          abi: headTailRacesAbi,
          functionName: "nextObservation",
          args: [BigInt(r.roundId)],
        } as const,
      ]),
    });
    // observations first (half a window's allowance), then settlements
    for (const [i, r] of rounds.entries()) {
      if (stopped) return;
      const next = reads[i * 2 + 1];
      if (r.kind !== 1 || next?.status !== "success") continue;
      const [, from, until] = next.result as readonly [number, bigint, bigint];
      if (Number(from) <= now && now <= Number(until))
        await write(`observe round ${r.roundId}`, "checkpoint", [BigInt(r.roundId)]);
    }
    for (const [i, r] of rounds.entries()) {
      if (stopped) return;
      const settleable = reads[i * 2];
      if (settleable?.status === "success" && settleable.result === true)
        await write(`settle round ${r.roundId}`, "settle", [BigInt(r.roundId)]);
    }
  };

  const round = async () => {
    const now = await o.now();
    await tendRounds(now);
    if (!stopped) await openPriceRounds(now);
  };
  const tick = () => {
    if (stopped) return;
    running = round()
      .catch((e: Error) => o.log(`keeper round failed: ${e.message.split("\n")[0]}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, o.config.tickMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
